//! Cancelling a bought contract, by the rules of the member's state.
//!
//! [`CancellationTable`] is `data/cancellation/states.toml`: one row per state and DC, each citing
//! its source. [`quote`] is the pure rule: given a contract ([`ContractTerms`]), the state's row and
//! the day of the request, what the member gets back, the fee, how it is paid and by when. Within
//! the state's free look the price comes back in full (less claims paid) to the card; after it the
//! unused part comes back pro rata by check, less the state's capped fee.
//!
//! Contracts cancelled before the state rules (recorded histories) followed the demo's flat
//! 30-day money-back rule: [`within_money_back`] keeps deciding them the same way on replay.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use time::Date;

use crate::language::Language;
use crate::product::limits::MONEY_BACK_DAYS;

/// Seconds in a day.
const DAY: i64 = 86_400;

/// The last moment (UTC unix seconds) a purchase paid at `paid_at` could be cancelled for a full
/// refund under the flat 30-day rule (cancellation workflows started before the state rules).
pub fn money_back_deadline(paid_at: i64) -> i64 {
    paid_at + MONEY_BACK_DAYS as i64 * DAY
}

/// Whether a request at `requested_at` was within the flat 30-day rule of a payment at `paid_at`.
pub fn within_money_back(paid_at: i64, requested_at: i64) -> bool {
    requested_at <= money_back_deadline(paid_at)
}

/// Which of the two caps a state's fee takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum FeeCapRule {
    /// A fixed amount (`fee_cap_cents`).
    Cents,
    /// A percent of the price (`fee_cap_percent`).
    Percent,
    /// The lesser of the two (California: 10% or $25).
    Lesser,
    /// The greater of the two.
    Greater,
}

/// One state's cancellation rules (a row of `data/cancellation/states.toml`; its header explains
/// each field).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StateRules {
    pub name: String,
    pub free_look_days: u32,
    pub free_look_days_used_without_warranty: u32,
    pub fee_cap_cents: i64,
    pub fee_cap_percent: u32,
    pub fee_cap_rule: FeeCapRule,
    pub unearned_share_percent: u32,
    pub refund_due_days: u32,
    pub late_penalty_percent: u32,
    pub late_penalty_every_days: u32,
    pub licence_on_contract: bool,
    pub source: String,
    pub reviewed: bool,
}

impl StateRules {
    fn check(&self, code: &str) -> Result<(), String> {
        let fail = |what: &str| Err(format!("cancellation table, {code}: {what}"));
        if self.name.trim().is_empty() {
            return fail("name is empty");
        }
        if self.source.trim().is_empty() {
            return fail("source must cite the statute or filed form (or say it is the product's default)");
        }
        if !(1..=365).contains(&self.free_look_days) || !(1..=self.free_look_days).contains(&self.free_look_days_used_without_warranty) {
            return fail("free_look_days must be 1..=365, and the used-without-warranty window at most that");
        }
        if !(0..=100_000).contains(&self.fee_cap_cents) || self.fee_cap_percent > 25 {
            return fail("fee_cap_cents must be 0..=100000 and fee_cap_percent at most 25");
        }
        if matches!(self.fee_cap_rule, FeeCapRule::Percent | FeeCapRule::Lesser | FeeCapRule::Greater) && self.fee_cap_percent == 0 {
            return fail("a fee_cap_rule that reads the percent needs fee_cap_percent");
        }
        if !(50..=100).contains(&self.unearned_share_percent) {
            return fail("unearned_share_percent must be 50..=100");
        }
        if !(1..=90).contains(&self.refund_due_days) {
            return fail("refund_due_days must be 1..=90");
        }
        if (self.late_penalty_percent == 0) != (self.late_penalty_every_days == 0) || self.late_penalty_percent > 100 {
            return fail("late_penalty_percent and late_penalty_every_days go together (both 0 for none)");
        }
        Ok(())
    }

    /// The free-look window that applies: the shorter one only when support states the car is used
    /// and without its manufacturer's warranty (otherwise the product does not know, and the longer
    /// window is better for the member).
    pub fn free_look_days_for(&self, used_without_warranty: bool) -> u32 {
        if used_without_warranty { self.free_look_days_used_without_warranty } else { self.free_look_days }
    }

