//! The charge confirmed server to server: the gateway's signed webhook, the workflow's own
//! look-ups (while a request may be charged, and before voiding), one chargeable request at a
//! time, and refunds of any charge that is not the contract's payment.

use coverline_domain::product::labels;
use std::time::Duration;

use hmac::{Hmac, Mac};
use reqwest::Method;
use serde_json::{Value, json};
use sha2::Sha256;

use crate::support::{
    self, Db, Member, Options, TestApp, WEBHOOK_SECRET, charge, on_both_databases, ready_to_book, ready_to_book_at, record_history,
    spawn_app, wait_for_checkout_close, wait_for_policy_status,
};

const CARD: &str = "4242424242424242";

/// Books `m`'s quote; returns the policy id.
async fn book(app: &TestApp, m: &Member, booking: &Value) -> String {
    let (s, b) = app.call(Method::POST, &TestApp::user_path(m, "/policy"), Some(&m.token), Some(booking.clone())).await;
    assert_eq!(s, 200, "{b}");
    b["policy"]["policyId"].as_str().unwrap().to_string()
}

/// The payment page's sign request: (status, body).
/// Books, signs a payment request and charges the test card in the widget's place (the page
/// reports nothing); returns the policy id.
async fn booked_and_charged(app: &TestApp, m: &Member, booking: &Value) -> String {
    let policy_id = book(app, m, booking).await;
    let (_, signed) = sign(app, m, &policy_id).await;
    let (s, _) = charge(app, signed["data"]["widgetUrl"].as_str().unwrap(), CARD).await;
    assert_eq!(s, 200);
    policy_id
}

async fn sign(app: &TestApp, m: &Member, policy_id: &str) -> (u16, Value) {
    app.call(Method::POST, &TestApp::user_path(m, "/signrequest"), Some(&m.token), Some(json!({ "policyId": policy_id }))).await
}

/// The gateway's record of every approved charge (with refunds).
async fn transactions(app: &TestApp) -> Vec<Value> {
    let res =
        app.http.get(format!("{}/_sandbox/gateway/transactions", app.sandbox_url)).bearer_auth("test-merchant-key").send().await.unwrap();
    res.json::<Value>().await.unwrap().as_array().unwrap().clone()
}

fn contract_of(charges: &[Value], contract: &str) -> Vec<Value> {
    charges.iter().filter(|c| c["applyFundsTo"] == contract).cloned().collect()
}

fn refunded(charge: &Value) -> i64 {
    charge["refunds"].as_array().map_or(0, |r| r.iter().map(|x| x["amount"].as_i64().unwrap()).sum())
}

async fn contract_number(app: &TestApp, m: &Member, policy_id: &str) -> String {
    let (_, p) = app.call(Method::GET, &TestApp::user_path(m, &format!("/policy/{policy_id}")), Some(&m.token), None).await;
    p["policy"]["mmpContractNumber"].as_str().unwrap().to_string()
}

/// Posts a webhook body signed at `t` with `secret`.
async fn post_webhook(app: &TestApp, body: &str, t: i64, secret: &str) -> (u16, Value) {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).unwrap();
    mac.update(format!("{t}.{body}").as_bytes());
    let signature = format!("t={t},v1={}", hex::encode(mac.finalize().into_bytes()));
    let res = app
        .http
        .post(app.api("/gateway/webhook"))
        .header("gateway-signature", signature)
        .header("content-type", "application/json")
        .body(body.to_string())
        .send()
        .await
        .unwrap();
    (res.status().as_u16(), res.json().await.unwrap())
}

fn now() -> i64 {
    coverline_store::now()
}

