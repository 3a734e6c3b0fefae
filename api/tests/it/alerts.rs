//! The alert gauges of `GET /metrics` (api/src/http/gauges.rs; the rules are ops/prometheus/alerts.yml),
//! computed from what a real purchase and the webhook stored: a purchase booked and never paid
//! counts as stuck only once the payment deadline is well past, and an approved charge counts as
//! unconfirmed only when no payment and no refund holds it, 10 minutes on. The app's clock is moved
//! forward instead of sleeping; `refresh_gauges` runs the background task's refresh at once.

use std::time::Duration;

use reqwest::Method;

use crate::support::{Db, Options, TestApp, on_both_databases, pay, ready_to_book, spawn_app, wait_for_policy_status};

/// The value of one sample line (`name{labels} value`) of `/metrics`.
fn sample(metrics: &str, series: &str) -> i64 {
    let line = metrics
        .lines()
        .find(|l| l.strip_prefix(series).is_some_and(|rest| rest.starts_with(' ')))
        .unwrap_or_else(|| panic!("/metrics lacks {series}:\n{metrics}"));
    line.rsplit(' ').next().unwrap().parse().unwrap_or_else(|_| panic!("not an integer gauge: {line}"))
}

fn stuck(metrics: &str, state: &str) -> i64 {
    sample(metrics, &format!("coverline_purchases_stuck{{state=\"{state}\"}}"))
}

/// How many webhook events the app recorded for a charge.
async fn webhook_events_of(app: &TestApp, tracking: &str) -> i64 {
    let pool = sqlx::AnyPool::connect(&app.database_url).await.unwrap();
    let (n,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM gateway_events WHERE tracking_number = $1").bind(tracking).fetch_one(&pool).await.unwrap();
    pool.close().await;
    n
}

async fn stuck_purchases_and_unconfirmed_charges_are_counted_past_their_thresholds(db: Db) {
    let deadline = Duration::from_secs(3600);
    let app = spawn_app(Options { payment_deadline: deadline, ..Options::on(db) }).await;
    let store = coverline_store::Store::connect(&app.database_url).await.unwrap();

    // A purchase bought in full: its webhook's charge is the recorded payment.
    let (paid_member, booking) = ready_to_book(&app).await;
    let (s, booked) = app.call(Method::POST, &TestApp::user_path(&paid_member, "/policy"), Some(&paid_member.token), Some(booking)).await;
    assert_eq!(s, 200, "{booked}");
    let paid_policy = booked["policy"]["policyId"].as_str().unwrap().to_string();
    let (s, verified) = pay(&app, &paid_member, &paid_policy, "4242424242424242").await;
    assert_eq!(s, 200, "{verified}");
    let paid_tracking = verified["data"]["data"]["trackingNumber"].as_str().unwrap().to_string();
    assert_eq!(wait_for_policy_status(&app, &paid_member, &paid_policy, "fulfilled").await, "fulfilled");
    for _ in 0..100 {
        if webhook_events_of(&app, &paid_tracking).await > 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(webhook_events_of(&app, &paid_tracking).await, 1, "the gateway's webhook for the payment was recorded");

    // A purchase booked and never paid.
    let (member, booking) = ready_to_book(&app).await;
    let (s, booked) = app.call(Method::POST, &TestApp::user_path(&member, "/policy"), Some(&member.token), Some(booking)).await;
    assert_eq!(s, 200, "{booked}");
    let unpaid_policy = booked["policy"]["policyId"].as_str().unwrap().to_string();
    assert_eq!(wait_for_policy_status(&app, &member, &unpaid_policy, "booked").await, "booked");

    // Two charges the gateway reported that no payment holds: one refunded (on the purchase's
    // timeline, as the workflow writes it), one for a contract nobody knows.
    store.record_gateway_event("evt-refunded", "charge.approved", Some("trk-refunded")).await.unwrap().unwrap();
    store.record_policy_event(&unpaid_policy, "refund:trk-refunded", Some("a second charge"), "workflow").await.unwrap();
    store.record_gateway_event("evt-orphan", "charge.approved", Some("trk-orphan")).await.unwrap().unwrap();
    store.record_gateway_event("evt-refund-notice", "charge.refunded", Some("trk-other")).await.unwrap().unwrap();

    // Now: nothing is late yet, and Temporal answers.
    app.refresh_gauges().await;
    let metrics = app.metrics().await;
    for state in ["booking", "bookingFailed", "booked", "paid"] {
        assert_eq!(stuck(&metrics, state), 0, "{state}");
    }
    assert_eq!(sample(&metrics, "coverline_charges_unconfirmed"), 0, "charges younger than 10 minutes are the checkout's");
    assert_eq!(sample(&metrics, "coverline_temporal_up"), 1);

    // 20 minutes on: the orphan charge is late; the booked purchase is still within its deadline.
    app.clock.advance(20 * 60);
    app.refresh_gauges().await;
    let metrics = app.metrics().await;
    assert_eq!(sample(&metrics, "coverline_charges_unconfirmed"), 1, "only the charge neither paid nor refunded");
    assert_eq!(stuck(&metrics, "booked"), 0, "waiting for the member's payment is not stuck");

    // Past the payment deadline and its 15 minutes: the checkout should have voided it.
    app.clock.advance(deadline.as_secs() as i64);
    app.refresh_gauges().await;
    let metrics = app.metrics().await;
    assert_eq!(stuck(&metrics, "booked"), 1, "{metrics}");
    for state in ["booking", "bookingFailed", "paid"] {
        assert_eq!(stuck(&metrics, state), 0, "{state}: the fulfilled purchase is final");
    }

    // Refunded by hand and written on a timeline (as the webhook does for a charge after its
    // checkout closed): nothing unconfirmed any more.
    store.record_policy_event(&unpaid_policy, "refund:trk-orphan", Some("refunded at the gateway"), "support:ops").await.unwrap();
    app.refresh_gauges().await;
    assert_eq!(sample(&app.metrics().await, "coverline_charges_unconfirmed"), 0);
}

on_both_databases!(stuck_purchases_and_unconfirmed_charges_are_counted_past_their_thresholds);

/// `coverline_temporal_up`'s probe: the namespace described by the real server, or not.
#[tokio::test(flavor = "multi_thread")]
async fn the_temporal_probe_answers_for_a_namespace_the_server_has() {
    let address = std::env::var("TEMPORAL_ADDRESS").expect("TEMPORAL_ADDRESS (make test starts a Temporal dev server and sets it)");
    let client = coverline_api::temporal::connect(&address, "default", Duration::from_secs(30)).await.unwrap();
    assert!(coverline_api::http::gauges::temporal_answers(&client, "default").await);
    assert!(!coverline_api::http::gauges::temporal_answers(&client, "no-such-namespace").await);
}

async fn metrics_are_served_on_their_own_listener_only(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    assert!(app.metrics().await.contains("coverline_purchases_stuck{state=\"booked\"}"), "the metrics listener serves them");
    // The members' port (what the load balancer routes) has none: /metrics there is the web app's page.
    let res = app.http.get(format!("{}/metrics", app.url)).send().await.unwrap();
    let body = res.text().await.unwrap();
    assert!(!body.contains("coverline_"), "no metric on the members' port: {}", &body[..body.len().min(200)]);
    let (s, _) = app.call(Method::GET, "/metrics", None, None).await;
    assert_eq!(s, 404, "nor under /api");
}

on_both_databases!(metrics_are_served_on_their_own_listener_only);