    /// The fee after the free look on a contract of `price_cents` (the cap; percent rounded down).
    pub fn fee_cap(&self, price_cents: i64) -> i64 {
        let percent = price_cents.max(0) * i64::from(self.fee_cap_percent) / 100;
        match self.fee_cap_rule {
            FeeCapRule::Cents => self.fee_cap_cents,
            FeeCapRule::Percent => percent,
            FeeCapRule::Lesser => self.fee_cap_cents.min(percent),
            FeeCapRule::Greater => self.fee_cap_cents.max(percent),
        }
    }

    /// The penalty on a refund of `refund_cents` due on `due_by` and paid on `paid_on`: the state's
    /// percent for every period, or part of one, it is late (none when on time or no rule).
    pub fn late_penalty(&self, refund_cents: i64, due_by: Date, paid_on: Date) -> i64 {
        let late_days = (paid_on - due_by).whole_days();
        if late_days <= 0 || self.late_penalty_every_days == 0 {
            return 0;
        }
        let periods = (late_days + i64::from(self.late_penalty_every_days) - 1) / i64::from(self.late_penalty_every_days);
        ceil_div(i128::from(refund_cents.max(0)) * i128::from(self.late_penalty_percent) * i128::from(periods), 100) as i64
    }

    /// The rules in a few sentences for the contract and the member, in `language` (`You may cancel
    /// at any time. Within 60 days…`; `cancellationRules.*` in the catalogues); the state's name is
    /// the caller's to add.
    pub fn summary(&self, language: Language) -> String {
        let text = |key: &str, values: &[(&str, String)]| {
            let values: Vec<(&str, &str)> = values.iter().map(|(name, value)| (*name, value.as_str())).collect();
            language.fill(&format!("cancellationRules.{key}"), &values)
        };
        let days = ("days", self.free_look_days.to_string());
        let window = if self.free_look_days_used_without_warranty < self.free_look_days {
            text("windowUsed", &[days, ("usedDays", self.free_look_days_used_without_warranty.to_string())])
        } else {
            text("window", &[days])
        };
        let share = if self.unearned_share_percent < 100 {
            text("sharePercent", &[("percent", self.unearned_share_percent.to_string())])
        } else {
            text("shareAll", &[])
        };
        let (amount, percent) = (("amount", crate::Cents(self.fee_cap_cents).dollar_sign()), ("percent", self.fee_cap_percent.to_string()));
        let fee = match (self.fee_cap_rule, self.fee_cap_cents) {
            (FeeCapRule::Cents, 0) => text("feeNone", &[]),
            (FeeCapRule::Cents, _) => text("feeAmount", &[amount]),
            (FeeCapRule::Percent, _) => text("feePercent", &[percent]),
            (FeeCapRule::Lesser, _) => text("feeLesser", &[percent, amount]),
            (FeeCapRule::Greater, _) => text("feeGreater", &[percent, amount]),
        };
        let penalty = if self.late_penalty_percent > 0 {
            text("penalty", &[("percent", self.late_penalty_percent.to_string()), ("days", self.late_penalty_every_days.to_string())])
        } else {
            String::new()
        };
        text(
            "summary",
            &[("window", window), ("share", share), ("fee", fee), ("due", self.refund_due_days.to_string()), ("penalty", penalty)],
        )
    }
}

/// The table: state code → rules, for the 50 states and DC.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CancellationTable {
    pub states: BTreeMap<String, StateRules>,
}

impl CancellationTable {
    /// Parses and checks the table: exactly the 50 states and DC, each row plausible and sourced.
    pub fn from_toml(text: &str) -> Result<Self, String> {
        let table: CancellationTable = toml::from_str(text).map_err(|e| format!("cancellation table: {e}"))?;
        if let Some(unknown) = table.states.keys().find(|s| !crate::contact::STATE_CODES.contains(&s.as_str())) {
            return Err(format!("cancellation table names unknown state {unknown}"));
        }
        for state in crate::contact::STATE_CODES {
            table.states.get(state).ok_or_else(|| format!("cancellation table lacks {state}"))?.check(state)?;
        }
        Ok(table)
    }