async fn a_webhook_with_a_bad_signature_or_replayed_is_refused_and_a_redelivery_changes_nothing(db: Db) {
    // The gateway's own deliveries are off: this test plays the gateway.
    let app = spawn_app(Options { webhooks: false, ..Options::on(db) }).await;
    let (m, booking) = ready_to_book(&app).await;
    let policy_id = book(&app, &m, &booking).await;
    let (_, signed) = sign(&app, &m, &policy_id).await;
    let (s, charged) = charge(&app, signed["data"]["widgetUrl"].as_str().unwrap(), CARD).await;
    assert_eq!(s, 200, "{charged}");
    let charge = transactions(&app).await.pop().unwrap();
    let event = json!({ "id": "evt_test_1", "type": "charge.approved", "created": now(), "data": {
        "trackingNumber": charge["trackingNumber"], "requestId": signed["data"]["requestId"], "amount": charge["amount"],
        "applyFundsTo": charge["applyFundsTo"], "paymentAccountId": charge["paymentAccountId"], "paidAt": charge["paidAt"], "cardLast4": "4242" } })
    .to_string();

    let (s, b) = post_webhook(&app, &event, now(), "not-the-webhook-secret").await;
    assert_eq!((s, b["error"]["code"].as_str()), (400, Some("badSignature")), "{b}");
    let tampered = event.replace(&format!("\"amount\":{}", charge["amount"]), "\"amount\":1");
    assert_ne!(tampered, event);
    let mut mac = Hmac::<Sha256>::new_from_slice(WEBHOOK_SECRET.as_bytes()).unwrap();
    let t = now();
    mac.update(format!("{t}.{event}").as_bytes());
    let signed_for_the_original = format!("t={t},v1={}", hex::encode(mac.finalize().into_bytes()));
    let res = app
        .http
        .post(app.api("/gateway/webhook"))
        .header("gateway-signature", signed_for_the_original)
        .body(tampered)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 400, "a body changed after signing");
    let (s, b) = post_webhook(&app, &event, now() - 600, WEBHOOK_SECRET).await;
    assert_eq!((s, b["error"]["code"].as_str()), (400, Some("badSignature")), "a replay of an old delivery: {b}");
    let res =
        app.http.post(app.api("/gateway/webhook")).header("content-type", "application/json").body(event.clone()).send().await.unwrap();
    assert_eq!(res.status().as_u16(), 400, "no signature");
    let store = coverline_store::Store::connect(&app.database_url).await.unwrap();
    assert!(store.payment_for_policy(&policy_id).await.unwrap().is_none(), "nothing refused was recorded");

    let (s, b) = post_webhook(&app, &event, now(), WEBHOOK_SECRET).await;
    assert_eq!((s, b["outcome"].as_str()), (200, Some("recorded")), "{b}");
    assert_eq!(wait_for_policy_status(&app, &m, &policy_id, "fulfilled").await, "fulfilled", "the webhook alone paid the contract");
    let (s, b) = post_webhook(&app, &event, now(), WEBHOOK_SECRET).await;
    assert_eq!((s, b["outcome"].as_str()), (200, Some("duplicate")), "a redelivery (our answer was lost), signed afresh: {b}");
    let (s, b) = post_webhook(&app, &event.replace("evt_test_1", "evt_test_2"), now(), WEBHOOK_SECRET).await;
    assert_eq!((s, b["outcome"].as_str()), (200, Some("recorded")), "the same charge under another id is the same payment: {b}");
    assert_eq!(store.count_payments().await.unwrap(), 1);
    assert_eq!(refunded(&transactions(&app).await[0]), 0, "the payment is not refunded");
}

on_both_databases!(a_webhook_with_a_bad_signature_or_replayed_is_refused_and_a_redelivery_changes_nothing);

/// `coverline_gateway_unconfirmed_charges_total` of `institution` on GET /metrics.
async fn unconfirmed_charges(app: &TestApp, institution: &str) -> i64 {
    let metrics = app.metrics().await;
    let series = format!("coverline_gateway_unconfirmed_charges_total{{institution=\"{institution}\"}} ");
    metrics.lines().find_map(|l| l.strip_prefix(&series)).map_or(0, |v| v.parse().unwrap())
}

