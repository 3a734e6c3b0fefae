//! The access matrix: every route that takes a user, car, quote, policy or VIN-photo drop id,
//! called with another member's token. Each is refused, and the refusal for a real id of someone
//! else is byte-for-byte the refusal for an id that does not exist (no existence leak). Also: a
//! token of one institution does not open another's routes, and no answer carries a token hash,
//! a password hash or a stack trace. Every operation of the OpenAPI document is in the matrix
//! (`every_operation_is_in_the_access_matrix`); the policy's signed link opens only that policy.

use crate::support::{self, Db, Options, TestApp, on_both_databases, ready_to_book, spawn_app};
use reqwest::Method;
use serde_json::{Value, json};

const UNKNOWN_USER: &str = "usr_0000000000000000000000000";
const UNKNOWN: &str = "zzz_0000000000000000000000000";

fn path(m_uid: &str, suffix: &str) -> String {
    format!("/institution/summit-cu/user/{m_uid}{suffix}")
}

/// Every operation under a user id that takes a member's session (the walk of the OpenAPI document
/// in `every_operation_is_in_the_access_matrix` checks none is missing), with a body that passes
/// its shape. CAR, QUOTE, RATE, POLICY and PAYMENT stand for ids.
fn under_user() -> Vec<(Method, &'static str, Option<Value>)> {
    vec![
        (Method::GET, "", None),
        (Method::PUT, "", Some(json!({ "verificationCode": "123456" }))),
        (Method::GET, "/car", None),
        (Method::POST, "/car", Some(json!({ "vin": "5XYRLDLC3NG097496", "odometer": "1000", "milesPerYear": 15000, "yearsToOwn": 6 }))),
        (Method::GET, "/car/CAR", None),
        (Method::POST, "/quote", Some(json!({ "carId": "CAR", "milesPerYear": 15000, "yearsToOwn": 6, "state": "CO" }))),
        (Method::GET, "/quote", None),
        (Method::GET, "/quote/QUOTE", None),
        (Method::GET, "/policy", None),
        (Method::GET, "/payment", None),
        (Method::GET, "/payment/PAYMENT", None),
        (Method::PUT, "/quote/QUOTE", Some(json!({ "milesPerYear": 15000, "yearsToOwn": 6, "state": "CO" }))),
        (Method::POST, "/policy", Some(json!({ "rateId": "x", "carId": "CAR", "quoteId": "QUOTE" }))),
        (Method::GET, "/policy/POLICY", None),
        (Method::GET, "/fetchdocument/POLICY", None),
        (Method::POST, "/signrequest", Some(json!({ "policyId": "POLICY" }))),
        (Method::POST, "/verifyresponse", Some(json!({ "policyId": "POLICY", "result": "x" }))),
        (Method::POST, "/payment/confirmation", Some(json!({ "policyId": "POLICY" }))),
        (Method::GET, "/verifyemail?emailAddress=a@b.co", None),
        (Method::PUT, "/update-email", Some(json!({ "oldEmailAddress": "a@b.co", "newEmailAddress": "c@d.co" }))),
        (Method::PUT, "/language", Some(json!({ "language": "en" }))),
        (Method::GET, "/refresh", None),
        (Method::POST, "/passwordchange", Some(json!({ "oldPassword": "x", "newPassword": "yyyyyyyyyyyyyyyy" }))),
        (Method::POST, "/analytics", Some(json!({ "data": { "hitType": "pageview", "pagePath": "/x" } }))),
        (Method::PUT, "/contact-request", Some(json!({ "pageUserBouncedFrom": "contactRequest", "collectedInfo": {} }))),
        (Method::GET, "/checkout", None),
        (Method::GET, "/quote/QUOTE/rate/RATE/sample-contract", None),
        (Method::PUT, "/checkout", Some(json!({ "step": "lookup", "answers": { "stateOfResidence": "CO" } }))),
    ]
}

