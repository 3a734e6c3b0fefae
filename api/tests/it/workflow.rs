//! The checkout workflow's booking and compensation paths, each on its own ephemeral Temporal dev
//! server (the installed CLI, `EphemeralExe::ExistingPath`), with the provider's behaviour
//! switched at the sandbox: a rejected booking and its retry, a provider that does not answer
//! within the booking timeout, a transient failure retried by Temporal, and an unpaid contract
//! voided at the payment deadline. Each leaves exactly one contract at the provider.

use coverline_domain::product::messages;
use std::time::{Duration, Instant};

use crate::support::{self, Db, Options, TestApp, on_both_databases, ready_to_book, spawn_app};
use reqwest::Method;
use serde_json::{Value, json};
use temporalio_sdk::testing::{EphemeralExe, LocalWorkflowEnvironmentOptions, WorkflowEnvironment};

const FAILED: &str = messages::BOOKING_FAILED;

async fn temporal() -> (WorkflowEnvironment<temporalio_sdk::testing::LocalServer>, String) {
    let cli = std::env::var("COVERLINE_TEMPORAL_CLI").unwrap_or_else(|_| format!("{}/../.venv/bin/temporal", env!("CARGO_MANIFEST_DIR")));
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let env = WorkflowEnvironment::start_local(
        LocalWorkflowEnvironmentOptions::builder().server_executable(EphemeralExe::ExistingPath(cli)).port(port).build(),
    )
    .await
    .expect("ephemeral Temporal dev server from the installed CLI");
    (env, format!("127.0.0.1:{port}"))
}

async fn app(db: Db, temporal: &str, booking_timeout: Duration, payment_deadline: Duration) -> TestApp {
    spawn_app(Options { temporal: Some(temporal.into()), booking_timeout, payment_deadline, ..Options::on(db) }).await
}

async fn provider(app: &TestApp, behaviour: Value) {
    let res = app
        .http
        .post(format!("{}/_sandbox/provider/behaviour", app.sandbox_url))
        .bearer_auth("test-provider-key")
        .json(&behaviour)
        .send()
        .await
        .unwrap();
    assert!(res.status().is_success(), "{}", res.text().await.unwrap());
}

/// The member's only policy.
async fn contracts_policy(app: &TestApp, m: &support::Member) -> String {
    let (_, list) = app.call(Method::GET, &TestApp::user_path(m, "/policy"), Some(&m.token), None).await;
    list["policies"][0]["policyId"].as_str().expect("a policy").to_string()
}

async fn contracts(app: &TestApp) -> Vec<Value> {
    let res =
        app.http.get(format!("{}/_sandbox/provider/contracts", app.sandbox_url)).bearer_auth("test-provider-key").send().await.unwrap();
    res.json::<Value>().await.unwrap().as_array().unwrap().clone()
}

async fn a_rejected_booking_is_retried_by_the_member_into_one_contract(db: Db) {
    let (env, address) = temporal().await;
    let app = app(db, &address, Duration::from_secs(20), Duration::from_secs(3600)).await;
    let (m, booking) = ready_to_book(&app).await;

    provider(&app, json!({ "failNextWith": 422 })).await;
    let (s, body) = app.call(Method::POST, &TestApp::user_path(&m, "/policy"), Some(&m.token), Some(booking.clone())).await;
    assert_eq!((s, body["error"]["code"].as_str(), body["error"]["message"].as_str()), (502, Some("bookingFailed"), Some(FAILED)));
    assert!(contracts(&app).await.is_empty());

    // 'Retry Booking': the same request goes to the same workflow.
    let (s, body) = app.call(Method::POST, &TestApp::user_path(&m, "/policy"), Some(&m.token), Some(booking.clone())).await;
    assert_eq!(s, 200, "{body}");
    assert_eq!(body["policy"]["status"], "booked");
    assert_eq!(contracts(&app).await.len(), 1);
    let policy_id = body["policy"]["policyId"].as_str().unwrap();
    let (s, verified) = support::pay(&app, &m, policy_id, "4242424242424242").await;
    assert_eq!(s, 200, "{verified}");
    assert_eq!(support::wait_for_policy_status(&app, &m, policy_id, "fulfilled").await, "fulfilled");
    support::record_history(&app, &m, "booking-retried").await;
    drop(app);
    env.shutdown().await.unwrap();
}

on_both_databases!(a_rejected_booking_is_retried_by_the_member_into_one_contract);

