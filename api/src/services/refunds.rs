//! Refunds by state law, for compliance and support: `coverline cancellation quote` (what a contract
//! would get back, from the command line), `coverline cancellation states` (the table, and the rows
//! still to review), and the check refunds support mails (`coverline support refunds`,
//! `coverline support refund-paid`), with the late penalty a state adds.

use anyhow::Context;
use coverline_activities::cancellation::utc_date;
use coverline_domain::Cents;
use coverline_domain::cancellation::{CancellationQuote, CancellationTable, ContractTerms, RefundBy, RefundMethod, quote};
use coverline_store::{RefundRecord, Store};
use serde::Serialize;
use time::Date;
use time::macros::format_description;

/// `YYYY-MM-DD`.
pub fn parse_date(text: &str) -> anyhow::Result<Date> {
    Date::parse(text.trim(), format_description!("[year]-[month]-[day]")).with_context(|| format!("{text:?} is not a date (YYYY-MM-DD)"))
}

/// Dollars as typed (`1899`, `1,899.50`, `$1899.5`) in cents.
pub fn parse_dollars(text: &str) -> anyhow::Result<i64> {
    let clean: String = text.trim().trim_start_matches('$').chars().filter(|c| *c != ',').collect();
    let (whole, fraction) = clean.split_once('.').unwrap_or((&clean, ""));
    if whole.is_empty() || !whole.chars().all(|c| c.is_ascii_digit()) || fraction.len() > 2 || !fraction.chars().all(|c| c.is_ascii_digit())
    {
        anyhow::bail!("{text:?} is not an amount in dollars (1899 or 1899.50)");
    }
    let cents = format!("{fraction:0<2}").parse::<i64>().unwrap_or(0);
    whole.parse::<i64>().context("dollars")?.checked_mul(100).and_then(|d| d.checked_add(cents)).context("too large")
}

/// `coverline cancellation quote`'s answer.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct QuoteAnswer {
    pub state: String,
    pub refund_cents: i64,
    pub fee_cents: i64,
    pub method: RefundMethod,
    pub refund_by: RefundBy,
    /// `YYYY-MM-DD`.
    pub due_by: String,
    /// `YYYY-MM-DD`.
    pub free_look_ends: String,
    pub unearned_cents: i64,
    pub claims_paid_cents: i64,
    pub used_per_mille: u32,
    pub source: String,
    pub reviewed: bool,
}

/// What cancelling a contract of `terms` in `state` on `on` gives back.
pub fn quote_answer(table: &CancellationTable, state: &str, terms: &ContractTerms, on: Date) -> anyhow::Result<QuoteAnswer> {
    let state = state.trim().to_ascii_uppercase();
    let rules = table.rules(&state).with_context(|| format!("no cancellation rules for {state:?} (a state code: TX, CA, DC…)"))?;
    let CancellationQuote {
        refund_cents,
        fee_cents,
        method,
        refund_by,
        due_by,
        free_look_ends,
        used_per_mille,
        unearned_cents,
        claims_paid_cents,
    } = quote(rules, terms, on);
    Ok(QuoteAnswer {
        state,
        refund_cents,
        fee_cents,
        method,
        refund_by,
        due_by: due_by.to_string(),
        free_look_ends: free_look_ends.to_string(),
        unearned_cents,
        claims_paid_cents,
        used_per_mille,
        source: rules.source.clone(),
        reviewed: rules.reviewed,
    })
}

