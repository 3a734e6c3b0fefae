//! Every "N tries" limit holds under concurrency: 50 (or more) requests at once, on SQLite and on
//! Postgres, and exactly N of them are compared or let through. Each limit takes its try in one
//! atomic statement before the work it limits (api/src/services/limits.rs, store/src/limits.rs, the code
//! tables' `take_*_try`); a read, then a compare, then an increment let more through.

use std::collections::BTreeMap;

use futures::future::join_all;
use reqwest::Method;
use serde_json::{Value, json};
use sqlx::Row;

use crate::support::{self, Db, Options, TestApp, on_both_databases, spawn_app};

/// How many answers had each status.
fn tally(answers: &[(u16, Value)]) -> BTreeMap<u16, usize> {
    let mut counts = BTreeMap::new();
    for (status, _) in answers {
        *counts.entry(*status).or_default() += 1;
    }
    counts
}

/// `n` copies of the same call at once.
async fn at_once(app: &TestApp, n: usize, method: Method, path: &str, token: Option<&str>, body: Option<Value>) -> Vec<(u16, Value)> {
    join_all((0..n).map(|_| app.call(method.clone(), path, token, body.clone()))).await
}

/// The `attempts` column of a code table for a user.
async fn attempts(app: &TestApp, table: &str, user_id: &str) -> i64 {
    let store = coverline_store::Store::connect(&app.database_url).await.unwrap();
    sqlx::query(&format!("SELECT attempts FROM {table} WHERE user_id = $1"))
        .bind(user_id)
        .fetch_one(store.pool())
        .await
        .unwrap()
        .get::<i64, _>(0)
}

fn other_than(code: &str) -> &'static str {
    if code == "000000" { "111111" } else { "000000" }
}

async fn fifty_concurrent_wrong_codes_compare_exactly_five(db: Db) {
    let app = spawn_app(Options::on(db)).await;

    // The email verification code.
    let m = app.new_member("summit-cu").await;
    let send = TestApp::user_path(&m, &format!("/verifyemail?emailAddress={}", m.email));
    assert_eq!(app.call(Method::GET, &send, Some(&m.token), None).await.0, 200);
    let code = support::smtp::code_in(&app.mail.wait_for(&m.email, 1).await[0]);
    let guess = json!({ "verificationCode": other_than(&code) });
    let answers = at_once(&app, 50, Method::PUT, &TestApp::user_path(&m, ""), Some(&m.token), Some(guess)).await;
    assert!(answers.iter().all(|(s, b)| *s == 400 && b["error"]["code"] == "invalidCode"), "{:?}", tally(&answers));
    assert_eq!(attempts(&app, "verification_codes", &m.user_id).await, 5, "five of fifty guesses were compared");
    let (s, b) = app.call(Method::PUT, &TestApp::user_path(&m, ""), Some(&m.token), Some(json!({ "verificationCode": code }))).await;
    assert_eq!((s, b["error"]["code"].as_str()), (400, Some("invalidCode")), "the code died with its tries: {b}");

    // The password reset code.
    let (s, b) =
        app.call(Method::POST, "/institution/summit-cu/passwordresetrequest", None, Some(json!({ "emailAddress": m.email }))).await;
    assert_eq!(s, 202, "{b}");
    let mail = app.mail.wait_for(&m.email, 2).await;
    let subject = mail[1].data.lines().find(|l| l.starts_with("Subject:")).unwrap().to_string();
    let code = subject.rsplit(' ').next().unwrap().trim().to_string();
    let reset = |code: &str| json!({ "emailAddress": m.email, "code": code, "password": "the reset password 1" });
    let answers = at_once(&app, 50, Method::POST, "/institution/summit-cu/passwordreset", None, Some(reset(other_than(&code)))).await;
    assert!(answers.iter().all(|(s, _)| *s == 400), "{:?}", tally(&answers));
    assert_eq!(attempts(&app, "password_resets", &m.user_id).await, 5, "five of fifty guesses were compared");
    let (s, b) = app.call(Method::POST, "/institution/summit-cu/passwordreset", None, Some(reset(&code))).await;
    assert_eq!((s, b["error"]["code"].as_str()), (400, Some("invalidCode")), "{b}");
}

on_both_databases!(fifty_concurrent_wrong_codes_compare_exactly_five);

