//! Quotes: the institution's filter over rated options (spec section 5) and the derived
//! display fields of a rate (spec section 3).

use serde::{Deserialize, Serialize};
use time::{Date, Month};

use crate::money::{Cents, group_thousands};
use crate::rating::RatedOption;

/// The spec's text when no rate passes the filter.
pub const NO_QUOTES_PRESENT: &str = crate::product::messages::NO_QUOTES;
/// Hard price cap in dollars, whatever the institution sets.
pub const MAX_PRICE_LIMIT_DOLLARS: i64 = 5_000;
/// At most this many coverage options are shown.
pub const MAX_RATES: usize = 3;

/// What an institution's settings say about which rates to show.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct RateFilter<'a> {
    /// The institution's `priceLimit` in dollars (default 5000).
    pub price_limit_dollars: Option<i64>,
    /// Only rates whose plan name contains this text.
    pub only_covered_plan_name: Option<&'a str>,
}

impl RateFilter<'_> {
    /// The highest price shown: min(priceLimit, 5000) dollars.
    pub fn price_cap(&self) -> Cents {
        Cents::dollars(self.price_limit_dollars.unwrap_or(MAX_PRICE_LIMIT_DOLLARS).min(MAX_PRICE_LIMIT_DOLLARS))
    }

    /// Whether a plan's name passes `onlyCoveredPlanName` (contains it, case-sensitive as the spec says).
    pub fn accepts_plan(&self, plan: &str) -> bool {
        self.only_covered_plan_name.is_none_or(|name| plan.contains(name))
    }
}

/// No rate passed the filter.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", NO_QUOTES_PRESENT)]
pub struct NoQuotes;

/// Keeps rates at most min(priceLimit, 5000) dollars, matching `onlyCoveredPlanName`, sorted by
/// miles ascending (stable: the book's plan order breaks ties), at most three.
pub fn filter_rates(options: Vec<RatedOption>, filter: &RateFilter<'_>) -> Result<Vec<RatedOption>, NoQuotes> {
    let cap = filter.price_cap();
    let mut kept: Vec<RatedOption> = options.into_iter().filter(|o| o.price <= cap && filter.accepts_plan(&o.plan)).collect();
    kept.sort_by_key(|o| o.miles);
    kept.truncate(MAX_RATES);
    if kept.is_empty() { Err(NoQuotes) } else { Ok(kept) }
}

/// `75000` → `75 k Miles`.
pub fn formatted_coverage_miles(miles: u32) -> String {
    if miles.is_multiple_of(1_000) {
        format!("{} k Miles", group_thousands(u64::from(miles / 1_000)))
    } else {
        format!("{} Miles", group_thousands(u64::from(miles)))
    }
}

/// The day coverage ends: `months` after the start date (clamped to the month's last day).
pub fn coverage_expiration_date(start: Date, months: u16) -> Date {
    let total = i32::from(start.month() as u8) - 1 + i32::from(months);
    let year = start.year() + total.div_euclid(12);
    let month = Month::try_from((total.rem_euclid(12) + 1) as u8).expect("1..=12");
    let last_day = time::util::days_in_month(month, year);
    Date::from_calendar_date(year, month, start.day().min(last_day)).expect("valid date")
}

/// `MM/DD/YYYY`.
pub fn format_us_date(date: Date) -> String {
    format!("{:02}/{:02}/{}", date.month() as u8, date.day(), date.year())
}

/// [`format_long_date`] of a UTC unix time (empty when out of range).
pub fn format_long_date_at(at: i64) -> String {
    time::OffsetDateTime::from_unix_timestamp(at).map(|t| format_long_date(t.date())).unwrap_or_default()
}

/// `MMMM Do, YYYY` (`November 22nd, 2026`).
pub fn format_long_date(date: Date) -> String {
    let day = date.day();
    let suffix = match (day % 10, day % 100) {
        (1, n) if n != 11 => "st",
        (2, n) if n != 12 => "nd",
        (3, n) if n != 13 => "rd",
        _ => "th",
    };
    format!("{} {day}{suffix}, {}", date.month(), date.year())
}

/// What a rate costs (spec sections 3 and 9): its price before tax and the sales tax on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RatePrice {
    pub before_tax: Cents,
    pub tax: Cents,
}

impl RatePrice {
    /// The rate's `unformattedRate`: what the member is charged, tax included (spec section 9:
    /// "payment amount comes from the unformatted rate"). The sign request's amount, the
    /// charge checked against a contract, and the receipt's and confirmation's total are this.
    pub fn unformatted_rate(self) -> Cents {
        self.before_tax + self.tax
    }
}

/// The subtotal shown with a payment: the amount charged minus its tax (spec section 9).
pub fn subtotal(amount: Cents, tax: Cents) -> Cents {
    amount - tax
}