async fn another_members_ids_are_refused_exactly_like_unknown_ids(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let (a, a_booking) = ready_to_book(&app).await;
    let (b, _) = ready_to_book(&app).await;
    let (s, booked) = app.call(Method::POST, &TestApp::user_path(&a, "/policy"), Some(&a.token), Some(a_booking.clone())).await;
    assert_eq!(s, 200, "{booked}");
    let a_policy = booked["policy"]["policyId"].as_str().unwrap().to_string();
    let a_car = a_booking["carId"].as_str().unwrap().to_string();
    let a_quote = a_booking["quoteId"].as_str().unwrap().to_string();
    let a_rate = a_booking["rateId"].as_str().unwrap().to_string();
    let (s, drop) =
        app.call(Method::GET, &format!("/institution/summit-cu/car/vin/ocr/drop/{}?mime=image/png", a.user_id), Some(&a.token), None).await;
    assert_eq!(s, 200, "{drop}");
    let a_drop = drop["data"]["dropId"].as_str().unwrap().to_string();
    let (s, paid) = support::pay(&app, &a, &a_policy, "4242424242424242").await;
    assert_eq!(s, 200, "{paid}");
    let a_payment = paid["data"]["data"]["trackingNumber"].as_str().unwrap().to_string();

    // 1. Routes under another member's user id: B's token on A's id, and on an unknown user id.
    let under_user = under_user();
    let fill = |text: &str| {
        text.replace("CAR", &a_car)
            .replace("QUOTE", &a_quote)
            .replace("POLICY", &a_policy)
            .replace("PAYMENT", &a_payment)
            .replace("RATE", &a_rate)
    };
    let mut checked = 0;
    for (method, suffix, body) in &under_user {
        let suffix = fill(suffix);
        let body = body.as_ref().map(|v| serde_json::from_str::<Value>(&fill(&v.to_string())).unwrap());
        let on_a = app.call(method.clone(), &path(&a.user_id, &suffix), Some(&b.token), body.clone()).await;
        let on_unknown = app.call(method.clone(), &path(UNKNOWN_USER, &suffix), Some(&b.token), body.clone()).await;
        assert_eq!(on_a.0, 404, "{method} {suffix} with another member's token: {}", on_a.1);
        assert_eq!(on_a, on_unknown, "{method} {suffix}: someone else's user id answers like an unknown one");
        checked += 1;
    }

    // 2. B's own user id with A's car, quote, policy or drop: like an unknown id.
    let own_user: Vec<(Method, String, Option<Value>, Option<Value>)> = vec![
        (Method::GET, format!("/car/{a_car}"), None, None),
        (Method::GET, format!("/quote/{a_quote}"), None, None),
        (Method::PUT, format!("/quote/{a_quote}"), Some(json!({ "milesPerYear": 15000, "yearsToOwn": 6, "state": "CO" })), None),
        (Method::GET, format!("/policy/{a_policy}"), None, None),
        (Method::GET, format!("/fetchdocument/{a_policy}"), None, None),
        (Method::GET, format!("/payment/{a_payment}"), None, None),
        (
            Method::POST,
            "/quote".into(),
            Some(json!({ "carId": a_car, "milesPerYear": 15000, "yearsToOwn": 6, "state": "CO" })),
            Some(json!({ "carId": UNKNOWN, "milesPerYear": 15000, "yearsToOwn": 6, "state": "CO" })),
        ),
        (
            Method::POST,
            "/policy".into(),
            Some(json!({ "rateId": a_booking["rateId"], "carId": a_car, "quoteId": a_quote })),
            Some(json!({ "rateId": a_booking["rateId"], "carId": a_car, "quoteId": UNKNOWN })),
        ),
        (Method::POST, "/signrequest".into(), Some(json!({ "policyId": a_policy })), Some(json!({ "policyId": UNKNOWN }))),
        (
            Method::POST,
            "/verifyresponse".into(),
            Some(json!({ "policyId": a_policy, "result": "x" })),
            Some(json!({ "policyId": UNKNOWN, "result": "x" })),
        ),
        (Method::POST, "/payment/confirmation".into(), Some(json!({ "policyId": a_policy })), Some(json!({ "policyId": UNKNOWN }))),
        (Method::POST, format!("/verifydetails/{a_policy}"), Some(json!({ "lastname": "Doe", "zipcode": "80202" })), None),
        (
            Method::PUT,
            "/checkout".into(),
            Some(
                json!({ "step": "coverage", "answers": { "stateOfResidence": "CO", "vehicle": { "vin": "5XYRLDLC3NG097496" }, "odometer": 45000, "carId": a_car } }),
            ),
            Some(
                json!({ "step": "coverage", "answers": { "stateOfResidence": "CO", "vehicle": { "vin": "5XYRLDLC3NG097496" }, "odometer": 45000, "carId": UNKNOWN } }),
            ),
        ),
    ];
    for (method, suffix, body, unknown_body) in &own_user {
        let on_a = app.call(method.clone(), &path(&b.user_id, suffix), Some(&b.token), body.clone()).await;
        let unknown_suffix =
            suffix.replace(&a_car, UNKNOWN).replace(&a_quote, UNKNOWN).replace(&a_policy, UNKNOWN).replace(&a_payment, UNKNOWN);
        let on_unknown =
            app.call(method.clone(), &path(&b.user_id, &unknown_suffix), Some(&b.token), unknown_body.clone().or(body.clone())).await;
        assert_eq!(on_a.0, 404, "{method} {suffix} with another member's id: {}", on_a.1);
        assert_eq!(on_a, on_unknown, "{method} {suffix}: someone else's id answers like an unknown one");
        checked += 1;
    }
    let drop_path = |uid: &str, drop: &str| format!("/institution/summit-cu/car/vin/ocr/drop/{uid}/{drop}");
    let on_a = app.call(Method::GET, &drop_path(&b.user_id, &a_drop), Some(&b.token), None).await;
    let on_unknown = app.call(Method::GET, &drop_path(&b.user_id, UNKNOWN), Some(&b.token), None).await;
    assert_eq!((on_a.0, &on_a), (404, &on_unknown), "a VIN photo drop of another member");
    let on_a = app.call(Method::GET, &drop_path(&a.user_id, &a_drop), Some(&b.token), None).await;
    assert_eq!(on_a.0, 404, "another member's drop under their own user id");
    let opened =
        app.call(Method::GET, &format!("/institution/summit-cu/car/vin/ocr/drop/{}?mime=image/png", a.user_id), Some(&b.token), None).await;
    assert_eq!(opened.0, 404, "opening a drop for another member");
    checked += 3;

    // 3. A member's token opens nothing of another institution, even with its own ids.
    let other_institution = format!("/institution/prairie-trail-fcu/user/{}", a.user_id);
    for suffix in ["", "/car", &format!("/quote/{a_quote}"), &format!("/policy/{a_policy}")] {
        let (s, _) = app.call(Method::GET, &format!("{other_institution}{suffix}"), Some(&a.token), None).await;
        assert_eq!(s, 404, "{suffix} under another institution");
        checked += 1;
    }

    // 4. Without a token: 401 everywhere under /user.
    for (method, suffix, body) in &under_user {
        let suffix = fill(suffix);
        let (s, _) = app.call(method.clone(), &path(&a.user_id, &suffix), None, body.clone()).await;
        assert_eq!(s, 401, "{method} {suffix} without a token");
    }

    // The victim's data did not change.
    let (_, me) = app.call(Method::GET, &TestApp::user_path(&a, ""), Some(&a.token), None).await;
    assert_eq!(me["user"]["emailAddress"], a.email.as_str());
    assert_eq!(me["user"]["isEmailVerified"], true);
    // B's own lists hold only B's things; A's hold A's.
    for (list, key) in [("/quote", "quotes"), ("/policy", "policies"), ("/payment", "payments")] {
        let (s, mine) = app.call(Method::GET, &TestApp::user_path(&b, list), Some(&b.token), None).await;
        assert_eq!(s, 200);
        assert!(!mine.to_string().contains(&a_quote) && !mine.to_string().contains(&a_policy), "{list}: {mine}");
        let (_, theirs) = app.call(Method::GET, &TestApp::user_path(&a, list), Some(&a.token), None).await;
        assert_eq!(theirs[key].as_array().map(Vec::len), Some(1), "{list}: {theirs}");
    }
    println!("access matrix: {checked} cross-member cases refused like unknown ids, {} routes refuse a missing token", under_user.len());
}

