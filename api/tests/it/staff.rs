//! The staff console's API (docs/staff.md), its people signing in at the demo bank (a real OpenID
//! Connect provider): sessions and CSRF, the access matrix by role and institution, support's
//! actions done once per click, audited and on the purchase's timeline, and a manager's report.

use reqwest::Method;
use serde_json::{Value, json};

use crate::support::browser::Browser;
use crate::support::{Db, Options, TestApp, buy, on_both_databases, ready_to_book, spawn_app};

async fn app_with_bank(db: Db) -> TestApp {
    spawn_app(Options { bank: true, ..Options::on(db) }).await
}

/// A person of the staff signed in, in their own browser.
struct Signed {
    browser: Browser,
    csrf: String,
}

impl Signed {
    async fn call(&mut self, app: &TestApp, method: Method, path: &str, body: Option<Value>, headers: &[(&str, &str)]) -> (u16, Value) {
        let url = app.api(path);
        let mut req = self.browser.http.request(method, &url).header("cookie", self.browser.cookie_header(&url));
        for (name, value) in headers {
            req = req.header(*name, *value);
        }
        if let Some(body) = body {
            req = req.json(&body);
        }
        let res = req.send().await.unwrap();
        let status = res.status().as_u16();
        let text = res.text().await.unwrap();
        (status, serde_json::from_str(&text).unwrap_or(Value::String(text)))
    }

    async fn get(&mut self, app: &TestApp, path: &str) -> (u16, Value) {
        self.call(app, Method::GET, path, None, &[]).await
    }

    /// A `POST` as the console sends it: the session's CSRF token and a click's idempotency key.
    async fn post(&mut self, app: &TestApp, path: &str, body: Value, key: &str) -> (u16, Value) {
        let csrf = self.csrf.clone();
        self.call(app, Method::POST, path, Some(body), &[("x-csrf-token", &csrf), ("idempotency-key", key)]).await
    }
}

/// The callback's answer: where it sends the browser, and the session cookie it sets (whole).
async fn open_callback(browser: &mut Browser, callback: &str) -> (String, Option<String>) {
    let res = browser.send(Method::GET, callback, None).await;
    assert_eq!(res.status().as_u16(), 303);
    let location = res.headers()["location"].to_str().unwrap().to_string();
    let session = res
        .headers()
        .get_all("set-cookie")
        .iter()
        .map(|v| v.to_str().unwrap().to_string())
        .find(|c| c.starts_with("coverline_staff=") && !c.contains("Max-Age=0"));
    (location, session)
}

async fn sign_in(app: &TestApp, user: &str, password: &str) -> Signed {
    let mut browser = Browser::new();
    let callback = browser.sign_in(app, "/staff/sign-in", user, password).await;
    assert!(callback.starts_with(&app.api("/staff/callback")), "{callback}");
    let (location, session) = open_callback(&mut browser, &callback).await;
    assert_eq!(location, "/staff", "{user} signs in");
    let session = session.expect("the session cookie");
    for attribute in ["HttpOnly", "SameSite=Strict", "Path=/api/staff"] {
        assert!(session.contains(attribute), "{attribute} in {session}");
    }
    let mut signed = Signed { browser, csrf: String::new() };
    let (status, me) = signed.get(app, "/staff/me").await;
    assert_eq!(status, 200, "{me}");
    signed.csrf = me["csrfToken"].as_str().unwrap().to_string();
    signed
}