/// The quote as support reads it.
pub fn quote_text(q: &QuoteAnswer) -> String {
    let method = match q.method {
        RefundMethod::FreeLook => "free look: the full price, no fee",
        RefundMethod::ProRata => "pro rata: the unused part, less the fee",
    };
    let by = match q.refund_by {
        RefundBy::Card => "to the card",
        RefundBy::Check => "by check",
    };
    format!(
        "state      {state}{unreviewed}\nmethod     {method} (free look ended {free_look})\nused       {used}.{tenth}%\nunearned   {unearned}\nclaims     {claims}\nfee        {fee}\nrefund     {refund} {by}, due by {due}\nsource     {source}\n",
        state = q.state,
        unreviewed = if q.reviewed { "" } else { " (row not reviewed yet: the product's default terms)" },
        free_look = q.free_look_ends,
        used = q.used_per_mille / 10,
        tenth = q.used_per_mille % 10,
        unearned = Cents(q.unearned_cents).dollar_sign(),
        claims = Cents(q.claims_paid_cents).dollar_sign(),
        fee = Cents(q.fee_cents).dollar_sign(),
        refund = Cents(q.refund_cents).dollar_sign(),
        due = q.due_by,
        source = q.source,
    )
}

/// One row of `coverline cancellation states`.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StateRow {
    pub state: String,
    pub name: String,
    pub reviewed: bool,
    pub free_look_days: u32,
    pub free_look_days_used_without_warranty: u32,
    pub refund_due_days: u32,
    pub summary: String,
    pub source: String,
}

/// The table's rows (only the unreviewed ones with `unreviewed`).
pub fn state_rows(table: &CancellationTable, unreviewed: bool) -> Vec<StateRow> {
    table
        .states
        .iter()
        .filter(|(_, r)| !(unreviewed && r.reviewed))
        .map(|(code, r)| StateRow {
            state: code.clone(),
            name: r.name.clone(),
            reviewed: r.reviewed,
            free_look_days: r.free_look_days,
            free_look_days_used_without_warranty: r.free_look_days_used_without_warranty,
            refund_due_days: r.refund_due_days,
            summary: r.summary(coverline_domain::language::Language::En),
            source: r.source.clone(),
        })
        .collect()
}

/// The rows as a table.
pub fn state_rows_text(rows: &[StateRow]) -> String {
    let mut out = format!("{:<6}{:<22}{:<10}{:>10}{:>8}  source\n", "state", "name", "reviewed", "free look", "due");
    for r in rows {
        out.push_str(&format!(
            "{:<6}{:<22}{:<10}{:>10}{:>8}  {}\n",
            r.state,
            r.name,
            if r.reviewed { "yes" } else { "no" },
            r.free_look_days,
            r.refund_due_days,
            r.source
        ));
    }
    out.push_str(&format!("{} state(s)\n", rows.len()));
    out
}

/// A check refund as support sees it: what is owed today.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct RefundDue {
    pub policy_id: String,
    pub institution_id: String,
    pub state: String,
    pub refund_cents: i64,
    /// `YYYY-MM-DD`.
    pub due_by: String,
    /// Days until it is due (negative: late).
    pub days_left: i64,
    /// The state's late penalty if paid today.
    pub penalty_cents: i64,
    /// Refund plus penalty: the check to write today.
    pub owed_cents: i64,
}

fn refund_due(table: &CancellationTable, r: &RefundRecord, institution_id: &str, today: Date) -> anyhow::Result<RefundDue> {
    let due_by = parse_date(&r.due_by)?;
    let penalty_cents = table.rules(&r.state).map_or(0, |rules| rules.late_penalty(r.refund_cents, due_by, today));
    Ok(RefundDue {
        policy_id: r.policy_id.clone(),
        institution_id: institution_id.to_string(),
        state: r.state.clone(),
        refund_cents: r.refund_cents,
        due_by: r.due_by.clone(),
        days_left: (due_by - today).whole_days(),
        penalty_cents,
        owed_cents: r.refund_cents + penalty_cents,
    })
}

/// The check refunds not paid yet, soonest due first, as owed at `now`.
pub async fn unpaid_refunds(store: &Store, table: &CancellationTable, now: i64) -> anyhow::Result<Vec<RefundDue>> {
    let today = utc_date(now);
    let mut rows = Vec::new();
    for r in store.unpaid_check_refunds().await? {
        let institution_id = store.policy(&r.policy_id).await?.map(|p| p.institution_id).unwrap_or_default();
        rows.push(refund_due(table, &r, &institution_id, today)?);
    }
    Ok(rows)
}

