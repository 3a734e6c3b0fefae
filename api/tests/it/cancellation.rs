//! Cancelling a bought contract (issue 15 C): from find-your-contract after the last-name and zip
//! check, or by support. Within the 30-day money-back period the purchase's cancellation workflow
//! voids the provider's contract and refunds the card in full, once, with an email and timeline
//! entries; after it, the request is recorded and emailed to the institution.

use std::time::Duration;

use crate::support::{Db, Member, Options, TestApp, on_both_databases, pay, ready_to_book, spawn_app, wait_for_policy_status};
use coverline_api::support::Outcome;
use reqwest::Method;
use serde_json::{Value, json};

async fn store(app: &TestApp) -> coverline_store::Store {
    coverline_store::Store::connect(&app.database_url).await.unwrap()
}

/// Books, pays and waits for the contract to be delivered; the policy id.
async fn bought(app: &TestApp) -> (Member, String) {
    let (m, booking) = ready_to_book(app).await;
    let (s, body) = app.call(Method::POST, &TestApp::user_path(&m, "/policy"), Some(&m.token), Some(booking)).await;
    assert_eq!(s, 200, "{body}");
    let policy_id = body["policy"]["policyId"].as_str().unwrap().to_string();
    let (s, verified) = pay(app, &m, &policy_id, "4242424242424242").await;
    assert_eq!(s, 200, "{verified}");
    assert_eq!(wait_for_policy_status(app, &m, &policy_id, "fulfilled").await, "fulfilled");
    (m, policy_id)
}

