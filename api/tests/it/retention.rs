//! Personal data is not kept for ever (issue 26, item 8): the retention workflow erases the members
//! whose checkout was abandoned for longer than the retention period and no contract obliges us to
//! keep, and `coverline support forget EMAIL` carries out a member's deletion request now, saying
//! what it kept and why. Both on SQLite and Postgres, through the real Temporal server and binary.

use std::time::Duration;

use reqwest::Method;
use serde_json::{Value, json};
use sqlx::Row;

use crate::support::process::coverline_output;
use crate::support::{Db, Member, Options, TestApp, buy, on_both_databases, quoted_member, ready_to_book, spawn_app};

const YEAR: i64 = 365 * 86_400;

/// A member's personal data as stored: (email, first name, street, phone, their cars' VINs, erased).
async fn personal(app: &TestApp, user_id: &str) -> (String, Option<String>, Option<String>, Option<String>, Vec<String>, bool) {
    let pool = sqlx::AnyPool::connect(&app.database_url).await.unwrap();
    let row = sqlx::query("SELECT email, first_name, street, phone, erased_at FROM users WHERE user_id = $1")
        .bind(user_id)
        .fetch_one(&pool)
        .await
        .unwrap();
    let vins: Vec<(String,)> = sqlx::query_as("SELECT vin FROM cars WHERE user_id = $1").bind(user_id).fetch_all(&pool).await.unwrap();
    let erased: Option<i64> = row.get(4);
    (row.get(0), row.get(1), row.get(2), row.get(3), vins.into_iter().map(|(v,)| v).collect(), erased.is_some())
}

/// Moves everything a member did `by` seconds into the past.
async fn age(app: &TestApp, user_id: &str, by: i64) {
    let pool = sqlx::AnyPool::connect(&app.database_url).await.unwrap();
    for sql in [
        "UPDATE users SET created_at = created_at - $1 WHERE user_id = $2",
        "UPDATE sessions SET last_seen_at = last_seen_at - $1, created_at = created_at - $1 WHERE user_id = $2",
        "UPDATE checkouts SET updated_at = updated_at - $1 WHERE user_id = $2",
    ] {
        sqlx::query(sql).bind(by).bind(user_id).execute(&pool).await.unwrap();
    }
}

/// A member at the quote with details and a car, whose checkout holds the VIN (a recorded step).
async fn quoted(app: &TestApp) -> Member {
    let address = json!({ "street": "100 Main St", "city": "Denver", "state": "CO", "zip": "80202" });
    let (m, _) = quoted_member(app, "summit-cu", "3035550142", address).await;
    let answers = json!({ "stateOfResidence": "CO", "vehicle": { "vin": "5XYRLDLC3NG097496" } });
    let (s, b) = app
        .call(Method::PUT, &TestApp::user_path(&m, "/checkout"), Some(&m.token), Some(json!({ "step": "lookup", "answers": answers })))
        .await;
    assert_eq!(s, 200, "{b}");
    m
}

/// A member who bought a contract.
async fn buyer(app: &TestApp) -> Member {
    let (m, booking) = ready_to_book(app).await;
    buy(app, m, booking).await.0
}

async fn the_retention_workflow_erases_checkouts_abandoned_for_two_years_only(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let abandoned = quoted(&app).await;
    let recent = quoted(&app).await;
    let old_buyer = buyer(&app).await;
    age(&app, &abandoned.user_id, 2 * YEAR + 86_400).await;
    age(&app, &old_buyer.user_id, 3 * YEAR).await;
    age(&app, &recent.user_id, YEAR).await;

    // The durable job, on the app's own worker: its first run erases at once.
    let client = coverline_api::temporal::connect(&app.temporal, "default", Duration::from_secs(10)).await.unwrap();
    coverline_api::temporal::start_retention(&client, &app.task_queue, Duration::from_secs(86_400)).await.unwrap();
    let mut erased = false;
    for _ in 0..300 {
        erased = personal(&app, &abandoned.user_id).await.5;
        if erased {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(erased, "the abandoned checkout's member was erased");
    let (email, first, street, phone, vins, _) = personal(&app, &abandoned.user_id).await;
    assert_eq!((email.as_str(), first, street, phone), (coverline_store::erased_email(&abandoned.user_id).as_str(), None, None, None));
    assert!(vins.iter().all(String::is_empty), "{vins:?}");
    let (s, _) = app.call(Method::GET, &TestApp::user_path(&abandoned, ""), Some(&abandoned.token), None).await;
    assert_eq!(s, 401, "its sessions end");
    for (m, why) in [(&recent, "a year is within the period"), (&old_buyer, "a paid contract's records are kept")] {
        let (email, first, ..) = personal(&app, &m.user_id).await;
        assert_eq!((email.as_str(), first.as_deref()), (m.email.as_str(), Some("Jane")), "{why}");
    }
    // Starting it again (every serve does) finds it running.
    coverline_api::temporal::start_retention(&client, &app.task_queue, Duration::from_secs(86_400)).await.unwrap();
    let handle = client.get_workflow_handle::<coverline_workflows::retention::RetentionWorkflow>(
        coverline_workflows::retention::retention_workflow_id(&app.task_queue),
    );
    handle.terminate(Default::default()).await.unwrap();
}

on_both_databases!(the_retention_workflow_erases_checkouts_abandoned_for_two_years_only);

async fn support_forget_erases_a_member_unless_a_contract_keeps_them(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let bought = buyer(&app).await;
    // The same address again, on a later splash: a member of its own, quoted and left.
    let later = app.new_member_with_email("summit-cu", &bought.email).await;
    let (s, b) = app
        .call(Method::PUT, &TestApp::user_path(&later, "/contact-request"), Some(&later.token), Some(json!({
            "pageUserBouncedFrom": "validCarNoRates", "collectedInfo": { "firstName": "Jane", "phoneNumber": "3035550142", "emailAddress": bought.email } })))
        .await;
    assert!(s < 300, "{b}");

    let env = [("DATABASE_URL", app.database_url.clone())];
    let out = coverline_output(&["support", "forget", &bought.email, "--json"], &env);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let answer: Value = serde_json::from_slice(&out.stdout).unwrap();
    let members = answer["members"].as_array().unwrap();
    let of = |id: &str| members.iter().find(|m| m["user_id"] == id).unwrap().clone();
    assert_eq!(of(&bought.user_id)["outcome"], "kept", "{answer}");
    assert!(of(&bought.user_id)["detail"].as_str().unwrap().contains("a contract was paid"), "{answer}");
    assert_eq!(of(&later.user_id)["outcome"], "erased", "{answer}");

    let (email, first, ..) = personal(&app, &bought.user_id).await;
    assert_eq!((email.as_str(), first.as_deref()), (bought.email.as_str(), Some("Jane")), "the buyer's records are kept");
    let (email, _, _, _, _, erased) = personal(&app, &later.user_id).await;
    assert!(erased && email != bought.email, "the later member is erased");
    let pool = sqlx::AnyPool::connect(&app.database_url).await.unwrap();
    let (details,): (String,) = sqlx::query_as("SELECT collected_json FROM contact_requests WHERE user_id = $1")
        .bind(&later.user_id)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(details, "{}", "the contact request's details are erased");

    // For people: a line per member, saying why.
    let out = coverline_output(&["support", "forget", &bought.email], &env);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains(&format!("{} (summit-cu): kept: a contract was paid", bought.user_id)), "{text}");
    assert!(!text.contains(&later.user_id), "the erased member no longer has the address: {text}");
}

on_both_databases!(support_forget_erases_a_member_unless_a_contract_keeps_them);
