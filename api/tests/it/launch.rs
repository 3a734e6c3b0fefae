//! Members launched from online banking (docs/launch.md), against the demo bank: a real OpenID
//! Connect provider (oidc-provider) and the launch tokens its server signs.

use serde_json::{Value, json};

use crate::support::browser::Browser;
use crate::support::{Db, Options, TestApp, on_both_databases, spawn_app};

async fn app_with_bank(db: Db) -> TestApp {
    spawn_app(Options { bank: true, ..Options::on(db) }).await
}

/// Posts `token` to Summit as online banking's form does; the answer's `Location` and restore cookie.
async fn post_token(app: &TestApp, token: &str) -> (u16, String, Option<String>) {
    post_token_to(app, "summit-cu", token).await
}

async fn post_token_to(app: &TestApp, institution: &str, token: &str) -> (u16, String, Option<String>) {
    let http = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let res = http
        .post(app.api(&format!("/institution/{institution}/launch/token")))
        .header("content-type", "application/x-www-form-urlencoded")
        .body(format!("launch_token={token}"))
        .send()
        .await
        .unwrap();
    outcome(res)
}

fn outcome(res: reqwest::Response) -> (u16, String, Option<String>) {
    let location = res.headers().get("location").map(|v| v.to_str().unwrap().to_string()).unwrap_or_default();
    let restore = res
        .headers()
        .get_all("set-cookie")
        .iter()
        .map(|v| v.to_str().unwrap())
        .find(|c| c.starts_with("coverline_restore=") && !c.contains("Max-Age=0"))
        .map(|c| c.split(';').next().unwrap().to_string());
    (res.status().as_u16(), location, restore)
}

/// What the app's page does on arrival: restore the session with the cookie.
async fn restore(app: &TestApp, cookie: &str) -> Value {
    let res = app.http.post(app.api("/institution/summit-cu/session/restore")).header("cookie", cookie).send().await.unwrap();
    assert_eq!(res.status().as_u16(), 200);
    res.json().await.unwrap()
}

async fn a_launch_token_signs_the_member_in_at_car_lookup(db: Db) {
    let app = app_with_bank(db).await;
    let bank = app.bank.as_ref().unwrap();
    let token = bank.launch_token("jane", json!({})).await;
    let (status, location, cookie) = post_token(&app, &token).await;
    assert_eq!((status, location.as_str()), (303, "/summit-cu/user/car/lookup"));
    let restored = restore(&app, &cookie.expect("the restore cookie")).await;
    let user = &restored["user"];
    assert_eq!(user["emailAddress"], "jane.rivera@example.com");
    assert_eq!(
        (user["firstName"].as_str(), user["lastName"].as_str(), user["phoneNumber"].as_str()),
        (Some("Jane"), Some("Rivera"), Some("3035550187"))
    );
    assert_eq!(user["address"], json!({ "street": "1420 Larimer St", "city": "Denver", "state": "CO", "zip": "80202" }));
    assert_eq!((user["isMember"].as_bool(), user["isEmailVerified"].as_bool()), (Some(true), Some(true)));
    // Promotional email only by the member's own tick.
    assert_eq!(user["doesConsentToSoliciting"], false);
    assert_eq!(restored["checkout"]["checkout"]["step"], "lookup", "{restored}");
    assert_eq!(restored["checkout"]["checkout"]["answers"]["stateOfResidence"], "CO", "{restored}");
    // The launched member goes on like any other: their own calls answer the session.
    let (uid, token) = (user["userId"].as_str().unwrap(), restored["token"].as_str().unwrap());
    let (s, b) = app.call(reqwest::Method::GET, &format!("/institution/summit-cu/user/{uid}/checkout"), Some(token), None).await;
    assert_eq!((s, b["checkout"]["checkout"]["step"].as_str()), (200, Some("lookup")), "{b}");
}

