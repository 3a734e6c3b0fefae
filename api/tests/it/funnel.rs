//! The checkout funnel (issue 17): visitors and members of a fresh institution go through the
//! checkout to different depths, posting their pageviews to the API as the web app does (a reload,
//! a step skipped, a step gone back to, an event that is no pageview, another institution's member,
//! fifty pageviews of one member racing each other); one of them buys. `coverline report funnel`
//! (the real binary, given only DATABASE_URL) must print what the stored events say, counted here
//! on their own, and what the funnel's counters on GET /metrics rose by; `--since` leaves out what
//! came before.

use std::collections::HashMap;

use reqwest::Method;
use serde_json::{Value, json};
use sqlx::Row;

use crate::support::process::coverline_output;
use crate::support::{
    Db, Member, Options, TestApp, lab_institution, on_both_databases, pay, ready_to_book_at, spawn_app, wait_for_policy_status,
};

const DAY: i64 = 86_400;

/// The funnel's steps in order, and the web app's routes (web/src/flow/steps.ts) each stands for.
const STEPS: [(&str, &[&str]); 10] = [
    ("splash", &["splash"]),
    ("vehicle", &["user/car/lookup", "user/car/lookup/vin", "user/car/lookup/description"]),
    ("mileage", &["user/car/mileage"]),
    ("miles_per_year", &["user/car/miles-per-year"]),
    ("years_to_own", &["user/car/years-to-own", "user/car/details"]),
    ("coverage", &["user/coverage/level"]),
    ("personal_details", &["user/missing-info"]),
    ("verify_email", &["user/verify-email/send-email", "user/verify-email/code-confirmation"]),
    ("review", &["user/coverage/confirm"]),
    ("payment", &["user/payment-details"]),
];

/// The index in [`STEPS`] of the page `path` of `institution`.
fn step_of(institution: &str, path: &str) -> Option<usize> {
    let route = path.strip_prefix(&format!("/{institution}/"))?;
    STEPS.iter().position(|(_, routes)| routes.contains(&route))
}

/// A member's pageview, as the web app sends it.
async fn pageview(app: &TestApp, m: &Member, route: &str) {
    let data = json!({ "hitType": "pageview", "clientId": "tab", "pagePath": format!("/{}/{route}", m.institution), "pageTitle": "t" });
    let (s, b) = app.call(Method::POST, &TestApp::user_path(m, "/analytics"), Some(&m.token), Some(json!({ "data": data }))).await;
    assert_eq!(s, 202, "{b}");
}

/// A pageview without a user from the tab `client`.
async fn visitor_pageview(app: &TestApp, institution: &str, client: &str, route: &str) {
    let data =
        json!({ "hitType": "pageview", "clientId": client, "pagePath": format!("/{institution}/{route}"), "pageTitle": "Get started" });
    let (s, b) = app.call(Method::POST, &format!("/institution/{institution}/analytics"), None, Some(json!({ "data": data }))).await;
    assert_eq!(s, 202, "{b}");
}

/// The funnel's counters for `institution` on GET /metrics: reached per step, and purchases.
async fn counters(app: &TestApp, institution: &str) -> HashMap<String, i64> {
    let text = app.metrics().await;
    let ours = format!("institution=\"{institution}\"");
    let mut counts = HashMap::new();
    for line in text.lines().filter(|l| l.contains(&ours)) {
        let (series, value) = line.rsplit_once(' ').unwrap();
        let key = if series.starts_with("coverline_funnel_purchases_total{") {
            "purchased".to_string()
        } else if series.starts_with("coverline_funnel_reached_total{") {
            series.split("step=\"").nth(1).and_then(|s| s.split('"').next()).unwrap().to_string()
        } else {
            continue;
        };
        counts.insert(key, value.parse().unwrap());
    }
    counts
}