async fn a_signed_charge_the_gateway_does_not_hold_records_nothing(db: Db) {
    // Events signed with the right secret (a leaked one, say) for charges that never happened.
    let app = spawn_app(Options { webhooks: false, ..Options::on(db) }).await;
    // An institution of this test alone: the counters are the process's, shared by the tests beside it.
    let institution = support::lab_institution(&app, "forged").await;
    let (m, booking) = ready_to_book_at(&app, &institution).await;
    let policy_id = book(&app, &m, &booking).await;
    let contract = contract_number(&app, &m, &policy_id).await;
    let (_, signed) = sign(&app, &m, &policy_id).await;
    let event = |id: &str, tracking: &str, amount: i64| {
        json!({ "id": id, "type": "charge.approved", "created": now(), "data": {
            "trackingNumber": tracking, "requestId": signed["data"]["requestId"], "amount": amount, "applyFundsTo": contract,
            "paymentAccountId": "ENT-77001", "paidAt": now(), "cardLast4": "4242" } })
        .to_string()
    };
    let before = unconfirmed_charges(&app, &institution).await;
    let (s, b) = post_webhook(&app, &event("evt_forged_1", "TRK-NEVER-CHARGED", 189_900), now(), WEBHOOK_SECRET).await;
    assert_eq!((s, b["outcome"].as_str()), (200, Some("unconfirmed")), "{b}");
    let store = coverline_store::Store::connect(&app.database_url).await.unwrap();
    assert!(store.payment_for_policy(&policy_id).await.unwrap().is_none(), "a charge the gateway does not hold pays nothing");

    // A real charge, then an event that claims more than it was for.
    let (s, charged) = charge(&app, signed["data"]["widgetUrl"].as_str().unwrap(), CARD).await;
    assert_eq!(s, 200, "{charged}");
    let real = transactions(&app).await.pop().unwrap();
    let tracking = real["trackingNumber"].as_str().unwrap();
    let amount = real["amount"].as_i64().unwrap();
    let (s, b) = post_webhook(&app, &event("evt_forged_2", tracking, amount + 100_000), now(), WEBHOOK_SECRET).await;
    assert_eq!((s, b["outcome"].as_str()), (200, Some("unconfirmed")), "another amount than the gateway's: {b}");
    assert!(store.payment_for_policy(&policy_id).await.unwrap().is_none());
    assert_eq!(unconfirmed_charges(&app, &institution).await - before, 2, "each forged event counts for the alert");

    // The gateway's own event of the real charge pays the contract.
    let (s, b) = post_webhook(&app, &event("evt_real", tracking, amount), now(), WEBHOOK_SECRET).await;
    assert_eq!((s, b["outcome"].as_str()), (200, Some("recorded")), "{b}");
    assert_eq!(wait_for_policy_status(&app, &m, &policy_id, "fulfilled").await, "fulfilled");
    assert_eq!(store.payment_for_policy(&policy_id).await.unwrap().unwrap().payment_id, tracking);
}

on_both_databases!(a_signed_charge_the_gateway_does_not_hold_records_nothing);

async fn a_tab_closed_after_the_charge_still_gets_its_contract_from_the_webhook(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let (m, booking) = ready_to_book(&app).await;
    let policy_id = booked_and_charged(&app, &m, &booking).await;
    // The page never reports: no verifyresponse, no confirmation.
    assert_eq!(wait_for_policy_status(&app, &m, &policy_id, "fulfilled").await, "fulfilled");
    let mails = app.mail.wait_for(&m.email, 3).await;
    assert!(mails.iter().any(|x| x.data.contains("Subject: Your receipt")));
    assert!(mails.iter().any(|x| x.data.contains("application/pdf")), "the contract arrived without the member");
    record_history(&app, &m, "paid-by-webhook").await;
}