async fn bad_launch_tokens_are_refused(db: Db) {
    let app = app_with_bank(db).await;
    let bank = app.bank.as_ref().unwrap();
    let cases = [
        ("expired", json!({ "issuedAgo": 400, "expiresIn": 120 }), "/summit-cu/splash?launch=expired"),
        ("another audience", json!({ "audience": "coverline-lakeshore-cu" }), "/summit-cu/splash?launch=invalid"),
        ("a key the bank never published", json!({ "key": "rogue" }), "/summit-cu/splash?launch=invalid"),
        ("living longer than five minutes", json!({ "expiresIn": 301 }), "/summit-cu/splash?launch=invalid"),
        ("no address", json!({ "claims": { "address": null } }), "/summit-cu/splash?launch=details"),
    ];
    for (what, options, expected) in cases {
        let token = bank.launch_token("jane", options).await;
        let (status, location, cookie) = post_token(&app, &token).await;
        assert_eq!((status, location.as_str(), cookie), (303, expected, None), "{what}");
    }
    let (status, location, cookie) = post_token(&app, "not.a.jwt").await;
    assert_eq!((status, location.as_str(), cookie), (303, "/summit-cu/splash?launch=invalid", None));
    // No token at all is not a launch but a bad request.
    let (status, location, cookie) = post_token(&app, "").await;
    assert_eq!((status, location.as_str(), cookie), (400, "", None));
    // An institution without a launch refuses the same way.
    let token = bank.launch_token("jane", json!({})).await;
    let (status, location, cookie) = post_token_to(&app, "harborline-bank", &token).await;
    assert_eq!((status, location.as_str(), cookie), (303, "/harborline-bank/splash?launch=invalid", None));
}

async fn a_launch_token_works_once_under_fifty_concurrent_posts(db: Db) {
    let app = app_with_bank(db).await;
    let token = app.bank.as_ref().unwrap().launch_token("jane", json!({})).await;
    let posts = (0..50).map(|_| post_token(&app, &token));
    let outcomes = futures::future::join_all(posts).await;
    let launched = outcomes.iter().filter(|(_, location, cookie)| location == "/summit-cu/user/car/lookup" && cookie.is_some()).count();
    let used = outcomes.iter().filter(|(_, location, cookie)| location == "/summit-cu/splash?launch=used" && cookie.is_none()).count();
    assert_eq!((launched, used), (1, 49), "{outcomes:?}");
}

async fn an_unverified_email_keeps_the_code_step(db: Db) {
    let app = app_with_bank(db).await;
    let token = app.bank.as_ref().unwrap().launch_token("sam", json!({})).await;
    let (status, location, cookie) = post_token(&app, &token).await;
    assert_eq!((status, location.as_str()), (303, "/summit-cu/user/car/lookup"));
    let restored = restore(&app, &cookie.unwrap()).await;
    assert_eq!(restored["user"]["isEmailVerified"], false, "{restored}");
    // The code is sent and checked as for any member.
    let (uid, token) = (restored["user"]["userId"].as_str().unwrap(), restored["token"].as_str().unwrap());
    let email = restored["user"]["emailAddress"].as_str().unwrap();
    let (s, b) = app
        .call(reqwest::Method::GET, &format!("/institution/summit-cu/user/{uid}/verifyemail?emailAddress={email}"), Some(token), None)
        .await;
    assert_eq!(s, 200, "{b}");
    let code = crate::support::smtp::code_in(&app.mail.wait_for(email, 1).await[0]);
    let (s, b) = app
        .call(reqwest::Method::PUT, &format!("/institution/summit-cu/user/{uid}"), Some(token), Some(json!({ "verificationCode": code })))
        .await;
    assert_eq!((s, b["user"]["isEmailVerified"].as_bool()), (200, Some(true)), "{b}");
}

/// From the online banking link to the bank's answer, signing in at the bank as `user`: the
/// callback URL the bank sends the browser to (not opened yet).
async fn sign_in_at_the_bank(app: &TestApp, browser: &mut Browser, user: &str, password: &str) -> String {
    let callback = browser.sign_in(app, "/institution/summit-cu/launch/oidc", user, password).await;
    assert!(callback.starts_with(&app.api("/institution/summit-cu/launch/oidc/callback")), "{callback}");
    callback
}

/// The browser opens the bank's answer at Coverline.
async fn open_callback(browser: &mut Browser, callback: &str) -> (u16, String, Option<String>) {
    outcome(browser.send(reqwest::Method::GET, callback, None).await)
}

