//! Rating against a provider's rate book: the data a person edits in `data/ratebooks/*.toml`,
//! and the rules that turn a car and an ownership plan into priced coverage options.
//!
//! A rate book is shaped like a real VSC rate card: a vehicle class guide (make → class), base
//! prices per plan × term × class, multipliers per vehicle-age band and odometer band, surcharges
//! per car flag, a certified-pre-owned credit and eligibility limits.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use crate::money::Cents;
use crate::vehicle::{CarFlags, Odometer};

/// One provider's rate book.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RateBook {
    /// The provider's code as institutions name it (`NAC`, `Rt66`, `EFG`).
    pub provider: String,
    /// Rate card title and revision, printed on contracts.
    pub title: String,
    /// First day the prices apply (YYYY-MM-DD).
    pub effective: String,
    /// States where the provider's contracts are filed (two-letter codes); members elsewhere get the invalid-state page.
    pub states: Vec<String>,
    /// Who may be covered at all.
    pub eligibility: Eligibility,
    /// Vehicle class guide: class number → makes in it. Makes not listed get `default_class`.
    pub classes: BTreeMap<String, Vec<String>>,
    /// Class for makes the guide does not list.
    pub default_class: u8,
    /// Multipliers by vehicle age in model years (ascending `max_age`).
    pub age_bands: Vec<Band>,
    /// Multipliers by current odometer (ascending `max`).
    pub odometer_bands: Vec<Band>,
    /// Surcharges and credits per car flag.
    pub surcharges: Surcharges,
    /// The plans, cheapest coverage first.
    pub plans: Vec<Plan>,
}

/// Eligibility limits of a rate book.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Eligibility {
    /// Oldest vehicle accepted, in model years.
    pub max_vehicle_age_years: u16,
    /// Highest odometer accepted.
    pub max_odometer: u32,
}

/// A multiplier band: applies while the measured value is at most `max` (age in years or miles).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Band {
    /// Upper bound of the band (inclusive).
    pub max: u32,
    /// Multiplier in basis points (10000 = ×1.00).
    pub factor_bps: i64,
}

/// Surcharges per car flag (spec codes COMM, LIFT, MOD, 2ND) and the CERT credit; SALV is ineligible.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Surcharges {
    /// COMM: percentage surcharge in basis points.
    pub commercial_use_bps: i64,
    /// LIFT: flat surcharge in cents.
    pub lift_kit_cents: i64,
    /// MOD: flat surcharge in cents.
    pub modified_cents: i64,
    /// 2ND: flat surcharge in cents.
    pub second_owner_cents: i64,
    /// CERT: credit in basis points (a positive number lowers the price).
    pub certified_preowned_credit_bps: i64,
}

/// A coverage plan of the provider.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Plan {
    /// Plan name as the spec knows it (`STANDARD`, `SILVER`, `PREMIUM`, ...).
    pub name: String,
    /// Deductible per repair visit, cents.
    pub deductible_cents: i64,
    /// Terms offered, ascending.
    pub terms: Vec<Term>,
}

/// A term of a plan with its base price per vehicle class.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Term {
    /// Term length in months.
    pub months: u16,
    /// Miles covered from the odometer reading at purchase.
    pub miles: u32,
    /// Base retail price in whole dollars, one per class (index 0 = class 1).
    pub base_dollars: Vec<i64>,
}

/// What the provider needs to rate a car.
#[derive(Debug, Clone, PartialEq)]
pub struct RatingRequest<'a> {
    /// Make as decoded from the VIN.
    pub make: &'a str,
    /// Model year.
    pub model_year: u16,
    /// The year the contract would start.
    pub current_year: u16,
    /// Odometer now.
    pub odometer: Odometer,
    /// Flags the member ticked.
    pub flags: CarFlags,
    /// Expected miles per year.
    pub miles_per_year: u32,
    /// Years the member expects to keep the car (7 = '7+ Years').
    pub years_to_own: u8,
}

/// A priced option from one plan, before tax and before the institution's filter.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatedOption {
    /// Plan name.
    pub plan: String,
    /// Term months.
    pub months: u16,
    /// Term miles.
    pub miles: u32,
    /// Deductible per visit.
    pub deductible: Cents,
    /// Retail price, whole dollars.
    pub price: Cents,
}

/// Why a car cannot be rated at all.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Ineligible {
    /// Salvage-title vehicles are never covered.
    #[error("salvage title vehicles are not eligible")]
    SalvageTitle,
    /// Older than the book allows.
    #[error("vehicle is {age} model years old; the limit is {limit}")]
    TooOld { age: u16, limit: u16 },
    /// More miles than the book allows.
    #[error("odometer {odometer} is above the limit {limit}")]
    TooManyMiles { odometer: u32, limit: u32 },
}

/// A rate book that does not make sense (found by `coverline ratebook check`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct RateBookError(pub String);