on_both_databases!(another_members_ids_are_refused_exactly_like_unknown_ids);

async fn vin_lookups_are_limited_per_member(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let m = app.new_member("summit-cu").await;
    let other = app.new_member("summit-cu").await;
    let decode = |token: String| {
        let app = &app;
        async move { app.call(Method::GET, "/institution/summit-cu/car/vin/5XYRLDLC3NG097496", Some(&token), None).await.0 }
    };
    let mut allowed = 0;
    while decode(m.token.clone()).await == 200 {
        allowed += 1;
        assert!(allowed <= 30, "the burst is 30");
    }
    assert_eq!(allowed, 30);
    // The 429 says when the bucket holds a token again: at most one refill (6 s), at least 1 s.
    let retry_after = |path: &'static str| {
        let (app, token) = (&app, m.token.clone());
        async move {
            let response = app.http.get(app.api(path)).bearer_auth(token).send().await.unwrap();
            assert_eq!(response.status().as_u16(), 429, "{path}");
            let header = response.headers().get("retry-after").map(|v| v.to_str().unwrap().to_string());
            let seconds: u64 = header.as_deref().and_then(|v| v.parse().ok()).unwrap_or_else(|| panic!("{path}: Retry-After {header:?}"));
            let body: Value = response.json().await.unwrap();
            assert_eq!(body["error"]["code"], "rateLimited", "{path}");
            let said = coverline_domain::product::fill(
                coverline_domain::product::messages::TOO_MANY_LOOKUPS,
                &[("seconds", &seconds.to_string())],
            );
            assert_eq!(body["error"]["message"], said, "{path}: the message says the same wait");
            seconds
        }
    };
    let by_vin = retry_after("/institution/summit-cu/car/vin/5XYRLDLC3NG097496").await;
    assert!((1..=6).contains(&by_vin), "Retry-After {by_vin} s for a bucket refilled every 6 s");
    let by_description = retry_after("/institution/summit-cu/car/vin?year=2022&make=Kia&model=Sorento&style=x").await;
    assert!((1..=by_vin).contains(&by_description), "VIN by description shares the bucket: {by_description} s");
    assert_eq!(decode(other.token.clone()).await, 200, "another member has their own bucket");
    println!("VIN lookups: a burst of {allowed}, then one per 6 s (600 an hour) per member");
}

