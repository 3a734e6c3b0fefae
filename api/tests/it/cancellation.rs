//! Cancelling a bought contract under the member's state's rules (issue 27): from find-your-contract
//! after the last-name and zip check, with the odometer reading attested and a confirmation, or by
//! support. Within the state's free look the purchase's cancellation workflow voids the provider's
//! contract and refunds the card, once, with an email and timeline entries; after it the unused part
//! less the state's fee is due by check, tracked until support records the check, with the state's
//! late penalty when it is late.

use std::time::Duration;

use crate::support::{Db, Member, Options, TestApp, buy, on_both_databases, quoted_member, ready_to_book, spawn_app};
use coverline_api::services::support::Outcome;
use reqwest::Method;
use serde_json::{Value, json};

async fn store(app: &TestApp) -> coverline_store::Store {
    coverline_store::Store::connect(&app.database_url).await.unwrap()
}

/// Books, pays and waits for the contract to be delivered; the policy id.
async fn bought(app: &TestApp) -> (Member, String) {
    let (m, booking) = ready_to_book(app).await;
    buy(app, m, booking).await
}

/// A member living in Austin, Texas, who bought; the policy id.
async fn bought_in_texas(app: &TestApp) -> (Member, String) {
    let address = json!({ "street": "1100 Congress Ave", "city": "Austin", "state": "TX", "zip": "78701" });
    let (m, quote) = quoted_member(app, "summit-cu", "5125550142", address).await;
    let rate = &quote["rates"][0];
    let booking = json!({ "rateId": rate["rateId"], "rateCollectionId": rate["rateCollectionId"], "carId": quote["carId"], "emailAddress": m.email, "quoteId": quote["quoteId"] });
    buy(app, m, booking).await
}

/// The find-your-contract link's token for the member's policy (last name Doe, their zip).
async fn link_token(app: &TestApp, m: &Member, policy_id: &str) -> String {
    let store = store(app).await;
    let zip = store.user(&m.user_id).await.unwrap().unwrap().zip.unwrap();
    let path = format!("/institution/summit-cu/user/{}/verifydetails/{policy_id}", m.user_id);
    let (s, found) = app.call(Method::POST, &path, None, Some(json!({ "lastname": "Doe", "zipcode": zip }))).await;
    assert_eq!(s, 200, "{found}");
    found["token"].as_str().unwrap().to_string()
}

/// Writes the cancellation's history to `$COVERLINE_RECORD_HISTORY/cancellation-<name>.json` (for
/// the replay test of `coverline-workflows`), once, from the SQLite run.
async fn record_history(app: &TestApp, policy_id: &str, name: &str) {
    let Ok(dir) = std::env::var("COVERLINE_RECORD_HISTORY") else { return };
    if app.db != Db::Sqlite {
        return;
    }
    let client = coverline_api::temporal::connect(&app.temporal, "default", Duration::from_secs(10)).await.unwrap();
    let handle = client.get_workflow_handle::<coverline_workflows::cancellation::CancellationWorkflow>(
        coverline_workflows::cancellation::cancellation_workflow_id(policy_id),
    );
    let json = handle.fetch_history(temporalio_client::WorkflowFetchHistoryOptions::default()).to_json().await.unwrap();
    std::fs::write(std::path::Path::new(&dir).join(format!("cancellation-{name}.json")), json).unwrap();
}

fn cancellation_path(m: &Member, policy_id: &str) -> String {
    format!("/institution/summit-cu/user/{}/policy/{policy_id}/cancellation", m.user_id)
}

/// Asks for the code that confirms a cancellation; the code from the member's newest email.
async fn emailed_code(app: &TestApp, m: &Member, path: &str, token: &str, emails_before: usize) -> String {
    let (s, sent) = app.call(Method::POST, &format!("{path}/code"), None, Some(json!({ "token": token }))).await;
    assert_eq!(s, 202, "{sent}");
    let masked = format!("{}•••@example.com", m.email.chars().next().unwrap());
    assert_eq!(sent["sentTo"].as_str(), Some(masked.as_str()), "{sent}");
    crate::support::smtp::code_in(app.mail.wait_for(&m.email, emails_before + 1).await.last().unwrap())
}

