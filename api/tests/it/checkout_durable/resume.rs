//! Steps, restore and resume.

use std::time::Duration;

use reqwest::Method;
use serde_json::{Value, json};

use super::{advance, chosen, resume_token};
use crate::support::{Db, Member, Options, TestApp, on_both_databases, ready_to_book, spawn_app};

/// Creates a member like the splash does; returns the member and the restore cookie it set.
async fn member_with_cookie(app: &TestApp, institution: &str) -> (Member, String) {
    let email = format!("{}@example.com", crate::support::random_suffix());
    let captcha = app.captcha_token(institution).await;
    let res = app
        .http
        .post(app.api(&format!("/institution/{institution}/user")))
        .json(&json!({ "emailAddress": email, "password": "Aa1!aaaaaaaaaaaaaaaaaaaaaaaaaaaa", "captchaToken": captcha }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 201);
    let set_cookie = res.headers()["set-cookie"].to_str().unwrap().to_string();
    let body: Value = res.json().await.unwrap();
    let m = Member {
        institution: institution.into(),
        user_id: body["user"]["userId"].as_str().unwrap().into(),
        token: body["token"].as_str().unwrap().into(),
        email,
    };
    (m, set_cookie)
}

/// POST …/session/restore with `cookie` (the `name=value` part of a Set-Cookie).
async fn restore(app: &TestApp, institution: &str, cookie: Option<&str>) -> (u16, Value, Option<String>) {
    let mut req = app.http.post(app.api(&format!("/institution/{institution}/session/restore")));
    if let Some(c) = cookie {
        req = req.header("cookie", c);
    }
    let res = req.send().await.unwrap();
    let status = res.status().as_u16();
    let set_cookie = res.headers().get("set-cookie").map(|v| v.to_str().unwrap().to_string());
    (status, res.json().await.unwrap_or(Value::Null), set_cookie)
}

fn pair(set_cookie: &str) -> &str {
    set_cookie.split(';').next().unwrap()
}

async fn a_step_out_of_order_is_refused_and_nothing_is_recorded(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let m = app.new_member("summit-cu").await;
    let other = app.new_member("summit-cu").await;

    let (s, b) = advance(&app, &m, "mileage", json!({ "stateOfResidence": "CO" })).await;
    assert_eq!((s, b["error"]["code"].as_str()), (409, Some("stepOutOfOrder")), "mileage before a vehicle: {b}");
    let (s, b) = advance(&app, &m, "lookup", json!({ "stateOfResidence": "CO" })).await;
    assert_eq!((s, b["checkout"]["checkout"]["step"].as_str(), b["checkout"]["version"].as_u64()), (200, Some("lookup"), Some(1)), "{b}");
    let (s, b) = advance(&app, &m, "lookup", json!({ "stateOfResidence": "NY" })).await;
    assert_eq!((s, b["error"]["code"].as_str()), (409, Some("stepOutOfOrder")), "a state the institution does not sell in: {b}");
    let (s, _) = advance(&app, &m, "invalidState", json!({ "stateOfResidence": "NY" })).await;
    assert_eq!(s, 200, "...leads to invalid-state");

    let vehicle = json!({ "stateOfResidence": "CO", "vehicle": { "vin": "5XYRLDLC3NG097496" } });
    let (s, b) = advance(&app, &m, "mileage", vehicle.clone()).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["checkout"]["checkout"]["answers"]["vehicle"]["make"], "Kia", "the server decoded the VIN itself");
    let (s, b) =
        advance(&app, &m, "coverage", json!({ "stateOfResidence": "CO", "vehicle": { "vin": "5XYRLDLC3NG097496" }, "odometer": 45000 }))
            .await;
    assert_eq!((s, b["error"]["code"].as_str()), (409, Some("stepOutOfOrder")), "coverage before a car: {b}");
    let (s, b) = advance(&app, &m, "confirm", vehicle.clone()).await;
    assert_eq!((s, b["error"]["code"].as_str()), (409, Some("stepOutOfOrder")), "review before details and a verified email: {b}");
    let (s, b) = advance(&app, &m, "payment", vehicle).await;
    assert_eq!((s, b["error"]["code"].as_str()), (409, Some("stepOutOfOrder")), "payment before booking: {b}");

    // Another member's car is not an answer this member can give.
    let (_, theirs) = ready_to_book(&app).await;
    let (s, _) = advance(&app, &m, "coverage", chosen(&theirs)).await;
    assert_eq!(s, 404);
    let (s, _) = advance(&app, &other, "lookup", json!({ "stateOfResidence": "CO" })).await;
    assert_eq!(s, 200, "each member has their own checkout");

    let (s, b) = app.call(Method::GET, &TestApp::user_path(&m, "/checkout"), Some(&m.token), None).await;
    assert_eq!(s, 200);
    assert_eq!(
        (b["checkout"]["checkout"]["step"].as_str(), b["checkout"]["version"].as_u64()),
        (Some("mileage"), Some(3)),
        "refused steps recorded nothing: {b}"
    );

    // Ops list checkouts by step (the search attributes), as `coverline support checkouts` does.
    let support = coverline_api::services::support::Support {
        store: coverline_store::Store::connect(&app.database_url).await.unwrap(),
        temporal: coverline_api::temporal::connect(&app.temporal, "default", Duration::from_secs(10)).await.unwrap(),
        operator: "ops".into(),
        temporal_ui: "http://localhost:8233".into(),
        namespace: "default".into(),
    };
    let mut listed = String::new();
    for _ in 0..50 {
        listed = support.checkouts(Some("mileage"), Some("shopping"), Some("summit-cu"), 1000).await.unwrap();
        if listed.contains(&m.user_id) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert!(listed.contains(&format!("checkout-{}", m.user_id)) && !listed.contains(&other.user_id), "{listed}");
    assert!(
        listed.starts_with("query: WorkflowType = 'CheckoutWorkflow' AND ExecutionStatus = 'Running' AND CoverlineStep = 'mileage'"),
        "{listed}"
    );
}

on_both_databases!(a_step_out_of_order_is_refused_and_nothing_is_recorded);

async fn a_reloaded_tab_is_restored_through_its_httponly_cookie_only(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let (m, set_cookie) = member_with_cookie(&app, "summit-cu").await;
    for attribute in ["HttpOnly", "SameSite=Strict", "Path=/api/institution/summit-cu/session", "Max-Age=14400"] {
        assert!(set_cookie.contains(attribute), "{attribute} in {set_cookie}");
    }
    assert!(!set_cookie.contains(&m.token), "the cookie is not the session token");
    let (s, _) = advance(&app, &m, "lookup", json!({ "stateOfResidence": "CO" })).await;
    assert_eq!(s, 200);

    let (s, b, _) = restore(&app, "summit-cu", Some(pair(&set_cookie))).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!((b["user"]["userId"].as_str(), b["checkout"]["checkout"]["step"].as_str()), (Some(m.user_id.as_str()), Some("lookup")));
    let restored = b["token"].as_str().unwrap().to_string();
    assert_ne!(restored, m.token);
    let (s, _) = app.call(Method::GET, &TestApp::user_path(&m, ""), Some(&restored), None).await;
    assert_eq!(s, 200, "the restored token is a session of the member");
    let (s, _) = app.call(Method::GET, &TestApp::user_path(&m, ""), Some(&m.token), None).await;
    assert_eq!(s, 200, "another tab of the same session keeps working");

    let (s, b, _) = restore(&app, "summit-cu", None).await;
    assert_eq!((s, b["error"]["code"].as_str()), (401, Some("unauthorized")));
    let (s, _, _) = restore(&app, "summit-cu", Some("coverline_restore=not-a-key")).await;
    assert_eq!(s, 401);
    let (s, _, _) = restore(&app, "harborline-bank", Some(pair(&set_cookie))).await;
    assert_eq!(s, 401, "a cookie of one institution opens nothing at another");
    let (b_member, b_cookie) = member_with_cookie(&app, "summit-cu").await;
    let (s, b, _) = restore(&app, "summit-cu", Some(pair(&b_cookie))).await;
    assert_eq!((s, b["user"]["userId"].as_str()), (200, Some(b_member.user_id.as_str())), "each cookie restores its own member");

    // The member's contact request comes back with the checkout (a reloaded thank-you page).
    let contact = json!({ "pageUserBouncedFrom": "validCarNoRates", "doesConsentToEmail": true,
        "collectedInfo": { "firstName": "Rosa", "lastName": "Diaz", "phoneNumber": "3035550199", "emailAddress": m.email } });
    let (s, b) = app.call(Method::PUT, &TestApp::user_path(&m, "/contact-request"), Some(&m.token), Some(contact)).await;
    assert!(s < 300, "{b}");
    let (s, b, _) = restore(&app, "summit-cu", Some(pair(&set_cookie))).await;
    assert_eq!(s, 200);
    assert_eq!(
        (b["contactRequest"]["collectedInfo"]["firstName"].as_str(), b["contactRequest"]["pageUserBouncedFrom"].as_str()),
        (Some("Rosa"), Some("validCarNoRates")),
        "{b}"
    );

    // Idle past the timeout: the session is over, and so is the cookie.
    app.clock.advance(901);
    let (s, b, cleared) = restore(&app, "summit-cu", Some(pair(&set_cookie))).await;
    assert_eq!((s, b["error"]["code"].as_str()), (401, Some("sessionExpired")), "{b}");
    assert!(cleared.unwrap().contains("Max-Age=0"), "the expired cookie is cleared");
}

on_both_databases!(a_reloaded_tab_is_restored_through_its_httponly_cookie_only);

async fn an_ended_session_is_not_restored_on_any_tab(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let (m, set_cookie) = member_with_cookie(&app, "summit-cu").await;
    let (s, b, _) = restore(&app, "summit-cu", Some(pair(&set_cookie))).await;
    assert_eq!(s, 200, "{b}");
    let other_tab = b["token"].as_str().unwrap().to_string();

    // The tab's session ends (15 idle minutes on the page, the refresh maximum): it says so.
    let res = app
        .http
        .post(app.api("/institution/summit-cu/session/end"))
        .bearer_auth(&m.token)
        .header("cookie", pair(&set_cookie))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 204);
    assert!(res.headers()["set-cookie"].to_str().unwrap().contains("Max-Age=0"), "the cookie is cleared");
    let (s, _, _) = restore(&app, "summit-cu", Some(pair(&set_cookie))).await;
    assert_eq!(s, 401, "a reload does not bring it back");
    for token in [&m.token, &other_tab] {
        let (s, _) = app.call(Method::GET, &TestApp::user_path(&m, ""), Some(token), None).await;
        assert_eq!(s, 401, "every token of the session is revoked");
    }
    let res = app.http.post(app.api("/institution/summit-cu/session/end")).send().await.unwrap();
    assert_eq!(res.status().as_u16(), 204, "nothing to end is fine");
}

