//! The provider's contract exchange over real HTTP, as Coverline's booking client uses it.

mod common;

use std::time::Duration;

use common::*;
use serde_json::{Value, json};

fn contract_request(quote: &str) -> Value {
    json!({
        "provider": "NAC", "dealerId": "DLR-1", "quoteId": quote, "rateId": "RATE-1",
        "coverageName": "Platinum", "coverageMonths": 36, "coverageMiles": 36000,
        "deductibleCents": 10000, "priceCents": 189900, "vin": "1HGCM82633A004352", "odometer": 42000,
        "customerFirstName": "Ada", "customerLastName": "Lovelace", "customerState": "GA"
    })
}

async fn book(base: &str, key: Option<&str>, body: &Value) -> (u16, Value) {
    let mut request = client().post(format!("{base}/v1/contracts")).bearer_auth(PROVIDER_KEY).json(body);
    if let Some(key) = key {
        request = request.header("Idempotency-Key", key);
    }
    let response = request.send().await.unwrap();
    (response.status().as_u16(), response.json().await.unwrap())
}

async fn contracts(base: &str) -> Vec<Value> {
    let response = client().get(format!("{base}/_sandbox/provider/contracts")).bearer_auth(PROVIDER_KEY).send().await.unwrap();
    assert_eq!(response.status().as_u16(), 200);
    response.json().await.unwrap()
}

fn year() -> i32 {
    time::OffsetDateTime::now_utc().year()
}

#[tokio::test]
async fn booking_is_idempotent() {
    let sandbox = start(config()).await;
    let base = &sandbox.base;
    let y = year();

    let (status, first) = book(base, Some("wf-1"), &contract_request("Q1")).await;
    assert_eq!(status, 201, "{first}");
    assert_eq!(first, json!({ "contractNumber": format!("NAC-{y}-000001"), "status": "booked" }));

    let (status, again) = book(base, Some("wf-1"), &contract_request("Q1")).await;
    assert_eq!(status, 200);
    assert_eq!(again, first);

    let (status, other) = book(base, Some("wf-2"), &contract_request("Q2")).await;
    assert_eq!(status, 201);
    assert_eq!(other["contractNumber"], format!("NAC-{y}-000002"), "the sequence moved once per new key");

    let listed = contracts(base).await;
    assert_eq!(listed.len(), 2);
    assert_eq!(listed[0]["idempotencyKey"], "wf-1");
    assert_eq!(listed[0]["contractNumber"], format!("NAC-{y}-000001"));
    assert_eq!(listed[0]["status"], "booked");

    let (status, body) = book(base, Some("wf-1"), &contract_request("Q-different")).await;
    assert_eq!(status, 422);
    assert_eq!(body, json!({ "error": "Idempotency-Key reused with a different request" }));
    assert_eq!(contracts(base).await.len(), 2);
}

