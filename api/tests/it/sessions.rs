//! Sessions and integration mode over real HTTP: the server's own idle timeout (clock injected),
//! refresh rotation and the session's maximum life, login / password change / reset with their
//! rate limits, integrator token checks, launches and the CSP frame-ancestors of the web app.

use crate::support::{Db, Member, Options, TestApp, on_both_databases, spawn_app};
use coverline_domain::product::messages;
use reqwest::Method;
use serde_json::{Value, json};

const DEMO_TOKEN: &str = "demo-partner-token";
const PASSWORD: &str = "Aa1!aaaaaaaaaaaaaaaaaaaaaaaaaaaa";

fn refresh_path(m: &Member) -> String {
    TestApp::user_path(m, &format!("/refresh?emailAddress={}", m.email))
}

async fn a_stale_token_is_refused_and_refresh_rotates_until_the_maximum(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let m = app.new_member("summit-cu").await;
    let paying = app.new_member("summit-cu").await;
    let me = TestApp::user_path(&m, "");

    // Idle: 14 minutes are fine, 15 minutes and a second are not (and the token stays dead).
    app.clock.advance(14 * 60);
    assert_eq!(app.call(Method::GET, &me, Some(&m.token), None).await.0, 200);
    app.clock.advance(15 * 60 + 1);
    let (s, b) = app.call(Method::GET, &me, Some(&m.token), None).await;
    assert_eq!((s, b["error"]["code"].as_str()), (401, Some("sessionExpired")), "{b}");
    // The payment's report on an expired session: the spec's user-timeout text in the envelope, and
    // its code, which the page reads (in any language).
    let verify = json!({ "policyId": "POLICY", "result": "x" });
    let (s, b) = app.call(Method::POST, &TestApp::user_path(&paying, "/verifyresponse"), Some(&paying.token), Some(verify)).await;
    assert_eq!(
        (s, b["data"]["error"]["error_message"].as_str(), b["data"]["error"]["code"].as_str()),
        (401, Some(messages::USER_TIMEOUT), Some("sessionExpired")),
        "{b}"
    );
    app.clock.advance(-(15 * 60 + 1));
    assert_eq!(app.call(Method::GET, &me, Some(&m.token), None).await.0, 401, "an expired session is revoked, not revived");

    // Refresh: a new token, the old one refused at once.
    let mut m = app.new_member("summit-cu").await;
    let (s, b) = app.call(Method::GET, &refresh_path(&m), Some(&m.token), None).await;
    assert_eq!(s, 200, "{b}");
    let old = std::mem::replace(&mut m.token, b["token"].as_str().unwrap().to_string());
    assert_ne!(old, m.token);
    assert_eq!(app.call(Method::GET, &TestApp::user_path(&m, ""), Some(&old), None).await.0, 401);
    assert_eq!(app.call(Method::GET, &TestApp::user_path(&m, ""), Some(&m.token), None).await.0, 200);
    // Another member's token cannot refresh this member.
    let other = app.new_member("summit-cu").await;
    assert_eq!(app.call(Method::GET, &refresh_path(&m), Some(&other.token), None).await.0, 404);

    // Refreshing (every 10 minutes here) keeps a session for 4 hours (its maximum), not longer.
    // The app's clock is the real one plus what the test adds, so the seconds the test itself
    // takes count too: the last refresh inside the maximum is a minute before it (at exactly 4 h
    // it passed only when the whole chain ran within one wall-clock second), the first refused
    // one a minute after it.
    for i in 1..=24 {
        app.clock.advance(if i == 24 { 540 } else { 600 });
        let (s, b) = app.call(Method::GET, &refresh_path(&m), Some(&m.token), None).await;
        assert_eq!(s, 200, "refresh {i}: {b}");
        m.token = b["token"].as_str().unwrap().to_string();
    }
    app.clock.advance(120);
    let (s, b) = app.call(Method::GET, &refresh_path(&m), Some(&m.token), None).await;
    assert_eq!((s, b["error"]["code"].as_str()), (401, Some("sessionExpired")), "4 h 1 min after the first token: {b}");
}

on_both_databases!(a_stale_token_is_refused_and_refresh_rotates_until_the_maximum);

