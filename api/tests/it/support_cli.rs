//! The store look-ups of `coverline support` as scripts and the Playwright suite (web/e2e/database.ts)
//! use them: the real binary, given only DATABASE_URL (no Temporal), prints exactly one JSON value
//! on stdout with `--json` (its logs go to stderr), built from what the app stored for a real
//! purchase: `purchase ID`, `find EMAIL`, `policies --email E`, `analytics --email E [--category C] [--hit-type T]`.

use reqwest::Method;
use serde_json::{Value, json};

use crate::support::process::coverline_output;
use crate::support::{Db, Options, TestApp, on_both_databases, pay, ready_to_book, spawn_app, wait_for_policy_status};

/// `coverline support ARGS --json` against the app's database: its stdout, parsed.
fn support_json(app: &TestApp, args: &[&str]) -> Value {
    let args = [&["support"], args, &["--json"]].concat();
    // Logs at info level: they must not reach stdout.
    let env = [("DATABASE_URL", app.database_url.clone()), ("RUST_LOG", "info".to_string()), ("TEMPORAL_ADDRESS", "127.0.0.1:1".into())];
    let out = coverline_output(&args, &env);
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "coverline {args:?}: {}\n{stdout}\n{}", out.status, String::from_utf8_lossy(&out.stderr));
    serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("coverline {args:?} printed more than one JSON value ({e}):\n{stdout}"))
}

/// The keys of a JSON object, sorted.
fn keys(object: &Value) -> Vec<&str> {
    let mut keys: Vec<&str> = object.as_object().unwrap_or_else(|| panic!("an object: {object}")).keys().map(String::as_str).collect();
    keys.sort_unstable();
    keys
}

async fn hit(app: &TestApp, m: &crate::support::Member, data: Value) {
    let (s, b) = app.call(Method::POST, &TestApp::user_path(m, "/analytics"), Some(&m.token), Some(json!({ "data": data }))).await;
    assert_eq!(s, 202, "{b}");
}

