//! What the merchant asks the gateway server to server: a request's status, a contract's
//! charges, and refunds.

mod common;

use std::time::Duration;

use common::*;
use serde_json::{Value, json};

fn now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs() as i64
}

async fn status(base: &str, request_id: &str) -> Value {
    let (status, body) = get(&format!("{base}/v1/requests/{request_id}"), Some(MERCHANT_KEY)).await;
    assert_eq!(status, 200, "{body}");
    body["data"].clone()
}

#[tokio::test]
async fn request_status_goes_from_open_to_charged() {
    let sandbox = start(config()).await;
    let base = &sandbox.base;
    let signed = sign_answer(base, 12_300, "NAC-2026-000101").await;
    let request_id = signed["requestId"].as_str().unwrap();
    assert!(request_id.starts_with("req_") && request_id.len() == 36, "{request_id}");
    let expires_at = signed["expiresAt"].as_i64().unwrap();
    assert!((expires_at - (now() + 15 * 60)).abs() <= 2, "expiresAt {expires_at}");

    let open = status(base, request_id).await;
    assert_eq!(
        open,
        json!({
            "requestId": request_id, "state": "open", "expiresAt": expires_at, "amount": 12_300,
            "applyFundsTo": "NAC-2026-000101", "paymentAccountId": "inst-001"
        })
    );

    let tracking = charge(base, signed["signedRequest"].as_str().unwrap()).await;
    let charged = status(base, request_id).await;
    assert_eq!(charged["state"], "charged");
    assert_eq!(charged["trackingNumber"], tracking);
    assert!((charged["paidAt"].as_i64().unwrap() - now()).abs() <= 2);

    let url = format!("{base}/v1/requests/{request_id}");
    let (code, body) = get(&url, None).await;
    assert_eq!((code, body["status"].clone(), body["data"].clone()), (401, json!(401), Value::Null));
    let (code, body) = get(&format!("{base}/v1/requests/req_0123456789abcdef0123456789abcdef"), Some(MERCHANT_KEY)).await;
    assert_eq!(code, 404);
    assert_eq!(body, json!({ "status": 404, "data": null, "error": { "error_message": "This payment request is not known." } }));
}

#[tokio::test]
async fn a_request_never_charged_expires_for_good() {
    let mut short = config();
    short.request_ttl = Duration::ZERO;
    short.processor_timeout = Duration::from_millis(50);
    let sandbox = start(short).await;
    let base = &sandbox.base;
    let signed = sign_answer(base, 5_000, "NAC-2026-000102").await;
    let request_id = signed["requestId"].as_str().unwrap().to_string();

    let expired = eventually(Duration::from_secs(3), || async {
        let data = status(base, &request_id).await;
        (data["state"] == "expired").then_some(data)
    })
    .await
    .expect("the request expires once its expiry and the processor timeout have passed");
    assert_eq!(expired.get("trackingNumber"), None);
    assert_eq!(expired.get("paidAt"), None);

    let (code, body) = post(&format!("{base}/v1/charge"), None, &card(signed["signedRequest"].as_str().unwrap(), "4242424242424242")).await;
    assert_eq!(code, 400);
    assert_eq!(body["error"]["error_message"], "This payment request has expired.");
    assert_eq!(status(base, &request_id).await["state"], "expired");
}

#[tokio::test]
async fn charges_by_contract_oldest_first() {
    let sandbox = start(config()).await;
    let base = &sandbox.base;
    let (first_request, first) = paid(base, 1_000, "NAC-2026-000103").await;
    let (_, other) = paid(base, 2_000, "NAC-2026-000104").await;
    let (second_request, second) = paid(base, 3_000, "NAC-2026-000103").await;

    let (code, body) = get(&format!("{base}/v1/charges?applyFundsTo=NAC-2026-000103"), Some(MERCHANT_KEY)).await;
    assert_eq!(code, 200, "{body}");
    let charges = body["data"].as_array().unwrap();
    assert_eq!(charges.len(), 2);
    assert_eq!(charges[0]["trackingNumber"], first);
    assert_eq!(charges[0]["requestId"], first_request);
    assert_eq!(charges[0]["amount"], 1_000);
    assert_eq!(charges[0]["applyFundsTo"], "NAC-2026-000103");
    assert_eq!(charges[0]["paymentAccountId"], "inst-001");
    assert_eq!(charges[0]["cardLast4"], "4242");
    assert_eq!(charges[0]["refundedAmount"], 0);
    assert!(charges[0]["paidAt"].as_i64().unwrap() > 1_700_000_000);
    assert_eq!((charges[1]["trackingNumber"].clone(), charges[1]["requestId"].clone()), (json!(second), json!(second_request)));
    assert!(!body.to_string().contains(&other));

    let (code, body) = get(&format!("{base}/v1/charges?applyFundsTo=NAC-NONE"), Some(MERCHANT_KEY)).await;
    assert_eq!((code, body["data"].clone()), (200, json!([])));
    let (code, body) = get(&format!("{base}/v1/charges"), Some(MERCHANT_KEY)).await;
    assert_eq!((code, body["status"].clone()), (400, json!(400)));
    let (code, _) = get(&format!("{base}/v1/charges?applyFundsTo=NAC-2026-000103"), None).await;
    assert_eq!(code, 401);
}