async fn login_password_change_and_reset_with_limits(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let m = app.new_member("summit-cu").await;
    let login = |email: String, password: &str| {
        let body = json!({ "password": password });
        let path = format!("/institution/summit-cu/login?emailAddress={email}");
        let app = &app;
        async move { app.call(Method::POST, &path, None, Some(body)).await }
    };
    let (s, b) = login(m.email.to_uppercase(), PASSWORD).await;
    assert_eq!((s, b["user"]["userId"].as_str()), (200, Some(m.user_id.as_str())), "{b}");
    let (s, wrong_password) = login(m.email.clone(), "not the password at all").await;
    let (s2, unknown) = login("nobody@example.com".into(), PASSWORD).await;
    assert_eq!((s, s2), (401, 401));
    assert_eq!(wrong_password, unknown, "no hint which was wrong");
    assert_eq!(wrong_password["error"]["message"], messages::INVALID_CREDENTIALS);

    // Password change: the old password is needed; other sessions end; the new password logs in.
    let (_, b) = login(m.email.clone(), PASSWORD).await;
    let second_session = b["token"].as_str().unwrap().to_string();
    let change = |old: &str, new: &str| json!({ "oldPassword": old, "newPassword": new });
    let path = TestApp::user_path(&m, "/passwordchange");
    let (s, b) = app.call(Method::POST, &path, Some(&m.token), Some(change("wrong old password", "a brand new password"))).await;
    assert_eq!((s, b["error"]["code"].as_str()), (401, Some("invalidCredentials")));
    let (s, b) = app.call(Method::POST, &path, Some(&m.token), Some(change(PASSWORD, "short"))).await;
    assert_eq!((s, b["error"]["field"].as_str()), (400, Some("password")));
    let (s, b) = app.call(Method::POST, &path, Some(&m.token), Some(change(PASSWORD, "a brand new password"))).await;
    assert_eq!(s, 200, "{b}");
    let token = b["token"].as_str().unwrap().to_string();
    assert_eq!(app.call(Method::GET, &TestApp::user_path(&m, ""), Some(&second_session), None).await.0, 401, "other sessions end");
    assert_eq!(app.call(Method::GET, &TestApp::user_path(&m, ""), Some(&token), None).await.0, 200);
    assert_eq!(login(m.email.clone(), PASSWORD).await.0, 401);
    assert_eq!(login(m.email.clone(), "a brand new password").await.0, 200);

    // Reset: a code by email; a wrong code counts; the right one sets the password and ends sessions.
    let request =
        |email: &str| app.call(Method::POST, "/institution/summit-cu/passwordresetrequest", None, Some(json!({ "emailAddress": email })));
    assert_eq!(request(&m.email).await.0, 202);
    assert_eq!(request("nobody@example.com").await.0, 202, "the same answer for an unknown address");
    let mail = app.mail.wait_for(&m.email, 1).await;
    let subject = mail[0].data.lines().find(|l| l.starts_with("Subject:")).unwrap().to_string();
    let code = subject.rsplit(' ').next().unwrap().trim().to_string();
    assert_eq!(code.len(), 6, "{subject}");
    let reset = |code: &str, password: &str| {
        app.call(
            Method::POST,
            "/institution/summit-cu/passwordreset",
            None,
            Some(json!({ "emailAddress": m.email, "code": code, "password": password })),
        )
    };
    let wrong = if code == "000000" { "111111" } else { "000000" };
    assert_eq!(reset(wrong, "the reset password 1").await.0, 400);
    let (s, b) = reset(&code, "the reset password 1").await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(app.call(Method::GET, &TestApp::user_path(&m, ""), Some(&token), None).await.0, 401, "a reset ends every session");
    assert_eq!(reset(&code, "the reset password 2").await.0, 400, "a code works once");
    assert_eq!(login(m.email.clone(), "the reset password 1").await.0, 200);

    // Limits: 5 failed logins in 15 minutes lock the address (even the right password), reset
    // requests 3 an hour per address.
    app.clock.advance(901);
    for _ in 0..5 {
        assert_eq!(login(m.email.clone(), "guess guess guess").await.0, 401);
    }
    assert_eq!(login(m.email.clone(), "the reset password 1").await.0, 429);
    assert_eq!(request(&m.email).await.0, 202);
    assert_eq!(request(&m.email).await.0, 202);
    assert_eq!(request(&m.email).await.0, 429, "the fourth request in an hour");
    app.clock.advance(3601);
    assert_eq!(login(m.email.clone(), "the reset password 1").await.0, 200, "the window passes");
}

on_both_databases!(login_password_change_and_reset_with_limits);

async fn launch(app: &TestApp, integrator: &str, token: &str, vehicle: Option<Value>) -> (u16, Value) {
    let mut body = json!({
        "member": { "emailAddress": "Partner.Member@Example.com", "firstName": "Jamie", "lastName": "Rivera", "phoneNumber": "3035550199",
                    "address": { "street": "2200 Blake St", "city": "Denver", "state": "CO", "zip": "80205" } }
    });
    if let Some(v) = vehicle {
        body["vehicle"] = v;
    }
    let res = app
        .http
        .post(app.api(&format!("/institution/summit-cu/integration/{integrator}/launch")))
        .bearer_auth(token)
        .json(&body)
        .send()
        .await
        .unwrap();
    (res.status().as_u16(), res.json().await.unwrap_or(Value::Null))
}