/// A rate as the member sees it, with every derived field of spec section 3.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RateView {
    pub rate_id: String,
    pub rate_collection_id: String,
    pub coverage_name: String,
    pub coverage_family_type: String,
    pub coverage_miles: u32,
    pub coverage_months: u16,
    /// Cents.
    pub coverage_deductible: i64,
    pub dollar_sign_deductible: String,
    /// Cents: the amount charged, tax included (spec section 9: the payment amount comes from
    /// the unformatted rate).
    pub unformatted_rate: i64,
    /// `1,234.56`: the unformatted rate.
    pub rate: String,
    /// `$1,234.56`: the unformatted rate.
    pub dollar_sign_rate: String,
    /// Cents: the sales tax included in the rate (0 where the state has none).
    pub tax_amount: i64,
    pub dollar_sign_tax_amount: String,
    /// Cents: the unformatted rate (the total the member pays, tax included).
    pub total_rate_cost: i64,
    pub dollar_sign_total_rate_cost: String,
    pub formatted_coverage_miles: String,
    pub odometer_when_coverage_expires: u32,
    pub coverage_expiration_date: String,
}

/// Everything needed to show a stored rate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredRate<'a> {
    pub rate_id: &'a str,
    pub rate_collection_id: &'a str,
    pub coverage_name: &'a str,
    pub miles: u32,
    pub months: u16,
    pub deductible: Cents,
    /// Before tax.
    pub price: Cents,
    pub tax: Cents,
}

impl StoredRate<'_> {
    /// The rate's price and tax.
    pub fn price(&self) -> RatePrice {
        RatePrice { before_tax: self.price, tax: self.tax }
    }
}