impl RateBook {
    /// Parses and checks a TOML rate book.
    pub fn from_toml(text: &str) -> Result<Self, RateBookError> {
        let book: RateBook = toml::from_str(text).map_err(|e| RateBookError(e.to_string()))?;
        book.check()?;
        Ok(book)
    }

    /// Checks the book's internal consistency: bands ascending and covering the eligibility
    /// limits, one base price per class, terms ascending, positive prices.
    pub fn check(&self) -> Result<(), RateBookError> {
        let fail = |m: String| Err(RateBookError(format!("{}: {m}", self.provider)));
        let class_count = self.class_count();
        if class_count == 0 || usize::from(self.default_class) > class_count || self.default_class == 0 {
            return fail(format!("default_class {} is not one of the {class_count} classes", self.default_class));
        }
        for (name, bands, limit) in [
            ("age_bands", &self.age_bands, u32::from(self.eligibility.max_vehicle_age_years)),
            ("odometer_bands", &self.odometer_bands, self.eligibility.max_odometer),
        ] {
            if !bands.windows(2).all(|w| w[0].max < w[1].max) {
                return fail(format!("{name} must be ascending"));
            }
            if bands.last().is_none_or(|b| b.max < limit) {
                return fail(format!("{name} must reach the eligibility limit {limit}"));
            }
            if bands.iter().any(|b| b.factor_bps <= 0) {
                return fail(format!("{name} factors must be positive"));
            }
        }
        for state in &self.states {
            if crate::StateCode::parse(state).is_err() {
                return fail(format!("unknown state {state}"));
            }
        }
        if self.plans.is_empty() {
            return fail("no plans".into());
        }
        for plan in &self.plans {
            if plan.terms.is_empty() {
                return fail(format!("plan {} has no terms", plan.name));
            }
            if !plan.terms.windows(2).all(|w| (w[0].months, w[0].miles) < (w[1].months, w[1].miles)) {
                return fail(format!("plan {} terms must be ascending", plan.name));
            }
            for term in &plan.terms {
                if term.base_dollars.len() != class_count || term.base_dollars.iter().any(|&p| p <= 0) {
                    return fail(format!(
                        "plan {} term {}/{} needs {class_count} positive base prices",
                        plan.name, term.months, term.miles
                    ));
                }
            }
        }
        Ok(())
    }

    fn class_count(&self) -> usize {
        self.classes.len()
    }

    /// The class guide's class for a make (case-insensitive), 1-based.
    pub fn vehicle_class(&self, make: &str) -> u8 {
        self.classes
            .iter()
            .find(|(_, makes)| makes.iter().any(|m| m.eq_ignore_ascii_case(make)))
            .and_then(|(class, _)| class.parse().ok())
            .unwrap_or(self.default_class)
    }

    /// Whether the provider sells in `state`.
    pub fn sells_in(&self, state: &str) -> bool {
        self.states.iter().any(|s| s == state)
    }

    /// Rates a car: for each plan, the shortest term that covers the years to own and the miles
    /// the member will drive in them (or the longest term when none does), priced for the car.
    pub fn rate(&self, request: &RatingRequest<'_>) -> Result<Vec<RatedOption>, Ineligible> {
        if request.flags.is_salvage_title {
            return Err(Ineligible::SalvageTitle);
        }
        let age = request.current_year.saturating_sub(request.model_year);
        if age > self.eligibility.max_vehicle_age_years {
            return Err(Ineligible::TooOld { age, limit: self.eligibility.max_vehicle_age_years });
        }
        if request.odometer.0 > self.eligibility.max_odometer {
            return Err(Ineligible::TooManyMiles {
                odometer: request.odometer.0,
                limit: self.eligibility.max_odometer,
            });
        }
        let class_index = usize::from(self.vehicle_class(request.make) - 1);
        let age_factor = band_factor(&self.age_bands, u32::from(age));
        let odometer_factor = band_factor(&self.odometer_bands, request.odometer.0);
        let need_months = u16::from(request.years_to_own) * 12;
        let need_miles = u32::from(request.years_to_own) * request.miles_per_year;

        let options = self
            .plans
            .iter()
            .map(|plan| {
                let term = plan
                    .terms
                    .iter()
                    .find(|t| t.months >= need_months && t.miles >= need_miles)
                    .unwrap_or_else(|| plan.terms.last().expect("checked: plans have terms"));
                let base = Cents::dollars(term.base_dollars[class_index]);
                let price = self.adjust(base.apply_basis_points(age_factor).apply_basis_points(odometer_factor), &request.flags);
                RatedOption {
                    plan: plan.name.clone(),
                    months: term.months,
                    miles: term.miles,
                    deductible: Cents(plan.deductible_cents),
                    price,
                }
            })
            .collect();
        Ok(options)
    }