on_both_databases!(an_ended_session_is_not_restored_on_any_tab);

async fn a_resume_link_is_single_use_expires_and_opens_only_its_member(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let m = app.new_member("summit-cu").await;
    let other = app.new_member("summit-cu").await;
    advance(&app, &m, "lookup", json!({ "stateOfResidence": "CO" })).await;
    let send = TestApp::user_path(&m, &format!("/verifyemail?emailAddress={}", m.email));
    assert_eq!(app.call(Method::GET, &send, Some(&m.token), None).await.0, 200);
    let mail = app.mail.wait_for(&m.email, 1).await;
    let token = resume_token(&mail[0]);
    assert!(mail[0].data.contains(&format!("{}/summit-cu/resume/", app.url)), "{}", mail[0].data);

    // The link's page preloads the screen of the step its checkout is at (looking does not use it);
    // at another institution it preloads nothing of it.
    let manifest: Value =
        serde_json::from_str(&std::fs::read_to_string(crate::support::workspace().join("web/dist/.vite/manifest.json")).unwrap()).unwrap();
    let lookup_chunk = manifest["src/features/car/lookup-choice-page.tsx"]["file"].as_str().unwrap();
    let page = |path: String| {
        let app = &app;
        async move { app.http.get(format!("{}{path}", app.url)).send().await.unwrap().text().await.unwrap() }
    };
    let link_page = page(format!("/summit-cu/resume/{token}")).await;
    assert!(link_page.contains(&format!(r#"<link rel="modulepreload" crossorigin href="/{lookup_chunk}">"#)), "{link_page}");
    assert!(!page(format!("/harborline-bank/resume/{token}")).await.contains(lookup_chunk));

    let resume = |institution: &'static str, token: String| {
        let app = &app;
        async move { app.call(Method::POST, &format!("/institution/{institution}/resume"), None, Some(json!({ "token": token }))).await }
    };
    let (s, _) = resume("harborline-bank", token.clone()).await;
    assert_eq!(s, 410, "a link opens nothing at another institution");
    let (s, b) = resume("summit-cu", token.clone()).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!((b["user"]["userId"].as_str(), b["checkout"]["checkout"]["step"].as_str()), (Some(m.user_id.as_str()), Some("lookup")));
    let device = b["token"].as_str().unwrap().to_string();
    let (s, _) = app.call(Method::GET, &TestApp::user_path(&m, ""), Some(&device), None).await;
    assert_eq!(s, 200, "a session of its member on the new device");
    let (s, _) = app.call(Method::GET, &TestApp::user_path(&other, ""), Some(&device), None).await;
    assert_eq!(s, 404, "and of nobody else");
    let (s, b) = resume("summit-cu", token.clone()).await;
    assert_eq!((s, b["error"]["code"].as_str()), (410, Some("linkExpired")), "single use");
    assert!(!page(format!("/summit-cu/resume/{token}")).await.contains(lookup_chunk), "a used link's page preloads no screen");
    let (s, _) = resume("summit-cu", "made-up-token".into()).await;
    assert_eq!(s, 410);
    let (s, b) = resume("summit-cu", "x".repeat(101)).await;
    assert_eq!((s, b["error"]["code"].as_str()), (400, Some("validation")), "a link longer than any we send is malformed: {b}");

    // A second code brings a second link, which lives 7 days.
    app.clock.advance(21);
    assert_eq!(app.call(Method::GET, &send, Some(&device), None).await.0, 200);
    let late = resume_token(app.mail.wait_for(&m.email, 2).await.last().unwrap());
    app.clock.advance(7 * 24 * 3600 + 1);
    let (s, _) = resume("summit-cu", late).await;
    assert_eq!(s, 410, "expired after 7 days");
}

on_both_databases!(a_resume_link_is_single_use_expires_and_opens_only_its_member);

async fn a_resumed_quote_too_old_to_honour_is_rerated_and_a_new_price_is_told(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let (m, booking) = ready_to_book(&app).await;
    let (s, b) = advance(&app, &m, "missingInfo", chosen(&booking)).await;
    assert_eq!(s, 200, "{b}");
    // The provider's rate book changed since: the stored price is no longer the book's.
    let store = coverline_store::Store::connect(&app.database_url).await.unwrap();
    sqlx::query("UPDATE rates SET price_cents = price_cents - 5000 WHERE rate_id = $1")
        .bind(booking["rateId"].as_str().unwrap())
        .execute(store.pool())
        .await
        .unwrap();
    app.clock.advance(21);
    let send = TestApp::user_path(&m, &format!("/verifyemail?emailAddress={}", m.email));
    assert_eq!(app.call(Method::GET, &send, Some(&m.token), None).await.0, 200);
    let token = resume_token(app.mail.wait_for(&m.email, 2).await.last().unwrap());

    app.clock.advance(86_401);
    let (s, b) = app.call(Method::POST, "/institution/summit-cu/resume", None, Some(json!({ "token": token }))).await;
    assert_eq!(s, 200, "{b}");
    let change = &b["priceChange"];
    assert!(change["message"].as_str().unwrap().starts_with("Prices have changed since you chose your coverage"), "{b}");
    assert_ne!(change["from"], change["to"]);
    let new_rate = b["checkout"]["checkout"]["answers"]["rate"]["rateId"].as_str().unwrap();
    assert_ne!(new_rate, booking["rateId"].as_str().unwrap(), "the choice follows its coverage to the re-rated quote");
    assert_eq!(b["quote"]["rates"][0]["rateId"].as_str(), Some(new_rate), "{}", b["quote"]);
    assert_eq!(b["checkout"]["checkout"]["step"], "missingInfo");
}

on_both_databases!(a_resumed_quote_too_old_to_honour_is_rerated_and_a_new_price_is_told);

async fn an_unpaid_choice_gets_one_reminder_with_consent_and_none_without(db: Db) {
    let app = spawn_app(Options { reminder_after: Duration::from_secs(3), ..Options::on(db) }).await;
    let (m, booking) = ready_to_book(&app).await;
    let (mut shy, shy_booking) = ready_to_book(&app).await;
    let (later, later_booking) = ready_to_book(&app).await;
    let no_consent = json!({ "firstName": "Sam", "lastName": "Shy", "phoneNumber": "3035550142", "isMember": true, "doesConsentToSoliciting": false,
        "address": { "street": "1 Main St", "city": "Denver", "state": "CO", "zip": "80202" } });
    let (s, b) = app.call(Method::PUT, &TestApp::user_path(&shy, ""), Some(&shy.token), Some(no_consent)).await;
    assert_eq!(s, 200, "{b}");
    shy.token = b["token"].as_str().unwrap().to_string();
    assert_eq!(advance(&app, &m, "missingInfo", chosen(&booking)).await.0, 200);
    assert_eq!(advance(&app, &shy, "missingInfo", chosen(&shy_booking)).await.0, 200);

    let mails = app.mail.wait_for(&m.email, 2).await;
    let reminder = mails.iter().find(|x| x.data.contains("is waiting")).expect("a reminder");
    assert!(!resume_token(reminder).is_empty(), "with a link to continue");
    // A third member chooses only now: their reminder, due the same quiet time later, comes after
    // any second reminder to `m` (re-armed when the first went) and any to `shy` (due with `m`'s
    // first) would have.
    let sent = app.mail.to(&later.email).len();
    assert_eq!(advance(&app, &later, "missingInfo", chosen(&later_booking)).await.0, 200);
    let theirs = app.mail.wait_for(&later.email, sent + 1).await;
    assert!(theirs.last().unwrap().data.contains("is waiting"), "the later member's reminder");
    assert_eq!(app.mail.to(&m.email).iter().filter(|x| x.data.contains("is waiting")).count(), 1, "one reminder");
    assert!(app.mail.to(&shy.email).iter().all(|x| !x.data.contains("is waiting")), "none without consent");

    // A promotional message: one-click unsubscribe (RFC 8058) and the institution's postal address.
    let data = crate::support::smtp::decoded(reminder);
    let unsubscribe = data
        .lines()
        .find_map(|l| l.strip_prefix("List-Unsubscribe: <").and_then(|rest| rest.strip_suffix('>')))
        .unwrap_or_else(|| panic!("a List-Unsubscribe header: {data}"))
        .to_string();
    assert!(data.contains("List-Unsubscribe-Post: List-Unsubscribe=One-Click"), "{data}");
    assert!(data.contains(&format!("Stop reminders like this one: {unsubscribe}")), "a visible link: {data}");
    assert!(data.contains("1420 Larimer St, Denver, CO 80202"), "the postal address: {data}");
    assert!(unsubscribe.starts_with(&format!("{}/api/institution/summit-cu/unsubscribe/{}?token=", app.url, m.user_id)), "{unsubscribe}");
    let store = coverline_store::Store::connect(&app.database_url).await.unwrap();
    let consents = |user: String| {
        let store = store.clone();
        async move { store.user(&user).await.unwrap().unwrap().consents_to_solicit }
    };

    // A forged link (another member's id, a changed token) is refused and changes nothing.
    let forged = unsubscribe.replace(&m.user_id, &shy.user_id);
    let res = app.http.post(&forged).body("List-Unsubscribe=One-Click").send().await.unwrap();
    assert_eq!(res.status(), 404);
    let tampered = format!("{}{}", &unsubscribe[..unsubscribe.len() - 1], if unsubscribe.ends_with('0') { '1' } else { '0' });
    assert_eq!(app.http.post(&tampered).send().await.unwrap().status(), 404);
    // The visible link's page only shows a button: a link scanner's GET changes nothing.
    let res = app.http.get(&unsubscribe).send().await.unwrap();
    assert_eq!(res.status(), 200);
    assert!(res.text().await.unwrap().contains("Summit Credit Union"));
    assert!(consents(m.user_id.clone()).await, "still consenting after a GET");

    // The mailbox's one-click POST withdraws the consent at once, recorded with the client; again changes nothing.
    let res = app
        .http
        .post(&unsubscribe)
        .header("content-type", "application/x-www-form-urlencoded")
        .body("List-Unsubscribe=One-Click")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    assert!(!consents(m.user_id.clone()).await, "withdrawn");
    assert_eq!(app.http.post(&unsubscribe).send().await.unwrap().status(), 200);
    let record = store.consent_events(&m.user_id).await.unwrap();
    assert_eq!(record.len(), 1, "recorded once: {record:?}");
    assert_eq!((record[0].kind.as_str(), record[0].granted, record[0].source.as_str()), ("promotional", 0, "unsubscribe-link"));
    assert_eq!(record[0].client.as_deref(), Some("127.0.0.1"));
}

on_both_databases!(an_unpaid_choice_gets_one_reminder_with_consent_and_none_without);

async fn a_code_send_retried_with_its_key_is_one_send(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let m = app.new_member("summit-cu").await;
    let url = app.api(&TestApp::user_path(&m, &format!("/verifyemail?emailAddress={}", m.email)));
    let send = |key: &'static str| app.http.get(&url).bearer_auth(&m.token).header("idempotency-key", key).send();
    assert_eq!(send("k-1").await.unwrap().status().as_u16(), 200);
    assert_eq!(send("k-1").await.unwrap().status().as_u16(), 200, "the retry answers as the send did, not 'wait 20 s'");
    assert_eq!(send("k-2").await.unwrap().status().as_u16(), 429, "a new send within 20 s is refused");
    // The checkout at rest: every send it started has finished (the receiver holds a message
    // before it answers), and none is left to send another.
    let events = crate::support::wait_for_history(&app.temporal, &m.user_id, "the checkout at rest", crate::support::at_rest).await;
    assert_eq!(crate::support::activities_scheduled(&events, "send_verification_code"), 1, "one send in the checkout's history");
    assert_eq!(app.mail.to(&m.email).len(), 1, "one email");
    let (_, b) = app.call(Method::GET, &TestApp::user_path(&m, "/checkout"), Some(&m.token), None).await;
    assert_eq!(b["checkout"]["codeSends"], 1, "counted once: {b}");
}

on_both_databases!(a_code_send_retried_with_its_key_is_one_send);

/// A verification email sent to the member's address now; its continue link.
async fn continue_link(app: &TestApp, m: &Member, sent_before: usize) -> String {
    app.clock.advance(21);
    let path = TestApp::user_path(m, &format!("/verifyemail?emailAddress={}", m.email));
    let (s, b) = app.call(Method::GET, &path, Some(&m.token), None).await;
    assert_eq!(s, 200, "{b}");
    resume_token(app.mail.wait_for(&m.email, sent_before + 1).await.last().unwrap())
}

async fn resume(app: &TestApp, token: &str) -> u16 {
    app.call(Method::POST, "/institution/summit-cu/resume", None, Some(json!({ "token": token }))).await.0
}

async fn alive(app: &TestApp, m: &Member, token: &str) -> bool {
    app.call(Method::GET, &TestApp::user_path(m, ""), Some(token), None).await.0 == 200
}

async fn login(app: &TestApp, email: &str, password: &str) -> (String, String) {
    let res = app
        .http
        .post(app.api(&format!("/institution/summit-cu/login?emailAddress={email}")))
        .json(&json!({ "password": password }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);
    let cookie = res.headers()["set-cookie"].to_str().unwrap().to_string();
    let body: Value = res.json().await.unwrap();
    (body["token"].as_str().unwrap().to_string(), cookie)
}

async fn a_password_or_email_change_or_a_reset_closes_every_other_way_in(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let (mut m, cookie) = member_with_cookie(&app, "summit-cu").await;
    let link = continue_link(&app, &m, 0).await;
    let (_, b, _) = restore(&app, "summit-cu", Some(pair(&cookie))).await;
    let other_tab = b["token"].as_str().unwrap().to_string();
    let (other_device, other_cookie) = login(&app, &m.email, "Aa1!aaaaaaaaaaaaaaaaaaaaaaaaaaaa").await;

    // A password change: this device goes on (a new token, a new restore cookie); nothing else does.
    let res = app
        .http
        .post(app.api(&TestApp::user_path(&m, "/passwordchange")))
        .bearer_auth(&m.token)
        .json(&json!({ "oldPassword": "Aa1!aaaaaaaaaaaaaaaaaaaaaaaaaaaa", "newPassword": "a brand new password" }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);
    let new_cookie = res.headers()["set-cookie"].to_str().unwrap().to_string();
    assert!(new_cookie.contains("HttpOnly") && !new_cookie.contains("Max-Age=0"), "{new_cookie}");
    m.token = res.json::<Value>().await.unwrap()["token"].as_str().unwrap().to_string();
    assert!(alive(&app, &m, &m.token).await);
    for (token, what) in [(&other_tab, "another tab"), (&other_device, "another device")] {
        assert!(!alive(&app, &m, token).await, "{what}'s token dies with the old password");
    }
    for (c, what) in [(&cookie, "this device's old"), (&other_cookie, "another device's")] {
        assert_eq!(restore(&app, "summit-cu", Some(pair(c))).await.0, 401, "{what} restore cookie dies");
    }
    assert_eq!(resume(&app, &link).await, 410, "a continue link sent before dies");
    assert_eq!(restore(&app, "summit-cu", Some(pair(&new_cookie))).await.0, 200, "this device's new cookie restores");

    // An email change: the continue link mailed to the old address no longer opens the account,
    // and nothing more is sent there.
    let old_address = m.email.clone();
    let link = continue_link(&app, &m, 1).await;
    let new_address = format!("moved-{}@example.com", crate::support::random_suffix());
    let res = app
        .http
        .put(app.api(&TestApp::user_path(&m, "/update-email")))
        .bearer_auth(&m.token)
        .json(&json!({ "oldEmailAddress": old_address, "newEmailAddress": new_address }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);
    let moved_cookie = res.headers()["set-cookie"].to_str().unwrap().to_string();
    m.token = res.json::<Value>().await.unwrap()["updatedToken"].as_str().unwrap().to_string();
    m.email = new_address.clone();
    assert_eq!(resume(&app, &link).await, 410, "the old address's continue link dies");
    assert_eq!(restore(&app, "summit-cu", Some(pair(&new_cookie))).await.0, 401);
    assert_eq!(restore(&app, "summit-cu", Some(pair(&moved_cookie))).await.0, 200);
    let link = continue_link(&app, &m, 0).await;
    assert_eq!(app.mail.to(&old_address).len(), 2, "the new code went to the new address only");

    // A password reset: every session, restore cookie and continue link ends.
    let (s, _) =
        app.call(Method::POST, "/institution/summit-cu/passwordresetrequest", None, Some(json!({ "emailAddress": new_address }))).await;
    assert_eq!(s, 202);
    let mail = app.mail.wait_for(&new_address, 2).await;
    let subject = mail[1].data.lines().find(|l| l.starts_with("Subject:")).unwrap().to_string();
    let code = subject.rsplit(' ').next().unwrap().trim().to_string();
    let body = json!({ "emailAddress": new_address, "code": code, "password": "the reset password 1" });
    let (s, b) = app.call(Method::POST, "/institution/summit-cu/passwordreset", None, Some(body)).await;
    assert_eq!(s, 200, "{b}");
    assert!(!alive(&app, &m, &m.token).await);
    assert_eq!(restore(&app, "summit-cu", Some(pair(&moved_cookie))).await.0, 401, "a reset ends the restore cookies");
    assert_eq!(resume(&app, &link).await, 410, "a reset ends the continue links");
}

on_both_databases!(a_password_or_email_change_or_a_reset_closes_every_other_way_in);

async fn a_busy_session_still_ends_at_its_maximum(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let m = app.new_member("summit-cu").await;
    // A call every 14 minutes (never idle) for 4 hours: then the next ordinary call is refused.
    for i in 1..=17 {
        app.clock.advance(14 * 60);
        assert!(alive(&app, &m, &m.token).await, "call {i}, {} min in", i * 14);
    }
    app.clock.advance(14 * 60);
    let (s, b) = app.call(Method::GET, &TestApp::user_path(&m, ""), Some(&m.token), None).await;
    assert_eq!((s, b["error"]["code"].as_str()), (401, Some("sessionExpired")), "4 h 12 min after the first token: {b}");
}

on_both_databases!(a_busy_session_still_ends_at_its_maximum);