/// The gateway's charges for a contract: (amount, refunded) each.
async fn charges(app: &TestApp, contract: &str) -> Vec<(i64, i64)> {
    let gateway =
        coverline_activities::payments::Gateway::new(&app.sandbox_url, &app.sandbox_url, "test-merchant-key", Duration::from_secs(10))
            .unwrap();
    gateway.charges_for(contract).await.unwrap().into_iter().map(|c| (c.amount, c.refunded_amount)).collect()
}

async fn provider_status(app: &TestApp, contract: &str) -> String {
    let res =
        app.http.get(format!("{}/_sandbox/provider/contracts", app.sandbox_url)).bearer_auth("test-provider-key").send().await.unwrap();
    let all: Vec<Value> = res.json().await.unwrap();
    let c = all.iter().find(|c| c["contractNumber"] == contract).unwrap_or_else(|| panic!("contract {contract} in {all:?}"));
    c["status"].as_str().unwrap().to_string()
}

/// The odometer when the test members bought (their car's reading).
const AT_SALE: i64 = 45_000;

async fn a_free_look_cancellation_voids_and_refunds_the_card_once(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let (m, policy_id) = bought(&app).await;
    let (other, other_policy) = bought(&app).await;
    let token = link_token(&app, &m, &policy_id).await;
    let path = cancellation_path(&m, &policy_id);
    let odometer = AT_SALE + 800;

    // No token, a wrong one, or this member's token on another member's policy: nothing is shown or done.
    let (s, _) = app.call(Method::POST, &path, None, Some(json!({ "token": "1.00" }))).await;
    assert_eq!(s, 404);
    let (s, _) = app.call(Method::POST, &cancellation_path(&other, &other_policy), None, Some(json!({ "token": token }))).await;
    assert_eq!(s, 404, "a token opens only its own policy");
    let (s, _) = app.call(Method::GET, &format!("{path}?token=nope"), None, None).await;
    assert_eq!(s, 404);

    // Colorado's row is the product's default (30 days full, reviewed = false): a free look, quoted
    // without a reading since the miles do not count in it.
    let (s, terms) = app.call(Method::GET, &format!("{path}?token={token}"), None, None).await;
    assert_eq!(s, 200, "{terms}");
    assert_eq!((terms["cancellable"].as_bool(), terms["withinMoneyBack"].as_bool()), (Some(true), Some(true)), "{terms}");
    assert_eq!(
        (terms["state"].as_str(), terms["stateName"].as_str(), terms["freeLookDays"].as_u64()),
        (Some("CO"), Some("Colorado"), Some(30))
    );
    assert_eq!(terms["odometerAtSale"].as_i64(), Some(AT_SALE));
    assert!(terms["source"].as_str().unwrap().contains("default terms"), "{terms}");
    let paid = terms["amountPaid"].as_str().unwrap().to_string();
    assert_eq!(terms["quote"]["method"], "freeLook", "{terms}");
    assert_eq!((terms["quote"]["refundBy"].as_str(), terms["quote"]["refund"].as_str()), (Some("card"), Some(paid.as_str())), "{terms}");
    assert!(terms["moneyBackEnds"].as_str().unwrap().contains(", 20"), "MMMM Do, YYYY: {terms}");
    // A reading below the sale's, or an impossible one, is refused at the field.
    let (s, b) = app.call(Method::GET, &format!("{path}?token={token}&odometer=44000"), None, None).await;
    assert_eq!((s, b["error"]["field"].as_str()), (400, Some("odometer")), "{b}");
    assert!(b["error"]["message"].as_str().unwrap().contains("45,000 miles"), "{b}");
    let (s, b) = app.call(Method::GET, &format!("{path}?token={token}&odometer=2000000"), None, None).await;
    assert_eq!((s, b["error"]["field"].as_str()), (400, Some("odometer")), "{b}");

    let contract = terms["contractNumber"].as_str().unwrap().to_string();
    // The reading and its attestation come first; then the link alone does not cancel.
    let (s, b) = app.call(Method::POST, &path, None, Some(json!({ "token": token }))).await;
    assert_eq!((s, b["error"]["field"].as_str()), (400, Some("odometer")), "{b}");
    let (s, b) = app.call(Method::POST, &path, None, Some(json!({ "token": token, "odometer": odometer }))).await;
    assert_eq!((s, b["error"]["field"].as_str()), (400, Some("attested")), "{b}");
    let (s, b) = app.call(Method::POST, &path, None, Some(json!({ "token": token, "odometer": odometer, "attested": true }))).await;
    assert_eq!((s, b["error"]["code"].as_str()), (403, Some("confirmationRequired")), "{b}");
    assert!(charges(&app, &contract).await.iter().all(|(_, r)| *r == 0), "nothing refunded without a confirmation");
    // A code to the address on file (receipt and contract came before it); a wrong one is refused.
    let code = emailed_code(&app, &m, &path, &token, 2).await;
    let wrong = if code == "000000" { "111111" } else { "000000" };
    let confirm = |code: &str| json!({ "token": token, "code": code, "odometer": odometer, "attested": true });
    let (s, b) = app.call(Method::POST, &path, None, Some(confirm(wrong))).await;
    assert_eq!((s, b["error"]["code"].as_str(), b["error"]["field"].as_str()), (400, Some("invalidCode"), Some("code")), "{b}");
    let (s, answer) = app.call(Method::POST, &path, None, Some(confirm(&code))).await;
    assert_eq!((s, answer["outcome"].as_str()), (200, Some("cancelled")), "{answer}");
    assert_eq!(answer["terms"]["status"], "cancelled");
    assert_eq!((answer["terms"]["refund"]["refundBy"].as_str(), answer["terms"]["refund"]["paid"].as_bool()), (Some("card"), Some(true)));
    let refunded = charges(&app, &contract).await;
    assert_eq!(refunded.len(), 1);
    assert_eq!(refunded[0].0, refunded[0].1, "the payment is refunded in full: {refunded:?}");
    assert_eq!(provider_status(&app, &contract).await, "voided");
    let stored = store(&app).await.refund(&policy_id).await.unwrap().unwrap();
    assert_eq!((stored.method.as_str(), stored.fee_cents, stored.odometer_now), ("freeLook", 0, Some(odometer)));

    // Asking again (the member, then support) changes nothing and refunds nothing more.
    let (s, again) = app.call(Method::POST, &path, None, Some(json!({ "token": token }))).await;
    assert_eq!((s, again["outcome"].as_str()), (200, Some("cancelled")), "{again}");
    let support = app.support().await;
    let by_support = support.cancel(&policy_id, &app.task_queue, None).await.unwrap();
    assert!(matches!(by_support, Outcome::Done(ref s) if s.contains("cancelled")), "the first outcome again: {by_support}");
    assert_eq!(charges(&app, &contract).await, refunded, "no second refund");

    // One cancellation email with the figures, and the timeline says what happened.
    let mails = app.mail.wait_for(&m.email, 4).await; // receipt, contract, code, cancellation
    let cancelled: Vec<_> = mails.iter().filter(|x| x.data.contains("is cancelled")).collect();
    assert_eq!(cancelled.len(), 1, "one cancellation email");
    assert!(cancelled[0].data.contains(&paid) && cancelled[0].data.contains(&contract), "{}", cancelled[0].data);
    assert!(cancelled[0].data.contains("free look") && cancelled[0].data.contains("Colorado"), "{}", cancelled[0].data);
    let events = store(&app).await.policy_events(&policy_id).await.unwrap();
    let kinds: Vec<_> = events.iter().map(|e| (e.kind.as_str(), e.actor.as_str())).collect();
    assert!(kinds.iter().any(|(k, a)| k.starts_with("refund:") && *a == "workflow"), "{kinds:?}");
    assert!(kinds.iter().any(|(k, a)| k.contains("cancelled") && *a == "member"), "{kinds:?}");
    assert_eq!(kinds.iter().filter(|(k, _)| k.starts_with("refund:")).count(), 1, "{kinds:?}");

    record_history(&app, &policy_id, "free-look").await;

    // The other member's purchase is untouched.
    let other_contract = store(&app).await.policy(&other_policy).await.unwrap().unwrap().contract_number.unwrap();
    assert_eq!(provider_status(&app, &other_contract).await, "booked");
    assert!(charges(&app, &other_contract).await.iter().all(|(_, r)| *r == 0));
}