    /// Applies flag surcharges and the CPO credit, rounding the retail price to whole dollars.
    fn adjust(&self, price: Cents, flags: &CarFlags) -> Cents {
        let s = &self.surcharges;
        let mut price = price;
        if flags.commercial_use {
            price = price + price.apply_basis_points(s.commercial_use_bps);
        }
        if flags.has_lift_kit_or_oversize_tires {
            price = price + Cents(s.lift_kit_cents);
        }
        if flags.modified_vehicle {
            price = price + Cents(s.modified_cents);
        }
        if flags.second_owner {
            price = price + Cents(s.second_owner_cents);
        }
        if flags.certified_preowned {
            price = price - price.apply_basis_points(s.certified_preowned_credit_bps);
        }
        Cents(((price.0 + 50) / 100) * 100)
    }
}

fn band_factor(bands: &[Band], value: u32) -> i64 {
    bands.iter().find(|b| value <= b.max).map_or(10_000, |b| b.factor_bps)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    pub(crate) fn book() -> RateBook {
        RateBook::from_toml(
            r#"
provider = "NAC"
title = "Test card"
effective = "2026-10-01"
states = ["CO", "TX"]
default_class = 2
age_bands = [{ max = 3, factor_bps = 10000 }, { max = 15, factor_bps = 15000 }]
odometer_bands = [{ max = 50000, factor_bps = 10000 }, { max = 150000, factor_bps = 12000 }]
[eligibility]
max_vehicle_age_years = 15
max_odometer = 150000
[classes]
1 = ["Honda", "Toyota"]
2 = ["Ford"]
[surcharges]
commercial_use_bps = 2500
lift_kit_cents = 15000
modified_cents = 25000
second_owner_cents = 0
certified_preowned_credit_bps = 500
[[plans]]
name = "STANDARD"
deductible_cents = 10000
terms = [{ months = 36, miles = 36000, base_dollars = [900, 1000] }, { months = 72, miles = 100000, base_dollars = [1500, 1700] }]
[[plans]]
name = "PREMIUM"
deductible_cents = 0
terms = [{ months = 48, miles = 60000, base_dollars = [1400, 1600] }, { months = 84, miles = 120000, base_dollars = [2300, 2600] }]
"#,
        )
        .expect("test book is valid")
    }

    fn request(make: &str) -> RatingRequest<'_> {
        RatingRequest {
            make,
            model_year: 2024,
            current_year: 2026,
            odometer: Odometer(20_000),
            flags: CarFlags::default(),
            miles_per_year: 10_000,
            years_to_own: 3,
        }
    }

    #[test]
    fn picks_the_shortest_covering_term_per_plan() {
        let options = book().rate(&request("Honda")).unwrap();
        assert_eq!(options.len(), 2);
        assert_eq!((options[0].months, options[0].miles, options[0].price), (36, 36_000, Cents::dollars(900)));
        assert_eq!((options[1].months, options[1].miles, options[1].price), (48, 60_000, Cents::dollars(1400)));
        let mut long = request("Honda");
        long.years_to_own = 7; // 84 months, 70,000 miles: only PREMIUM's longest term covers it
        let options = book().rate(&long).unwrap();
        assert_eq!((options[0].months, options[0].miles), (72, 100_000), "STANDARD falls back to its longest term");
        assert_eq!((options[1].months, options[1].miles), (84, 120_000));
    }

    #[test]
    fn class_age_odometer_and_flags_move_the_price() {
        let b = book();
        assert_eq!(b.vehicle_class("ford"), 2);
        assert_eq!(b.vehicle_class("Kia"), 2, "unlisted makes use the default class");
        let mut r = request("Toyota");
        r.model_year = 2016; // 10 years old: ×1.5
        r.odometer = Odometer(80_000); // ×1.2
        r.flags = CarFlags { commercial_use: true, has_lift_kit_or_oversize_tires: true, ..Default::default() };
        let premium = &b.rate(&r).unwrap()[1];
        // 1400 × 1.5 × 1.2 = 2520; +25% = 3150; +150 lift = 3300.
        assert_eq!(premium.price, Cents::dollars(3300));
    }

    #[test]
    fn eligibility_limits() {
        let b = book();
        let mut r = request("Honda");
        r.flags.is_salvage_title = true;
        assert_eq!(b.rate(&r), Err(Ineligible::SalvageTitle));
        let mut r = request("Honda");
        r.model_year = 2005;
        assert!(matches!(b.rate(&r), Err(Ineligible::TooOld { .. })));
        let mut r = request("Honda");
        r.odometer = Odometer(150_001);
        assert!(matches!(b.rate(&r), Err(Ineligible::TooManyMiles { .. })));
    }

    #[test]
    fn check_refuses_inconsistent_books() {
        let mut b = book();
        b.plans[0].terms[0].base_dollars.pop();
        assert!(b.check().unwrap_err().0.contains("needs 2 positive base prices"));
        let mut b = book();
        b.age_bands[1].max = 10;
        assert!(b.check().unwrap_err().0.contains("eligibility limit"));
    }
}