on_both_databases!(vin_lookups_are_limited_per_member);

/// Two API instances on one database (as behind a load balancer): a member's VIN lookups spread
/// over both still get one burst, not one per instance; so do sample contracts.
async fn rate_limits_hold_across_instances(db: Db) {
    let first = spawn_app(Options::on(db)).await;
    let mut options = Options::on(db);
    options.database_url = Some(first.database_url.clone());
    let second = spawn_app(options).await;
    let m = first.new_member("summit-cu").await;
    let mut allowed = 0;
    for n in 0..80 {
        let app = if n % 2 == 0 { &first } else { &second };
        let (status, body) = app.call(Method::GET, "/institution/summit-cu/car/vin/5XYRLDLC3NG097496", Some(&m.token), None).await;
        match status {
            200 => allowed += 1,
            429 => {}
            other => panic!("lookup {n}: {other} {body}"),
        }
    }
    assert_eq!(allowed, 30, "80 lookups alternating between two instances: the burst of 30, once");
    let (m, booking) = ready_to_book(&first).await;
    let (quote_id, rate_id) = (booking["quoteId"].as_str().unwrap(), booking["rateId"].as_str().unwrap());
    let path = TestApp::user_path(&m, &format!("/quote/{quote_id}/rate/{rate_id}/sample-contract"));
    let mut opened = 0;
    for n in 0..12 {
        let app = if n % 2 == 0 { &first } else { &second };
        let res = app.http.get(app.api(&path)).bearer_auth(&m.token).send().await.unwrap();
        match res.status().as_u16() {
            200 => opened += 1,
            429 => {}
            other => panic!("sample {n}: {other}"),
        }
    }
    assert_eq!(
        opened,
        coverline_api::http::app::SAMPLE_CONTRACT_BURST,
        "12 sample contracts alternating between two instances: 6 at once, once"
    );
}

on_both_databases!(rate_limits_hold_across_instances);

/// Operations that take no session, each with what stands in for one (their own checks are
/// tested where the route is; here: never a 500 for a caller with nothing).
const WITHOUT_SESSION: &[(&str, &str)] = &[
    ("GET /health", "public"),
    ("GET /staff/sign-in", "the staff console's sign-in starts at the identity provider (docs/staff.md)"),
    ("GET /staff/callback", "the identity provider's answer, checked against the sign-in its state names"),
    ("GET /institution/{iid}", "public: the institution's settings"),
    ("GET /institution/{iid}/logo", "public"),
    ("GET /institution/global-settings", "public: settings every institution shares"),
    ("GET /institution/{iid}/captcha", "public: a signed challenge, solved before creating a user"),
    ("POST /institution/{iid}/analytics", "a pageview without a user: page, title and the tab's random id only (rate limited)"),
    ("POST /institution/{iid}/login", "the member's password"),
    ("POST /institution/{iid}/user", "creates the member (captcha)"),
    ("POST /institution/{iid}/passwordresetrequest", "the email address (answers the same whether it has a user)"),
    ("POST /institution/{iid}/passwordreset", "the emailed reset code"),
    ("POST /institution/{iid}/resume", "the emailed single-use 'continue your purchase' link"),
    ("POST /institution/{iid}/session/restore", "the session cookie"),
    ("POST /institution/{iid}/session/end", "the session cookie"),
    ("POST /institution/{iid}/integration/{integrator_id}/session", "the integrator's single-use launch code"),
    ("GET /institution/{iid}/launch/oidc", "starts the institution's own sign-in (a redirect to its identity provider)"),
    (
        "GET /institution/{iid}/launch/oidc/callback",
        "the identity provider's code, the sign-in's single-use state and the browser's binding cookie",
    ),
    ("POST /institution/{iid}/launch/token", "the institution's signed single-use launch token"),
    ("POST /institution/{iid}/contact-request", "anyone may ask to be contacted (rate limited)"),
    ("POST /institution/{iid}/user/{uid}/verifydetails/{policy_id}", "the policy's last name and zip (find-your-contract)"),
    ("POST /gateway/webhook", "the gateway's signature"),
    ("PUT /vin-photo/{drop_id}", "the drop's signed upload URL"),
    ("GET /institution/{iid}/unsubscribe/{uid}", "the reminder's signed unsubscribe link (a page; changes nothing)"),
    ("POST /institution/{iid}/unsubscribe/{uid}", "the reminder's signed unsubscribe link (RFC 8058 one-click)"),
];

