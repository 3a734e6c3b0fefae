//! The access matrix: every route that takes a user, car, quote, policy or VIN-photo drop id,
//! called with another member's token. Each is refused, and the refusal for a real id of someone
//! else is byte-for-byte the refusal for an id that does not exist (no existence leak). Also: a
//! token of one institution does not open another's routes, and no answer carries a token hash,
//! a password hash or a stack trace.

use crate::support::{self, Db, Options, TestApp, on_both_databases, ready_to_book, spawn_app};
use reqwest::Method;
use serde_json::{Value, json};

const UNKNOWN_USER: &str = "usr_0000000000000000000000000";
const UNKNOWN: &str = "zzz_0000000000000000000000000";

fn path(m_uid: &str, suffix: &str) -> String {
    format!("/institution/summit-cu/user/{m_uid}{suffix}")
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
    let (s, drop) =
        app.call(Method::GET, &format!("/institution/summit-cu/car/vin/ocr/drop/{}?mime=image/png", a.user_id), Some(&a.token), None).await;
    assert_eq!(s, 200, "{drop}");
    let a_drop = drop["data"]["dropId"].as_str().unwrap().to_string();
    let (s, paid) = support::pay(&app, &a, &a_policy, "4242424242424242").await;
    assert_eq!(s, 200, "{paid}");
    let a_payment = paid["data"]["data"]["trackingNumber"].as_str().unwrap().to_string();

    // 1. Routes under another member's user id: B's token on A's id, and on an unknown user id.
    let under_user: Vec<(Method, &str, Option<Value>)> = vec![
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
        (Method::GET, "/refresh", None),
        (Method::POST, "/passwordchange", Some(json!({ "oldPassword": "x", "newPassword": "yyyyyyyyyyyyyyyy" }))),
        (Method::POST, "/analytics", Some(json!({ "data": { "hitType": "pageview", "pagePath": "/x" } }))),
        (Method::PUT, "/contact-request", Some(json!({ "pageUserBouncedFrom": "contactRequest", "collectedInfo": {} }))),
        (Method::GET, "/checkout", None),
        (Method::PUT, "/checkout", Some(json!({ "step": "lookup", "answers": { "stateOfResidence": "CO" } }))),
    ];
    let fill =
        |text: &str| text.replace("CAR", &a_car).replace("QUOTE", &a_quote).replace("POLICY", &a_policy).replace("PAYMENT", &a_payment);
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

/// The OpenAPI document is served and covers every operation; bad requests of every kind get a
/// 4xx with the API's one error shape (never the framework's plain text, never a 500).
async fn the_openapi_document_is_served_and_bad_requests_get_json_errors(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let doc: Value = app.http.get(app.api("/openapi.json")).send().await.unwrap().json().await.unwrap();
    assert_eq!(doc["openapi"], "3.1.0");
    let operations: usize = doc["paths"].as_object().unwrap().values().map(|item| item.as_object().unwrap().len()).sum();
    assert_eq!(operations, 56, "every routed operation is documented");
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