    /// The rules of `state` (a checked table has every state).
    pub fn rules(&self, state: &str) -> Option<&StateRules> {
        self.states.get(state)
    }

    /// The states whose row still waits for a compliance review, by code.
    pub fn unreviewed(&self) -> impl Iterator<Item = (&str, &StateRules)> {
        self.states.iter().filter(|(_, r)| !r.reviewed).map(|(code, r)| (code.as_str(), r))
    }
}

/// What a cancellation needs to know about the contract and the request.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ContractTerms {
    /// What the member paid (cents, tax included).
    pub price_cents: i64,
    /// The day of the payment (day 0 of the free look).
    pub paid_on: Date,
    pub term_months: u16,
    pub term_miles: u32,
    pub odometer_at_sale: u32,
    pub odometer_now: u32,
    /// Claims the provider paid under the contract (cents).
    pub claims_paid_cents: i64,
    /// Support states the car is used and without its manufacturer's warranty.
    pub used_without_warranty: bool,
}

/// How the refund was worked out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum RefundMethod {
    /// Within the free look: the whole price, no fee.
    FreeLook,
    /// After it: the unused part, by time or by miles.
    ProRata,
}

/// How the refund reaches the member.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum RefundBy {
    /// Back to the card the contract was paid with.
    Card,
    /// A check mailed to the member.
    Check,
}

/// What cancelling a contract on a day gives back.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CancellationQuote {
    pub refund_cents: i64,
    pub fee_cents: i64,
    pub method: RefundMethod,
    pub refund_by: RefundBy,
    /// The day the refund must be paid by.
    pub due_by: Date,
    /// The last day of the free look.
    pub free_look_ends: Date,
    /// Of the contract, the share used (per mille, by time or miles, whichever is more); 0 within the free look.
    pub used_per_mille: u32,
    /// The unused part of the price before the fee and claims (cents); the price within the free look.
    pub unearned_cents: i64,
    pub claims_paid_cents: i64,
}

fn ceil_div(numerator: i128, denominator: i128) -> i128 {
    (numerator + denominator - 1).div_euclid(denominator)
}