on_both_databases!(a_tab_closed_after_the_charge_still_gets_its_contract_from_the_webhook);

async fn without_webhooks_the_workflow_looks_the_charge_up_itself(db: Db) {
    let app = spawn_app(Options { webhooks: false, payment_check: Duration::from_secs(2), ..Options::on(db) }).await;
    let (m, booking) = ready_to_book(&app).await;
    let policy_id = booked_and_charged(&app, &m, &booking).await;
    assert_eq!(wait_for_policy_status(&app, &m, &policy_id, "fulfilled").await, "fulfilled", "found by the workflow's look-up");
    record_history(&app, &m, "paid-by-look-up").await;
}

on_both_databases!(without_webhooks_the_workflow_looks_the_charge_up_itself);

async fn the_thank_you_page_still_answers_after_the_paid_checkout_closed(db: Db) {
    let app = spawn_app(Options { settle: Duration::from_secs(1), ..Options::on(db) }).await;
    let (m, booking) = ready_to_book(&app).await;
    let policy_id = booked_and_charged(&app, &m, &booking).await;
    assert_eq!(wait_for_policy_status(&app, &m, &policy_id, "fulfilled").await, "fulfilled");
    // The checkout settles and closes; the member then reloads the thank-you page.
    wait_for_checkout_close(&app, &m).await;
    let (s, b) = super::advance(&app, &m, "confirmation", super::chosen(&booking)).await;
    assert_eq!((s, b["checkout"]["checkout"]["step"].as_str()), (200, Some("confirmation")), "{b}");
    assert_eq!(b["checkout"]["purchase"]["status"], "fulfilled", "{b}");
    // Any other step of a closed checkout is still refused: it starts again.
    let (s, b) = super::advance(&app, &m, "lookup", json!({ "stateOfResidence": "CO" })).await;
    assert_eq!((s, b["error"]["code"].as_str()), (409, Some("checkoutClosed")), "{b}");
}

on_both_databases!(the_thank_you_page_still_answers_after_the_paid_checkout_closed);

async fn retry_payment_reuses_the_open_request_and_a_charged_contract_gets_none(db: Db) {
    let app = spawn_app(Options { webhooks: false, ..Options::on(db) }).await;
    let (m, booking) = ready_to_book(&app).await;
    let policy_id = book(&app, &m, &booking).await;
    let (s, first) = sign(&app, &m, &policy_id).await;
    assert_eq!(s, 200, "{first}");
    let (_, again) = sign(&app, &m, &policy_id).await;
    assert_eq!(again["data"]["requestId"], first["data"]["requestId"], "an open request is reused (another tab, Retry Payment)");
    let (s, _) = charge(&app, first["data"]["widgetUrl"].as_str().unwrap(), CARD).await;
    assert_eq!(s, 200);
    // The page's report is lost; the member presses Retry Payment: the gateway is asked first.
    let (s, b) = sign(&app, &m, &policy_id).await;
    assert_eq!((s, b["error"]["code"].as_str()), (409, Some("alreadyPaid")), "{b}");
    assert_eq!(wait_for_policy_status(&app, &m, &policy_id, "fulfilled").await, "fulfilled");
    let contract = contract_number(&app, &m, &policy_id).await;
    assert_eq!(contract_of(&transactions(&app).await, &contract).len(), 1, "exactly one charge");
}

on_both_databases!(retry_payment_reuses_the_open_request_and_a_charged_contract_gets_none);

