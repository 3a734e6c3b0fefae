//! The splash's captcha before user creation (ALTCHA proof of work, single use across API
//! instances through the database) and the pageviews of pages seen without a user.

use reqwest::Method;
use serde_json::{Value, json};

use coverline_domain::product::{field_errors, messages};

use crate::support::process::coverline_output;
use crate::support::{Db, Options, TestApp, on_both_databases, random_suffix, spawn_app};

const INSTITUTION: &str = "summit-cu";
const PASSWORD: &str = "Aa1!aaaaaaaaaaaaaaaaaaaaaaaaaaaa";

async fn create_user(app: &TestApp, email: &str, captcha: Option<&str>) -> (u16, Value) {
    let mut body = json!({ "emailAddress": email, "password": PASSWORD });
    if let Some(token) = captcha {
        body["captchaToken"] = json!(token);
    }
    app.call(Method::POST, &format!("/institution/{INSTITUTION}/user"), None, Some(body)).await
}

fn refusal(status: u16, body: &Value) -> (u16, Option<&str>, Option<&str>) {
    (status, body["error"]["code"].as_str(), body["error"]["message"].as_str())
}

async fn users_with(app: &TestApp, email: &str) -> i64 {
    let store = coverline_store::Store::connect(&app.database_url).await.unwrap();
    let (n,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM users WHERE email = $1").bind(email).fetch_one(store.pool()).await.unwrap();
    n
}

async fn user_creation_needs_a_fresh_captcha(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let email = format!("{}@example.com", random_suffix());

    // No solution, an empty one, one that is not a solution: refused, no user.
    let (s, b) = create_user(&app, &email, None).await;
    assert_eq!(refusal(s, &b), (400, Some("captchaRequired"), Some(messages::CAPTCHA_REQUIRED)), "{b}");
    let (s, b) = create_user(&app, &email, Some("")).await;
    assert_eq!(refusal(s, &b), (400, Some("captchaRequired"), Some(messages::CAPTCHA_REQUIRED)), "{b}");
    let (s, b) = create_user(&app, &email, Some("eyJ0ZXN0Ijp0cnVlfQ==")).await;
    assert_eq!(refusal(s, &b), (400, Some("captchaInvalid"), Some(messages::CAPTCHA_FAILED)), "{b}");
    assert_eq!(users_with(&app, &email).await, 0);

    // A bad email is refused before the solution is looked at: the solution still creates one user.
    let token = app.captcha_token(INSTITUTION).await;
    let (s, b) = create_user(&app, "jane@", Some(&token)).await;
    assert_eq!((s, b["error"]["message"].as_str()), (400, Some(field_errors::INVALID_EMAIL)), "{b}");
    let (s, b) = create_user(&app, &email, Some(&token)).await;
    assert_eq!(s, 201, "{b}");
    assert_eq!(users_with(&app, &email).await, 1);

    // Used once: the same solution again is refused, here and on a second API instance (the
    // record is in the database they share).
    let (s, b) = create_user(&app, &email, Some(&token)).await;
    assert_eq!(refusal(s, &b), (400, Some("captchaUsed"), Some(messages::CAPTCHA_FAILED)), "{b}");
    assert_eq!(users_with(&app, &email).await, 1);

    // A solution kept past its challenge's time to live (10 minutes in the tests) is refused.
    let late = app.captcha_token(INSTITUTION).await;
    app.clock.advance(601);
    let (s, b) = create_user(&app, &email, Some(&late)).await;
    assert_eq!(refusal(s, &b), (400, Some("captchaExpired"), Some(messages::CAPTCHA_EXPIRED)), "{b}");
    assert_eq!(users_with(&app, &email).await, 1);

    // The challenge endpoint belongs to an institution.
    let (s, _) = app.call(Method::GET, "/institution/no-such-cu/captcha", None, None).await;
    assert_eq!(s, 404);
    let res = app.http.get(app.api(&format!("/institution/{INSTITUTION}/captcha"))).send().await.unwrap();
    assert_eq!(res.headers()["cache-control"], "no-store");
    let challenge: Value = res.json().await.unwrap();
    assert_eq!(challenge["parameters"]["algorithm"], "PBKDF2/SHA-256", "{challenge}");
}

async fn a_solution_is_spent_once_across_instances(db: Db) {
    let first = spawn_app(Options::on(db)).await;
    let token = first.captcha_token(INSTITUTION).await;
    // A second instance on the same database and captcha key.
    let mut options = Options::on(db);
    options.database_url = Some(first.database_url.clone());
    options.captcha_secret = Some(first.captcha_secret.clone());
    let second = spawn_app(options).await;
    let email = format!("{}@example.com", random_suffix());
    let (s, b) = create_user(&second, &email, Some(&token)).await;
    assert_eq!(s, 201, "the second instance accepts the first one's challenge: {b}");
    let (s, b) = create_user(&first, &email, Some(&token)).await;
    assert_eq!(refusal(s, &b), (400, Some("captchaUsed"), Some(messages::CAPTCHA_FAILED)), "{b}");
}

on_both_databases!(user_creation_needs_a_fresh_captcha, a_solution_is_spent_once_across_instances);

/// `coverline support analytics --email E --json` against the app's database.
fn support_analytics(app: &TestApp, email: &str) -> Value {
    let env = [("DATABASE_URL", app.database_url.clone()), ("TEMPORAL_ADDRESS", "127.0.0.1:1".to_string())];
    let out = coverline_output(&["support", "analytics", "--email", email, "--json"], &env);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

async fn pageviews_without_a_user(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let path = format!("/institution/{INSTITUTION}/analytics");
    let tab = format!("tab-{}", random_suffix());
    let splash = json!({ "data": { "hitType": "pageview", "clientId": tab, "pagePath": "/summit-cu/splash", "pageTitle": "Splash",
        "deviceUserAgentString": "Mozilla/5.0 (X11; Linux x86_64)" } });
    let (s, b) = app.call(Method::POST, &path, None, Some(splash)).await;
    assert_eq!(s, 202, "{b}");

    // Stored with the page and the tab's id only: nothing personal.
    let store = coverline_store::Store::connect(&app.database_url).await.unwrap();
    assert_eq!(
        store.anonymous_pageviews(INSTITUTION).await.unwrap(),
        vec![(Some(tab.clone()), Some("/summit-cu/splash".to_string()), Some("Splash".to_string()))]
    );

    // Only pageviews; a hit of another shape or an unknown institution is refused.
    let event = json!({ "data": { "hitType": "event", "eventCategory": "ErrorEncountered", "eventAction": "x", "eventLabel": "y" } });
    let (s, b) = app.call(Method::POST, &path, None, Some(event)).await;
    assert_eq!((s, b["error"]["code"].as_str()), (400, Some("validation")), "{b}");
    let (s, _) = app.call(Method::POST, &path, None, Some(json!({ "data": { "hitType": "pageview", "pagePath": "x".repeat(501) } }))).await;
    assert_eq!(s, 400);
    let (s, _) =
        app.call(Method::POST, "/institution/no-such-cu/analytics", None, Some(json!({ "data": { "hitType": "pageview" } }))).await;
    assert_eq!(s, 404);

    // The member this tab becomes: `support analytics` lists the splash's pageview before the
    // member's own hits (the same tab id links them).
    let m = app.new_member(INSTITUTION).await;
    let hit =
        json!({ "data": { "hitType": "pageview", "clientId": tab, "pagePath": "/summit-cu/user/car/lookup", "pageTitle": "Lookup" } });
    let (s, b) = app.call(Method::POST, &TestApp::user_path(&m, "/analytics"), Some(&m.token), Some(hit)).await;
    assert_eq!(s, 202, "{b}");
    let hits = support_analytics(&app, &m.email);
    let pages: Vec<(&Value, &str)> = hits.as_array().unwrap().iter().map(|h| (&h["user_id"], h["page_path"].as_str().unwrap())).collect();
    assert_eq!(pages, vec![(&Value::Null, "/summit-cu/splash"), (&json!(m.user_id), "/summit-cu/user/car/lookup")], "{hits}");
    let other = app.new_member(INSTITUTION).await;
    assert_eq!(support_analytics(&app, &other.email), json!([]), "another member's tab is not this one");

    // Limited per client address like the other calls without a session.
    let limit = 120 - 1; // one stored above
    for _ in 0..limit {
        let (s, b) =
            app.call(Method::POST, &path, None, Some(json!({ "data": { "hitType": "pageview", "pagePath": "/summit-cu/splash" } }))).await;
        assert_eq!(s, 202, "{b}");
    }
    let refused = app
        .http
        .post(app.api(&path))
        .json(&json!({ "data": { "hitType": "pageview", "pagePath": "/summit-cu/splash" } }))
        .send()
        .await
        .unwrap();
    assert_eq!(refused.status().as_u16(), 429);
    let retry_after: u64 = refused.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((3000..=3600).contains(&retry_after), "the rest of the hour that began with the first pageview: {retry_after}");
    let b: Value = refused.json().await.unwrap();
    assert_eq!(b["error"]["code"], "rateLimited", "{b}");
    app.clock.advance(3601);
    let (s, _) =
        app.call(Method::POST, &path, None, Some(json!({ "data": { "hitType": "pageview", "pagePath": "/summit-cu/splash" } }))).await;
    assert_eq!(s, 202, "an hour later");
}

on_both_databases!(pageviews_without_a_user);