/// Operations that take a bearer token but no user id of the caller's: 401 without one.
const TOKEN_WITHOUT_USER: &[&str] = &[
    "GET /institution/{iid}/car/years",
    "GET /institution/{iid}/car/makes",
    "GET /institution/{iid}/car/models",
    "GET /institution/{iid}/car/bodies",
    "GET /institution/{iid}/car/styles",
    "GET /institution/{iid}/car/vin",
    "GET /institution/{iid}/car/vin/{vin}",
    "GET /institution/{iid}/car/vin/ocr/drop/{uid}",
    "GET /institution/{iid}/car/vin/ocr/drop/{uid}/{drop_id}",
    "POST /institution/{iid}/integration/{integrator_id}/launch",
];

/// Operations opened by the signed find-your-contract link of that very policy, no session
/// (`a_policy_link_opens_only_its_own_policy`).
const POLICY_LINK: &[&str] = &[
    "GET /institution/{iid}/user/{uid}/policy/{policy_id}/cancellation",
    "POST /institution/{iid}/user/{uid}/policy/{policy_id}/cancellation",
    "POST /institution/{iid}/user/{uid}/policy/{policy_id}/cancellation/code",
    "POST /institution/{iid}/user/{uid}/policy/{policy_id}/papercopy",
];

/// The staff console's operations: its session cookie, no member's token (every role and institution
/// is checked in `staff::every_call_is_authorised_by_role_and_institution`); without a session, 401.
const STAFF_SESSION: &[&str] = &[
    "GET /staff/me",
    "POST /staff/sign-out",
    "GET /staff/search",
    "GET /staff/policy/{policy_id}",
    "GET /staff/policy/{policy_id}/cancellation",
    "POST /staff/policy/{policy_id}/retry-booking",
    "POST /staff/policy/{policy_id}/resend-emails",
    "POST /staff/policy/{policy_id}/cancel",
    "POST /staff/policy/{policy_id}/refund-paid",
    "POST /staff/policy/{policy_id}/paper-mailed",
    "GET /staff/paper-copies",
    "GET /staff/refunds",
    "GET /staff/institution/{iid}/report",
    "GET /staff/institutions",
    "POST /staff/institutions",
    "POST /staff/institution/{iid}/active",
    "POST /staff/integrators",
    "POST /staff/integrator/{integrator_id}/active",
    "GET /staff/audit",
];

