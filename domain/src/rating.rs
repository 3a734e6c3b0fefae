//! Rating against a provider's rate book: the data a person edits in `data/ratebooks/*.toml`,
//! and the rules that turn a car and an ownership plan into a menu of priced coverage options.
//!
//! A rate book is shaped like a real VSC rate card: a vehicle class guide (make → class, with
//! model-level overrides), base prices per plan × term × class, multipliers per vehicle-age band
//! and odometer band, surcharges per car flag, a certified-pre-owned credit and eligibility limits
//! (for the book and, tighter, per plan).
//!
//! **The menu.** Pricing every plan at every term gives a price sheet; the member is shown a
//! ladder of three rungs of distinct miles cut from it ([`menu`]):
//! 1. the *covering rung* is the fewest miles of any term that covers the member's need (years to
//!    own × 12 months and years to own × miles per year; '7+ Years' counts as 7), else the most
//!    miles on offer;
//! 2. the ladder is the rung below it, it, and the rung above (shifted up or down at the ends of the
//!    sheet), so the covering option lands on the spec's default carousel index 1;
//! 3. plans are ordered by price at their covering term (cheapest coverage first; across providers
//!    this interleaves their plans) and the rungs take the cheapest, the middle and the richest
//!    plan. A plan that does not offer a rung, or costs more than the institution's cap there,
//!    gives way to its nearest neighbour in that order, cheaper side first.
//!
//! The spec's filter ([`crate::quote::filter_rates`]) then runs on the menu unchanged.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use crate::money::Cents;
use crate::quote::RateFilter;
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
    /// Model-level overrides of the make's class (high-end, performance, heavy-duty diesel, EV models).
    #[serde(default)]
    pub model_classes: Vec<ModelClass>,
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

/// A model-level entry of the class guide: these models of `make` are rated in `class`,
/// whatever class the make is in.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModelClass {
    /// The make, matched case-insensitively like the make guide.
    pub make: String,
    /// Models as NHTSA vPIC (and the catalog) spell them, matched case-insensitively and exactly.
    pub models: Vec<String>,
    /// The class these models are rated in.
    pub class: u8,
    /// Why these models are rated apart (for the person editing the book).
    #[serde(default)]
    pub reason: String,
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
    /// Oldest vehicle this plan accepts, when tighter than the book's limit.
    #[serde(default)]
    pub max_vehicle_age_years: Option<u16>,
    /// Highest odometer this plan accepts, when tighter than the book's limit.
    #[serde(default)]
    pub max_odometer: Option<u32>,
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
    /// Model as decoded from the VIN (or chosen in the description lookup).
    pub model: &'a str,
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

/// The coverage a member needs: years to own × 12 months and years to own × miles per year.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Need {
    pub months: u16,
    pub miles: u32,
}

impl RatingRequest<'_> {
    /// What the member needs covered ('7+ Years' counts as 7).
    pub fn need(&self) -> Need {
        Need { months: u16::from(self.years_to_own) * 12, miles: u32::from(self.years_to_own) * self.miles_per_year }
    }
}

/// A priced option from one plan, before tax and before the institution's filter.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatedOption {
    /// The provider whose plan this is (`NAC`, `Rt66`, `EFG`).
    pub provider: String,
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

/// A plan with every term priced for one car: a row of the price sheet the menu is cut from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PricedPlan {
    pub provider: String,
    pub plan: String,
    pub deductible: Cents,
    /// Ascending, as in the book.
    pub terms: Vec<PricedTerm>,
}

/// One term of a [`PricedPlan`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PricedTerm {
    pub months: u16,
    pub miles: u32,
    pub price: Cents,
}

impl PricedTerm {
    fn covers(&self, need: Need) -> bool {
        self.months >= need.months && self.miles >= need.miles
    }
}

impl PricedPlan {
    /// The shortest term covering `need`, else the longest.
    fn covering_term(&self, need: Need) -> Option<&PricedTerm> {
        self.terms.iter().find(|t| t.covers(need)).or(self.terms.last())
    }

    /// The plan's term at exactly `miles`: the first one long enough in months, else the longest.
    fn term_at(&self, miles: u32, need: Need) -> Option<&PricedTerm> {
        let at = || self.terms.iter().filter(move |t| t.miles == miles);
        at().find(|t| t.months >= need.months).or_else(|| at().next_back())
    }