async fn integrators_launch_the_flow_with_their_token_only(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let kia = json!({ "vin": "5XYRLDLC3NG097496", "odometer": 30000 });

    assert_eq!(launch(&app, "demo-partner", "wrong-token", Some(kia.clone())).await.0, 401);
    assert_eq!(launch(&app, "demo-partner", "", Some(kia.clone())).await.0, 401);
    assert_eq!(launch(&app, "no-such-partner", DEMO_TOKEN, Some(kia.clone())).await.0, 401, "unknown and wrong token answer alike");

    let (s, b) = launch(&app, "demo-partner", DEMO_TOKEN, Some(kia.clone())).await;
    assert_eq!(s, 201, "{b}");
    let url = b["url"].as_str().unwrap();
    assert!(url.starts_with("/summit-cu/user/integration/demo-partner/silent?launch="), "{url}");
    let code = b["launchCode"].as_str().unwrap().to_string();

    let exchange = |integrator: &str, code: &str| {
        let path = format!("/institution/summit-cu/integration/{integrator}/session");
        let body = json!({ "launchCode": code });
        let app = &app;
        async move { app.call(Method::POST, &path, None, Some(body)).await }
    };
    let (s, session) = exchange("demo-partner", &code).await;
    assert_eq!(s, 200, "{session}");
    assert_eq!(session["user"]["emailAddress"], "partner.member@example.com");
    assert_eq!(session["user"]["firstName"], "Jamie");
    assert_eq!(session["user"]["isMember"], true);
    assert_eq!(session["car"]["vin"], "5XYRLDLC3NG097496");
    let rates = session["quote"]["rates"].as_array().unwrap();
    assert!(!rates.is_empty() && rates.len() <= 3, "{session}");
    let m = Member {
        institution: "summit-cu".into(),
        user_id: session["user"]["userId"].as_str().unwrap().into(),
        token: session["token"].as_str().unwrap().into(),
        email: "partner.member@example.com".into(),
    };
    assert_eq!(app.call(Method::GET, &TestApp::user_path(&m, ""), Some(&m.token), None).await.0, 200, "a working session");
    assert_eq!(exchange("demo-partner", &code).await.0, 404, "a launch code works once");

    // No vehicle: the member selects it in the app.
    let (s, b) = launch(&app, "demo-partner", DEMO_TOKEN, None).await;
    assert_eq!(s, 201, "{b}");
    assert!(b["url"].as_str().unwrap().contains("/selection?launch="));
    let (s, session) = exchange("demo-partner", b["launchCode"].as_str().unwrap()).await;
    assert_eq!((s, session["car"].is_null(), session["quote"].is_null()), (200, true, true), "{session}");

    // A vehicle nothing covers (a 2003 car is over the age limit): 'No available policies'.
    let (s, b) = launch(&app, "demo-partner", DEMO_TOKEN, Some(json!({ "vin": "1HGCM82633A004352", "odometer": 180000 }))).await;
    assert_eq!(
        (s, b["error"]["code"].as_str(), b["error"]["message"].as_str()),
        (422, Some("noPolicies"), Some(messages::NO_AVAILABLE_POLICIES)),
        "{b}"
    );

    // A VIN that fits several styles: the integrator is told which, and a launch with one of them goes.
    let renegade = json!({ "vin": "ZACNJDAB0MPN15099", "odometer": 30000 });
    let (s, b) = launch(&app, "demo-partner", DEMO_TOKEN, Some(renegade)).await;
    assert_eq!((s, b["error"]["field"].as_str()), (400, Some("vehicle.style")), "{b}");
    assert!(b["error"]["message"].as_str().unwrap().ends_with("One of: Freedom; Jeepster; Sport; Upland."), "{b}");
    let (s, b) =
        launch(&app, "demo-partner", DEMO_TOKEN, Some(json!({ "vin": "ZACNJDAB0MPN15099", "style": "Upland", "odometer": 30000 }))).await;
    assert_eq!(s, 201, "{b}");

    // An expired code, and an inactive integrator.
    let (_, b) = launch(&app, "demo-partner", DEMO_TOKEN, Some(kia.clone())).await;
    let late = b["launchCode"].as_str().unwrap().to_string();
    app.clock.advance(601);
    assert_eq!(exchange("demo-partner", &late).await.0, 404, "10 minutes");
    let store = coverline_store::Store::connect(&app.database_url).await.unwrap();
    let mut partner = store.integrator("demo-partner").await.unwrap().unwrap();
    partner.is_active = 0;
    store.upsert_integrator(&partner).await.unwrap();
    let (s, b) = launch(&app, "demo-partner", DEMO_TOKEN, Some(kia)).await;
    assert_eq!((s, b["error"]["code"].as_str()), (403, Some("integratorInactive")));
}

on_both_databases!(integrators_launch_the_flow_with_their_token_only);