async fn a_transient_provider_failure_is_retried_by_temporal(db: Db) {
    let (env, address) = temporal().await;
    let app = app(db, &address, Duration::from_secs(20), Duration::from_secs(3600)).await;
    let (m, booking) = ready_to_book(&app).await;
    provider(&app, json!({ "failNextWith": 503 })).await;
    let (s, body) = app.call(Method::POST, &TestApp::user_path(&m, "/policy"), Some(&m.token), Some(booking)).await;
    assert_eq!(s, 200, "a 503 is retried inside the booking timeout: {body}");
    assert_eq!(contracts(&app).await.len(), 1);
    drop(app);
    env.shutdown().await.unwrap();
}

on_both_databases!(a_transient_provider_failure_is_retried_by_temporal);

async fn a_provider_that_does_not_answer_in_time_gets_the_no_response_text(db: Db) {
    let (env, address) = temporal().await;
    // The spec's 120 s, shortened by configuration.
    let app = app(db, &address, Duration::from_secs(6), Duration::from_secs(3600)).await;
    let (m, booking) = ready_to_book(&app).await;
    provider(&app, json!({ "delayMs": 9000 })).await;
    let started = Instant::now();
    let (s, body) = app.call(Method::POST, &TestApp::user_path(&m, "/policy"), Some(&m.token), Some(booking.clone())).await;
    assert_eq!((s, body["error"]["code"].as_str()), (504, Some("bookingNoResponse")), "{body}");
    assert_eq!(body["error"]["message"].as_str().unwrap(), format!("{FAILED} {}", messages::NOT_CHARGED));
    assert!(started.elapsed() >= Duration::from_secs(6), "it waited for the booking timeout");

    // The late attempts still reach the provider after the workflow gave up on them. The member
    // must not be told "booked" (nor be able to pay) until the workflow accepts a booking.
    let policy_id = contracts_policy(&app, &m).await;
    // The first late answer arrives (9 s after its attempt began) and its activity notes the
    // contract number, for voiding: that late answer has been handled when the status is read.
    let store = coverline_store::Store::connect(&app.database_url).await.unwrap();
    let deadline = Instant::now() + Duration::from_secs(30);
    while store.policy(&policy_id).await.unwrap().unwrap().contract_number.is_none() {
        assert!(Instant::now() < deadline, "the provider's late answer never reached the booking activity");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    support::wait_for_history(&app.temporal, &m.user_id, "the checkout at rest", support::at_rest).await;
    let (_, p) = app.call(Method::GET, &TestApp::user_path(&m, &format!("/policy/{policy_id}")), Some(&m.token), None).await;
    assert_eq!(p["policy"]["status"], "bookingFailed", "{p}");
    let (s, b) =
        app.call(Method::POST, &TestApp::user_path(&m, "/signrequest"), Some(&m.token), Some(json!({ "policyId": policy_id }))).await;
    assert_eq!(s, 409, "no payment before the workflow accepted a booking: {b}");

    // The provider recovers; the member retries; the late booking and the retry are one contract.
    provider(&app, json!({ "delayMs": 0 })).await;
    let (s, body) = app.call(Method::POST, &TestApp::user_path(&m, "/policy"), Some(&m.token), Some(booking)).await;
    assert_eq!(s, 200, "{body}");
    let all = contracts(&app).await;
    assert_eq!(all.len(), 1, "{all:?}");
    assert_eq!(all[0]["contractNumber"], body["policy"]["mmpContractNumber"]);
    drop(app);
    env.shutdown().await.unwrap();
}

on_both_databases!(a_provider_that_does_not_answer_in_time_gets_the_no_response_text);

async fn an_unpaid_contract_is_voided_at_the_payment_deadline(db: Db) {
    let (env, address) = temporal().await;
    let app = app(db, &address, Duration::from_secs(20), Duration::from_secs(4)).await;
    let (m, booking) = ready_to_book(&app).await;
    let (s, body) = app.call(Method::POST, &TestApp::user_path(&m, "/policy"), Some(&m.token), Some(booking)).await;
    assert_eq!(s, 200, "{body}");
    let policy_id = body["policy"]["policyId"].as_str().unwrap().to_string();
    let mut status = String::new();
    for _ in 0..150 {
        let (_, p) = app.call(Method::GET, &TestApp::user_path(&m, &format!("/policy/{policy_id}")), Some(&m.token), None).await;
        status = p["policy"]["status"].as_str().unwrap_or_default().to_string();
        if status == "voided" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(status, "voided");
    let all = contracts(&app).await;
    assert_eq!((all.len(), all[0]["status"].as_str()), (1, Some("voided")), "compensated at the provider");
    support::record_history(&app, &m, "voided-unpaid").await;
    drop(app);
    env.shutdown().await.unwrap();
}

on_both_databases!(an_unpaid_contract_is_voided_at_the_payment_deadline);