/// Every operation of the OpenAPI document is in this file's matrix: under a user id with a session
/// (`under_user`: another member's token and no token are refused), a token without a user id, the
/// policy's signed link, or no session for a stated reason. A new operation fails here until it is
/// given its expectations; a listed one the document lost fails too.
async fn every_operation_is_in_the_access_matrix(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let doc: Value = app.http.get(app.api("/openapi.json")).send().await.unwrap().json().await.unwrap();
    let under_user: Vec<String> = under_user()
        .into_iter()
        .map(|(method, suffix, _)| {
            let suffix = suffix.split('?').next().unwrap().replace("CAR", "{car_id}").replace("QUOTE", "{quote_id}");
            let suffix = suffix.replace("RATE", "{rate_id}").replace("POLICY", "{policy_id}").replace("PAYMENT", "{payment_id}");
            format!("{method} /institution/{{iid}}/user/{{uid}}{suffix}")
        })
        .collect();
    let without_session: Vec<&str> = WITHOUT_SESSION.iter().map(|(op, _)| *op).collect();
    let mut documented = Vec::new();
    let mut missing = Vec::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        let path = path.strip_prefix("/api").unwrap();
        for (method, operation) in item.as_object().unwrap() {
            let op = format!("{} {path}", method.to_uppercase());
            let secured = operation["security"].as_array().is_some_and(|s| !s.is_empty());
            let needs_token = if under_user.contains(&op) || TOKEN_WITHOUT_USER.contains(&op.as_str()) {
                true
            } else if without_session.contains(&op.as_str()) || POLICY_LINK.contains(&op.as_str()) || STAFF_SESSION.contains(&op.as_str()) {
                false
            } else {
                missing.push(op);
                continue;
            };
            assert_eq!(secured, needs_token, "{op}: the document's security says {}", operation["security"]);
            // A caller with nothing: 401 where a token is needed, never a 500 anywhere.
            let url = path
                .replace("{iid}", "summit-cu")
                .replace("{uid}", UNKNOWN_USER)
                .replace("{vin}", "5XYRLDLC3NG097496")
                .replace("{integrator_id}", "unknown");
            let url = url.split('{').next().unwrap().to_string()
                + &url.split('}').skip(1).map(|rest| format!("{UNKNOWN}{rest}")).collect::<String>();
            documented.push(op.clone());
            if under_user.contains(&op) {
                continue; // case 4 of `another_members_ids_are_refused_exactly_like_unknown_ids`, with bodies of the right shape
            }
            let method = Method::from_bytes(method.to_uppercase().as_bytes()).unwrap();
            let body = match path.ends_with("/launch") {
                true => Some(
                    json!({ "member": { "emailAddress": "a@b.co", "firstName": "Jamie", "lastName": "Rivera", "phoneNumber": "3035550199",
                    "address": { "street": "2200 Blake St", "city": "Denver", "state": "CO", "zip": "80205" } } }),
                ),
                false => (method != Method::GET).then(|| json!({})),
            };
            let (s, answer) = app.call(method, &url, None, body).await;
            if needs_token {
                assert_eq!(s, 401, "{op} without a token: {answer}");
            } else if STAFF_SESSION.contains(&op.as_str()) {
                // 401, or 400 for a request its extractors refuse before the session is read.
                assert!(s == 401 || s == 400 || s == 422, "{op} without a staff session: {s} {answer}");
            } else {
                assert!(s < 500, "{op} without a session: {s} {answer}");
            }
        }
    }
    assert!(missing.is_empty(), "operations the access matrix does not cover: {missing:#?}");
    let listed = under_user
        .iter()
        .map(String::as_str)
        .chain(without_session)
        .chain(TOKEN_WITHOUT_USER.iter().copied())
        .chain(POLICY_LINK.iter().copied())
        .chain(STAFF_SESSION.iter().copied());
    let stale: Vec<&str> = listed.filter(|op| !documented.iter().any(|d| d == op)).collect();
    assert!(stale.is_empty(), "listed in the matrix but not in the document: {stale:?}");
    println!("access matrix: all {} documented operations covered", documented.len());
}

on_both_databases!(every_operation_is_in_the_access_matrix);

/// Books, pays and waits for the contract; the member, the policy id and the find-your-contract
/// link's token (last name Doe, zip 80202).
async fn bought_with_link(app: &TestApp) -> (support::Member, String, String) {
    let (m, booking) = ready_to_book(app).await;
    let (s, booked) = app.call(Method::POST, &TestApp::user_path(&m, "/policy"), Some(&m.token), Some(booking)).await;
    assert_eq!(s, 200, "{booked}");
    let policy_id = booked["policy"]["policyId"].as_str().unwrap().to_string();
    let (s, paid) = support::pay(app, &m, &policy_id, "4242424242424242").await;
    assert_eq!(s, 200, "{paid}");
    assert_eq!(support::wait_for_policy_status(app, &m, &policy_id, "fulfilled").await, "fulfilled");
    let (s, found) = app
        .call(
            Method::POST,
            &path(&m.user_id, &format!("/verifydetails/{policy_id}")),
            None,
            Some(json!({ "lastname": "Doe", "zipcode": "80202" })),
        )
        .await;
    assert_eq!(s, 200, "{found}");
    (m, policy_id.clone(), found["token"].as_str().unwrap().to_string())
}