async fn support_lookups_print_what_the_store_holds(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let (m, booking) = ready_to_book(&app).await;
    let (s, booked) = app.call(Method::POST, &TestApp::user_path(&m, "/policy"), Some(&m.token), Some(booking.clone())).await;
    assert_eq!(s, 200, "{booked}");
    let policy_id = booked["policy"]["policyId"].as_str().unwrap().to_string();
    let contract = booked["policy"]["mmpContractNumber"].as_str().unwrap().to_string();
    let quote_id = booking["quoteId"].as_str().unwrap();

    // Booked, not paid: no payment yet.
    let unpaid = support_json(&app, &["purchase", &policy_id]);
    assert_eq!(
        (unpaid["status"].as_str(), &unpaid["payment_id"], &unpaid["amount_cents"]),
        (Some("booked"), &Value::Null, &Value::Null),
        "{unpaid}"
    );

    let (s, verified) = pay(&app, &m, &policy_id, "4242424242424242").await;
    assert_eq!(s, 200, "{verified}");
    let tracking = verified["data"]["data"]["trackingNumber"].as_str().unwrap().to_string();
    assert_eq!(wait_for_policy_status(&app, &m, &policy_id, "fulfilled").await, "fulfilled");
    let (_, quote) = app.call(Method::GET, &TestApp::user_path(&m, &format!("/quote/{quote_id}")), Some(&m.token), None).await;
    let rate = quote["rates"].as_array().unwrap().iter().find(|r| r["rateId"] == booking["rateId"]).expect("the booked rate").clone();

    // The purchase: policy, car, rate and payment, with the fields database.ts reads.
    let purchase = support_json(&app, &["purchase", &policy_id]);
    assert_eq!(
        keys(&purchase),
        [
            "amount_cents",
            "contract_number",
            "coverage_name",
            "email",
            "institution_id",
            "last_error",
            "payment_id",
            "payment_tax_cents",
            "policy_id",
            "price_cents",
            "rate_tax_cents",
            "status",
            "user_id",
            "vin"
        ]
    );
    // The unformatted rate is the amount charged, tax included.
    let amount = rate["unformattedRate"].as_i64().unwrap();
    let tax = rate["taxAmount"].as_i64().unwrap();
    let price = amount - tax;
    assert_eq!(
        purchase,
        json!({
            "policy_id": policy_id, "user_id": m.user_id, "institution_id": "summit-cu", "email": m.email, "status": "fulfilled",
            "contract_number": contract, "last_error": null, "vin": "5XYRLDLC3NG097496", "coverage_name": rate["coverageName"],
            "price_cents": price, "rate_tax_cents": tax, "payment_id": tracking, "amount_cents": amount, "payment_tax_cents": tax,
        })
    );
    assert_eq!(support_json(&app, &["purchase", &contract]), purchase, "found by its contract number too");
    assert_eq!(support_json(&app, &["purchase", "pol_doesnotexist"]), Value::Null, "none: null");

    // The member's policies, whatever the letter case of the address asked for.
    let policies = support_json(&app, &["policies", "--email", &m.email.to_uppercase()]);
    let created_at = policies[0]["created_at"].as_i64().expect("created_at");
    assert_eq!(
        policies,
        json!([{ "policy_id": policy_id, "user_id": m.user_id, "institution_id": "summit-cu", "status": "fulfilled",
                 "contract_number": contract, "created_at": created_at }])
    );
    assert_eq!(support_json(&app, &["policies", "--email", "nobody@example.com"]), json!([]));

    // Support by email (`support find`): everyone who signed up with the address, with their checkout
    // and purchases and the ids the other commands take.
    let (_, checkout) = app.call(Method::GET, &TestApp::user_path(&m, "/checkout"), Some(&m.token), None).await;
    let found = support_json(&app, &["find", &m.email.to_uppercase()]);
    assert_eq!(found.as_array().map(Vec::len), Some(1), "{found}");
    let member = &found[0];
    assert_eq!(
        (member["userId"].as_str(), member["institutionId"].as_str(), member["email"].as_str(), member["name"].as_str()),
        (Some(m.user_id.as_str()), Some("summit-cu"), Some(m.email.as_str()), Some("Jane Doe")),
        "{member}"
    );
    assert_eq!(member["checkout"]["workflowId"], format!("checkout-{}", m.user_id));
    assert_eq!(member["checkout"]["step"], checkout["checkout"]["checkout"]["step"], "the step as recorded: {checkout}");
    let purchases = member["purchases"].as_array().unwrap();
    assert_eq!(purchases.len(), 1, "{member}");
    assert_eq!(
        (purchases[0]["policyId"].as_str(), purchases[0]["status"].as_str(), purchases[0]["contractNumber"].as_str()),
        (Some(policy_id.as_str()), Some("fulfilled"), Some(contract.as_str()))
    );
    let workflow = purchases[0]["workflowId"].as_str().unwrap();
    assert_eq!(support_json(&app, &["purchase", workflow])["policy_id"], policy_id.as_str(), "its workflow id finds the purchase");
    // The same address at another institution is another member: both are listed.
    let other = app.new_member_with_email("harborline-bank", &m.email).await;
    let found = support_json(&app, &["find", &m.email]);
    let mut ids: Vec<&str> = found.as_array().unwrap().iter().map(|f| f["userId"].as_str().unwrap()).collect();
    ids.sort_unstable();
    let mut expected = [m.user_id.as_str(), other.user_id.as_str()];
    expected.sort_unstable();
    assert_eq!(ids, expected);
    let newcomer = found.as_array().unwrap().iter().find(|f| f["userId"] == other.user_id.as_str()).unwrap();
    assert_eq!(
        (newcomer["institutionId"].as_str(), &newcomer["checkout"], &newcomer["purchases"], &newcomer["name"]),
        (Some("harborline-bank"), &Value::Null, &json!([]), &Value::Null)
    );
    assert_eq!(support_json(&app, &["find", "nobody@example.com"]), json!([]));

    // The member's analytics hits, filtered by hit type or event category.
    let page = "/summit-cu/user/car/mileage";
    hit(&app, &m, json!({ "hitType": "pageview", "pagePath": page })).await;
    hit(&app, &m, json!({ "hitType": "event", "eventCategory": "ErrorEncountered", "eventAction": "DescriptionField", "eventLabel": "makes", "pagePath": page })).await;
    let pageviews = support_json(&app, &["analytics", "--email", &m.email, "--hit-type", "pageview"]);
    let at = pageviews[0]["created_at"].as_i64().expect("created_at");
    assert_eq!(
        pageviews,
        json!([{ "user_id": m.user_id, "hit_type": "pageview", "event_category": null, "event_action": null, "event_label": null,
                 "page_path": page, "created_at": at }])
    );
    let errors = support_json(&app, &["analytics", "--email", &m.email.to_uppercase(), "--category", "ErrorEncountered"]);
    let at = errors[0]["created_at"].as_i64().expect("created_at");
    assert_eq!(
        errors,
        json!([{ "user_id": m.user_id, "hit_type": "event", "event_category": "ErrorEncountered", "event_action": "DescriptionField",
                 "event_label": "makes", "page_path": page, "created_at": at }])
    );
    let all = support_json(&app, &["analytics", "--email", &m.email]);
    assert!(all.as_array().unwrap().len() >= 2 && all.as_array().unwrap().contains(&errors[0]), "{all}");
    assert_eq!(support_json(&app, &["analytics", "--email", &m.email, "--category", "NoSuchCategory"]), json!([]));

    // Without --json: a table for people; an unknown purchase is an error.
    let env = [("DATABASE_URL", app.database_url.clone())];
    let out = coverline_output(&["support", "purchase", &policy_id], &env);
    assert!(out.status.success() && String::from_utf8_lossy(&out.stdout).contains(&contract), "{out:?}");
    assert!(!coverline_output(&["support", "purchase", "pol_doesnotexist"], &env).status.success());
    let out = coverline_output(&["support", "find", &m.email], &env);
    let text = String::from_utf8_lossy(&out.stdout);
    for expected in [policy_id.as_str(), contract.as_str(), workflow, "Jane Doe", "no name yet", "2 member(s)"] {
        assert!(out.status.success() && text.contains(expected), "{expected} in:\n{text}");
    }
}

on_both_databases!(support_lookups_print_what_the_store_holds);
