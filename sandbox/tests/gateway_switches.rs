//! The gateway's test switches on the merchant API: late answers, forced failures, dropped
//! connections, one operation at a time.

mod common;

use std::time::{Duration, Instant};

use common::*;
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

async fn set_switches(base: &str, behaviour: Value) -> Value {
    let (status, body) = post(&format!("{base}/_sandbox/gateway/behaviour"), Some(MERCHANT_KEY), &behaviour).await;
    assert_eq!(status, 200, "{body}");
    body["data"].clone()
}

async fn switches(base: &str) -> Value {
    let (status, body) = get(&format!("{base}/_sandbox/gateway/behaviour"), Some(MERCHANT_KEY)).await;
    assert_eq!(status, 200, "{body}");
    body["data"].clone()
}

fn refund_body(tracking: &str) -> Value {
    json!({ "trackingNumber": tracking, "reason": "second charge" })
}

/// Sends `request` on a fresh TCP connection and reads until the server closes it.
async fn raw_exchange(base: &str, request: &str) -> Vec<u8> {
    let mut stream = tokio::net::TcpStream::connect(base.trim_start_matches("http://")).await.unwrap();
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    tokio::time::timeout(Duration::from_secs(5), stream.read_to_end(&mut answer))
        .await
        .expect("the server closes the connection")
        .expect("a clean close, not a reset");
    answer
}

#[tokio::test]
async fn the_switches_want_the_merchant_key_and_sane_values() {
    let sandbox = start(config()).await;
    let url = format!("{}/_sandbox/gateway/behaviour", sandbox.base);
    assert_eq!(post(&url, None, &json!({ "dropNext": 1 })).await.0, 401);
    assert_eq!(post(&url, Some(PROVIDER_KEY), &json!({ "dropNext": 1 })).await.0, 401, "the provider's key is not the merchant's");
    assert_eq!(get(&url, None).await.0, 401);
    for wrong in [
        json!({ "failNextWith": 200 }),
        json!({ "failNextWith": 503, "failTimes": 0 }),
        json!({ "failTimes": 2 }),
        json!({ "only": "widget" }),
        json!({ "dropNext": -1 }),
        json!({ "failNextWit": 503 }),
    ] {
        let (status, body) = post(&url, Some(MERCHANT_KEY), &wrong).await;
        assert_eq!((status, body["status"].clone()), (422, json!(422)), "{wrong}: {body}");
    }
    assert_eq!(
        switches(&sandbox.base).await,
        json!({ "delayMs": 0, "failNextWith": null, "failTimes": null, "dropNext": 0, "only": null })
    );
    // The PUT the provider's tests do not use works too.
    let response = client().put(&url).bearer_auth(MERCHANT_KEY).json(&json!({ "delayMs": 5 })).send().await.unwrap();
    assert_eq!(response.status().as_u16(), 200);
    assert_eq!(switches(&sandbox.base).await["delayMs"], 5);
}