/// The cancellation terms and request open only with the signed link of that very policy: another
/// member's token, another policy's token, no token, and tampered tokens are refused (never a 500,
/// never anyone's contract), a real policy answering like an unknown one; nothing is cancelled.
async fn a_policy_link_opens_only_its_own_policy(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let (a, a_policy, a_token) = bought_with_link(&app).await;
    let (b, b_policy, b_token) = bought_with_link(&app).await;
    let cancellation = |uid: &str, policy: &str| path(uid, &format!("/policy/{policy}/cancellation"));
    let terms = |uid: String, policy: String, token: Option<String>| {
        let app = &app;
        async move {
            let mut req = app.http.get(app.api(&cancellation(&uid, &policy)));
            if let Some(t) = token {
                req = req.query(&[("token", t)]);
            }
            let res = req.send().await.unwrap();
            (res.status().as_u16(), res.json::<Value>().await.unwrap_or(Value::Null))
        }
    };
    let cancel = |uid: String, policy: String, token: Option<String>| {
        let app = &app;
        let body = token.map_or(json!({}), |t| json!({ "token": t }));
        async move { app.call(Method::POST, &cancellation(&uid, &policy), None, Some(body)).await }
    };
    let (s, mine) = terms(a.user_id.clone(), a_policy.clone(), Some(a_token.clone())).await;
    assert_eq!(s, 200, "{mine}");
    let a_contract = mine["contractNumber"].as_str().unwrap().to_string();
    let (_, theirs) = terms(b.user_id.clone(), b_policy.clone(), Some(b_token.clone())).await;
    let b_contract = theirs["contractNumber"].as_str().unwrap().to_string();
    assert!(!a_contract.is_empty() && a_contract != b_contract);

    let (expires, sig) = a_token.split_once('.').unwrap();
    let flipped = format!("{expires}.{}{}", &sig[..sig.len() - 1], if sig.ends_with('0') { '1' } else { '0' });
    let extended = format!("{}.{sig}", expires.parse::<i64>().unwrap() + 86_400);
    let (a_uid, b_uid) = (a.user_id.as_str(), b.user_id.as_str());
    let t = |token: &str| Some(token.to_string());
    let refused: Vec<(&str, &str, &str, Option<String>)> = vec![
        ("another member's token", a_uid, &a_policy, t(&b_token)),
        ("its token on another member's policy", b_uid, &b_policy, t(&a_token)),
        ("its token on another policy under its own user id", a_uid, &b_policy, t(&a_token)),
        ("another policy's token under the other member's id", b_uid, &a_policy, t(&b_token)),
        ("a tampered signature", a_uid, &a_policy, t(&flipped)),
        ("an extended expiry", a_uid, &a_policy, t(&extended)),
        ("a signature alone", a_uid, &a_policy, t(sig)),
        ("an empty token", a_uid, &a_policy, t("")),
        ("garbage", a_uid, &a_policy, t("1.zz\u{0}'; --")),
        ("a huge token", a_uid, &a_policy, Some("9".repeat(20_000))),
        ("no token", a_uid, &a_policy, None),
    ];
    let unknown_get = terms(a.user_id.clone(), UNKNOWN.into(), t(&a_token)).await;
    let unknown_post = cancel(a.user_id.clone(), UNKNOWN.into(), t(&a_token)).await;
    assert_eq!(unknown_get.0, 404, "{}", unknown_get.1);
    for (what, uid, policy, token) in &refused {
        for (verb, (s, answer)) in [
            ("GET", terms(uid.to_string(), policy.to_string(), token.clone()).await),
            ("POST", cancel(uid.to_string(), policy.to_string(), token.clone()).await),
        ] {
            assert!((400..500).contains(&s), "{verb} with {what}: {s} {answer}");
            assert!(answer["error"]["code"].is_string(), "{verb} with {what}: {answer}");
            let text = answer.to_string();
            assert!(!text.contains(&a_contract) && !text.contains(&b_contract), "{verb} with {what}: {text}");
            if token.as_deref().is_some_and(|t| t == a_token || t == b_token) {
                let unknown = if verb == "GET" { &unknown_get } else { &unknown_post };
                assert_eq!(&(s, answer), unknown, "{verb} with {what}: like an unknown policy");
            }
        }
    }
    // The contract document's link token is the same signature: another's opens nothing either.
    let (s, _) = app.call(Method::GET, &path(a_uid, &format!("/fetchdocument/{a_policy}?token={b_token}")), None, None).await;
    assert_eq!(s, 404, "another member's link on the document");
    // Nothing was cancelled.
    for (uid, policy, token) in [(a_uid, &a_policy, &a_token), (b_uid, &b_policy, &b_token)] {
        let (s, now) = terms(uid.to_string(), policy.to_string(), Some(token.clone())).await;
        assert_eq!((s, now["status"].as_str(), now["cancellable"].as_bool()), (200, Some("fulfilled"), Some(true)), "{now}");
    }
    println!("policy link: {} kinds of wrong token refused on the terms and the request", refused.len());
}

