//! `coverline report funnel --institution ID --since 7d`: how many visitors and members reached each
//! step of the checkout for the first time since a moment, how many left at each, and the contracts
//! paid, from the stored pageviews and payments. The same numbers as the increase of
//! `coverline_funnel_reached_total` and `coverline_funnel_purchases_total` over that time.

use std::collections::HashMap;

use anyhow::Context;
use coverline_store::{FirstPageview, Store};
use serde::Serialize;
use time::format_description::well_known::Rfc3339;
use time::macros::format_description;
use time::{Date, OffsetDateTime};

use crate::services::funnel::FunnelStep;
use crate::services::support::{parse_duration, timestamp};

/// The funnel of one institution since a moment.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FunnelReport {
    pub institution_id: String,
    /// Unix seconds: steps first reached, and payments recorded, from then on.
    pub since: i64,
    /// Every step, in order.
    pub steps: Vec<FunnelRow>,
}

/// One step of a [`FunnelReport`].
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FunnelRow {
    pub step: FunnelStep,
    /// Visitors (splash), members (car pages to payment) or contracts paid (purchased).
    pub reached: i64,
    /// Reached this step but not the next: `reached` minus the next step's, never below 0 (null on
    /// the last). Members launched from online banking start at the vehicle without a splash.
    pub left: Option<i64>,
    /// `reached` as a percentage of the step before's, to a tenth (null on the first, or after none).
    pub from_previous_percent: Option<f64>,
}

/// Where a report starts, before `now` (unix seconds): a duration (`7d`, `24h`, `30m`, `90s`), a UTC
/// date (`2025-01-31`, from midnight) or an RFC 3339 time (`2025-01-31T08:00:00Z`).
pub fn parse_since(text: &str, now: i64) -> anyhow::Result<i64> {
    let text = text.trim();
    if let Ok(date) = Date::parse(text, format_description!("[year]-[month]-[day]")) {
        return Ok(date.midnight().assume_utc().unix_timestamp());
    }
    if let Ok(at) = OffsetDateTime::parse(text, &Rfc3339) {
        return Ok(at.unix_timestamp());
    }
    let ago =
        parse_duration(text).with_context(|| format!("--since {text:?}: a duration (7d, 24h), a date (2025-01-31) or an RFC 3339 time"))?;
    Ok(now - i64::try_from(ago.as_secs()).context("--since is too long ago")?)
}

/// For each viewer, the first time they viewed a page of each step `step_of` finds in it.
fn first_views(views: &[FirstPageview], step_of: impl Fn(&str) -> Option<FunnelStep>) -> HashMap<&str, HashMap<FunnelStep, i64>> {
    let mut firsts: HashMap<&str, HashMap<FunnelStep, i64>> = HashMap::new();
    for view in views {
        if let Some(step) = step_of(&view.page_path) {
            let first = firsts.entry(view.viewer.as_str()).or_default().entry(step).or_insert(view.first_at);
            *first = (*first).min(view.first_at);
        }
    }
    firsts
}

/// The funnel from what was stored: `members`' and `visitors`' first view of each page (all time,
/// for those active since `since`) and the payments recorded since `since`. A member counts at a
/// step if they first viewed it, or a later step's page, at or after `since`; a visitor at the
/// splash if they first viewed it then.
pub fn tally(institution_id: &str, members: &[FirstPageview], visitors: &[FirstPageview], purchases: i64, since: i64) -> FunnelReport {
    tally_until(institution_id, members, visitors, purchases, since, i64::MAX)
}