#[tokio::test]
async fn fail_next_with_answers_that_status_n_times_for_the_chosen_operation_only() {
    let sandbox = start(config()).await;
    let base = &sandbox.base;
    let (_, tracking) = paid(base, 20_000, "NAC-2026-000201").await;
    let set = set_switches(base, json!({ "failNextWith": 503, "failTimes": 2, "only": "refunds" })).await;
    assert_eq!(set["failTimes"], 2);

    // Other merchant calls are served and use nothing up.
    let (status, body) = get(&format!("{base}/v1/charges?applyFundsTo=NAC-2026-000201"), Some(MERCHANT_KEY)).await;
    assert_eq!(status, 200, "{body}");
    sign_answer(base, 1_000, "NAC-2026-000202").await;
    assert_eq!(switches(base).await["failTimes"], 2);

    for left in [1, 0] {
        let (status, body) = refund(base, Some("refund-a"), &refund_body(&tracking)).await;
        assert_eq!(status, 503);
        assert_eq!(body["status"], 503);
        assert_eq!(body["data"], Value::Null);
        assert!(body["error"]["error_message"].as_str().unwrap().contains("unavailable"), "{body}");
        if left > 0 {
            assert_eq!(switches(base).await["failTimes"], left);
        }
    }
    assert_eq!(switches(base).await, json!({ "delayMs": 0, "failNextWith": null, "failTimes": null, "dropNext": 0, "only": "refunds" }));
    let (status, body) = get(&format!("{base}/v1/charges?applyFundsTo=NAC-2026-000201"), Some(MERCHANT_KEY)).await;
    assert_eq!((status, body["data"][0]["refundedAmount"].clone()), (200, json!(0)), "a failed refund refunded nothing: {body}");

    let (status, body) = refund(base, Some("refund-a"), &refund_body(&tracking)).await;
    assert_eq!((status, body["data"]["amount"].clone()), (200, json!(20_000)), "{body}");

    // Without `only`, one failure (the default count) hits whatever merchant call comes next.
    set_switches(base, json!({ "failNextWith": 500 })).await;
    let (status, body) = get(&format!("{base}/v1/charges?applyFundsTo=NAC-2026-000201"), Some(MERCHANT_KEY)).await;
    assert_eq!((status, body["status"].clone()), (500, json!(500)));
    let (status, _) = get(&format!("{base}/v1/charges?applyFundsTo=NAC-2026-000201"), Some(MERCHANT_KEY)).await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn a_dropped_call_gets_no_answer_and_its_connection_is_closed() {
    let sandbox = start(config()).await;
    let base = &sandbox.base;
    let (_, tracking) = paid(base, 30_000, "NAC-2026-000203").await;
    set_switches(base, json!({ "dropNext": 2, "failNextWith": 502, "only": "refunds" })).await;

    // On the wire: the request is read, not a byte comes back, and the server closes the connection.
    let body = refund_body(&tracking).to_string();
    let host = base.trim_start_matches("http://");
    let request = format!(
        "POST /v1/refunds HTTP/1.1\r\nHost: {host}\r\nAuthorization: Bearer {MERCHANT_KEY}\r\nIdempotency-Key: refund-b\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    let answer = raw_exchange(base, &request).await;
    assert!(answer.is_empty(), "nothing is answered: {:?}", String::from_utf8_lossy(&answer));
    assert_eq!(switches(base).await["dropNext"], 1);

    // An HTTP client sees a failed request, no status.
    let error = client()
        .post(format!("{base}/v1/refunds"))
        .bearer_auth(MERCHANT_KEY)
        .header("Idempotency-Key", "refund-b")
        .json(&refund_body(&tracking))
        .send()
        .await
        .expect_err("no answer");
    assert!(error.status().is_none() && error.is_request(), "{error:?}");
    // The drops come first, then the failure, then the refunds are served; nothing was refunded before.
    let (status, _) = refund(base, Some("refund-b"), &refund_body(&tracking)).await;
    assert_eq!(status, 502);
    let (status, body) = get(&format!("{base}/v1/charges?applyFundsTo=NAC-2026-000203"), Some(MERCHANT_KEY)).await;
    assert_eq!((status, body["data"][0]["refundedAmount"].clone()), (200, json!(0)), "{body}");
    let (status, body) = refund(base, Some("refund-b"), &refund_body(&tracking)).await;
    assert_eq!((status, body["data"]["refundedAmount"].clone()), (200, json!(30_000)), "{body}");
    let (_, transactions) = get(&format!("{base}/_sandbox/gateway/transactions"), Some(MERCHANT_KEY)).await;
    assert_eq!(transactions[0]["refunds"].as_array().unwrap().len(), 1, "refunded once: {transactions}");
}

#[tokio::test]
async fn the_widget_and_its_charge_are_never_switched() {
    let sandbox = start(config()).await;
    let base = &sandbox.base;
    let signed = sign(base, 4_000, "NAC-2026-000204").await;
    set_switches(base, json!({ "dropNext": 5, "failNextWith": 503, "failTimes": 5 })).await;
    let (status, _) = post(&format!("{base}/v1/charge"), None, &card(&signed, "4242424242424242")).await;
    assert_eq!(status, 200, "the member's charge is not a merchant call");
    let script = client().get(format!("{base}/widget.js")).send().await.unwrap();
    assert_eq!(script.status().as_u16(), 200);
    assert_eq!(switches(base).await["dropNext"], 5, "nothing used up");
    // Turned off with an empty body.
    set_switches(base, json!({})).await;
    sign(base, 4_000, "NAC-2026-000205").await;
}

#[tokio::test]
async fn delay_answers_late_after_doing_the_work() {
    let sandbox = start(config()).await;
    let base = &sandbox.base;
    set_switches(base, json!({ "delayMs": 1_500, "only": "sign" })).await;
    let began = Instant::now();
    let answer = sign_answer(base, 2_500, "NAC-2026-000206").await;
    assert!(began.elapsed() >= Duration::from_millis(1_500), "answered after {:?}", began.elapsed());
    let request_id = answer["requestId"].as_str().unwrap();
    let began = Instant::now();
    let (status, body) = get(&format!("{base}/v1/requests/{request_id}"), Some(MERCHANT_KEY)).await;
    assert_eq!((status, body["data"]["state"].clone()), (200, json!("open")), "{body}");
    assert!(began.elapsed() < Duration::from_millis(1_500), "another operation is not delayed");
    assert_eq!(switches(base).await["delayMs"], 1_500, "a delay stays until turned off");
}