#[tokio::test]
async fn refunds_partial_full_and_refused() {
    let sandbox = start(config()).await;
    let base = &sandbox.base;
    let (_, tracking) = paid(base, 10_000, "NAC-2026-000105").await;
    let (_, other) = paid(base, 4_000, "NAC-2026-000106").await;

    let partial = json!({ "trackingNumber": tracking, "amount": 3_000, "reason": "cancelled within 30 days" });
    let (code, body) = refund(base, None, &partial).await;
    assert_eq!((code, body["status"].clone()), (400, json!(400)), "{body}");
    assert_eq!(body["error"]["error_message"], "The Idempotency-Key header is required.");
    let (code, _) = post(&format!("{base}/v1/refunds"), None, &partial).await;
    assert_eq!(code, 401);

    let (code, first) = refund(base, Some("refund-1"), &partial).await;
    assert_eq!(code, 200, "{first}");
    let data = &first["data"];
    assert!(data["refundId"].as_str().unwrap().starts_with("re_"));
    assert_eq!(
        (data["trackingNumber"].clone(), data["amount"].clone(), data["refundedAmount"].clone()),
        (json!(tracking), json!(3_000), json!(3_000))
    );
    assert!((data["refundedAt"].as_i64().unwrap() - now()).abs() <= 2);

    let (code, replay) = refund(base, Some("refund-1"), &partial).await;
    assert_eq!((code, &replay), (200, &first), "the same key answers the same refund");
    let (code, body) = refund(base, Some("refund-1"), &json!({ "trackingNumber": other, "amount": 3_000, "reason": "x" })).await;
    assert_eq!((code, body["status"].clone()), (409, json!(409)), "{body}");

    let exceeds = "The refund exceeds what remains of the charge.";
    for (key, amount) in [("refund-over", 7_001), ("refund-zero", 0), ("refund-negative", -5)] {
        let (code, body) = refund(base, Some(key), &json!({ "trackingNumber": tracking, "amount": amount, "reason": "x" })).await;
        assert_eq!(code, 400, "{amount}: {body}");
        assert_eq!(body["error"]["error_message"], exceeds);
    }
    let (code, body) = refund(base, Some("refund-unknown"), &json!({ "trackingNumber": "PAY-NOSUCHCHARGE", "reason": "x" })).await;
    assert_eq!((code, body["status"].clone()), (404, json!(404)), "{body}");

    let (code, rest) = refund(base, Some("refund-2"), &json!({ "trackingNumber": tracking, "reason": "cancelled" })).await;
    assert_eq!(code, 200, "{rest}");
    assert_eq!((rest["data"]["amount"].clone(), rest["data"]["refundedAmount"].clone()), (json!(7_000), json!(10_000)));
    let (code, body) = refund(base, Some("refund-3"), &json!({ "trackingNumber": tracking, "reason": "again" })).await;
    assert_eq!((code, body["error"]["error_message"].clone()), (400, json!(exceeds)));

    let (_, charges) = get(&format!("{base}/v1/charges?applyFundsTo=NAC-2026-000105"), Some(MERCHANT_KEY)).await;
    assert_eq!(charges["data"][0]["refundedAmount"], 10_000);
    let (_, transactions) = get(&format!("{base}/_sandbox/gateway/transactions"), Some(MERCHANT_KEY)).await;
    let refunded = transactions.as_array().unwrap().iter().find(|t| t["trackingNumber"] == tracking).unwrap();
    let refunds = refunded["refunds"].as_array().unwrap();
    assert_eq!(refunds.len(), 2);
    assert_eq!((refunds[0]["amount"].clone(), refunds[0]["reason"].clone()), (json!(3_000), json!("cancelled within 30 days")));
}

#[tokio::test]
async fn refunds_survive_a_restart() {
    let state = TempState::new("refunds");
    let mut persistent = config();
    persistent.state_file = Some(state.0.clone());
    let body = |tracking: &str| json!({ "trackingNumber": tracking, "amount": 2_500, "reason": "goodwill" });

    let (tracking, first) = {
        let sandbox = start(persistent.clone()).await;
        let (_, tracking) = paid(&sandbox.base, 5_000, "NAC-2026-000107").await;
        let (code, first) = refund(&sandbox.base, Some("refund-restart"), &body(&tracking)).await;
        assert_eq!(code, 200, "{first}");
        (tracking, first)
    };

    let sandbox = start(persistent).await;
    let base = &sandbox.base;
    let (code, replay) = refund(base, Some("refund-restart"), &body(&tracking)).await;
    assert_eq!((code, &replay), (200, &first));
    let (_, charges) = get(&format!("{base}/v1/charges?applyFundsTo=NAC-2026-000107"), Some(MERCHANT_KEY)).await;
    assert_eq!(charges["data"][0]["refundedAmount"], 2_500);
    let (code, body) = refund(base, Some("refund-restart-2"), &json!({ "trackingNumber": tracking, "amount": 2_501, "reason": "x" })).await;
    assert_eq!(code, 400, "{body}");
}