    fn option(&self, term: &PricedTerm) -> RatedOption {
        RatedOption {
            provider: self.provider.clone(),
            plan: self.plan.clone(),
            months: term.months,
            miles: term.miles,
            deductible: self.deductible,
            price: term.price,
        }
    }
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

    /// Checks the book's internal consistency: classes numbered 1..=N with every make and model
    /// listed once, bands ascending and covering the eligibility limits, plan names unique, plan
    /// limits within the book's, one positive base price per class, terms ascending.
    pub fn check(&self) -> Result<(), RateBookError> {
        let fail = |m: String| Err(RateBookError(format!("{}: {m}", self.provider)));
        let class_count = self.class_count();
        let is_class = |c: u8| c >= 1 && usize::from(c) <= class_count;
        if let Some(key) = self.classes.keys().find(|k| k.parse::<u8>().ok().is_none_or(|c| !is_class(c))) {
            return fail(format!("class {key:?} must be a number from 1 to {class_count}"));
        }
        if class_count == 0 || !is_class(self.default_class) {
            return fail(format!("default_class {} is not one of the {class_count} classes", self.default_class));
        }
        let mut makes: Vec<String> = self.classes.values().flatten().map(|m| m.to_ascii_lowercase()).collect();
        let listed = makes.len();
        makes.sort();
        makes.dedup();
        if makes.len() != listed {
            return fail("a make is listed in more than one class".into());
        }
        let mut models = Vec::new();
        for entry in &self.model_classes {
            if !is_class(entry.class) {
                return fail(format!("model_classes for {}: class {} is not one of the {class_count} classes", entry.make, entry.class));
            }
            if entry.make.trim().is_empty() || entry.models.is_empty() || entry.models.iter().any(|m| m.trim().is_empty()) {
                return fail("model_classes entries need a make and at least one model".into());
            }
            for model in &entry.models {
                let key = (entry.make.to_ascii_lowercase(), model.to_ascii_lowercase());
                if models.contains(&key) {
                    return fail(format!("model {} {model} is listed twice in model_classes", entry.make));
                }
                models.push(key);
            }
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
        let s = &self.surcharges;
        if [s.commercial_use_bps, s.lift_kit_cents, s.modified_cents, s.second_owner_cents].iter().any(|&v| v < 0)
            || !(0..10_000).contains(&s.certified_preowned_credit_bps)
        {
            return fail("surcharges must not be negative and the CERT credit must be below 100%".into());
        }
        if self.states.is_empty() {
            return fail("no states".into());
        }
        for state in &self.states {
            if crate::StateCode::parse(state).is_err() {
                return fail(format!("unknown state {state}"));
            }
        }
        if self.plans.is_empty() {
            return fail("no plans".into());
        }
        for (i, plan) in self.plans.iter().enumerate() {
            if plan.name.trim().is_empty() || self.plans[..i].iter().any(|p| p.name == plan.name) {
                return fail(format!("plan name {:?} must be non-empty and unique", plan.name));
            }
            if plan.deductible_cents < 0 {
                return fail(format!("plan {} has a negative deductible", plan.name));
            }
            if plan.max_vehicle_age_years.is_some_and(|a| a > self.eligibility.max_vehicle_age_years)
                || plan.max_odometer.is_some_and(|o| o > self.eligibility.max_odometer)
            {
                return fail(format!("plan {} limits must be within the book's eligibility", plan.name));
            }
            if plan.terms.is_empty() {
                return fail(format!("plan {} has no terms", plan.name));
            }
            if !plan.terms.windows(2).all(|w| (w[0].months, w[0].miles) < (w[1].months, w[1].miles) && w[0].miles <= w[1].miles) {
                return fail(format!("plan {} terms must be ascending in months and miles", plan.name));
            }
            for term in &plan.terms {
                if term.months == 0 || term.miles == 0 {
                    return fail(format!("plan {} has an empty term", plan.name));
                }
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

    /// The class guide's class for a make and model (case-insensitive), 1-based: a model listed
    /// in `model_classes` first, else the make's class, else `default_class`.
    pub fn vehicle_class(&self, make: &str, model: &str) -> u8 {
        let make = make.trim();
        let model = model.trim();
        let by_model = self
            .model_classes
            .iter()
            .find(|e| e.make.eq_ignore_ascii_case(make) && e.models.iter().any(|m| m.eq_ignore_ascii_case(model)))
            .map(|e| e.class);
        by_model.unwrap_or_else(|| {
            self.classes
                .iter()
                .find(|(_, makes)| makes.iter().any(|m| m.eq_ignore_ascii_case(make)))
                .and_then(|(class, _)| class.parse().ok())
                .unwrap_or(self.default_class)
        })
    }

    /// Whether the provider sells in `state`.
    pub fn sells_in(&self, state: &str) -> bool {
        self.states.iter().any(|s| s == state)
    }

    /// The car's age in model years if the book covers it at all.
    fn eligible_age(&self, request: &RatingRequest<'_>) -> Result<u16, Ineligible> {
        if request.flags.is_salvage_title {
            return Err(Ineligible::SalvageTitle);
        }
        let age = request.current_year.saturating_sub(request.model_year);
        let limit = self.eligibility.max_vehicle_age_years;
        if age > limit {
            return Err(Ineligible::TooOld { age, limit });
        }
        let limit = self.eligibility.max_odometer;
        if request.odometer.0 > limit {
            return Err(Ineligible::TooManyMiles { odometer: request.odometer.0, limit });
        }
        Ok(age)
    }

    /// The price sheet: every plan the car is eligible for (and `filter` names), every term priced.
    pub fn price_plans(&self, request: &RatingRequest<'_>, filter: &RateFilter<'_>) -> Result<Vec<PricedPlan>, Ineligible> {
        let age = self.eligible_age(request)?;
        let class_index = usize::from(self.vehicle_class(request.make, request.model) - 1);
        let factor = |base: i64| {
            Cents::dollars(base)
                .apply_basis_points(band_factor(&self.age_bands, u32::from(age)))
                .apply_basis_points(band_factor(&self.odometer_bands, request.odometer.0))
        };
        Ok(self
            .plans
            .iter()
            .filter(|plan| filter.accepts_plan(&plan.name))
            .filter(|plan| plan.max_vehicle_age_years.is_none_or(|limit| age <= limit))
            .filter(|plan| plan.max_odometer.is_none_or(|limit| request.odometer.0 <= limit))
            .map(|plan| PricedPlan {
                provider: self.provider.clone(),
                plan: plan.name.clone(),
                deductible: Cents(plan.deductible_cents),
                terms: plan
                    .terms
                    .iter()
                    .map(|t| PricedTerm {
                        months: t.months,
                        miles: t.miles,
                        price: self.adjust(factor(t.base_dollars[class_index]), &request.flags),
                    })
                    .collect(),
            })
            .collect())
    }

    /// Rates a car with this book alone, no institution limits: the menu of the module docs.
    pub fn rate(&self, request: &RatingRequest<'_>) -> Result<Vec<RatedOption>, Ineligible> {
        let filter = RateFilter::default();
        Ok(menu(self.price_plans(request, &filter)?, request.need(), &filter))
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

/// Cuts the menu from a price sheet (one or more providers' plans): at most three options of
/// distinct miles, ascending, the covering one in the middle where the sheet allows (module docs).
/// Plans the filter excludes and prices above its cap are never chosen.
pub fn menu(mut plans: Vec<PricedPlan>, need: Need, filter: &RateFilter<'_>) -> Vec<RatedOption> {
    const RUNGS: usize = crate::quote::MAX_RATES;
    let cap = filter.price_cap();
    plans.retain(|p| filter.accepts_plan(&p.plan) && !p.terms.is_empty());
    plans.sort_by_key(|p| p.covering_term(need).map(|t| t.price));
    let mut rungs: Vec<u32> = plans.iter().flat_map(|p| p.terms.iter().map(|t| t.miles)).collect();
    rungs.sort_unstable();
    rungs.dedup();
    let covering = plans.iter().flat_map(|p| &p.terms).filter(|t| t.covers(need)).map(|t| t.miles).min();
    let Some(covering) = covering.or(rungs.last().copied()) else { return Vec::new() };
    let at = rungs.iter().position(|&m| m == covering).expect("the covering rung is a rung");
    let start = at.saturating_sub(1).min(rungs.len().saturating_sub(RUNGS));
    let window = &rungs[start..rungs.len().min(start + RUNGS)];
    let (n, k) = (plans.len(), window.len());
    window
        .iter()
        .enumerate()
        .filter_map(|(i, &miles)| {
            let preferred = if k == 1 { n - 1 } else { (i * (n - 1) + (k - 1) / 2) / (k - 1) };
            nearest_first(preferred, n).find_map(|j| {
                let plan = &plans[j];
                plan.term_at(miles, need).filter(|t| t.price <= cap).map(|t| plan.option(t))
            })
        })
        .collect()
}

/// `p, p-1, p+1, p-2, p+2, …` within `0..n`.
fn nearest_first(p: usize, n: usize) -> impl Iterator<Item = usize> {
    (0..n).flat_map(move |d| [p.checked_sub(d), if d == 0 { None } else { Some(p + d) }]).flatten().filter(move |&j| j < n)
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
model_classes = [
  { make = "Ford", models = ["F-250", "F-350"], class = 3, reason = "heavy-duty diesel" },
  { make = "Honda", models = ["Civic Type R"], class = 2 },
]
[eligibility]
max_vehicle_age_years = 15
max_odometer = 150000
[classes]
1 = ["Honda", "Toyota"]
2 = ["Ford"]
3 = ["BMW"]
[surcharges]
commercial_use_bps = 2500
lift_kit_cents = 15000
modified_cents = 25000
second_owner_cents = 5000
certified_preowned_credit_bps = 500
[[plans]]
name = "STANDARD"
deductible_cents = 10000
terms = [
  { months = 36, miles = 36000, base_dollars = [900, 1000, 1300] },
  { months = 60, miles = 75000, base_dollars = [1200, 1350, 1700] },
  { months = 72, miles = 100000, base_dollars = [1500, 1700, 2100] },
  { months = 96, miles = 125000, base_dollars = [1800, 2000, 2500] },
]
[[plans]]
name = "SILVER"
deductible_cents = 10000
terms = [
  { months = 36, miles = 36000, base_dollars = [1100, 1250, 1600] },
  { months = 60, miles = 75000, base_dollars = [1500, 1700, 2200] },
  { months = 72, miles = 100000, base_dollars = [1900, 2100, 2700] },
]
[[plans]]
name = "PREMIUM"
deductible_cents = 0
max_vehicle_age_years = 8
max_odometer = 100000
terms = [
  { months = 48, miles = 60000, base_dollars = [1400, 1600, 2000] },
  { months = 84, miles = 120000, base_dollars = [2300, 2600, 3300] },
]
"#,
        )
        .expect("test book is valid")
    }

    fn request(make: &'static str) -> RatingRequest<'static> {
        RatingRequest {
            make,
            model: "Accord",
            model_year: 2024,
            current_year: 2026,
            odometer: Odometer(20_000),
            flags: CarFlags::default(),
            miles_per_year: 10_000,
            years_to_own: 3,
        }
    }

    fn terms(options: &[RatedOption]) -> Vec<(&str, u16, u32)> {
        options.iter().map(|o| (o.plan.as_str(), o.months, o.miles)).collect()
    }

    fn price_of(r: &RatingRequest<'_>) -> Cents {
        let sheet = book().price_plans(r, &RateFilter::default()).unwrap();
        sheet[0].terms[0].price // STANDARD 36/36k
    }

    #[test]
    fn class_by_make_by_model_and_default() {
        let b = book();
        assert_eq!(b.vehicle_class("honda", "Accord"), 1);
        assert_eq!(b.vehicle_class("FORD", "Escape"), 2);
        assert_eq!(b.vehicle_class("Ford", "f-250"), 3, "heavy-duty models are rated above their make");
        assert_eq!(b.vehicle_class("Honda", "Civic Type R"), 2, "performance model");
        assert_eq!(b.vehicle_class("Honda", "Civic"), 1, "models match exactly, not by prefix");
        assert_eq!(b.vehicle_class("Toyota", "F-250"), 1, "a model override belongs to its make");
        assert_eq!(b.vehicle_class("Kia", "Sorento"), 2, "unlisted makes use the default class");
        let mut r = request("Ford");
        r.model = "F-350";
        assert_eq!(price_of(&r), Cents::dollars(1300), "class 3 base price");
        r.model = "Ranger";
        assert_eq!(price_of(&r), Cents::dollars(1000), "class 2 base price");
    }

    #[test]
    fn age_and_odometer_bands_multiply_the_base() {
        let base = price_of(&request("Honda"));
        assert_eq!(base, Cents::dollars(900));
        let mut r = request("Honda");
        r.model_year = 2023; // 3 years: last year of the first band
        assert_eq!(price_of(&r), base);
        r.model_year = 2022; // 4 years: ×1.5
        assert_eq!(price_of(&r), Cents::dollars(1350));
        let mut r = request("Honda");
        r.odometer = Odometer(50_000);
        assert_eq!(price_of(&r), base, "band maxima are inclusive");
        r.odometer = Odometer(50_001); // ×1.2
        assert_eq!(price_of(&r), Cents::dollars(1080));
        r.model_year = 2016; // both: 900 × 1.5 × 1.2
        assert_eq!(price_of(&r), Cents::dollars(1620));
    }

    #[test]
    fn each_surcharge_and_the_cert_credit() {
        let with = |flags: CarFlags| {
            let mut r = request("Honda");
            r.flags = flags;
            price_of(&r)
        };
        let base = with(CarFlags::default());
        assert_eq!(with(CarFlags { commercial_use: true, ..Default::default() }), Cents::dollars(1125), "COMM +25%");
        assert_eq!(with(CarFlags { has_lift_kit_or_oversize_tires: true, ..Default::default() }), base + Cents::dollars(150), "LIFT");
        assert_eq!(with(CarFlags { modified_vehicle: true, ..Default::default() }), base + Cents::dollars(250), "MOD");
        assert_eq!(with(CarFlags { second_owner: true, ..Default::default() }), base + Cents::dollars(50), "2ND");
        assert_eq!(with(CarFlags { certified_preowned: true, ..Default::default() }), Cents::dollars(855), "CERT 5% off");
        // In order: +25%, then flat surcharges, then the credit; rounded to whole dollars.
        let all = CarFlags {
            commercial_use: true,
            has_lift_kit_or_oversize_tires: true,
            modified_vehicle: true,
            second_owner: true,
            certified_preowned: true,
            is_salvage_title: false,
        };
        // (1125 + 150 + 250 + 50) × 0.95 = 1496.25 → 1496
        assert_eq!(with(all), Cents::dollars(1496));
    }

    #[test]
    fn salvage_and_eligibility_limits() {
        let b = book();
        let mut r = request("Honda");
        r.flags.is_salvage_title = true;
        assert_eq!(b.rate(&r), Err(Ineligible::SalvageTitle));
        let mut r = request("Honda");
        r.model_year = 2011; // 15 years: still eligible
        assert!(b.rate(&r).is_ok());
        r.model_year = 2010;
        assert_eq!(b.rate(&r), Err(Ineligible::TooOld { age: 16, limit: 15 }));
        let mut r = request("Honda");
        r.odometer = Odometer(150_000);
        assert!(b.rate(&r).is_ok());
        r.odometer = Odometer(150_001);
        assert_eq!(b.rate(&r), Err(Ineligible::TooManyMiles { odometer: 150_001, limit: 150_000 }));
    }

    #[test]
    fn plan_limits_drop_only_that_plan() {
        let b = book();
        let plans = |r: &RatingRequest<'_>| -> Vec<String> {
            b.price_plans(r, &RateFilter::default()).unwrap().into_iter().map(|p| p.plan).collect()
        };
        let mut r = request("Honda");
        assert_eq!(plans(&r), ["STANDARD", "SILVER", "PREMIUM"]);
        r.model_year = 2017; // 9 years: PREMIUM takes 8 at most
        assert_eq!(plans(&r), ["STANDARD", "SILVER"]);
        let mut r = request("Honda");
        r.odometer = Odometer(100_001);
        assert_eq!(plans(&r), ["STANDARD", "SILVER"]);
        let name = RateFilter { only_covered_plan_name: Some("SILVER"), ..Default::default() };
        let only: Vec<String> = b.price_plans(&request("Honda"), &name).unwrap().into_iter().map(|p| p.plan).collect();
        assert_eq!(only, ["SILVER"]);
    }

    fn with_years(years: u8, miles_per_year: u32) -> RatingRequest<'static> {
        let mut r = request("Honda");
        r.years_to_own = years;
        r.miles_per_year = miles_per_year;
        r
    }

    #[test]
    fn the_menu_puts_the_covering_term_in_the_middle() {
        // 6 years × 15,000 = 72 months / 90,000 miles. Rungs 36k 60k 75k 100k 120k 125k; the
        // fewest miles that cover are 100k (STANDARD and SILVER 72/100k): the rungs are 75k, 100k, 120k.
        let options = book().rate(&with_years(6, 15_000)).unwrap();
        assert_eq!(terms(&options), [("STANDARD", 60, 75_000), ("SILVER", 72, 100_000), ("PREMIUM", 84, 120_000)]);
        let prices: Vec<Cents> = options.iter().map(|o| o.price).collect();
        assert_eq!(prices, [Cents::dollars(1200), Cents::dollars(1900), Cents::dollars(2300)]);
        assert!(options.iter().all(|o| o.provider == "NAC"));
        assert_eq!((options[1].deductible, options[2].deductible), (Cents(10_000), Cents(0)));
    }

    #[test]
    fn the_menu_shifts_up_for_short_needs_and_fills_rungs_from_neighbour_plans() {
        // 3 years × 10,000 = 36/30,000: the first rung covers, so the ladder is 36k, 60k, 75k.
        // SILVER has no 60k term: PREMIUM (its richer neighbour) fills it; PREMIUM has no 75k: SILVER does.
        let options = book().rate(&with_years(3, 10_000)).unwrap();
        assert_eq!(terms(&options), [("STANDARD", 36, 36_000), ("PREMIUM", 48, 60_000), ("SILVER", 60, 75_000)]);
        // 1 year × 5,000: the same ladder, nothing shorter exists.
        assert_eq!(terms(&book().rate(&with_years(1, 5_000)).unwrap()), terms(&options));
    }

    #[test]
    fn seven_plus_years_reach_the_longest_terms() {
        // '7+ Years' × 15,000 = 84 months / 105,000 miles: covered by PREMIUM 84/120k and STANDARD
        // 96/125k; the ladder shifts down to end at the last rung.
        let options = book().rate(&with_years(7, 15_000)).unwrap();
        assert_eq!(terms(&options), [("STANDARD", 72, 100_000), ("PREMIUM", 84, 120_000), ("STANDARD", 96, 125_000)]);
        // Beyond every term (7 × 30,000 = 210,000 miles): the longest terms on offer.
        let far = book().rate(&with_years(7, 30_000)).unwrap();
        assert_eq!(far.last().map(|o| o.miles), Some(125_000));
        assert_eq!(far.len(), 3);
    }

    #[test]
    fn every_need_gets_three_distinct_ascending_miles() {
        for years in 1..=7 {
            for mpy in [5_000, 10_000, 15_000, 20_000, 25_000, 30_000] {
                let options = book().rate(&with_years(years, mpy)).unwrap();
                assert_eq!(options.len(), 3, "{years} × {mpy}: {options:?}");
                assert!(options.windows(2).all(|w| w[0].miles < w[1].miles), "{years} × {mpy}: {options:?}");
            }
        }
    }

    #[test]
    fn the_menu_respects_the_cap_and_the_plan_name() {
        let b = book();
        let r = with_years(6, 15_000);
        let sheet = |f: &RateFilter<'_>| b.price_plans(&r, f).unwrap();
        // Cap $1,800: SILVER 72/100k ($1,900) gives way to STANDARD 72/100k; nothing offers 120k under it.
        let capped = RateFilter { price_limit_dollars: Some(1_800), ..Default::default() };
        let options = menu(sheet(&capped), r.need(), &capped);
        assert_eq!(terms(&options), [("STANDARD", 60, 75_000), ("STANDARD", 72, 100_000)]);
        // Only PREMIUM: its own ladder.
        let premium = RateFilter { only_covered_plan_name: Some("PREMIUM"), ..Default::default() };
        let options = menu(sheet(&premium), r.need(), &premium);
        assert_eq!(terms(&options), [("PREMIUM", 48, 60_000), ("PREMIUM", 84, 120_000)]);
        // Nothing to choose from.
        assert!(menu(Vec::new(), r.need(), &RateFilter::default()).is_empty());
    }

    #[test]
    fn the_menu_merges_providers_by_price() {
        let r = with_years(6, 15_000);
        let mut nac = book().price_plans(&r, &RateFilter::default()).unwrap();
        let mut other = book();
        other.provider = "EFG".into();
        for (plan, name) in other.plans.iter_mut().zip(["Powertrain", "Gold", "ELITE"]) {
            plan.name = name.into();
            for term in &mut plan.terms {
                term.miles += 5_000; // 41k 80k 105k 130k; 65k 125k
                term.base_dollars.iter_mut().for_each(|p| *p += 50);
            }
        }
        nac.extend(other.price_plans(&r, &RateFilter::default()).unwrap());
        let options = menu(nac, r.need(), &RateFilter::default());
        // Covering rung 100k (NAC 72/100k); plans by price: STANDARD 1500, Powertrain 1550, SILVER
        // 1900, Gold 1950, PREMIUM 2300, ELITE 2350: the cheapest, the middle (SILVER) and the richest.
        let got: Vec<(&str, &str, u32)> = options.iter().map(|o| (o.provider.as_str(), o.plan.as_str(), o.miles)).collect();
        assert_eq!(got, [("EFG", "Powertrain", 80_000), ("NAC", "SILVER", 100_000), ("EFG", "Gold", 105_000)]);
    }

    fn refused(edit: impl FnOnce(&mut RateBook), expected: &str) {
        let mut b = book();
        edit(&mut b);
        let error = b.check().expect_err(expected).0;
        assert!(error.contains(expected), "{error:?} should mention {expected:?}");
    }

    #[test]
    fn check_refuses_each_kind_of_broken_book() {
        assert!(book().check().is_ok());
        refused(|b| b.default_class = 4, "default_class");
        refused(|b| b.default_class = 0, "default_class");
        refused(|b| b.classes.insert("five".into(), vec!["Kia".into()]).map_or((), drop), "must be a number");
        refused(|b| b.classes.get_mut("2").unwrap().push("HONDA".into()), "more than one class");
        refused(|b| b.model_classes[0].class = 9, "model_classes");
        refused(|b| b.model_classes[1].models.clear(), "at least one model");
        refused(
            |b| b.model_classes.push(ModelClass { make: "FORD".into(), models: vec!["F-350".into()], class: 1, reason: String::new() }),
            "listed twice",
        );
        refused(|b| b.model_classes[0].models.push("f-250".into()), "listed twice");
        refused(|b| b.age_bands.swap(0, 1), "age_bands must be ascending");
        refused(|b| b.age_bands[1].max = 10, "eligibility limit 15");
        refused(|b| b.odometer_bands[1].max = 140_000, "eligibility limit 150000");
        refused(|b| b.odometer_bands[0].factor_bps = 0, "factors must be positive");
        refused(|b| b.surcharges.lift_kit_cents = -1, "surcharges");
        refused(|b| b.surcharges.certified_preowned_credit_bps = 10_000, "CERT credit");
        refused(|b| b.states.clear(), "no states");
        refused(|b| b.states.push("XX".into()), "unknown state XX");
        refused(|b| b.plans.clear(), "no plans");
        refused(|b| b.plans[1].name = "STANDARD".into(), "unique");
        refused(|b| b.plans[0].deductible_cents = -100, "negative deductible");
        refused(|b| b.plans[2].max_vehicle_age_years = Some(16), "within the book's eligibility");
        refused(|b| b.plans[2].max_odometer = Some(200_000), "within the book's eligibility");
        refused(|b| b.plans[0].terms.clear(), "has no terms");
        refused(|b| b.plans[0].terms.swap(0, 1), "ascending");
        refused(|b| b.plans[0].terms[1].miles = 30_000, "ascending");
        refused(|b| b.plans[0].terms[0].base_dollars.pop().map_or((), drop), "needs 3 positive base prices");
        refused(|b| b.plans[0].terms[0].base_dollars[1] = 0, "needs 3 positive base prices");
        let unknown_key = "provider = \"X\"\nfoo = 1\n";
        assert!(RateBook::from_toml(unknown_key).unwrap_err().0.contains("unknown field"));
    }
}