on_both_databases!(a_policy_link_opens_only_its_own_policy);

/// The OpenAPI document is served (`every_operation_is_in_the_access_matrix` walks its operations); bad requests of every kind get a
/// 4xx with the API's one error shape (never the framework's plain text, never a 500).
async fn the_openapi_document_is_served_and_bad_requests_get_json_errors(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let doc: Value = app.http.get(app.api("/openapi.json")).send().await.unwrap().json().await.unwrap();
    assert_eq!(doc["openapi"], "3.1.0");
    let quote = &doc["paths"]["/api/institution/{iid}/user/{uid}/quote"]["post"];
    assert_eq!(quote["security"][0]["session"], json!([]));
    assert!(quote["responses"]["4XX"].is_object(), "{quote}");
    assert_eq!(doc["components"]["schemas"]["ErrorBody"]["required"], json!(["error"]));

    let m = app.new_member("summit-cu").await;
    let quote_url = app.api(&TestApp::user_path(&m, "/quote"));
    let send = |body: reqwest::Body, content_type: &'static str| {
        app.http.post(&quote_url).bearer_auth(&m.token).header("content-type", content_type).body(body).send()
    };
    let cases: Vec<(&str, reqwest::Response, u16, &str)> = vec![
        ("malformed JSON", send("{\"carId\": ".into(), "application/json").await.unwrap(), 400, "badRequest"),
        (
            "wrong type",
            send(r#"{"carId": 1, "milesPerYear": 15000, "yearsToOwn": 6, "state": "CO"}"#.into(), "application/json").await.unwrap(),
            422,
            "validation",
        ),
        ("missing field", send(r#"{"milesPerYear": 15000}"#.into(), "application/json").await.unwrap(), 422, "validation"),
        ("not JSON", send("carId=1".into(), "application/x-www-form-urlencoded").await.unwrap(), 415, "unsupportedMediaType"),
        // The server answers 413 before reading the body and closes the connection: not one to reuse.
        (
            "huge body",
            app.http
                .post(&quote_url)
                .bearer_auth(&m.token)
                .header("content-type", "application/json")
                .header("connection", "close")
                .body(vec![b' '; 200 * 1024])
                .send()
                .await
                .unwrap(),
            413,
            "tooLarge",
        ),
        (
            "SQL-looking id",
            send(r#"{"carId": "x' OR '1'='1", "milesPerYear": 15000, "yearsToOwn": 6, "state": "CO"}"#.into(), "application/json")
                .await
                .unwrap(),
            404,
            "notFound",
        ),
        (
            "unicode",
            send(
                "{\"carId\": \"\u{1F697}\\u0000\u{202E}\", \"milesPerYear\": 15000, \"yearsToOwn\": 6, \"state\": \"ÇØ\"}".into(),
                "application/json",
            )
            .await
            .unwrap(),
            400,
            "validation",
        ),
        ("unknown route", app.http.get(app.api("/no/such/route")).send().await.unwrap(), 404, "notFound"),
        ("wrong method", app.http.delete(&quote_url).bearer_auth(&m.token).send().await.unwrap(), 405, "methodNotAllowed"),
    ];
    for (what, response, status, code) in cases {
        assert_eq!(response.status().as_u16(), status, "{what}");
        assert_eq!(response.headers()["content-type"], "application/json", "{what}");
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["error"]["code"], code, "{what}: {body}");
        assert!(!body["error"]["message"].as_str().unwrap().is_empty(), "{what}");
    }

    // A hit's data must be an object: serde would read an array as the fields in order.
    let (s, b) = app.call(Method::POST, &TestApp::user_path(&m, "/analytics"), Some(&m.token), Some(json!({ "data": [null] }))).await;
    assert_eq!((s, b["error"]["code"].as_str()), (422, Some("validation")), "{b}");
    let (s, _) = app
        .call(Method::POST, &TestApp::user_path(&m, "/analytics"), Some(&m.token), Some(json!({ "data": { "hitType": "pageview" } })))
        .await;
    assert_eq!(s, 202);
}

on_both_databases!(the_openapi_document_is_served_and_bad_requests_get_json_errors);