#[tokio::test]
async fn booking_refusals() {
    let sandbox = start(config()).await;
    let base = &sandbox.base;

    let response =
        client().post(format!("{base}/v1/contracts")).header("Idempotency-Key", "k").json(&contract_request("Q")).send().await.unwrap();
    assert_eq!(response.status().as_u16(), 401);
    let response = client()
        .post(format!("{base}/v1/contracts"))
        .bearer_auth("wrong")
        .header("Idempotency-Key", "k")
        .json(&contract_request("Q"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 401);

    let (status, body) = book(base, None, &contract_request("Q")).await;
    assert_eq!(status, 400);
    assert!(body["error"].as_str().unwrap().contains("Idempotency-Key"));

    for (field, value) in [
        ("vin", json!("1HGCM82633A00435")),
        ("quoteId", json!("")),
        ("dealerId", json!("")),
        ("rateId", json!("")),
        ("provider", json!("")),
        ("coverageMonths", json!(0)),
        ("coverageMiles", json!(0)),
        ("priceCents", json!(0)),
    ] {
        let mut request = contract_request("Q");
        request[field] = value;
        let (status, body) = book(base, Some(&format!("bad-{field}")), &request).await;
        assert_eq!(status, 422, "{field}");
        assert!(body["error"].is_string());
    }
    let (status, _) = book(base, Some("bad-shape"), &json!({ "provider": "NAC" })).await;
    assert_eq!(status, 422);
    assert!(contracts(base).await.is_empty());
}

#[tokio::test]
async fn voiding() {
    let sandbox = start(config()).await;
    let base = &sandbox.base;
    let (_, booked) = book(base, Some("wf-void"), &contract_request("Q1")).await;
    let number = booked["contractNumber"].as_str().unwrap();

    for _ in 0..2 {
        let response = client().post(format!("{base}/v1/contracts/{number}/void")).bearer_auth(PROVIDER_KEY).send().await.unwrap();
        assert_eq!(response.status().as_u16(), 200);
        assert_eq!(response.json::<Value>().await.unwrap(), json!({ "contractNumber": number, "status": "voided" }));
    }
    assert_eq!(contracts(base).await[0]["status"], "voided");

    let response = client().post(format!("{base}/v1/contracts/NAC-1999-999999/void")).bearer_auth(PROVIDER_KEY).send().await.unwrap();
    assert_eq!(response.status().as_u16(), 404);
    let response = client().post(format!("{base}/v1/contracts/{number}/void")).send().await.unwrap();
    assert_eq!(response.status().as_u16(), 401);
}

async fn set_behaviour(base: &str, behaviour: Value) {
    let response =
        client().post(format!("{base}/_sandbox/provider/behaviour")).bearer_auth(PROVIDER_KEY).json(&behaviour).send().await.unwrap();
    assert_eq!(response.status().as_u16(), 200);
}

#[tokio::test]
async fn behaviour_switches() {
    let sandbox = start(config()).await;
    let base = &sandbox.base;

    // Fail the next booking only, without booking.
    set_behaviour(base, json!({ "delayMs": 0, "failNextWith": 503 })).await;
    let (status, _) = book(base, Some("wf-b"), &contract_request("Q1")).await;
    assert_eq!(status, 503);
    assert!(contracts(base).await.is_empty());
    let (status, booked) = book(base, Some("wf-b"), &contract_request("Q1")).await;
    assert_eq!(status, 201);

    // A slow provider: the booking is made but the answer comes too late for the caller.
    set_behaviour(base, json!({ "delayMs": 600 })).await;
    let slow = reqwest::Client::builder().timeout(Duration::from_millis(150)).build().unwrap();
    let attempt = slow
        .post(format!("{base}/v1/contracts"))
        .bearer_auth(PROVIDER_KEY)
        .header("Idempotency-Key", "wf-slow")
        .json(&contract_request("Q2"))
        .send()
        .await;
    assert!(attempt.unwrap_err().is_timeout());
    set_behaviour(base, json!({ "delayMs": 0 })).await;
    let (status, retried) = book(base, Some("wf-slow"), &contract_request("Q2")).await;
    assert_eq!(status, 200, "the retry finds the contract the late answer was about");
    assert_ne!(retried["contractNumber"], booked["contractNumber"]);
    assert_eq!(contracts(base).await.len(), 2);

    let response = client()
        .post(format!("{base}/_sandbox/provider/behaviour"))
        .bearer_auth(PROVIDER_KEY)
        .json(&json!({ "failNextWith": 200 }))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 422);
    let response = client().post(format!("{base}/_sandbox/provider/behaviour")).json(&json!({ "delayMs": 1 })).send().await.unwrap();
    assert_eq!(response.status().as_u16(), 401);
}

#[tokio::test]
async fn contracts_survive_a_restart() {
    let state = TempState::new("provider");
    let mut persistent = config();
    persistent.state_file = Some(state.0.clone());
    let y = year();

    let first = {
        let sandbox = start(persistent.clone()).await;
        let (status, first) = book(&sandbox.base, Some("wf-r"), &contract_request("Q1")).await;
        assert_eq!(status, 201);
        first
    };

    let sandbox = start(persistent.clone()).await;
    let (status, again) = book(&sandbox.base, Some("wf-r"), &contract_request("Q1")).await;
    assert_eq!(status, 200);
    assert_eq!(again, first);
    let (status, second) = book(&sandbox.base, Some("wf-r2"), &contract_request("Q2")).await;
    assert_eq!(status, 201);
    assert_eq!(second["contractNumber"], format!("NAC-{y}-000002"));

    // A router built straight from the same file sees the same state.
    assert!(coverline_sandbox::router(persistent).is_ok());

    std::fs::write(&state.0, b"not json").unwrap();
    let mut broken = config();
    broken.state_file = Some(state.0.clone());
    assert!(coverline_sandbox::router(broken).is_err(), "a corrupt state file is an error, not a silent reset");
}