async fn people(app: &TestApp) -> [(&'static str, Signed); 5] {
    [
        ("ana", sign_in(app, "ana", "support-ana-2026").await),
        ("sue", sign_in(app, "sue", "support-sue-2026").await),
        ("max", sign_in(app, "max", "manager-max-2026").await),
        ("lee", sign_in(app, "lee", "manager-lee-2026").await),
        ("root", sign_in(app, "root", "admin-root-2026").await),
    ]
}

async fn staff_sign_in_with_roles_and_end_their_session_with_csrf(db: Db) {
    let app = app_with_bank(db).await;
    let (status, body) = app.call(Method::GET, "/staff/me", None, None).await;
    assert_eq!((status, body["error"]["code"].as_str()), (401, Some("unauthorized")));

    let mut ana = sign_in(&app, "ana", "support-ana-2026").await;
    let (_, me) = ana.get(&app, "/staff/me").await;
    assert_eq!(
        (me["name"].as_str(), me["roles"].clone(), me["institutionId"].clone()),
        (Some("Ana Support"), json!(["support"]), Value::Null)
    );
    let seen: Vec<&str> = me["institutions"].as_array().unwrap().iter().map(|i| i["institutionId"].as_str().unwrap()).collect();
    assert!(seen.contains(&"summit-cu") && seen.contains(&"lakeshore-cu"), "{seen:?}");
    let (_, max) = sign_in(&app, "max", "manager-max-2026").await.get(&app, "/staff/me").await;
    assert_eq!((max["roles"].clone(), max["institutionId"].as_str()), (json!(["manager"]), Some("summit-cu")));
    assert_eq!(max["institutions"], json!([{ "institutionId": "summit-cu", "name": "Summit Credit Union" }]));

    // A member of the bank has no console role.
    let mut sam = Browser::new();
    let callback = sam.sign_in(&app, "/staff/sign-in", "sam", "summit-sam-2026").await;
    assert_eq!(open_callback(&mut sam, &callback).await, ("/staff?signIn=noRole".to_string(), None));

    // Login CSRF: an answer opened in a browser that did not start the sign-in is refused, and spent.
    let mut attacker = Browser::new();
    let callback = attacker.sign_in(&app, "/staff/sign-in", "ana", "support-ana-2026").await;
    assert_eq!(open_callback(&mut Browser::new(), &callback).await, ("/staff?signIn=invalid".to_string(), None));
    assert_eq!(open_callback(&mut attacker, &callback).await, ("/staff?signIn=expired".to_string(), None));

    // Signing out needs the session's CSRF token; then the session is gone.
    let no_token = ana.call(&app, Method::POST, "/staff/sign-out", None, &[]).await;
    let wrong_token = ana.call(&app, Method::POST, "/staff/sign-out", None, &[("x-csrf-token", "not-the-token")]).await;
    assert_eq!((no_token.0, wrong_token.0, wrong_token.1["error"]["code"].as_str()), (403, 403, Some("forbidden")));
    assert_eq!(ana.get(&app, "/staff/me").await.0, 200, "still signed in");
    let csrf = ana.csrf.clone();
    assert_eq!(ana.call(&app, Method::POST, "/staff/sign-out", None, &[("x-csrf-token", &csrf)]).await.0, 204);
    assert_eq!(ana.get(&app, "/staff/me").await.0, 401);

    // (Last: the clock moves on.) A session ends after 30 minutes without a call, and 8 hours after sign-in however busy.
    let mut idle = sign_in(&app, "ana", "support-ana-2026").await;
    let mut busy = sign_in(&app, "ana", "support-ana-2026").await;
    for round in 1..=17 {
        app.clock.advance(29 * 60);
        let expected = if round <= 16 { 200 } else { 401 };
        assert_eq!(busy.get(&app, "/staff/me").await.0, expected, "busy, {} minutes after sign-in", round * 29);
        if round == 1 {
            assert_eq!(idle.get(&app, "/staff/me").await.0, 200, "used within 30 minutes");
        }
        if round == 3 {
            assert_eq!(idle.get(&app, "/staff/me").await.0, 401, "idle for 58 minutes");
        }
    }
}

async fn every_call_is_authorised_by_role_and_institution(db: Db) {
    let app = app_with_bank(db).await;
    let (m, booking) = ready_to_book(&app).await;
    let (m, policy) = buy(&app, m, booking).await;
    let mut people = people(&app).await;
    let calls: [(&str, &str); 9] = [
        ("search", &format!("/staff/search?q={}", m.email)),
        ("purchase", &format!("/staff/policy/{policy}")),
        ("quote", &format!("/staff/policy/{policy}/cancellation?odometer=46000")),
        ("action", &format!("/staff/policy/{policy}/paper-mailed")),
        ("paper", "/staff/paper-copies"),
        ("refunds", "/staff/refunds"),
        ("report", "/staff/institution/summit-cu/report?from=2026-01-01&to=2026-01-31"),
        ("audit", "/staff/audit"),
        ("institutions", "/staff/institutions"),
    ];
    // Support everywhere (ana), support at Lakeshore (sue), managers of Summit (max) and of
    // Lakeshore (lee), an admin (root). 404: what this person may not see answers as unknown.
    let expected: [(&str, [u16; 9]); 5] = [
        ("ana", [200, 200, 200, 200, 200, 200, 403, 200, 403]),
        ("sue", [200, 404, 404, 404, 200, 200, 403, 200, 403]),
        ("max", [403, 403, 403, 403, 403, 403, 200, 200, 403]),
        ("lee", [403, 403, 403, 403, 403, 403, 404, 200, 403]),
        ("root", [200, 200, 200, 200, 200, 200, 200, 200, 200]),
    ];
    for ((name, person), (who, statuses)) in people.iter_mut().zip(expected) {
        assert_eq!(*name, who);
        let mut got = Vec::new();
        for (i, (_, path)) in calls.iter().enumerate() {
            let answer =
                if i == 3 { person.post(&app, path, json!({}), &format!("{name}-probe")).await } else { person.get(&app, path).await };
            got.push(answer.0);
        }
        assert_eq!(got, statuses, "{name}: {:?}", calls.map(|c| c.0));
    }
    let anonymous: Vec<u16> = {
        let mut codes = Vec::new();
        for (i, (_, path)) in calls.iter().enumerate() {
            let method = if i == 3 { Method::POST } else { Method::GET };
            codes.push(app.call(method, path, None, Some(json!({}))).await.0);
        }
        codes
    };
    assert_eq!(anonymous, [401; 9]);

    // Sue finds no member of Summit, and Summit's purchase answers her exactly as an unknown id.
    let (_, found) = people[1].1.get(&app, &format!("/staff/search?q={}", m.email)).await;
    assert_eq!(found["members"], json!([]));
    let (_, found) = people[0].1.get(&app, &format!("/staff/search?q={policy}")).await;
    assert_eq!(found["members"][0]["purchases"][0]["policyId"], policy.as_str(), "ana finds the member by the policy id");
    let sue = &mut people[1].1;
    assert_eq!(sue.get(&app, &format!("/staff/policy/{policy}")).await, sue.get(&app, "/staff/policy/pol_no_such_policy").await);
    // Lee's look at Summit's report answers exactly as an institution that does not exist.
    let lee = &mut people[3].1;
    let period = "report?from=2026-01-01&to=2026-01-31";
    assert_eq!(
        lee.get(&app, &format!("/staff/institution/summit-cu/{period}")).await,
        lee.get(&app, &format!("/staff/institution/no-such-cu/{period}")).await
    );
    let root = &mut people[4].1;
    assert_eq!(root.get(&app, &format!("/staff/institution/no-such-cu/{period}")).await.0, 404);
}

async fn support_actions_happen_once_per_click_audited_and_on_the_timeline(db: Db) {
    let app = app_with_bank(db).await;
    let (m, booking) = ready_to_book(&app).await;
    let (m, policy) = buy(&app, m, booking).await;
    assert_eq!(app.mail.wait_for(&m.email, 3).await.len(), 3, "the code, the receipt, the contract");
    let mut ana = sign_in(&app, "ana", "support-ana-2026").await;
    let (status, detail) = ana.get(&app, &format!("/staff/policy/{policy}")).await;
    assert_eq!(status, 200, "{detail}");
    assert_eq!((detail["status"].as_str(), detail["actions"]["resendEmails"].as_bool()), (Some("fulfilled"), Some(true)));
    assert!(detail["workflow"]["historyUrl"].as_str().unwrap().ends_with(&format!("/workflows/checkout-{}", m.user_id)), "{detail}");

    // Without the CSRF token, or without a key: refused, nothing sent.
    let resend = format!("/staff/policy/{policy}/resend-emails");
    let (status, _) = ana.call(&app, Method::POST, &resend, Some(json!({ "force": true })), &[("idempotency-key", "k0")]).await;
    assert_eq!(status, 403);
    let csrf = ana.csrf.clone();
    let (status, _) = ana.call(&app, Method::POST, &resend, Some(json!({ "force": true })), &[("x-csrf-token", &csrf)]).await;
    assert_eq!(status, 400);

    // 50 concurrent clicks with one key (forced: each would send if it ran): one sends.
    let url = app.api(&resend);
    let cookie = ana.browser.cookie_header(&url);
    let clicks = (0..50).map(|_| {
        ana.browser
            .http
            .post(&url)
            .header("cookie", &cookie)
            .header("x-csrf-token", &csrf)
            .header("idempotency-key", "click-1")
            .json(&json!({ "force": true }))
            .send()
    });
    let answers = futures::future::join_all(clicks).await;
    let mut statuses = Vec::new();
    for answer in answers {
        let answer = answer.unwrap();
        let status = answer.status().as_u16();
        let body: Value = answer.json().await.unwrap();
        assert!(
            status == 200 && body["outcome"] == "done" || status == 409 && body["error"]["message"] == "This action is still under way.",
            "{body}"
        );
        statuses.push(status);
    }
    assert!(statuses.contains(&200), "{statuses:?}");
    assert_eq!(app.mail.to(&m.email).len(), 5, "one resend of the receipt and the contract");
    // The same click again answers what it did; the key used for another action is refused.
    let (status, again) = ana.post(&app, &resend, json!({ "force": true }), "click-1").await;
    assert_eq!((status, again["outcome"].as_str()), (200, Some("done")), "{again}");
    let (status, _) = ana.post(&app, &format!("/staff/policy/{policy}/paper-mailed"), json!({}), "click-1").await;
    assert_eq!(status, 409);
    assert_eq!(app.mail.to(&m.email).len(), 5);

    // On the timeline once, with the person's name and email; in the audit log.
    let (_, detail) = ana.get(&app, &format!("/staff/policy/{policy}")).await;
    let resends: Vec<&Value> = detail["timeline"].as_array().unwrap().iter().filter(|e| e["kind"] == "support:resendEmails").collect();
    assert_eq!(resends.len(), 1, "{resends:?}");
    assert_eq!(resends[0]["actor"], "support:Ana Support <ana.support@coverline.example>");
    let (_, log) = ana.get(&app, "/staff/audit").await;
    let actions: Vec<(&str, &str)> =
        log.as_array().unwrap().iter().map(|r| (r["action"].as_str().unwrap(), r["outcome"].as_str().unwrap())).collect();
    assert!(actions.contains(&("resendEmails", "done")) && actions.contains(&("signIn", "done")), "{actions:?}");
    assert_eq!(actions.iter().filter(|a| a.0 == "resendEmails").count(), 1, "{actions:?}");
    let (_, summit) = sign_in(&app, "max", "manager-max-2026").await.get(&app, "/staff/audit").await;
    assert!(summit.as_array().unwrap().iter().any(|r| r["action"] == "resendEmails" && r["staffEmail"] == "ana.support@coverline.example"));
    let (_, lakeshore) = sign_in(&app, "lee", "manager-lee-2026").await.get(&app, "/staff/audit").await;
    assert!(lakeshore.as_array().unwrap().iter().all(|r| r["action"] != "resendEmails"), "{lakeshore}");

    // Retry: nothing to do for a fulfilled purchase. Cancel: the member's own quote, then voided
    // and refunded to the card within the free look.
    let (_, retry) = ana.post(&app, &format!("/staff/policy/{policy}/retry-booking"), json!({}), "click-2").await;
    assert_eq!(retry["outcome"], "nothingToDo", "{retry}");
    let (status, terms) = ana.get(&app, &format!("/staff/policy/{policy}/cancellation?odometer=45100")).await;
    assert_eq!(
        (status, terms["withinMoneyBack"].as_bool(), terms["quote"]["refundBy"].as_str()),
        (200, Some(true), Some("card")),
        "{terms}"
    );
    let (status, cancelled) = ana.post(&app, &format!("/staff/policy/{policy}/cancel"), json!({ "odometer": 45100 }), "click-3").await;
    assert_eq!((status, cancelled["outcome"].as_str()), (200, Some("done")), "{cancelled}");
    let (_, detail) = ana.get(&app, &format!("/staff/policy/{policy}")).await;
    assert_eq!((detail["status"].as_str(), detail["actions"]["cancel"].as_bool()), (Some("cancelled"), Some(false)), "{detail}");
    let cancelled_by = detail["timeline"].as_array().unwrap().iter().find(|e| e["kind"] == "status:cancelled").map(|e| e["actor"].clone());
    assert_eq!(cancelled_by, Some(json!("support:Ana Support <ana.support@coverline.example>")), "{detail}");
}

async fn a_manager_reads_their_programme_as_json_and_csv(db: Db) {
    let app = app_with_bank(db).await;
    let (m, booking) = ready_to_book(&app).await;
    // The member's pages as the web app reports them: the review page, then the payment page.
    for route in ["user/coverage/confirm", "user/payment-details"] {
        let data = json!({ "hitType": "pageview", "clientId": "tab", "pagePath": format!("/summit-cu/{route}"), "pageTitle": "t" });
        let (s, b) = app.call(Method::POST, &TestApp::user_path(&m, "/analytics"), Some(&m.token), Some(json!({ "data": data }))).await;
        assert_eq!(s, 202, "{b}");
    }
    let (_, policy) = buy(&app, m, booking).await;
    let paid = app.support().await.store.payment_for_policy(&policy).await.unwrap().unwrap();
    let day = |at: i64| time::OffsetDateTime::from_unix_timestamp(at).unwrap().date();
    let (from, to) = (day(paid.paid_at - 86_400), day(paid.paid_at + 86_400));
    let mut max = sign_in(&app, "max", "manager-max-2026").await;
    let path = format!("/staff/institution/summit-cu/report?from={from}&to={to}");
    let (status, report) = max.get(&app, &path).await;
    assert_eq!(status, 200, "{report}");
    assert_eq!((report["sales"]["contracts"].as_i64(), report["sales"]["amountCents"].as_i64()), (Some(1), Some(paid.amount_cents)));
    assert_eq!(report["days"].as_array().unwrap().len(), 3);
    let today = report["days"].as_array().unwrap().iter().find(|d| d["date"] == day(paid.paid_at).to_string()).unwrap();
    assert_eq!(today["contracts"], 1);
    let purchased = report["funnel"].as_array().unwrap().iter().find(|r| r["step"] == "purchased").unwrap();
    assert_eq!((purchased["reached"].as_i64(), purchased["left"].as_i64()), (Some(1), None));
    let payment = report["funnel"].as_array().unwrap().iter().find(|r| r["step"] == "payment").unwrap();
    assert_eq!(
        (payment["reached"].as_i64(), payment["fromPreviousPercent"].as_f64()),
        (Some(1), Some(100.0)),
        "one member reached review and payment: {report}"
    );
    assert_eq!(today["reached"]["review"], 1, "first reached that day");

    let url = app.api(&format!("{path}&format=csv"));
    let res = max.browser.http.get(&url).header("cookie", max.browser.cookie_header(&url)).send().await.unwrap();
    assert_eq!(res.headers()["content-type"], "text/csv; charset=utf-8");
    assert_eq!(res.headers()["content-disposition"], format!("attachment; filename=\"coverline-summit-cu-{from}-{to}.csv\"").as_str());
    let csv = res.text().await.unwrap();
    let lines: Vec<&str> = csv.split("\r\n").filter(|l| !l.is_empty()).collect();
    assert!(lines[0].starts_with("date,reached_splash,reached_vehicle,"), "{csv}");
    assert!(lines[0].ends_with(",contracts,sales_usd,cancellations,refunds,refunds_usd"), "{csv}");
    assert_eq!(lines.len(), 5, "a header, three days, a total:\n{csv}");
    let total: Vec<&str> = lines[4].split(',').collect();
    let dollars = format!("{}.{:02}", paid.amount_cents / 100, paid.amount_cents % 100);
    assert_eq!((total[0], total[total.len() - 5], total[total.len() - 4]), ("total", "1", dollars.as_str()), "{csv}");

    for bad in [format!("from={to}&to={from}"), "from=2025-01-01&to=2026-12-31".into(), "from=yesterday&to=2026-01-01".into()] {
        let (status, body) = max.get(&app, &format!("/staff/institution/summit-cu/report?{bad}")).await;
        assert_eq!((status, body["error"]["code"].as_str()), (400, Some("validation")), "{bad}: {body}");
    }
}

async fn an_admin_imports_and_turns_off_institutions_and_integrators(db: Db) {
    let app = app_with_bank(db).await;
    let mut root = sign_in(&app, "root", "admin-root-2026").await;
    let (status, all) = root.get(&app, "/staff/institutions").await;
    assert_eq!(status, 200, "{all}");
    let summit = all.as_array().unwrap().iter().find(|i| i["institutionId"] == "summit-cu").unwrap();
    assert_eq!(summit["isActive"], true);
    assert!(summit["integrators"].as_array().unwrap().iter().any(|g| g["integratorId"] == "demo-partner"), "{summit}");

    // Harborline off: its page says so at once on this instance (a member's call answers 403);
    // asked again, nothing to do.
    let off = json!({ "active": false });
    let (status, done) = root.post(&app, "/staff/institution/harborline-bank/active", off.clone(), "off-1").await;
    assert_eq!((status, done["outcome"].as_str()), (200, Some("done")), "{done}");
    let active = |view: Value| view["isActive"].clone();
    assert_eq!(active(app.call(Method::GET, "/institution/harborline-bank", None, None).await.1), json!(false));
    assert_eq!(app.call(Method::GET, "/institution/harborline-bank/captcha", None, None).await.0, 403);
    let (_, again) = root.post(&app, "/staff/institution/harborline-bank/active", off, "off-2").await;
    assert_eq!(again["outcome"], "nothingToDo");
    let (_, on) = root.post(&app, "/staff/institution/harborline-bank/active", json!({ "active": true }), "on-1").await;
    assert_eq!(on["outcome"], "done");
    assert_eq!(active(app.call(Method::GET, "/institution/harborline-bank", None, None).await.1), json!(true));
    assert_eq!(root.post(&app, "/staff/institution/no-such-cu/active", json!({ "active": true }), "on-2").await.0, 404);

    // Import: Lakeshore's file (off in the lab) turned on, its stored logo kept; a file that does not
    // check is refused.
    let file = std::fs::read_to_string(crate::support::workspace().join("data/institutions/lakeshore-cu.toml")).unwrap();
    let renamed = file.replacen("name = \"Lakeshore Community Credit Union\"", "name = \"Lakeshore Shores Credit Union\"", 1).replacen(
        "isActive = false",
        "isActive = true",
        1,
    );
    assert_ne!(renamed, file);
    let (status, imported) = root.post(&app, "/staff/institutions", json!({ "toml": renamed }), "import-1").await;
    assert_eq!((status, imported["outcome"].as_str()), (200, Some("done")), "{imported}");
    let (_, view) = app.call(Method::GET, "/institution/lakeshore-cu", None, None).await;
    assert!(view.to_string().contains("Lakeshore Shores Credit Union") && view["isActive"] == true, "{view}");
    let (status, refused) = root.post(&app, "/staff/institutions", json!({ "toml": "institutionId = 7" }), "import-2").await;
    assert_eq!((status, refused["error"]["code"].as_str()), (409, Some("conflict")), "{refused}");

    // The demo partner off, then on.
    let (_, off) = root.post(&app, "/staff/integrator/demo-partner/active", json!({ "active": false }), "partner-off").await;
    assert_eq!(off["outcome"], "done", "{off}");
    let (_, all) = root.get(&app, "/staff/institutions").await;
    let partner = all
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|i| i["integrators"].as_array().unwrap())
        .find(|g| g["integratorId"] == "demo-partner")
        .unwrap();
    assert_eq!(partner["isActive"], false);
    root.post(&app, "/staff/integrator/demo-partner/active", json!({ "active": true }), "partner-on").await;

    // Only an admin, and only with the CSRF token.
    let mut max = sign_in(&app, "max", "manager-max-2026").await;
    assert_eq!(max.post(&app, "/staff/institution/summit-cu/active", json!({ "active": false }), "max-1").await.0, 403);
    let (status, _) = root
        .call(&app, Method::POST, "/staff/institution/summit-cu/active", Some(json!({ "active": false })), &[("idempotency-key", "x")])
        .await;
    assert_eq!(status, 403);
    let (_, summit) = app.call(Method::GET, "/institution/summit-cu", None, None).await;
    assert_eq!(summit["isActive"], true, "still active");

    // In the audit log, as the admin.
    let (_, log) = root.get(&app, "/staff/audit").await;
    let admin: Vec<&str> = log.as_array().unwrap().iter().filter(|r| r["role"] == "admin").map(|r| r["action"].as_str().unwrap()).collect();
    for action in ["deactivateInstitution", "activateInstitution", "importInstitution", "deactivateIntegrator"] {
        assert!(admin.contains(&action), "{action} in {admin:?}");
    }
}

on_both_databases!(
    an_admin_imports_and_turns_off_institutions_and_integrators,
    staff_sign_in_with_roles_and_end_their_session_with_csrf,
    every_call_is_authorised_by_role_and_institution,
    support_actions_happen_once_per_click_audited_and_on_the_timeline,
    a_manager_reads_their_programme_as_json_and_csv,
);