/// `coverline report funnel --institution I --since S [--json]` against the app's database.
fn report(app: &TestApp, institution: &str, since: &str, json: bool) -> String {
    let mut args = vec!["report", "funnel", "--institution", institution, "--since", since];
    if json {
        args.push("--json");
    }
    let env = [("DATABASE_URL", app.database_url.clone()), ("RUST_LOG", "info".to_string()), ("TEMPORAL_ADDRESS", "127.0.0.1:1".into())];
    let out = coverline_output(&args, &env);
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "coverline {args:?}: {}\n{stdout}\n{}", out.status, String::from_utf8_lossy(&out.stderr));
    stdout
}

/// Reached per step, as the report's JSON says.
fn reported(report: &Value) -> Vec<(String, i64)> {
    report["steps"].as_array().unwrap().iter().map(|r| (r["step"].as_str().unwrap().to_string(), r["reached"].as_i64().unwrap())).collect()
}

/// The funnel counted from the stored rows alone: a visitor reaches the splash with their first
/// splash pageview; a member reaches a step with their first pageview of it or of a later step;
/// each counts if that was at or after `since`; a purchase is a payment recorded since then.
async fn counted_from_the_store(store: &coverline_store::Store, institution: &str, since: i64) -> Vec<(String, i64)> {
    let mut reached = [0i64; STEPS.len()];
    let visitors = sqlx::query("SELECT client_id, page_path, created_at FROM anonymous_pageviews WHERE institution_id = $1")
        .bind(institution)
        .fetch_all(store.pool())
        .await
        .unwrap();
    let mut first_splash: HashMap<String, i64> = HashMap::new();
    for row in &visitors {
        let (client, path, at): (String, String, i64) = (row.get(0), row.get(1), row.get(2));
        if step_of(institution, &path) == Some(0) {
            let first = first_splash.entry(client).or_insert(at);
            *first = (*first).min(at);
        }
    }
    reached[0] = first_splash.values().filter(|&&at| at >= since).count() as i64;
    let rows =
        sqlx::query("SELECT user_id, page_path, created_at FROM analytics_events WHERE institution_id = $1 AND hit_type = 'pageview'")
            .bind(institution)
            .fetch_all(store.pool())
            .await
            .unwrap();
    let mut by_member: HashMap<String, Vec<(usize, i64)>> = HashMap::new();
    for row in &rows {
        let (user, path, at): (String, String, i64) = (row.get(0), row.get(1), row.get(2));
        if let Some(step) = step_of(institution, &path).filter(|&s| s > 0) {
            by_member.entry(user).or_default().push((step, at));
        }
    }
    for views in by_member.values() {
        for (step, count) in reached.iter_mut().enumerate().skip(1) {
            let first = views.iter().filter(|(s, _)| *s >= step).map(|(_, at)| *at).min();
            if first.is_some_and(|at| at >= since) {
                *count += 1;
            }
        }
    }
    let purchases = sqlx::query(
        "SELECT COUNT(*) FROM payments p JOIN policies o ON o.policy_id = p.policy_id WHERE o.institution_id = $1 AND p.paid_at >= $2",
    )
    .bind(institution)
    .bind(since)
    .fetch_one(store.pool())
    .await
    .unwrap()
    .get::<i64, _>(0);
    STEPS.iter().zip(reached).map(|((name, _), n)| (name.to_string(), n)).chain([("purchased".to_string(), purchases)]).collect()
}

fn named(counts: &[(&str, i64)]) -> Vec<(String, i64)> {
    counts.iter().map(|(s, n)| (s.to_string(), *n)).collect()
}

