//! The gateway unavailable, through the sandbox gateway's switches (`/_sandbox/gateway/behaviour`):
//! a payment request while the gateway fails or drops its connections, and the refund lane
//! retrying a refund the gateway fails until it is made, once.

use coverline_domain::product::labels;
use std::time::Duration;

use reqwest::Method;
use serde_json::{Value, json};

use crate::support::{Db, Member, Options, TestApp, charge, on_both_databases, ready_to_book, spawn_app, wait_for_policy_status};

const CARD: &str = "4242424242424242";
const MERCHANT_KEY: &str = "test-merchant-key";

/// Sets the sandbox gateway's switches; answers them as set.
async fn gateway(app: &TestApp, behaviour: Value) -> Value {
    let res = app
        .http
        .post(format!("{}/_sandbox/gateway/behaviour", app.sandbox_url))
        .bearer_auth(MERCHANT_KEY)
        .json(&behaviour)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);
    res.json::<Value>().await.unwrap()["data"].clone()
}

/// The sandbox gateway's switches as they are now.
async fn switches(app: &TestApp) -> Value {
    let res = app.http.get(format!("{}/_sandbox/gateway/behaviour", app.sandbox_url)).bearer_auth(MERCHANT_KEY).send().await.unwrap();
    res.json::<Value>().await.unwrap()["data"].clone()
}

async fn book(app: &TestApp, m: &Member, booking: &Value) -> String {
    let (s, b) = app.call(Method::POST, &TestApp::user_path(m, "/policy"), Some(&m.token), Some(booking.clone())).await;
    assert_eq!(s, 200, "{b}");
    b["policy"]["policyId"].as_str().unwrap().to_string()
}

async fn sign(app: &TestApp, m: &Member, policy_id: &str) -> (u16, Value) {
    app.call(Method::POST, &TestApp::user_path(m, "/signrequest"), Some(&m.token), Some(json!({ "policyId": policy_id }))).await
}

async fn transactions(app: &TestApp) -> Vec<Value> {
    let res = app.http.get(format!("{}/_sandbox/gateway/transactions", app.sandbox_url)).bearer_auth(MERCHANT_KEY).send().await.unwrap();
    res.json::<Value>().await.unwrap().as_array().unwrap().clone()
}

fn contract_of(charges: &[Value], contract: &str) -> Vec<Value> {
    charges.iter().filter(|c| c["applyFundsTo"] == contract).cloned().collect()
}

async fn contract_number(app: &TestApp, m: &Member, policy_id: &str) -> String {
    let (_, p) = app.call(Method::GET, &TestApp::user_path(m, &format!("/policy/{policy_id}")), Some(&m.token), None).await;
    p["policy"]["mmpContractNumber"].as_str().unwrap().to_string()
}