async fn an_openid_connect_sign_in_launches_the_member(db: Db) {
    let app = app_with_bank(db).await;
    let mut browser = Browser::new();
    let callback = sign_in_at_the_bank(&app, &mut browser, "jane", "summit-jane-2026").await;
    let (status, location, cookie) = open_callback(&mut browser, &callback).await;
    assert_eq!((status, location.as_str()), (303, "/summit-cu/user/car/lookup"));
    let restored = restore(&app, &cookie.expect("the restore cookie")).await;
    assert_eq!(restored["user"]["emailAddress"], "jane.rivera@example.com");
    assert_eq!((restored["user"]["isEmailVerified"].as_bool(), restored["user"]["isMember"].as_bool()), (Some(true), Some(true)));
    assert_eq!(restored["user"]["address"]["zip"], "80202");

    // Sam's email is not verified at the bank: the code step stays.
    let mut browser = Browser::new();
    let callback = sign_in_at_the_bank(&app, &mut browser, "sam", "summit-sam-2026").await;
    let (_, location, cookie) = open_callback(&mut browser, &callback).await;
    assert_eq!(location, "/summit-cu/user/car/lookup");
    let restored = restore(&app, &cookie.unwrap()).await;
    assert_eq!(
        (restored["user"]["emailAddress"].as_str(), restored["user"]["isEmailVerified"].as_bool()),
        (Some("sam.okafor@example.com"), Some(false))
    );
}

async fn a_sign_in_answer_works_once_and_only_in_its_own_browser(db: Db) {
    let app = app_with_bank(db).await;
    let stranger = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    // Login CSRF: an attacker signs in at the bank as themselves and gets the answer opened in the
    // member's browser, which did not start that sign-in (no binding cookie). Refused, and spent.
    let mut attacker = Browser::new();
    let callback = sign_in_at_the_bank(&app, &mut attacker, "sam", "summit-sam-2026").await;
    let (_, location, cookie) = outcome(stranger.get(&callback).send().await.unwrap());
    assert_eq!((location.as_str(), cookie), ("/summit-cu/splash?launch=invalid", None));
    assert_eq!(open_callback(&mut attacker, &callback).await.1, "/summit-cu/splash?launch=expired");

    // The member's own answer works once: a replay, from their browser or another, finds it spent.
    let mut browser = Browser::new();
    let callback = sign_in_at_the_bank(&app, &mut browser, "jane", "summit-jane-2026").await;
    assert_eq!(open_callback(&mut browser, &callback).await.1, "/summit-cu/user/car/lookup");
    assert_eq!(open_callback(&mut browser, &callback).await.1, "/summit-cu/splash?launch=expired");
    let (_, location, cookie) = outcome(stranger.get(&callback).send().await.unwrap());
    assert_eq!((location.as_str(), cookie), ("/summit-cu/splash?launch=expired", None));

    // The member who declines at the bank is sent back to the splash.
    let mut browser = Browser::new();
    let start = browser.send(reqwest::Method::GET, &app.api("/institution/summit-cu/launch/oidc"), None).await;
    let state = start.headers()["location"].to_str().unwrap().split("state=").nth(1).unwrap().split('&').next().unwrap().to_string();
    let declined = app.api(&format!("/institution/summit-cu/launch/oidc/callback?error=access_denied&state={state}"));
    let (_, location, cookie) = outcome(browser.send(reqwest::Method::GET, &declined, None).await);
    assert_eq!((location.as_str(), cookie), ("/summit-cu/splash?launch=denied", None));
}

async fn a_client_starts_at_most_twenty_sign_ins_in_ten_minutes(db: Db) {
    let app = app_with_bank(db).await;
    let http = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let start = app.api("/institution/summit-cu/launch/oidc");
    let starts = (0..50).map(|_| http.get(&start).send());
    let answers: Vec<u16> = futures::future::join_all(starts).await.into_iter().map(|r| r.unwrap().status().as_u16()).collect();
    let (started, refused) = (answers.iter().filter(|s| **s == 303).count(), answers.iter().filter(|s| **s == 429).count());
    assert_eq!((started, refused), (20, 30), "{answers:?}");
}

on_both_databases!(
    a_client_starts_at_most_twenty_sign_ins_in_ten_minutes,
    a_launch_token_signs_the_member_in_at_car_lookup,
    bad_launch_tokens_are_refused,
    a_launch_token_works_once_under_fifty_concurrent_posts,
    an_unverified_email_keeps_the_code_step,
    an_openid_connect_sign_in_launches_the_member,
    a_sign_in_answer_works_once_and_only_in_its_own_browser,
);