/// [`tally`] of the steps first reached from `since` to before `until`.
pub fn tally_until(
    institution_id: &str,
    members: &[FirstPageview],
    visitors: &[FirstPageview],
    purchases: i64,
    since: i64,
    until: i64,
) -> FunnelReport {
    let within = |at: i64| at >= since && at < until;
    let mut reached: HashMap<FunnelStep, i64> = HashMap::new();
    for steps in first_views(visitors, |p| FunnelStep::is_visitor_page(institution_id, p).then_some(FunnelStep::Splash)).values() {
        if steps.get(&FunnelStep::Splash).is_some_and(|&at| within(at)) {
            *reached.entry(FunnelStep::Splash).or_default() += 1;
        }
    }
    for steps in first_views(members, |p| FunnelStep::of_member_page(institution_id, p)).values() {
        // Walking back from the payment: the first time the member reached this step or a later one.
        let mut first_here_or_later = None::<i64>;
        for step in FunnelStep::MEMBER_PAGES.iter().rev() {
            if let Some(&at) = steps.get(step) {
                first_here_or_later = Some(first_here_or_later.map_or(at, |t| t.min(at)));
            }
            if first_here_or_later.is_some_and(within) {
                *reached.entry(*step).or_default() += 1;
            }
        }
    }
    reached.insert(FunnelStep::Purchased, purchases);
    let counts: Vec<(FunnelStep, i64)> = FunnelStep::ALL.iter().map(|s| (*s, reached.get(s).copied().unwrap_or(0))).collect();
    let steps = counts
        .iter()
        .enumerate()
        .map(|(i, &(step, n))| {
            let previous = i.checked_sub(1).map(|p| counts[p].1);
            FunnelRow {
                step,
                reached: n,
                left: counts.get(i + 1).map(|&(_, next)| (n - next).max(0)),
                from_previous_percent: previous.filter(|&p| p > 0).map(|p| (n as f64 * 1000.0 / p as f64).round() / 10.0),
            }
        })
        .collect();
    FunnelReport { institution_id: institution_id.to_string(), since, steps }
}

/// The funnel of `institution_id` since `since` (unix seconds), from the store.
pub async fn funnel_report(store: &Store, institution_id: &str, since: i64) -> anyhow::Result<FunnelReport> {
    store.institution(institution_id).await?.with_context(|| format!("no institution {institution_id:?}"))?;
    let members = store.member_first_pageviews(institution_id, since).await?;
    let visitors = store.visitor_first_pageviews(institution_id, since).await?;
    let purchases = store.payments_since(institution_id, since).await?;
    Ok(tally(institution_id, &members, &visitors, purchases, since))
}