/// What cancelling `contract` on `on` gives back under `rules`.
///
/// Within the free look (day 0 is the payment's day): the price less claims paid, no fee, to the
/// card. After it: the unused share of the price (time or miles, whichever used more, rounded up
/// to the cent), times the state's share, less claims paid, less the fee cap (never more than what
/// is left), by check. The refund is never negative nor above the price.
pub fn quote(rules: &StateRules, contract: &ContractTerms, on: Date) -> CancellationQuote {
    let price = contract.price_cents.max(0);
    let claims = contract.claims_paid_cents.max(0);
    let elapsed = (on - contract.paid_on).whole_days().max(0);
    let window = rules.free_look_days_for(contract.used_without_warranty);
    let free_look_ends = contract.paid_on + time::Duration::days(i64::from(window));
    let due_by = on.max(contract.paid_on) + time::Duration::days(i64::from(rules.refund_due_days));
    if elapsed <= i64::from(window) {
        return CancellationQuote {
            refund_cents: (price - claims).max(0),
            fee_cents: 0,
            method: RefundMethod::FreeLook,
            refund_by: RefundBy::Card,
            due_by,
            free_look_ends,
            used_per_mille: 0,
            unearned_cents: price,
            claims_paid_cents: claims.min(price),
        };
    }
    // Used shares as fractions: days / term days, miles / term miles; the larger one counts.
    let term_days = (crate::quote::coverage_expiration_date(contract.paid_on, contract.term_months) - contract.paid_on).whole_days().max(1);
    let (time_num, time_den) = (i128::from(elapsed.min(term_days)), i128::from(term_days));
    let driven = i128::from(contract.odometer_now.saturating_sub(contract.odometer_at_sale));
    let term_miles = i128::from(contract.term_miles.max(1));
    let (miles_num, miles_den) = (driven.min(term_miles), term_miles);
    let (used_num, used_den) = if time_num * miles_den >= miles_num * time_den { (time_num, time_den) } else { (miles_num, miles_den) };
    let unearned = ceil_div(i128::from(price) * (used_den - used_num), used_den);
    let returned = ceil_div(unearned * i128::from(rules.unearned_share_percent), 100) as i64;
    let after_claims = (returned - claims).max(0);
    let fee = rules.fee_cap(price).min(after_claims);
    CancellationQuote {
        refund_cents: (after_claims - fee).clamp(0, price),
        fee_cents: fee,
        method: RefundMethod::ProRata,
        refund_by: RefundBy::Check,
        due_by,
        free_look_ends,
        used_per_mille: (used_num * 1000 / used_den) as u32,
        unearned_cents: unearned as i64,
        claims_paid_cents: claims.min(returned),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use time::macros::date;

    fn table() -> CancellationTable {
        CancellationTable::from_toml(include_str!("../../data/cancellation/states.toml")).expect("the shipped table checks")
    }

    fn rules(state: &str) -> StateRules {
        table().rules(state).cloned().unwrap()
    }

    /// A $1,200 contract for 36 months / 36,000 miles, paid on January 1st, 2026, at 20,000 miles.
    fn contract() -> ContractTerms {
        ContractTerms {
            price_cents: 120_000,
            paid_on: date!(2026 - 01 - 01),
            term_months: 36,
            term_miles: 36_000,
            odometer_at_sale: 20_000,
            odometer_now: 20_500,
            claims_paid_cents: 0,
            used_without_warranty: false,
        }
    }

    fn day(n: i64) -> Date {
        date!(2026 - 01 - 01) + time::Duration::days(n)
    }

    #[test]
    fn the_shipped_table_has_every_state_and_marks_the_four_written_from_statutes_reviewed() {
        let table = table();
        assert_eq!(table.states.len(), 51);
        let reviewed: Vec<_> = table.states.iter().filter(|(_, r)| r.reviewed).map(|(c, _)| c.as_str()).collect();
        assert_eq!(reviewed, ["CA", "NV", "OK", "TX"]);
        assert_eq!(table.unreviewed().count(), 47);
        let default = table.rules("OH").unwrap();
        assert_eq!((default.free_look_days, default.fee_cap(120_000), default.refund_due_days), (30, 5_000, 30));
    }

    #[test]
    fn the_table_refuses_a_missing_state_an_unknown_key_and_an_impossible_row() {
        let text = include_str!("../../data/cancellation/states.toml");
        let without_ohio = text.replace("[states.OH]", "[states.XX]");
        assert!(CancellationTable::from_toml(&without_ohio).unwrap_err().contains("unknown state XX"));
        let unknown_key = text.replacen("reviewed = false", "reviewed = false\nrefund_by = \"card\"", 1);
        assert!(CancellationTable::from_toml(&unknown_key).is_err());
        let no_source = text.replacen("source = \"Coverline's default", "source = \" \"\nold = \"", 1);
        assert!(CancellationTable::from_toml(&no_source).is_err());
        let share = text.replacen("unearned_share_percent = 90", "unearned_share_percent = 190", 1);
        assert!(CancellationTable::from_toml(&share).unwrap_err().contains("OK"));
        let penalty = text.replacen("late_penalty_every_days = 30", "late_penalty_every_days = 0", 1);
        assert!(CancellationTable::from_toml(&penalty).unwrap_err().contains("late_penalty"));
    }

    #[test]
    fn texas_refunds_in_full_through_day_30_then_pro_rata_less_50_dollars_by_check() {
        let tx = rules("TX");
        let at_30 = quote(&tx, &contract(), day(30));
        assert_eq!(
            (at_30.method, at_30.refund_by, at_30.refund_cents, at_30.fee_cents),
            (RefundMethod::FreeLook, RefundBy::Card, 120_000, 0)
        );
        let at_31 = quote(&tx, &contract(), day(31));
        assert_eq!((at_31.method, at_31.refund_by, at_31.fee_cents), (RefundMethod::ProRata, RefundBy::Check, 5_000));
        // 31 of 1,096 days used (2028 is a leap year; more than 500 of 36,000 miles): the unused 1,065/1,096 of $1,200, less $50.
        assert_eq!(at_31.unearned_cents, (120_000u64 * 1_065).div_ceil(1_096) as i64);
        assert_eq!(at_31.refund_cents, at_31.unearned_cents - 5_000);
        assert_eq!(at_31.due_by, day(31 + 45));
    }

    #[test]
    fn california_gives_60_days_or_30_for_a_used_car_without_warranty_and_caps_the_fee_at_the_lesser_of_10_percent_or_25_dollars() {
        let ca = rules("CA");
        for (n, method) in [(59, RefundMethod::FreeLook), (60, RefundMethod::FreeLook), (61, RefundMethod::ProRata)] {
            assert_eq!(quote(&ca, &contract(), day(n)).method, method, "day {n}");
        }
        let used = ContractTerms { used_without_warranty: true, ..contract() };
        assert_eq!(quote(&ca, &used, day(30)).method, RefundMethod::FreeLook);
        assert_eq!(quote(&ca, &used, day(31)).method, RefundMethod::ProRata);
        assert_eq!(quote(&ca, &contract(), day(61)).fee_cents, 2_500, "10% of $1,200 is more than $25");
        let cheap = ContractTerms { price_cents: 19_900, ..contract() };
        assert_eq!(quote(&ca, &cheap, day(61)).fee_cents, 1_990, "10% of $199 is less than $25");
    }

    #[test]
    fn nevada_charges_25_dollars_and_10_percent_for_every_30_days_a_refund_is_late() {
        let nv = rules("NV");
        let q = quote(&nv, &contract(), day(90));
        assert_eq!((q.fee_cents, q.due_by), (2_500, day(90 + 45)));
        assert_eq!(nv.late_penalty(100_000, q.due_by, q.due_by), 0);
        assert_eq!(nv.late_penalty(100_000, q.due_by, q.due_by + time::Duration::days(1)), 10_000);
        assert_eq!(nv.late_penalty(100_000, q.due_by, q.due_by + time::Duration::days(30)), 10_000);
        assert_eq!(nv.late_penalty(100_000, q.due_by, q.due_by + time::Duration::days(31)), 20_000);
        assert_eq!(rules("CA").late_penalty(100_000, q.due_by, q.due_by + time::Duration::days(31)), 0);
    }

    #[test]
    fn oklahoma_returns_90_percent_of_the_unearned_part_with_no_further_fee() {
        let q = quote(&rules("OK"), &contract(), day(365));
        assert_eq!(q.fee_cents, 0);
        assert_eq!(q.refund_cents, (q.unearned_cents as u64 * 90).div_ceil(100) as i64);
    }

    #[test]
    fn miles_count_when_they_have_used_more_of_the_contract_than_time() {
        // Day 100 of 1,095 (9%), but 18,000 of 36,000 miles (50%): half the price is unused.
        let driven = ContractTerms { odometer_now: 38_000, ..contract() };
        let q = quote(&rules("TX"), &driven, day(100));
        assert_eq!((q.used_per_mille, q.unearned_cents, q.refund_cents), (500, 60_000, 55_000));
        // Past the term's miles nothing is unused, and the fee takes nothing that is not there.
        let worn = ContractTerms { odometer_now: 90_000, ..contract() };
        let q = quote(&rules("TX"), &worn, day(100));
        assert_eq!((q.refund_cents, q.fee_cents), (0, 0));
    }

    #[test]
    fn claims_paid_come_off_first_and_can_leave_nothing() {
        let claimed = ContractTerms { claims_paid_cents: 20_000, ..contract() };
        assert_eq!(quote(&rules("TX"), &claimed, day(10)).refund_cents, 100_000);
        let big = ContractTerms { claims_paid_cents: 500_000, ..contract() };
        let q = quote(&rules("TX"), &big, day(200));
        assert_eq!((q.refund_cents, q.fee_cents), (0, 0));
        assert_eq!(quote(&rules("TX"), &big, day(10)).refund_cents, 0);
    }

    #[test]
    fn the_summary_states_the_rule_the_member_is_under() {
        let ca = rules("CA").summary(Language::En);
        assert!(ca.contains("Within 60 days of the purchase (30 for a used vehicle"), "{ca}");
        assert!(ca.contains("10% of the price or $25, whichever is less"), "{ca}");
        assert!(rules("TX").summary(Language::En).contains("adds 10% of it for every 30 days"));
        assert!(rules("OK").summary(Language::En).contains("90% of the unused part"));
        // The same rule in Spanish, its figures filled in.
        let ca = rules("CA").summary(Language::Es);
        assert!(
            ca.starts_with("Usted puede cancelar en cualquier momento. Dentro de los 60 días posteriores a la compra (30 para"),
            "{ca}"
        );
        assert!(ca.contains("del 10% del precio o de $25, lo que sea menor"), "{ca}");
        assert!(rules("TX").summary(Language::Es).contains("suma el 10% de su monto por cada 30 días"));
    }

    fn any_contract() -> impl Strategy<Value = (ContractTerms, i64)> {
        (1i64..1_000_000, 1u16..=120, 1u32..=200_000, 0u32..400_000, 0u32..300_000, 0i64..2_000_000, any::<bool>(), 0i64..5_000).prop_map(
            |(price, months, miles, at_sale, driven, claims, used, days)| {
                let terms = ContractTerms {
                    price_cents: price,
                    paid_on: date!(2026 - 01 - 01),
                    term_months: months,
                    term_miles: miles,
                    odometer_at_sale: at_sale,
                    odometer_now: at_sale + driven,
                    claims_paid_cents: claims,
                    used_without_warranty: used,
                };
                (terms, days)
            },
        )
    }

    proptest! {
        #[test]
        fn the_refund_is_never_negative_nor_above_the_price_and_the_free_look_refunds_all_but_claims(
            (terms, days) in any_contract(), state in proptest::sample::select(crate::contact::STATE_CODES.to_vec())
        ) {
            let rules = rules(state);
            let q = quote(&rules, &terms, day(days));
            prop_assert!(q.refund_cents >= 0 && q.refund_cents <= terms.price_cents);
            prop_assert!(q.fee_cents >= 0 && q.fee_cents <= rules.fee_cap(terms.price_cents));
            prop_assert!(q.refund_cents + q.fee_cents + q.claims_paid_cents <= terms.price_cents);
            prop_assert!(q.due_by > day(days));
            if days <= i64::from(rules.free_look_days_for(terms.used_without_warranty)) {
                prop_assert_eq!(q.method, RefundMethod::FreeLook);
                prop_assert_eq!(q.refund_by, RefundBy::Card);
                prop_assert_eq!(q.refund_cents, (terms.price_cents - terms.claims_paid_cents).max(0));
                prop_assert_eq!(q.fee_cents, 0);
            } else {
                prop_assert_eq!(q.refund_by, RefundBy::Check);
            }
        }

        #[test]
        fn a_later_request_or_more_miles_never_gets_more_back((terms, days) in any_contract(), later in 0i64..400, more in 0u32..50_000) {
            let rules = rules("TX");
            let q = quote(&rules, &terms, day(days));
            prop_assert!(quote(&rules, &terms, day(days + later)).refund_cents <= q.refund_cents);
            let driven = ContractTerms { odometer_now: terms.odometer_now + more, ..terms.clone() };
            prop_assert!(quote(&rules, &driven, day(days)).refund_cents <= q.refund_cents);
        }

        #[test]
        fn a_late_penalty_only_grows_with_lateness(refund in 0i64..1_000_000, late in 0i64..400, more in 0i64..100) {
            let rules = rules("TX");
            let due = day(45);
            let penalty = rules.late_penalty(refund, due, due + time::Duration::days(late));
            prop_assert!(penalty >= 0);
            prop_assert!(rules.late_penalty(refund, due, due + time::Duration::days(late + more)) >= penalty);
            prop_assert_eq!(penalty == 0, late == 0 || refund == 0);
        }
    }
}