async fn fifty_concurrent_guesses_pass_each_limit_exactly(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let m = app.new_member("summit-cu").await;

    // Logins: 5 wrong passwords of an address in 15 minutes are compared, the rest refused unread.
    let path = format!("/institution/summit-cu/login?emailAddress={}", m.email);
    let answers = at_once(&app, 50, Method::POST, &path, None, Some(json!({ "password": "a guess at the password" }))).await;
    assert_eq!(tally(&answers), BTreeMap::from([(401, 5), (429, 45)]), "logins");
    assert!(answers.iter().filter(|(s, _)| *s == 429).all(|(_, b)| b["error"]["code"] == "rateLimited"));

    // Password changes: 5 wrong old passwords.
    let path = TestApp::user_path(&m, "/passwordchange");
    let body = json!({ "oldPassword": "a guess at the password", "newPassword": "a brand new password" });
    let answers = at_once(&app, 50, Method::POST, &path, Some(&m.token), Some(body)).await;
    assert_eq!(tally(&answers), BTreeMap::from([(401, 5), (429, 45)]), "password changes");

    // Reset requests: 3 an hour per address.
    let body = json!({ "emailAddress": "someone.else@example.com" });
    let answers = at_once(&app, 50, Method::POST, "/institution/summit-cu/passwordresetrequest", None, Some(body)).await;
    assert_eq!(tally(&answers), BTreeMap::from([(202, 3), (429, 47)]), "reset requests");

    // Find your contract: 5 wrong answers an hour on one policy.
    let path = TestApp::user_path(&m, "/verifydetails/pol_doesnotexist");
    let answers = at_once(&app, 50, Method::POST, &path, None, Some(json!({ "lastname": "Doe", "zipcode": "80202" }))).await;
    assert_eq!(tally(&answers), BTreeMap::from([(404, 5), (429, 45)]), "find your contract");

    // Continue links: 20 tries an hour per client.
    let answers = at_once(&app, 50, Method::POST, "/institution/summit-cu/resume", None, Some(json!({ "token": "not-a-link" }))).await;
    assert_eq!(tally(&answers), BTreeMap::from([(410, 20), (429, 30)]), "continue links");

    // VIN photo drops: 20 an hour per member.
    let path = format!("/institution/summit-cu/car/vin/ocr/drop/{}?mime=image%2Fjpeg", m.user_id);
    let answers = at_once(&app, 50, Method::GET, &path, Some(&m.token), None).await;
    assert_eq!(tally(&answers), BTreeMap::from([(200, 20), (429, 30)]), "photo drops");

    // Contact requests without a session: 5 an hour per address (each request a different one, so
    // none is a repeat of another).
    let answers = join_all((0..50).map(|i| {
        let body = json!({ "pageUserBouncedFrom": "userCreationError",
            "collectedInfo": { "emailAddress": "walk.in@example.com", "firstName": format!("Ann{}", "a".repeat(i)) } });
        app.call(Method::POST, "/institution/summit-cu/contact-request", None, Some(body))
    }))
    .await;
    assert_eq!(tally(&answers), BTreeMap::from([(202, 5), (429, 45)]), "contact requests");

    // Pageviews without a session: 120 an hour per client.
    let data = json!({ "data": { "hitType": "pageview", "clientId": "tab", "pagePath": "/summit-cu/splash", "pageTitle": "t" } });
    let answers = at_once(&app, 130, Method::POST, "/institution/summit-cu/analytics", None, Some(data)).await;
    assert_eq!(tally(&answers), BTreeMap::from([(202, 120), (429, 10)]), "anonymous pageviews");

    // Verification code sends: one per 20 s (the checkout workflow takes them one at a time).
    let other = app.new_member("summit-cu").await;
    let send = TestApp::user_path(&other, &format!("/verifyemail?emailAddress={}", other.email));
    let answers = at_once(&app, 50, Method::GET, &send, Some(&other.token), None).await;
    assert_eq!(tally(&answers), BTreeMap::from([(200, 1), (429, 49)]), "code sends");
}

on_both_databases!(fifty_concurrent_guesses_pass_each_limit_exactly);

async fn a_forged_forwarded_address_does_not_move_the_limit(db: Db) {
    // The test's own connection plays the balancer: trusted, it appends the client's address.
    let app = spawn_app(Options { trusted_proxies: "127.0.0.1", ..Options::on(db) }).await;
    let request = |n: usize, forwarded: String| {
        let res = app
            .http
            .post(app.api("/institution/summit-cu/passwordresetrequest"))
            .header("x-forwarded-for", forwarded)
            .json(&json!({ "emailAddress": format!("someone{n}@example.com") }))
            .send();
        async move { res.await.unwrap().status().as_u16() }
    };
    // 25 requests of one client, each with a fresh address of its own writing on the left.
    let statuses = join_all((0..25).map(|n| request(n, format!("198.51.100.{n}, 203.0.113.7")))).await;
    assert_eq!(statuses.iter().filter(|s| **s == 202).count(), 20, "20 reset requests an hour per client: {statuses:?}");
    assert_eq!(request(99, "203.0.113.8".into()).await, 202, "another client's address (the right-most) has its own limit");
}

on_both_databases!(a_forged_forwarded_address_does_not_move_the_limit);