/// Polls `check` every 200 ms until it returns `Some`, for at most `within`.
async fn eventually<T, F: Future<Output = Option<T>>>(within: Duration, mut check: impl FnMut() -> F) -> Option<T> {
    let deadline = tokio::time::Instant::now() + within;
    loop {
        if let Some(found) = check().await {
            return Some(found);
        }
        if tokio::time::Instant::now() >= deadline {
            return None;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// The gateway down (every merchant call answered `down`) while the member asks for a payment
/// request: the documented `502 paymentFailed`, never a 500; once it is back, a new request
/// works and the purchase completes.
async fn payment_request_while_the_gateway_is_down(db: Db, down: Value) {
    let app = spawn_app(Options::on(db)).await;
    let (m, booking) = ready_to_book(&app).await;
    let policy_id = book(&app, &m, &booking).await;

    // A blip (one dropped connection, one 503) is absorbed by the activity's retries.
    gateway(&app, json!({ "dropNext": 1, "failNextWith": 503 })).await;
    let (s, first) = sign(&app, &m, &policy_id).await;
    assert_eq!(s, 200, "a blip is retried: {first}");
    let off = switches(&app).await;
    assert_eq!((off["dropNext"].clone(), off["failNextWith"].clone()), (json!(0), Value::Null), "both were used: {off}");

    // Down for longer than the request may take.
    gateway(&app, down.clone()).await;
    let (s, b) = sign(&app, &m, &policy_id).await;
    assert_eq!((s, b["error"]["code"].as_str()), (502, Some("paymentFailed")), "{down}: {b}");
    assert_eq!(b["error"]["message"], coverline_domain::product::messages::PAYMENT_PROBLEM, "{b}");

    // Back up: Retry Payment gets a request, the member pays, the contract is fulfilled.
    gateway(&app, json!({})).await;
    let (s, signed) = sign(&app, &m, &policy_id).await;
    assert_eq!(s, 200, "{signed}");
    let (s, charged) = charge(&app, signed["data"]["widgetUrl"].as_str().unwrap(), CARD).await;
    assert_eq!(s, 200, "{charged}");
    assert_eq!(wait_for_policy_status(&app, &m, &policy_id, "fulfilled").await, "fulfilled");
    let contract = contract_number(&app, &m, &policy_id).await;
    assert_eq!(contract_of(&transactions(&app).await, &contract).len(), 1, "one charge");
}

async fn a_payment_request_while_the_gateway_answers_503_is_the_payment_problem_then_works(db: Db) {
    payment_request_while_the_gateway_is_down(db, json!({ "failNextWith": 503, "failTimes": 1000 })).await;
}

on_both_databases!(a_payment_request_while_the_gateway_answers_503_is_the_payment_problem_then_works);

async fn a_payment_request_while_the_gateway_drops_connections_is_the_payment_problem_then_works(db: Db) {
    payment_request_while_the_gateway_is_down(db, json!({ "dropNext": 1000 })).await;
}

on_both_databases!(a_payment_request_while_the_gateway_drops_connections_is_the_payment_problem_then_works);

/// A second charge whose refund the gateway drops once and fails twice is refunded in the end,
/// exactly once, and written once on the purchase's timeline.
async fn a_refund_the_gateway_fails_is_retried_until_made_once(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let (m, booking) = ready_to_book(&app).await;
    let policy_id = book(&app, &m, &booking).await;
    let (s, verified) = crate::support::pay(&app, &m, &policy_id, CARD).await;
    assert_eq!(s, 200, "{verified}");
    let contract = contract_number(&app, &m, &policy_id).await;
    let paid = contract_of(&transactions(&app).await, &contract)[0].clone();

    // Only the refunds fail: the webhook's look-up of the second charge is served.
    gateway(&app, json!({ "dropNext": 1, "failNextWith": 503, "failTimes": 2, "only": "refunds" })).await;
    let sign_body = json!({ "experience": "NAO_CC_ONLY",
        "user": { "firstName": "Jane", "lastName": "Doe", "emailAddress": m.email, "address": "100 Main St", "city": "Denver", "state": "CO", "zipCode": "80202" },
        "paymentInformation": [{ "amount": paid["amount"], "applyFundsTo": contract, "type": labels::DEFAULT_PRODUCT_NAME }],
        "PaymentAccountId": paid["paymentAccountId"] });
    let signed: Value = app
        .http
        .post(format!("{}/v1/sign", app.sandbox_url))
        .bearer_auth(MERCHANT_KEY)
        .json(&sign_body)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let widget = format!("{}/widget?request={}", app.sandbox_url, signed["data"]["signedRequest"].as_str().unwrap());
    let (s, _) = charge(&app, &widget, CARD).await;
    assert_eq!(s, 200);

    let second = eventually(Duration::from_secs(90), || async {
        let ours = contract_of(&transactions(&app).await, &contract);
        ours.into_iter().find(|c| c["trackingNumber"] != paid["trackingNumber"] && !c["refunds"].as_array().unwrap().is_empty())
    })
    .await
    .expect("the second charge is refunded in the end");
    let left = switches(&app).await;
    assert_eq!(
        (left["dropNext"].clone(), left["failNextWith"].clone()),
        (json!(0), Value::Null),
        "the refund went through the drop and both 503s: {left}"
    );

    let refunds = second["refunds"].as_array().unwrap();
    assert_eq!(refunds.len(), 1, "refunded once: {second}");
    assert_eq!(refunds[0]["amount"], second["amount"], "in full: {second}");
    let kept =
        contract_of(&transactions(&app).await, &contract).into_iter().find(|c| c["trackingNumber"] == paid["trackingNumber"]).unwrap();
    assert!(kept["refunds"].as_array().unwrap().is_empty(), "the payment stays: {kept}");

    // Coverline's read model: the payment is the first charge, the refund is on the timeline once.
    let store = coverline_store::Store::connect(&app.database_url).await.unwrap();
    assert_eq!(store.payment_for_policy(&policy_id).await.unwrap().unwrap().payment_id, paid["trackingNumber"].as_str().unwrap());
    let kind = format!("refund:{}", second["trackingNumber"].as_str().unwrap());
    let written = eventually(Duration::from_secs(30), || async {
        let timeline = store.policy_events(&policy_id).await.unwrap();
        let n = timeline.iter().filter(|e| e.kind == kind).count();
        (n > 0).then_some(n)
    })
    .await
    .expect("the refund is written on the timeline");
    assert_eq!(written, 1);
    let mails = app.mail.wait_for(&m.email, 4).await;
    assert_eq!(mails.iter().filter(|x| x.data.contains("Subject: A refund from")).count(), 1, "the member is told once");
    assert_eq!(wait_for_policy_status(&app, &m, &policy_id, "fulfilled").await, "fulfilled");
    assert_eq!(store.count_payments().await.unwrap(), 1);
}

on_both_databases!(a_refund_the_gateway_fails_is_retried_until_made_once);