/// The unpaid check refunds as a table.
pub fn unpaid_refunds_text(rows: &[RefundDue]) -> String {
    let mut out =
        format!("{:<40}{:<6}{:>12}{:>12}{:>10}{:>12}{:>12}\n", "policy", "state", "refund", "due by", "days left", "penalty", "owed today");
    for r in rows {
        out.push_str(&format!(
            "{:<40}{:<6}{:>12}{:>12}{:>10}{:>12}{:>12}\n",
            r.policy_id,
            r.state,
            Cents(r.refund_cents).dollar_sign(),
            r.due_by,
            r.days_left,
            Cents(r.penalty_cents).dollar_sign(),
            Cents(r.owed_cents).dollar_sign()
        ));
    }
    out.push_str(&format!("{} check refund(s) to pay\n", rows.len()));
    out
}

/// A check paid on `day` (a date as typed), as a moment: noon UTC, so the day is the same in every
/// US time zone.
pub fn paid_on(day: &str) -> anyhow::Result<i64> {
    Ok(parse_date(day)?.midnight().assume_utc().unix_timestamp() + 12 * 3600)
}

/// What recording a paid check says (`support refund-paid`, the console).
pub fn check_paid_text(check_number: &str, due: &RefundDue) -> String {
    format!(
        "recorded check {check_number} for {}: {} refund + {} late penalty (due by {})",
        Cents(due.owed_cents).dollar_sign(),
        Cents(due.refund_cents).dollar_sign(),
        Cents(due.penalty_cents).dollar_sign(),
        due.due_by
    )
}

/// Records the check that paid a policy's refund on `paid_at`, with the late penalty its state adds
/// then (written on the timeline). `Err` when the policy has no unpaid check refund.
pub async fn record_check_paid(
    store: &Store,
    table: &CancellationTable,
    key: &str,
    check_number: &str,
    paid_at: i64,
    operator: &str,
) -> anyhow::Result<RefundDue> {
    let check_number = check_number.trim();
    anyhow::ensure!(!check_number.is_empty() && check_number.len() <= 40, "a check number is 1 to 40 characters");
    let policy = store.find_policy(key).await?.with_context(|| format!("no purchase with id {key:?}"))?;
    let refund =
        store.refund(&policy.policy_id).await?.with_context(|| format!("{} has no refund under the state rules", policy.policy_id))?;
    let due = refund_due(table, &refund, &policy.institution_id, utc_date(paid_at))?;
    let recorded =
        store.record_check_refund_paid(&policy.policy_id, check_number, due.penalty_cents, paid_at, &format!("support:{operator}")).await?;
    let Some(recorded) = recorded else {
        anyhow::bail!(
            "{}'s refund is not an unpaid check refund ({} refund, {})",
            policy.policy_id,
            refund.refund_by,
            if refund.paid_at.is_some() { "paid already" } else { "unpaid" }
        );
    };
    let detail = format!(
        "check {check_number} for {owed} ({refund} refund{penalty}), due by {due_by}",
        owed = Cents(due.owed_cents).dollar_sign(),
        refund = Cents(recorded.refund_cents).dollar_sign(),
        penalty = if due.penalty_cents > 0 { format!(" + {} late penalty", Cents(due.penalty_cents).dollar_sign()) } else { String::new() },
        due_by = recorded.due_by,
    );
    store.record_policy_event(&policy.policy_id, "refund:check", Some(&detail), &format!("support:{operator}")).await?;
    Ok(due)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dollars_parse_as_typed_and_refuse_what_is_not_an_amount() {
        assert_eq!(parse_dollars("1899").unwrap(), 189_900);
        assert_eq!(parse_dollars("$1,899.5").unwrap(), 189_950);
        assert_eq!(parse_dollars("0.07").unwrap(), 7);
        for bad in ["", "-5", "1.234", "abc", "1e3"] {
            assert!(parse_dollars(bad).is_err(), "{bad}");
        }
    }
}