/// The report as printed without `--json`.
pub fn funnel_table(report: &FunnelReport) -> String {
    let mut out = format!("Checkout funnel of {} since {}\n", report.institution_id, timestamp(report.since));
    out.push_str(&format!("{:<17} {:>8} {:>10} {:>14}\n", "STEP", "REACHED", "LEFT HERE", "FROM PREVIOUS"));
    for row in &report.steps {
        let left = row.left.map_or_else(|| "-".to_string(), |n| n.to_string());
        let percent = row.from_previous_percent.map_or_else(|| "-".to_string(), |p| format!("{p:.1}%"));
        out.push_str(&format!("{:<17} {:>8} {:>10} {:>14}\n", row.step.as_str(), row.reached, left, percent));
    }
    out.push_str("splash: visitors (browser tabs) before sign-up; vehicle to payment: members; purchased: contracts paid\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: i64 = 1_767_225_600; // 2026-01-01T00:00:00Z
    const DAY: i64 = 86_400;

    #[test]
    fn since_takes_a_duration_a_date_or_a_time() {
        assert_eq!(parse_since("7d", NOW).unwrap(), NOW - 7 * DAY);
        assert_eq!(parse_since("24h", NOW).unwrap(), NOW - DAY);
        assert_eq!(parse_since(" 30d ", NOW).unwrap(), NOW - 30 * DAY);
        assert_eq!(parse_since("90m", NOW).unwrap(), NOW - 5400);
        assert_eq!(parse_since("2025-12-31", NOW).unwrap(), NOW - DAY, "a date starts at midnight UTC");
        assert_eq!(parse_since("2025-12-31T12:00:00Z", NOW).unwrap(), NOW - DAY / 2);
        assert_eq!(parse_since("2025-12-31T12:00:00-02:00", NOW).unwrap(), NOW - DAY / 2 + 7200);
        for bad in ["", "7w", "d", "2025-13-01", "yesterday", "-7d"] {
            assert!(parse_since(bad, NOW).is_err(), "{bad:?} is refused");
        }
    }

    fn view(viewer: &str, page: &str, first_at: i64) -> FirstPageview {
        FirstPageview { viewer: viewer.into(), page_path: format!("/cu{page}"), first_at }
    }

    fn reached(report: &FunnelReport) -> Vec<(&'static str, i64)> {
        report.steps.iter().filter(|r| r.reached > 0).map(|r| (r.step.as_str(), r.reached)).collect()
    }

    #[test]
    fn a_member_counts_at_each_step_first_reached_since_then() {
        let since = NOW - 7 * DAY;
        let members = [
            // To the review, skipping verify email (verified before).
            view("u1", "/user/car/lookup", NOW - 3600),
            view("u1", "/user/coverage/level", NOW - 3000),
            view("u1", "/user/missing-info", NOW - 2000),
            view("u1", "/user/coverage/confirm", NOW - 1000),
            view("u1", "/user/no-rates", NOW - 900),
            // Reached the coverage before the window, came back to it and went on to personal details.
            view("u2", "/user/car/lookup/vin", since - DAY),
            view("u2", "/user/coverage/level", since - DAY),
            view("u2", "/user/missing-info", NOW - 100),
            // Another institution's page.
            FirstPageview { viewer: "u3".into(), page_path: "/other/user/car/lookup".into(), first_at: NOW },
        ];
        let visitors =
            [view("tab1", "/splash", NOW - 4000), view("tab2", "/splash", since - 1), view("tab3", "/user/user-creation-error", NOW)];
        let report = tally("cu", &members, &visitors, 1, since);
        assert_eq!(
            reached(&report),
            [
                ("splash", 1),
                ("vehicle", 1),
                ("mileage", 1),
                ("miles_per_year", 1),
                ("years_to_own", 1),
                ("coverage", 1),
                ("personal_details", 2),
                ("verify_email", 1),
                ("review", 1),
                ("purchased", 1)
            ]
        );
        let payment = report.steps.iter().find(|r| r.step == FunnelStep::Payment).unwrap();
        assert_eq!((payment.reached, payment.left, payment.from_previous_percent), (0, Some(0), Some(0.0)));
        let purchased = report.steps.last().unwrap();
        assert_eq!((purchased.step, purchased.left, purchased.from_previous_percent), (FunnelStep::Purchased, None, None), "after none");
        assert_eq!(report.steps[0].from_previous_percent, None);
    }

    #[test]
    fn a_member_launched_past_the_splash_leaves_no_negative_count_there() {
        let members = [view("u1", "/user/car/lookup", NOW - 60)];
        let report = tally("cu", &members, &[], 0, NOW - DAY);
        assert_eq!((report.steps[0].reached, report.steps[0].left), (0, Some(0)));
        assert_eq!((report.steps[1].reached, report.steps[1].from_previous_percent), (1, None));
    }

    #[test]
    fn the_table_lines_up_every_step() {
        let report = FunnelReport {
            institution_id: "summit-cu".into(),
            since: NOW - 7 * DAY,
            steps: FunnelStep::ALL
                .iter()
                .enumerate()
                .map(|(i, &step)| FunnelRow {
                    step,
                    reached: 1000 - 90 * i as i64,
                    left: (i < 10).then_some(90),
                    from_previous_percent: (i > 0).then(|| ((1000 - 90 * i) as f64 * 1000.0 / (1000 - 90 * (i - 1)) as f64).round() / 10.0),
                })
                .collect(),
        };
        let table = funnel_table(&report);
        let lines: Vec<&str> = table.lines().collect();
        assert_eq!(lines[0], "Checkout funnel of summit-cu since 2025-12-25T00:00:00Z");
        assert_eq!(lines[1], "STEP               REACHED  LEFT HERE  FROM PREVIOUS");
        assert_eq!(lines[2], "splash                1000         90              -");
        assert_eq!(lines[3], "vehicle                910         90          91.0%");
        assert_eq!(lines[12], "purchased              100          -          52.6%");
        assert_eq!(lines.len(), 14);
        assert!(lines[2..13].iter().all(|l| l.len() == lines[1].len()), "columns line up:\n{table}");
    }
}