async fn a_second_charge_is_refunded_written_on_the_timeline_and_told(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let (m, booking) = ready_to_book(&app).await;
    let policy_id = book(&app, &m, &booking).await;
    let (s, verified) = crate::support::pay(&app, &m, &policy_id, CARD).await;
    assert_eq!(s, 200, "{verified}");
    let contract = contract_number(&app, &m, &policy_id).await;
    let paid = contract_of(&transactions(&app).await, &contract)[0].clone();

    // A second chargeable request for the same contract (signed outside Coverline's checkout,
    // as a branch's terminal might), paid too.
    let sign_body = json!({ "experience": "NAO_CC_ONLY",
        "user": { "firstName": "Jane", "lastName": "Doe", "emailAddress": m.email, "address": "100 Main St", "city": "Denver", "state": "CO", "zipCode": "80202" },
        "paymentInformation": [{ "amount": paid["amount"], "applyFundsTo": contract, "type": labels::DEFAULT_PRODUCT_NAME }],
        "PaymentAccountId": paid["paymentAccountId"] });
    let signed: Value = app
        .http
        .post(format!("{}/v1/sign", app.sandbox_url))
        .bearer_auth("test-merchant-key")
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

    let mut second = Value::Null;
    for _ in 0..100 {
        let ours = contract_of(&transactions(&app).await, &contract);
        second = ours.iter().find(|c| c["trackingNumber"] != paid["trackingNumber"]).cloned().unwrap_or(Value::Null);
        if refunded(&second) > 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(refunded(&second), second["amount"].as_i64().unwrap(), "the second charge is refunded in full: {second}");
    let kept =
        contract_of(&transactions(&app).await, &contract).into_iter().find(|c| c["trackingNumber"] == paid["trackingNumber"]).unwrap();
    assert_eq!(refunded(&kept), 0, "the payment stays");
    let store = coverline_store::Store::connect(&app.database_url).await.unwrap();
    assert_eq!(store.payment_for_policy(&policy_id).await.unwrap().unwrap().payment_id, paid["trackingNumber"].as_str().unwrap());
    let timeline = store.policy_events(&policy_id).await.unwrap();
    assert!(timeline.iter().any(|e| e.kind == format!("refund:{}", second["trackingNumber"].as_str().unwrap())), "{timeline:?}");
    let mails = app.mail.wait_for(&m.email, 4).await;
    let notice = mails.iter().find(|x| x.data.contains("Subject: A refund from")).expect("the member is told");
    assert!(notice.data.replace("=\n", "").contains("charged twice"), "{}", notice.data);
    record_history(&app, &m, "second-charge-refunded").await;
}

on_both_databases!(a_second_charge_is_refunded_written_on_the_timeline_and_told);

async fn the_deadline_looks_the_payment_up_before_voiding(db: Db) {
    // No webhooks and no look-ups before the deadline: only the last look-up can find the charge.
    let app = spawn_app(Options {
        webhooks: false,
        payment_check: Duration::from_secs(3600),
        payment_deadline: Duration::from_secs(6),
        ..Options::on(db)
    })
    .await;
    let (m, booking) = ready_to_book(&app).await;
    let policy_id = booked_and_charged(&app, &m, &booking).await;
    // The deadline's timer fired and the workflow has done all that followed (the look-up, then
    // fulfilment or the void): only then is the policy's status its answer.
    support::wait_for_history(&app.temporal, &m.user_id, "the deadline's timer fired and the checkout at rest", |e| {
        support::timer_fired(e, Duration::from_secs(6)) && support::at_rest(e)
    })
    .await;
    assert_eq!(wait_for_policy_status(&app, &m, &policy_id, "fulfilled").await, "fulfilled", "paid, never voided");
}

on_both_databases!(the_deadline_looks_the_payment_up_before_voiding);

async fn a_charge_after_the_void_is_refunded_and_told(db: Db) {
    let app = spawn_app(Options { payment_deadline: Duration::from_secs(3), ..Options::on(db) }).await;
    let (m, booking) = ready_to_book(&app).await;
    let policy_id = book(&app, &m, &booking).await;
    let (_, signed) = sign(&app, &m, &policy_id).await;
    assert_eq!(wait_for_policy_status(&app, &m, &policy_id, "voided").await, "voided");
    // The tab kept the widget of a request that is still open at the gateway; the member pays it.
    let (s, _) = charge(&app, signed["data"]["widgetUrl"].as_str().unwrap(), CARD).await;
    assert_eq!(s, 200);
    let contract = contract_number(&app, &m, &policy_id).await;
    let mut charge = Value::Null;
    for _ in 0..100 {
        charge = contract_of(&transactions(&app).await, &contract).pop().unwrap();
        if refunded(&charge) > 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(refunded(&charge), charge["amount"].as_i64().unwrap(), "no charge without a contract: {charge}");
    let mails = app.mail.wait_for(&m.email, 2).await;
    assert!(mails.iter().any(|x| x.data.contains("Subject: A refund from") && x.data.replace("=\n", "").contains("was voided")));
    record_history(&app, &m, "voided-late-charge-refunded").await;
}

on_both_databases!(a_charge_after_the_void_is_refunded_and_told);

/// Every text of a workflow history: its JSON and each payload's decoded data.
fn history_texts(history: &str) -> String {
    use base64::Engine;
    fn walk(value: &Value, out: &mut String) {
        match value {
            Value::Object(map) => {
                for (k, v) in map {
                    if let (true, Some(data)) = (k == "data", v.as_str())
                        && let Ok(bytes) = base64::engine::general_purpose::STANDARD.decode(data)
                    {
                        out.push_str(&String::from_utf8_lossy(&bytes));
                        out.push('\n');
                    }
                    walk(v, out);
                }
            }
            Value::Array(items) => items.iter().for_each(|v| walk(v, out)),
            _ => {}
        }
    }
    let mut out = history.to_string();
    walk(&serde_json::from_str(history).unwrap(), &mut out);
    out
}

async fn no_personal_data_reaches_the_workflow_history(db: Db) {
    let app = spawn_app(Options { settle: Duration::from_secs(1), ..Options::on(db) }).await;
    let (m, booking) = ready_to_book(&app).await;
    // Every step, with the vehicle by VIN as the web app records it, then a purchase to the end.
    for (step, answers) in [
        ("lookup", json!({ "stateOfResidence": "CO" })),
        ("mileage", json!({ "stateOfResidence": "CO", "vehicle": { "vin": "5XYRLDLC3NG097496" } })),
        ("coverage", super::chosen(&booking)),
        ("missingInfo", super::chosen(&booking)),
        ("confirm", super::chosen(&booking)),
    ] {
        let (s, b) = super::advance(&app, &m, step, answers).await;
        assert_eq!(s, 200, "{step}: {b}");
        assert_eq!(
            b["checkout"]["checkout"]["answers"]["vehicle"]["vin"].as_str().unwrap_or("5XYRLDLC3NG097496"),
            "5XYRLDLC3NG097496",
            "the member sees their VIN"
        );
    }
    let policy_id = booked_and_charged(&app, &m, &booking).await;
    assert_eq!(wait_for_policy_status(&app, &m, &policy_id, "fulfilled").await, "fulfilled");
    let (_, b) = app.call(Method::GET, &TestApp::user_path(&m, "/checkout"), Some(&m.token), None).await;
    assert_eq!(b["checkout"]["checkout"]["answers"]["vehicle"]["vin"], "5XYRLDLC3NG097496", "{b}");
    let handle = wait_for_checkout_close(&app, &m).await;

    let history = handle.fetch_history(temporalio_client::WorkflowFetchHistoryOptions::default()).to_json().await.unwrap();
    let texts = history_texts(&String::from_utf8(history).unwrap());
    assert!(texts.contains(&m.user_id) && texts.contains("veh_"), "the history holds ids and references");
    for personal in ["5XYRLDLC3NG097496", m.email.as_str(), "Jane", "Doe", "3035550142", "100 Main St", "Denver"] {
        assert!(!texts.contains(personal), "{personal:?} is in the checkout's history");
    }
}

on_both_databases!(no_personal_data_reaches_the_workflow_history);