on_both_databases!(a_free_look_cancellation_voids_and_refunds_the_card_once);

async fn in_texas_after_the_free_look_the_unused_part_less_50_dollars_is_owed_by_check_until_support_records_it(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let (m, policy_id) = bought_in_texas(&app).await;
    app.clock.advance(45 * 86_400);
    let token = link_token(&app, &m, &policy_id).await;
    let path = cancellation_path(&m, &policy_id);
    let (s, terms) = app.call(Method::GET, &format!("{path}?token={token}"), None, None).await;
    assert_eq!(s, 200, "{terms}");
    assert_eq!((terms["withinMoneyBack"].as_bool(), terms["state"].as_str()), (Some(false), Some("TX")), "{terms}");
    assert_eq!(terms["quote"], Value::Null, "after the free look the reading decides: no quote without it");
    assert!(terms["source"].as_str().unwrap().contains("§1304.1581"), "{terms}");

    // The quote for 3,000 miles driven, as the domain's rule computes it from the stored purchase.
    let odometer = AT_SALE + 3_000;
    let (s, quoted) = app.call(Method::GET, &format!("{path}?token={token}&odometer={odometer}"), None, None).await;
    assert_eq!(s, 200, "{quoted}");
    let store = store(&app).await;
    let purchase = coverline_activities::purchase::PolicyDetails::load(&store, &policy_id).await.unwrap();
    let table = coverline_activities::cancellation::load_rules(&crate::support::workspace().join("data")).unwrap();
    let expected =
        coverline_activities::cancellation::StateQuote::of(&table, &purchase, app.clock.now(), Some(odometer as u32)).unwrap().quote;
    assert_eq!((expected.method, expected.fee_cents), (coverline_domain::cancellation::RefundMethod::ProRata, 5_000));
    assert!(expected.refund_cents > 0 && expected.refund_cents < purchase.payment.as_ref().unwrap().amount_cents - 5_000);
    let q = &quoted["quote"];
    assert_eq!(
        (q["method"].as_str(), q["refundBy"].as_str(), q["feeCents"].as_i64()),
        (Some("proRata"), Some("check"), Some(5_000)),
        "{quoted}"
    );
    assert_eq!(q["refundCents"].as_i64(), Some(expected.refund_cents), "{quoted}");
    assert_eq!(q["dueBy"].as_str(), Some(coverline_domain::quote::format_long_date(expected.due_by).as_str()));

    // Confirmed by the member's own live session instead of a code.
    let login = format!("/institution/summit-cu/login?emailAddress={}", m.email);
    let (s, session) = app.call(Method::POST, &login, None, Some(json!({ "password": "Aa1!aaaaaaaaaaaaaaaaaaaaaaaaaaaa" }))).await;
    assert_eq!(s, 200, "{session}");
    let body = json!({ "token": token, "odometer": odometer, "attested": true });
    let (s, answer) = app.call(Method::POST, &path, session["token"].as_str(), Some(body)).await;
    assert_eq!((s, answer["outcome"].as_str()), (200, Some("cancelled")), "{answer}");
    let refund = &answer["terms"]["refund"];
    assert_eq!(
        (refund["refundBy"].as_str(), refund["paid"].as_bool(), refund["refund"].as_str()),
        (Some("check"), Some(false), q["refund"].as_str())
    );
    let contract = terms["contractNumber"].as_str().unwrap();
    assert!(charges(&app, contract).await.iter().all(|(_, r)| *r == 0), "a check, not the card");
    assert_eq!(provider_status(&app, contract).await, "voided");
    let mails = app.mail.wait_for(&m.email, 3).await; // receipt, contract, cancellation
    let email = mails.iter().find(|x| x.data.contains("is cancelled")).expect("the cancellation email");
    let refund_text = coverline_domain::Cents(expected.refund_cents).dollar_sign();
    assert!(email.data.contains(&format!("A check for {refund_text}")) && email.data.contains("$50"), "{}", email.data);

    // Support's queue shows it; the check mailed a day after the due date carries Texas's 10%.
    let rules = table.rules("TX").unwrap();
    let owed = coverline_api::services::refunds::unpaid_refunds(&store, &table, app.clock.now()).await.unwrap();
    let row = owed.iter().find(|r| r.policy_id == policy_id).expect("in the queue");
    assert_eq!((row.refund_cents, row.penalty_cents, row.days_left), (expected.refund_cents, 0, 45));
    let late = app.clock.now() + 46 * 86_400;
    let paid = coverline_api::services::refunds::record_check_paid(&store, &table, &policy_id, "10042", late, "pat").await.unwrap();
    assert_eq!(paid.penalty_cents, rules.late_penalty(expected.refund_cents, expected.due_by, expected.due_by + time::Duration::days(1)));
    assert_eq!(paid.penalty_cents, (expected.refund_cents + 9) / 10, "10% of the refund, rounded up");
    let stored = store.refund(&policy_id).await.unwrap().unwrap();
    assert_eq!(
        (stored.check_number.as_deref(), stored.penalty_cents, stored.paid_by.as_deref()),
        (Some("10042"), paid.penalty_cents, Some("support:pat"))
    );
    assert!(coverline_api::services::refunds::unpaid_refunds(&store, &table, late).await.unwrap().iter().all(|r| r.policy_id != policy_id));
    let again = coverline_api::services::refunds::record_check_paid(&store, &table, &policy_id, "10043", late, "pat").await;
    assert!(again.unwrap_err().to_string().contains("paid already"), "a refund is paid once");
    let events = store.policy_events(&policy_id).await.unwrap();
    assert!(events.iter().any(|e| e.kind == "refund:check" && e.detail.as_deref().unwrap_or_default().contains("10042")), "{events:?}");
    record_history(&app, &policy_id, "pro-rata-check").await;
}