/// A partner's member lives in the partner's frame, a third-party context: their restore cookie is
/// partitioned (a Strict one is neither stored nor sent there), and restoring it says integration mode.
async fn a_partner_members_restore_cookie_is_partitioned_and_restores_integration_mode(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let (s, b) = launch(&app, "demo-partner", DEMO_TOKEN, Some(json!({ "vin": "5XYRLDLC3NG097496", "odometer": 45000 }))).await;
    assert_eq!(s, 201, "{b}");
    let res = app
        .http
        .post(app.api("/institution/summit-cu/integration/demo-partner/session"))
        .json(&json!({ "launchCode": b["launchCode"] }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);
    let set_cookie = res.headers()["set-cookie"].to_str().unwrap().to_string();
    for attribute in ["HttpOnly", "SameSite=None", "Secure", "Partitioned", "Path=/api/institution/summit-cu/session"] {
        assert!(set_cookie.split("; ").any(|a| a == attribute), "{attribute} in {set_cookie}");
    }
    let restore = |cookie: String| {
        let req = app.http.post(app.api("/institution/summit-cu/session/restore")).header("cookie", cookie);
        async move {
            let res = req.send().await.unwrap();
            (res.status().as_u16(), res.json::<Value>().await.unwrap_or(Value::Null))
        }
    };
    let pair = set_cookie.split(';').next().unwrap().to_string();
    let (s, restored) = restore(pair.clone()).await;
    assert_eq!((s, restored["integratorId"].as_str()), (200, Some("demo-partner")), "{restored}");

    // A member who came through the splash keeps the Strict cookie and no integration mode.
    let captcha = app.captcha_token("summit-cu").await;
    let res = app
        .http
        .post(app.api("/institution/summit-cu/user"))
        .json(&json!({ "emailAddress": "splash.member@example.com", "password": "Aa1!aaaaaaaaaaaaaaaaaaaaaaaaaaaa", "captchaToken": captcha }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 201);
    let splash_cookie = res.headers()["set-cookie"].to_str().unwrap().to_string();
    assert!(splash_cookie.contains("SameSite=Strict") && !splash_cookie.contains("Partitioned"), "{splash_cookie}");
    let (s, restored) = restore(splash_cookie.split(';').next().unwrap().to_string()).await;
    assert_eq!((s, restored["integratorId"].is_null()), (200, true), "{restored}");

    // The end of a session clears both kinds (they are two cookies to the browser).
    let res = app.http.post(app.api("/institution/summit-cu/session/end")).header("cookie", pair.clone()).send().await.unwrap();
    assert_eq!(res.status().as_u16(), 204);
    let cleared: Vec<&str> = res.headers().get_all("set-cookie").iter().map(|v| v.to_str().unwrap()).collect();
    assert_eq!(cleared.len(), 2, "{cleared:?}");
    assert!(cleared.iter().all(|c| c.contains("Max-Age=0")) && cleared.iter().any(|c| c.contains("Partitioned")), "{cleared:?}");
    assert_eq!(restore(pair).await.0, 401);
}

on_both_databases!(a_partner_members_restore_cookie_is_partitioned_and_restores_integration_mode);

async fn only_registered_origins_may_frame_the_app(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let csp = |path: &str| {
        let url = format!("{}{path}", app.url);
        let http = app.http.clone();
        async move {
            let res = http.get(url).send().await.unwrap();
            res.headers().get("content-security-policy").map(|v| v.to_str().unwrap().to_string()).unwrap_or_default()
        }
    };
    // summit-cu has the demo partner (localhost and 127.0.0.1, any port); harborline-bank has none.
    let framing = |policy: String| policy.split("; ").find(|d| d.starts_with("frame-ancestors")).unwrap_or_default().to_string();
    assert_eq!(
        framing(csp("/summit-cu/user/integration/demo-partner/silent").await),
        "frame-ancestors 'self' http://127.0.0.1:* http://localhost:*"
    );
    assert_eq!(framing(csp("/summit-cu/splash").await), "frame-ancestors 'self' http://127.0.0.1:* http://localhost:*");
    assert_eq!(framing(csp("/harborline-bank/splash").await), "frame-ancestors 'self'");
    assert_eq!(csp("/api/health").await, "frame-ancestors 'none'");
    // Scripts only from the app and the page's one inline script, by its hash (web_page.rs checks
    // it is that script); frames only of the app (the staff console's preview) and the card widget's
    // gateway.
    let page = csp("/summit-cu/splash").await;
    assert!(page.contains("script-src 'self' 'sha256-") && !page.contains("'unsafe-inline'; style"), "{page}");
    assert!(!page.split("; ").any(|d| d.starts_with("script-src") && d.contains("unsafe")), "{page}");
    assert!(page.contains(&format!("frame-src 'self' {};", app.sandbox_url)), "{page}");
}

on_both_databases!(only_registered_origins_may_frame_the_app);