/// The find-your-contract link's token for the member's policy (last name Doe, zip 80202).
async fn link_token(app: &TestApp, m: &Member, policy_id: &str) -> String {
    let path = format!("/institution/summit-cu/user/{}/verifydetails/{policy_id}", m.user_id);
    let (s, found) = app.call(Method::POST, &path, None, Some(json!({ "lastname": "Doe", "zipcode": "80202" }))).await;
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

async fn within_the_money_back_period_a_cancellation_voids_and_refunds_once(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let (m, policy_id) = bought(&app).await;
    let (other, other_policy) = bought(&app).await;
    let token = link_token(&app, &m, &policy_id).await;
    let path = cancellation_path(&m, &policy_id);

    // No token, a wrong one, or this member's token on another member's policy: nothing is shown or done.
    let (s, _) = app.call(Method::POST, &path, None, Some(json!({ "token": "1.00" }))).await;
    assert_eq!(s, 404);
    let (s, _) = app.call(Method::POST, &cancellation_path(&other, &other_policy), None, Some(json!({ "token": token }))).await;
    assert_eq!(s, 404, "a token opens only its own policy");
    let (s, _) = app.call(Method::GET, &format!("{path}?token=nope"), None, None).await;
    assert_eq!(s, 404);

    let (s, terms) = app.call(Method::GET, &format!("{path}?token={token}"), None, None).await;
    assert_eq!(s, 200, "{terms}");
    assert_eq!((terms["cancellable"].as_bool(), terms["withinMoneyBack"].as_bool()), (Some(true), Some(true)), "{terms}");
    let paid = terms["amountPaid"].as_str().unwrap().to_string();
    assert!(paid.starts_with('$'), "{terms}");
    assert!(terms["moneyBackEnds"].as_str().unwrap().contains(", 20"), "MMMM Do, YYYY: {terms}");

    let contract = terms["contractNumber"].as_str().unwrap().to_string();
    // The link only proves a last name and a zip: it reads, and does not cancel.
    let (s, b) = app.call(Method::POST, &path, None, Some(json!({ "token": token }))).await;
    assert_eq!((s, b["error"]["code"].as_str()), (403, Some("confirmationRequired")), "{b}");
    assert!(charges(&app, &contract).await.iter().all(|(_, r)| *r == 0), "nothing refunded without a confirmation");
    // A code to the address on file (receipt and contract came before it); a wrong one is refused.
    let code = emailed_code(&app, &m, &path, &token, 2).await;
    let wrong = if code == "000000" { "111111" } else { "000000" };
    let (s, b) = app.call(Method::POST, &path, None, Some(json!({ "token": token, "code": wrong }))).await;
    assert_eq!((s, b["error"]["code"].as_str(), b["error"]["field"].as_str()), (400, Some("invalidCode"), Some("code")), "{b}");
    let (s, answer) = app.call(Method::POST, &path, None, Some(json!({ "token": token, "code": code }))).await;
    assert_eq!((s, answer["outcome"].as_str()), (200, Some("cancelled")), "{answer}");
    assert_eq!(answer["terms"]["status"], "cancelled");
    let refunded = charges(&app, &contract).await;
    assert_eq!(refunded.len(), 1);
    assert_eq!(refunded[0].0, refunded[0].1, "the payment is refunded in full: {refunded:?}");
    assert_eq!(provider_status(&app, &contract).await, "voided");

    // Asking again (the member, then support) changes nothing and refunds nothing more.
    let (s, again) = app.call(Method::POST, &path, None, Some(json!({ "token": token }))).await;
    assert_eq!((s, again["outcome"].as_str()), (200, Some("cancelled")), "{again}");
    let support = app.support().await;
    let by_support = support.cancel(&policy_id, &app.task_queue).await.unwrap();
    assert!(matches!(by_support, Outcome::Done(ref s) if s.contains("cancelled")), "the first outcome again: {by_support}");
    assert_eq!(charges(&app, &contract).await, refunded, "no second refund");

    // One cancellation email, and the timeline says what happened.
    let mails = app.mail.wait_for(&m.email, 4).await; // receipt, contract, code, cancellation
    let cancelled: Vec<_> = mails.iter().filter(|x| x.data.contains("is cancelled")).collect();
    assert_eq!(cancelled.len(), 1, "one cancellation email");
    assert!(cancelled[0].data.contains(&paid) && cancelled[0].data.contains(&contract), "{}", cancelled[0].data);
    let events = store(&app).await.policy_events(&policy_id).await.unwrap();
    let kinds: Vec<_> = events.iter().map(|e| (e.kind.as_str(), e.actor.as_str())).collect();
    assert!(kinds.iter().any(|(k, a)| k.starts_with("refund:") && *a == "workflow"), "{kinds:?}");
    assert!(kinds.iter().any(|(k, a)| k.contains("cancelled") && *a == "member"), "{kinds:?}");
    assert_eq!(kinds.iter().filter(|(k, _)| k.starts_with("refund:")).count(), 1, "{kinds:?}");

    record_history(&app, &policy_id, "refunded").await;

    // The other member's purchase is untouched.
    let other_contract = store(&app).await.policy(&other_policy).await.unwrap().unwrap().contract_number.unwrap();
    assert_eq!(provider_status(&app, &other_contract).await, "booked");
    assert!(charges(&app, &other_contract).await.iter().all(|(_, r)| *r == 0));
}

on_both_databases!(within_the_money_back_period_a_cancellation_voids_and_refunds_once);

async fn after_the_money_back_period_the_request_goes_to_the_institution(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let (m, policy_id) = bought(&app).await;
    app.clock.advance(31 * 86_400);
    let token = link_token(&app, &m, &policy_id).await;
    let path = cancellation_path(&m, &policy_id);
    let (s, terms) = app.call(Method::GET, &format!("{path}?token={token}"), None, None).await;
    assert_eq!(s, 200, "{terms}");
    assert_eq!((terms["cancellable"].as_bool(), terms["withinMoneyBack"].as_bool()), (Some(true), Some(false)), "{terms}");
    assert!(terms["refundText"].as_str().unwrap().contains("by check"), "the default refund text: {terms}");
    assert_eq!(terms["requestedOn"], Value::Null, "nothing asked yet");

    let code = emailed_code(&app, &m, &path, &token, 2).await;
    let (s, answer) = app.call(Method::POST, &path, None, Some(json!({ "token": token, "code": code }))).await;
    assert_eq!((s, answer["outcome"].as_str()), (200, Some("requested")), "{answer}");
    assert_eq!(answer["terms"]["status"], "fulfilled", "the contract stays in force until the institution acts");
    let contract = terms["contractNumber"].as_str().unwrap();
    assert!(charges(&app, contract).await.iter().all(|(_, r)| *r == 0), "nothing refunded by the card");
    assert_eq!(provider_status(&app, contract).await, "booked");
    let to_institution = app.mail.wait_for("vsc@summit-cu.example", 1).await;
    assert!(to_institution[0].data.contains(contract) && to_institution[0].data.contains(&m.email), "{}", to_institution[0].data);
    let acknowledged = app.mail.wait_for(&m.email, 4).await;
    assert!(acknowledged.iter().any(|x| x.data.contains("cancellation request")), "the member's acknowledgement");
    let events = store(&app).await.policy_events(&policy_id).await.unwrap();
    assert_eq!(events.iter().filter(|e| e.kind == "cancellationRequested").count(), 1);
    // The page says when the request went out (the timeline's own time), and asking again changes nothing.
    let sent = events.iter().find(|e| e.kind == "cancellationRequested").unwrap();
    let sent_on = coverline_domain::quote::format_long_date_at(sent.at_ms / 1000);
    assert_eq!(answer["terms"]["requestedOn"].as_str(), Some(sent_on.as_str()), "{answer}");

    // Again, confirmed this time by the member's own live session: the same outcome, no second
    // email to the institution. A spent code confirms nothing.
    let (s, b) = app.call(Method::POST, &path, None, Some(json!({ "token": token, "code": code }))).await;
    assert_eq!((s, b["error"]["code"].as_str()), (400, Some("invalidCode")), "a code confirms one request: {b}");
    let login = format!("/institution/summit-cu/login?emailAddress={}", m.email);
    let (s, session) = app.call(Method::POST, &login, None, Some(json!({ "password": "Aa1!aaaaaaaaaaaaaaaaaaaaaaaaaaaa" }))).await;
    assert_eq!(s, 200, "{session}");
    let (s, again) = app.call(Method::POST, &path, session["token"].as_str(), Some(json!({ "token": token }))).await;
    assert_eq!((s, again["outcome"].as_str()), (200, Some("requested")));
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(app.mail.to("vsc@summit-cu.example").len(), 1);
    record_history(&app, &policy_id, "requested").await;
}

on_both_databases!(after_the_money_back_period_the_request_goes_to_the_institution);