on_both_databases!(in_texas_after_the_free_look_the_unused_part_less_50_dollars_is_owed_by_check_until_support_records_it);

/// The lab clock the browser suite moves (`COVERLINE_LAB_CLOCK=on`): on the operations listener
/// only, it sets how far the API's clock is from the real time, and the cancellation terms follow.
async fn the_lab_clock_moves_the_api_clock_from_the_operations_port_only(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let (m, policy_id) = bought(&app).await;
    let path = cancellation_path(&m, &policy_id);
    let clock = app.metrics_url.replace("/metrics", "/lab/clock");
    let res = app.http.post(app.api("/lab/clock")).json(&json!({ "offsetSecs": 3_600 })).send().await.unwrap();
    assert_eq!(res.status(), 404, "not on the members' port");
    let res = app.http.post(&clock).json(&json!({ "offsetSecs": 45 * 86_400 })).send().await.unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(res.json::<Value>().await.unwrap()["offsetSecs"], 45 * 86_400);
    // The member finds the contract "45 days later" (the link lives by the same clock).
    let token = link_token(&app, &m, &policy_id).await;
    let (_, terms) = app.call(Method::GET, &format!("{path}?token={token}"), None, None).await;
    assert_eq!(terms["withinMoneyBack"], false, "45 days on: {terms}");
    app.http.post(&clock).json(&json!({ "offsetSecs": 0 })).send().await.unwrap();
    let (_, terms) = app.call(Method::GET, &format!("{path}?token={token}"), None, None).await;
    assert_eq!(terms["withinMoneyBack"], true, "back to the real time: {terms}");
}

on_both_databases!(the_lab_clock_moves_the_api_clock_from_the_operations_port_only);