async fn the_funnel_report_agrees_with_the_stored_events_and_the_counters(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let store = coverline_store::Store::connect(&app.database_url).await.unwrap();
    // An institution of this test alone: the counters are the process's, shared by the tests running beside it.
    let institution = lab_institution(&app, "funnel").await;
    let before = counters(&app, &institution).await;

    // Visitors at the splash: tab-a reloads it, tab-c also sees the user-creation error (no step),
    // tab-old came eight days ago.
    for (client, route) in [
        ("tab-a", "splash"),
        ("tab-a", "splash"),
        ("tab-b", "splash"),
        ("tab-c", "splash"),
        ("tab-c", "user/user-creation-error"),
        ("tab-old", "splash"),
    ] {
        visitor_pageview(&app, &institution, client, route).await;
    }

    // Leaves at mileage, after reloading it and hitting no rates.
    let leaves_at_mileage = app.new_member(&institution).await;
    for route in ["user/car/lookup", "user/car/lookup/vin", "user/car/mileage", "user/car/mileage", "user/no-rates"] {
        pageview(&app, &leaves_at_mileage, route).await;
    }
    // The car-details form (mileage, miles per year and years to own at once), the coverage, then back
    // to the look-up; an event on the personal-details page is no pageview of it.
    let leaves_at_coverage = app.new_member(&institution).await;
    for route in ["user/car/lookup", "user/car/mileage", "user/car/details", "user/coverage/level", "user/car/lookup"] {
        pageview(&app, &leaves_at_coverage, route).await;
    }
    let event = json!({ "data": { "hitType": "event", "eventCategory": "CoverageSelection", "eventAction": "FlipCard",
        "pagePath": format!("/{institution}/user/missing-info") } });
    let (s, b) =
        app.call(Method::POST, &TestApp::user_path(&leaves_at_coverage, "/analytics"), Some(&leaves_at_coverage.token), Some(event)).await;
    assert_eq!(s, 202, "{b}");
    // Fifty pageviews at once, up to years to own: stored in any order, many within one millisecond.
    let racing = app.new_member(&institution).await;
    let routes = ["user/car/years-to-own", "user/car/lookup", "user/car/mileage", "user/car/miles-per-year", "user/car/lookup"];
    futures::future::join_all((0..50).map(|i| pageview(&app, &racing, routes[i % routes.len()]))).await;
    // Came eight days ago, to the coverage (a continue link skipping the car's questions).
    let came_before = app.new_member(&institution).await;
    for route in ["user/car/lookup", "user/coverage/level"] {
        pageview(&app, &came_before, route).await;
    }
    // Another institution's member, even with a page of this one: not this funnel's.
    let elsewhere = app.new_member("summit-cu").await;
    pageview(&app, &elsewhere, "user/car/lookup").await;
    let data = json!({ "hitType": "pageview", "pagePath": format!("/{institution}/user/coverage/level") });
    let (s, b) =
        app.call(Method::POST, &TestApp::user_path(&elsewhere, "/analytics"), Some(&elsewhere.token), Some(json!({ "data": data }))).await;
    assert_eq!(s, 202, "{b}");

    // Buys: every page (its email verified before, so no verify email), a real booking and payment.
    let (buyer, booking) = ready_to_book_at(&app, &institution).await;
    for route in [
        "user/car/lookup",
        "user/car/lookup/vin",
        "user/car/mileage",
        "user/car/miles-per-year",
        "user/car/years-to-own",
        "user/coverage/level",
        "user/missing-info",
        "user/coverage/confirm",
        "user/payment-details",
    ] {
        pageview(&app, &buyer, route).await;
    }
    let (s, booked) = app.call(Method::POST, &TestApp::user_path(&buyer, "/policy"), Some(&buyer.token), Some(booking)).await;
    assert_eq!(s, 200, "{booked}");
    let policy_id = booked["policy"]["policyId"].as_str().unwrap().to_string();
    let (s, verified) = pay(&app, &buyer, &policy_id, "4242424242424242").await;
    assert_eq!(s, 200, "{verified}");
    assert_eq!(wait_for_policy_status(&app, &buyer, &policy_id, "fulfilled").await, "fulfilled");
    pageview(&app, &buyer, "user/confirmation").await;

    // Eight days back: the early visitor's and member's hits.
    for (table, column, id) in
        [("anonymous_pageviews", "client_id", "tab-old"), ("analytics_events", "user_id", came_before.user_id.as_str())]
    {
        sqlx::query(&format!("UPDATE {table} SET created_at = created_at - $1 WHERE {column} = $2"))
            .bind(8 * DAY)
            .bind(id)
            .execute(store.pool())
            .await
            .unwrap();
    }

    // The last 7 days: the report, the stored events counted here, and the figures worked out by hand.
    let week = serde_json::from_str::<Value>(&report(&app, &institution, "7d", true)).unwrap();
    let since = week["since"].as_i64().unwrap();
    assert!((coverline_store::now() - 7 * DAY - since).abs() < 60, "--since 7d: {since}");
    assert_eq!(reported(&week), counted_from_the_store(&store, &institution, since).await, "{week}");
    assert_eq!(
        reported(&week),
        named(&[
            ("splash", 3),
            ("vehicle", 4),
            ("mileage", 4),
            ("miles_per_year", 3),
            ("years_to_own", 3),
            ("coverage", 2),
            ("personal_details", 1),
            ("verify_email", 1),
            ("review", 1),
            ("payment", 1),
            ("purchased", 1)
        ])
    );
    let mileage = &week["steps"][2];
    assert_eq!((mileage["left"].as_i64(), mileage["from_previous_percent"].as_f64()), (Some(1), Some(100.0)), "{week}");
    let years_to_own = &week["steps"][4];
    assert_eq!((years_to_own["left"].as_i64(), years_to_own["from_previous_percent"].as_f64()), (Some(1), Some(100.0)), "{week}");

    // All of it (30 days): the same again, and exactly what the counters rose by since the start.
    let month = serde_json::from_str::<Value>(&report(&app, &institution, "30d", true)).unwrap();
    let since = month["since"].as_i64().unwrap();
    assert_eq!(reported(&month), counted_from_the_store(&store, &institution, since).await, "{month}");
    assert_eq!(
        reported(&month)[..6],
        named(&[("splash", 4), ("vehicle", 5), ("mileage", 5), ("miles_per_year", 4), ("years_to_own", 4), ("coverage", 3)])
    );
    let after = counters(&app, &institution).await;
    let risen: Vec<(String, i64)> = reported(&month)
        .iter()
        .map(|(step, _)| (step.clone(), after.get(step).copied().unwrap_or(0) - before.get(step).copied().unwrap_or(0)))
        .collect();
    assert_eq!(risen, reported(&month), "the counters rose by the report's numbers: {after:?}");
    let date = time::OffsetDateTime::from_unix_timestamp(since).unwrap().date().to_string();
    assert_eq!(reported(&serde_json::from_str(&report(&app, &institution, &date, true)).unwrap()), reported(&month), "--since {date}");

    // For people: the table.
    let table = report(&app, &institution, "7d", false);
    let lines: Vec<&str> = table.lines().collect();
    assert!(lines[0].starts_with(&format!("Checkout funnel of {institution} since ")), "{table}");
    assert_eq!(lines[1].split_whitespace().collect::<Vec<_>>(), ["STEP", "REACHED", "LEFT", "HERE", "FROM", "PREVIOUS"], "{table}");
    assert_eq!(lines[4].split_whitespace().collect::<Vec<_>>(), ["mileage", "4", "1", "100.0%"], "{table}");
    assert_eq!(lines[12].split_whitespace().collect::<Vec<_>>(), ["purchased", "1", "-", "100.0%"], "{table}");

    // An unknown institution, or a --since the report cannot read, is an error.
    let env = [("DATABASE_URL", app.database_url.clone())];
    assert!(!coverline_output(&["report", "funnel", "--institution", "no-such-cu"], &env).status.success());
    assert!(!coverline_output(&["report", "funnel", "--institution", &institution, "--since", "a week"], &env).status.success());
}

on_both_databases!(the_funnel_report_agrees_with_the_stored_events_and_the_counters);