impl RateView {
    /// Derives the display fields of a rate for a car at `odometer`, coverage starting `start`.
    pub fn derive(rate: &StoredRate<'_>, odometer: u32, start: Date) -> Self {
        let total = rate.price().unformatted_rate();
        Self {
            rate_id: rate.rate_id.to_string(),
            rate_collection_id: rate.rate_collection_id.to_string(),
            coverage_name: rate.coverage_name.to_string(),
            coverage_family_type: rate.coverage_name.to_string(),
            coverage_miles: rate.miles,
            coverage_months: rate.months,
            coverage_deductible: rate.deductible.0,
            dollar_sign_deductible: rate.deductible.dollar_sign(),
            unformatted_rate: total.0,
            rate: total.formatted(),
            dollar_sign_rate: total.dollar_sign(),
            tax_amount: rate.tax.0,
            dollar_sign_tax_amount: rate.tax.dollar_sign(),
            total_rate_cost: total.0,
            dollar_sign_total_rate_cost: total.dollar_sign(),
            formatted_coverage_miles: formatted_coverage_miles(rate.miles),
            odometer_when_coverage_expires: odometer + rate.miles,
            coverage_expiration_date: format_us_date(coverage_expiration_date(start, rate.months)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rating::{Need, PricedPlan, PricedTerm, menu};
    use proptest::prelude::*;
    use time::macros::date;

    fn option(plan: &str, miles: u32, dollars: i64) -> RatedOption {
        RatedOption {
            provider: "NAC".into(),
            plan: plan.into(),
            months: 60,
            miles,
            deductible: Cents(10_000),
            price: Cents::dollars(dollars),
        }
    }

    #[test]
    fn filter_caps_price_filters_name_sorts_and_truncates() {
        let options = vec![
            option("PREMIUM", 100_000, 4_000),
            option("SILVER", 75_000, 2_500),
            option("STANDARD", 50_000, 1_500),
            option("PREMIUM PLUS", 120_000, 5_001),
            option("STANDARD", 60_000, 1_800),
        ];
        let kept = filter_rates(options.clone(), &RateFilter::default()).unwrap();
        assert_eq!(kept.iter().map(|o| o.miles).collect::<Vec<_>>(), vec![50_000, 60_000, 75_000]);

        let capped = filter_rates(options.clone(), &RateFilter { price_limit_dollars: Some(2_000), ..Default::default() }).unwrap();
        assert_eq!(capped.iter().map(|o| o.plan.as_str()).collect::<Vec<_>>(), vec!["STANDARD", "STANDARD"]);

        let premium =
            filter_rates(options.clone(), &RateFilter { only_covered_plan_name: Some("PREMIUM"), price_limit_dollars: Some(9_000) })
                .unwrap();
        assert_eq!(premium.len(), 1, "the institution cannot lift the 5000 cap");

        assert_eq!(filter_rates(options, &RateFilter { price_limit_dollars: Some(100), ..Default::default() }), Err(NoQuotes));
        assert_eq!(NoQuotes.to_string(), NO_QUOTES_PRESENT);
    }

    #[test]
    fn derived_fields() {
        assert_eq!(formatted_coverage_miles(75_000), "75 k Miles");
        assert_eq!(formatted_coverage_miles(100_000), "100 k Miles");
        assert_eq!(coverage_expiration_date(date!(2026 - 11 - 22), 60), date!(2031 - 11 - 22));
        assert_eq!(coverage_expiration_date(date!(2024 - 01 - 31), 1), date!(2024 - 02 - 29));
        assert_eq!(format_us_date(date!(2031 - 01 - 05)), "01/05/2031");
        assert_eq!(format_long_date(date!(2026 - 11 - 22)), "November 22nd, 2026");
        assert_eq!(format_long_date(date!(2026 - 11 - 11)), "November 11th, 2026");
        let view = RateView::derive(
            &StoredRate {
                rate_id: "r1",
                rate_collection_id: "c1",
                coverage_name: "SILVER",
                miles: 75_000,
                months: 60,
                deductible: Cents(10_000),
                price: Cents(189_900),
                tax: Cents(5_697),
            },
            45_000,
            date!(2026 - 11 - 22),
        );
        // Spec section 9: the payment amount comes from the unformatted rate (tax included), and
        // the subtotal is that total minus the tax.
        assert_eq!((view.unformatted_rate, view.total_rate_cost, view.tax_amount), (195_597, 195_597, 5_697));
        assert_eq!((view.rate.as_str(), view.dollar_sign_rate.as_str()), ("1,955.97", "$1,955.97"));
        assert_eq!(RatePrice { before_tax: Cents(189_900), tax: Cents(5_697) }.unformatted_rate(), Cents(195_597));
        assert_eq!(subtotal(Cents(view.unformatted_rate), Cents(view.tax_amount)), Cents(189_900));
        assert_eq!(view.odometer_when_coverage_expires, 120_000);
        assert_eq!(view.coverage_expiration_date, "11/22/2031");
        assert_eq!(view.dollar_sign_deductible, "$100");
        assert_eq!(view.coverage_family_type, "SILVER");
    }

    /// Any price sheet the engine can produce: 1-6 plans of 1-6 ascending terms, from one or two providers.
    fn price_sheet() -> impl Strategy<Value = Vec<PricedPlan>> {
        let term = (12u16..=120, 10_000u32..=200_000, 100i64..=9_000);
        let plan = (any::<bool>(), 0usize..4, proptest::collection::vec(term, 1..6), 0i64..=50_000);
        proptest::collection::vec(plan, 1..6).prop_map(|plans| {
            plans
                .into_iter()
                .enumerate()
                .map(|(i, (second, name, mut terms, deductible))| {
                    terms.sort();
                    terms.dedup_by_key(|t| (t.0, t.1));
                    PricedPlan {
                        provider: if second { "EFG" } else { "NAC" }.into(),
                        plan: format!("{} {i}", ["STANDARD", "SILVER", "PREMIUM", "Gold"][name]),
                        deductible: Cents(deductible),
                        terms: terms.into_iter().map(|(months, miles, d)| PricedTerm { months, miles, price: Cents::dollars(d) }).collect(),
                    }
                })
                .collect()
        })
    }

    proptest! {
        #[test]
        fn the_menu_and_filter_never_exceed_the_cap_nor_three_and_sort_by_miles(
            sheet in price_sheet(),
            years in 1u8..=7,
            miles_per_year in prop_oneof![Just(5_000u32), Just(10_000), Just(15_000), Just(20_000), Just(25_000), Just(30_000)],
            limit in proptest::option::of(1i64..20_000),
            name in proptest::option::of(prop_oneof![Just("PREMIUM"), Just("SILVER"), Just("Gold"), Just("2")]),
        ) {
            let filter = RateFilter { price_limit_dollars: limit, only_covered_plan_name: name };
            let need = Need { months: u16::from(years) * 12, miles: u32::from(years) * miles_per_year };
            let cap = Cents::dollars(limit.unwrap_or(5_000).min(5_000));
            let offered = menu(sheet, need, &filter);
            prop_assert!(offered.len() <= 3);
            prop_assert!(offered.windows(2).all(|w| w[0].miles < w[1].miles), "menu miles distinct and ascending");
            prop_assert!(offered.iter().all(|o| o.price <= cap));
            match filter_rates(offered.clone(), &filter) {
                Ok(kept) => {
                    prop_assert!(!kept.is_empty() && kept.len() <= 3);
                    prop_assert!(kept.iter().all(|o| o.price <= cap && name.is_none_or(|n| o.plan.contains(n))));
                    prop_assert!(kept.windows(2).all(|w| w[0].miles <= w[1].miles));
                    prop_assert_eq!(kept, offered, "the spec filter keeps the whole menu");
                }
                Err(NoQuotes) => prop_assert!(offered.is_empty()),
            }
        }

        #[test]
        fn never_more_than_three_nor_above_the_cap(
            prices in proptest::collection::vec((1u32..200_000, 1i64..10_000), 0..12),
            limit in proptest::option::of(1i64..20_000),
        ) {
            let options: Vec<_> = prices.iter().map(|&(m, p)| option("SILVER", m, p)).collect();
            if let Ok(kept) = filter_rates(options, &RateFilter { price_limit_dollars: limit, ..Default::default() }) {
                prop_assert!(kept.len() <= 3);
                let cap = limit.unwrap_or(5_000).min(5_000);
                prop_assert!(kept.iter().all(|o| o.price <= Cents::dollars(cap)));
                prop_assert!(kept.windows(2).all(|w| w[0].miles <= w[1].miles));
            }
        }
    }
}
