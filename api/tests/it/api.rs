//! API integration tests over real HTTP: the app on a random port with a fresh database (SQLite
//! and Postgres), the real Temporal server, the sandbox gateway/provider, and a real SMTP receiver.

use crate::support::{self, Db, Options, TestApp, charge, on_both_databases, smtp::code_in, spawn_app};
use coverline_domain::product::{field_errors, messages};
use reqwest::Method;
use serde_json::{Value, json};

const INSTITUTION: &str = "summit-cu";
const KIA_VIN: &str = "5XYRLDLC3NG097496";

async fn verified_member(app: &TestApp) -> support::Member {
    verified_member_at(app, INSTITUTION).await
}

async fn verified_member_at(app: &TestApp, institution: &str) -> support::Member {
    let mut m = app.new_member(institution).await;
    // The member corrects the address before verifying it: stored lower-cased, token rotated.
    let corrected = format!("corrected.{}", m.email);
    let (s, b) = app
        .call(
            Method::PUT,
            &TestApp::user_path(&m, "/update-email"),
            Some(&m.token),
            Some(json!({ "oldEmailAddress": m.email, "newEmailAddress": corrected.to_uppercase() })),
        )
        .await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["user"]["emailAddress"], corrected);
    m.token = b["updatedToken"].as_str().unwrap().to_string();
    m.email = corrected;
    let (s, b) = app
        .call(
            Method::PUT,
            &TestApp::user_path(&m, "/update-email"),
            Some(&m.token),
            Some(json!({ "oldEmailAddress": "someone@else.com", "newEmailAddress": "x@y.com" })),
        )
        .await;
    assert_eq!((s, b["error"]["message"].as_str()), (409, Some(messages::UPDATE_EMAIL_FAILED)));
    let (s, b) =
        app.call(Method::GET, &TestApp::user_path(&m, &format!("/verifyemail?emailAddress={}", m.email)), Some(&m.token), None).await;
    assert_eq!(s, 200, "{b}");
    let code = code_in(&app.mail.wait_for(&m.email, 1).await[0]);
    assert_eq!(code.len(), 6);
    let wrong = if code == "000000" { "111111" } else { "000000" };
    let (s, b) = app.call(Method::PUT, &TestApp::user_path(&m, ""), Some(&m.token), Some(json!({ "verificationCode": wrong }))).await;
    assert_eq!((s, b["error"]["message"].as_str()), (400, Some(messages::INVALID_CODE)));
    let (s, b) = app.call(Method::PUT, &TestApp::user_path(&m, ""), Some(&m.token), Some(json!({ "verificationCode": code }))).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["user"]["isEmailVerified"], true);
    let old = std::mem::replace(&mut m.token, b["token"].as_str().unwrap().to_string());
    let (s, _) = app.call(Method::GET, &TestApp::user_path(&m, ""), Some(&old), None).await;
    assert_eq!(s, 401, "a rotated token is refused");
    let details = json!({
        "firstName": " Jane ", "lastName": "Doe", "phoneNumber": "(303) 555-0142",
        "address": { "street": "100 Main St", "city": "Denver", "state": "CO", "zip": "80202" },
        "isMember": true, "doesConsentToSoliciting": true
    });
    let (s, b) = app.call(Method::PUT, &TestApp::user_path(&m, ""), Some(&m.token), Some(details)).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["user"]["firstName"], "Jane");
    m.token = b["token"].as_str().unwrap().to_string();
    m
}

/// Car + quote; returns (carId, quote body).
async fn quoted(app: &TestApp, m: &support::Member) -> (String, Value) {
    let (s, b) =
        app.call(Method::GET, &format!("/institution/{INSTITUTION}/car/vin/{}", KIA_VIN.to_lowercase()), Some(&m.token), None).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(
        (b["data"]["year"].as_u64(), b["data"]["make"].as_str(), b["data"]["model"].as_str()),
        (Some(2022), Some("Kia"), Some("Sorento"))
    );
    let car = json!({ "vin": KIA_VIN, "carFlags": {}, "odometer": "45,000", "milesPerYear": 15000, "yearsToOwn": 6 });
    let (s, b) = app.call(Method::POST, &TestApp::user_path(m, "/car"), Some(&m.token), Some(car)).await;
    assert_eq!(s, 201, "{b}");
    let car_id = b["car"]["carId"].as_str().unwrap().to_string();
    let (s, quote) = app
        .call(
            Method::POST,
            &TestApp::user_path(m, "/quote"),
            Some(&m.token),
            Some(json!({ "carId": car_id, "milesPerYear": 15000, "yearsToOwn": 6, "state": "CO" })),
        )
        .await;
    assert_eq!(s, 201, "{quote}");
    let rates = quote["rates"].as_array().unwrap();
    assert!(!rates.is_empty() && rates.len() <= 3, "{quote}");
    assert!(rates.windows(2).all(|w| w[0]["coverageMiles"].as_u64() <= w[1]["coverageMiles"].as_u64()), "sorted by miles");
    assert!(rates.iter().all(|r| r["unformattedRate"].as_i64().unwrap() <= 500_000), "under the $5,000 cap");
    (car_id, quote)
}

async fn book(app: &TestApp, m: &support::Member, car_id: &str, quote: &Value, rate: &Value) -> (u16, Value) {
    let body = json!({
        "address": { "street": "100 Main St", "city": "Denver", "state": "CO", "zip": "80202" },
        "rateId": rate["rateId"], "rateCollectionId": rate["rateCollectionId"], "carId": car_id,
        "emailAddress": m.email, "quoteId": quote["quoteId"],
    });
    app.call(Method::POST, &TestApp::user_path(m, "/policy"), Some(&m.token), Some(body)).await
}

async fn purchase_end_to_end(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let m = verified_member(&app).await;
    let (car_id, quote) = quoted(&app, &m).await;
    let rate = quote["rates"].as_array().unwrap().last().unwrap().clone();

    let (s, booked) = book(&app, &m, &car_id, &quote, &rate).await;
    assert_eq!(s, 200, "{booked}");
    let policy_id = booked["policy"]["policyId"].as_str().unwrap().to_string();
    let contract = booked["policy"]["mmpContractNumber"].as_str().unwrap().to_string();
    assert!(contract.starts_with("NAC-"), "{contract}");
    // Booking again (a double click, a retry) is the same purchase and the same contract.
    let (s, again) = book(&app, &m, &car_id, &quote, &rate).await;
    assert_eq!((s, again["policy"]["mmpContractNumber"].as_str()), (200, Some(contract.as_str())));

    let (s, signed) =
        app.call(Method::POST, &TestApp::user_path(&m, "/signrequest"), Some(&m.token), Some(json!({ "policyId": policy_id }))).await;
    assert_eq!(s, 200, "{signed}");
    let widget_url = signed["data"]["widgetUrl"].as_str().unwrap();
    assert!(widget_url.starts_with(&app.sandbox_url), "the widget comes from the gateway's origin");

    let (s, declined) = charge(&app, widget_url, "4000000000000002").await;
    assert_eq!((s, declined["error"]["error_message"].as_str()), (402, Some("Your card was declined.")));
    let (s, charged) = charge(&app, widget_url, "4242424242424242").await;
    assert_eq!(s, 200, "{charged}");
    let result = charged["data"]["result"].as_str().unwrap();

    let verify = json!({ "policyId": policy_id, "result": result });
    let (s, verified) = app.call(Method::POST, &TestApp::user_path(&m, "/verifyresponse"), Some(&m.token), Some(verify.clone())).await;
    assert_eq!(s, 200, "{verified}");
    let tracking = verified["data"]["data"]["trackingNumber"].as_str().unwrap().to_string();
    let (s, again) = app.call(Method::POST, &TestApp::user_path(&m, "/verifyresponse"), Some(&m.token), Some(verify)).await;
    assert_eq!(
        (s, again["data"]["data"]["trackingNumber"].as_str()),
        (200, Some(tracking.as_str())),
        "a retried verify is the same payment"
    );

    let (s, confirmation) = app
        .call(
            Method::POST,
            &TestApp::user_path(&m, "/payment/confirmation"),
            Some(&m.token),
            Some(json!({ "policyId": policy_id, "paymentId": tracking })),
        )
        .await;
    assert_eq!(s, 200, "{confirmation}");
    assert_eq!(confirmation["mmpContractNumber"], contract);
    assert_eq!(confirmation["payment"]["paymentId"], tracking);
    assert_eq!(confirmation["payment"]["amount"], rate["totalRateCost"]);
    assert_eq!(confirmation["vehicle"]["vin"], KIA_VIN);
    assert_eq!(confirmation["vehicle"]["coverageName"], rate["coverageName"]);
    assert_eq!(confirmation["institution"]["formattedPhone"], "(800) 555-0142");

    // Verification code + receipt + contract copy, the last with the PDF attached.
    let mails = app.mail.wait_for(&m.email, 3).await;
    assert!(mails.iter().any(|x| x.data.contains("Subject: Your receipt from Summit Credit Union") && x.data.contains(&tracking)));
    let contract_mail = mails.iter().find(|x| x.data.contains("application/pdf")).expect("contract email with the PDF");
    assert!(contract_mail.data.contains(&format!("contract-{contract}.pdf")));

    let res =
        app.http.get(app.api(&TestApp::user_path(&m, &format!("/fetchdocument/{policy_id}")))).bearer_auth(&m.token).send().await.unwrap();
    assert_eq!(res.status().as_u16(), 200);
    assert!(res.bytes().await.unwrap().starts_with(b"%PDF"));

    let (s, policy) = app.call(Method::GET, &TestApp::user_path(&m, &format!("/policy/{policy_id}")), Some(&m.token), None).await;
    assert_eq!(s, 200);
    for _ in 0..100 {
        let (_, p) = app.call(Method::GET, &TestApp::user_path(&m, &format!("/policy/{policy_id}")), Some(&m.token), None).await;
        if p["policy"]["status"] == "fulfilled" {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(policy["confirmation"].is_object());

    let store = coverline_store::Store::connect(&app.database_url).await.unwrap();
    support::record_history(&app, &m, "fulfilled").await;
    assert_eq!(store.count_policies().await.unwrap(), 1, "one contract");
    assert_eq!(store.count_payments().await.unwrap(), 1, "one payment");
    assert_eq!(store.policy(&policy_id).await.unwrap().unwrap().status, coverline_domain::lifecycle::PurchaseStatus::Fulfilled);
    // Card data never reaches Coverline: not in the database files, not in any API answer.
    if let Some(path) = app.database_url.strip_prefix("sqlite://") {
        for file in [path.to_string(), format!("{path}-wal")] {
            let bytes = std::fs::read(&file).unwrap_or_default();
            assert!(!bytes.windows(16).any(|w| w == b"4242424242424242"), "card number in {file}");
        }
    }
    assert!(!confirmation.to_string().contains("4242424242424242") && !verified.to_string().contains("4242"));
}

on_both_databases!(purchase_end_to_end);

async fn validation_and_access(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let (s, b) = app
        .call(
            Method::POST,
            &format!("/institution/{INSTITUTION}/user"),
            None,
            Some(json!({ "emailAddress": "jane@", "password": "Aa1!aaaaaaaaaaaaaaaa" })),
        )
        .await;
    assert_eq!(
        (s, b["error"]["message"].as_str(), b["error"]["field"].as_str()),
        (400, Some(field_errors::INVALID_EMAIL), Some("emailAddress"))
    );
    let (s, _) = app.call(Method::GET, "/institution/no-such-cu", None, None).await;
    assert_eq!(s, 404);
    let (s, inst) = app.call(Method::GET, &format!("/institution/{INSTITUTION}"), None, None).await;
    assert_eq!(s, 200);
    assert_eq!(inst["branding"]["colors"]["primary"], "0B3D91");
    assert!(inst.get("testingSettings").is_none(), "test switches stay server-side");

    let a = app.new_member(INSTITUTION).await;
    let b = app.new_member(INSTITUTION).await;
    let (s, body) = app.call(Method::GET, &format!("/institution/{INSTITUTION}/car/vin/5XYRLDLC3NG09749"), Some(&a.token), None).await;
    assert_eq!((s, body["error"]["message"].as_str()), (400, Some(field_errors::VIN_TOO_SHORT)));
    let (s, body) = app.call(Method::GET, &format!("/institution/{INSTITUTION}/car/vin/5XYRLDLC3NG0974961"), Some(&a.token), None).await;
    assert_eq!((s, body["error"]["message"].as_str()), (400, Some(field_errors::VIN_TOO_LONG)));
    // A wrong check digit on a vehicle vPIC knows is found, with the warning (issue 28); a manufacturer nobody holds is not.
    let (s, body) = app.call(Method::GET, &format!("/institution/{INSTITUTION}/car/vin/5XYRLDLC4NG097496"), Some(&a.token), None).await;
    assert_eq!((s, body["data"]["checkDigitMismatch"].as_bool()), (200, Some(true)), "{body}");
    let (s, body) = app.call(Method::GET, &format!("/institution/{INSTITUTION}/car/vin/ZZZ11111211111111"), Some(&a.token), None).await;
    assert_eq!((s, body["error"]["message"].as_str()), (404, Some(messages::FAILED_TO_FIND_VIN)));

    let car = json!({ "vin": KIA_VIN, "odometer": "0", "milesPerYear": 15000, "yearsToOwn": 6 });
    let (s, body) = app.call(Method::POST, &TestApp::user_path(&a, "/car"), Some(&a.token), Some(car)).await;
    assert_eq!((s, body["error"]["message"].as_str()), (400, Some(field_errors::GREATER_THAN_ZERO)));
    let car = json!({ "vin": KIA_VIN, "odometer": "45000", "milesPerYear": 15000, "yearsToOwn": 6 });
    let (s, body) = app.call(Method::POST, &TestApp::user_path(&a, "/car"), Some(&a.token), Some(car)).await;
    assert_eq!(s, 201);
    let car_id = body["car"]["carId"].as_str().unwrap();

    // Another member's token opens nothing of A's, and cannot tell whether it exists.
    let (s, _) = app.call(Method::GET, &TestApp::user_path(&a, &format!("/car/{car_id}")), Some(&b.token), None).await;
    assert_eq!(s, 404);
    let (s, _) = app.call(Method::GET, &TestApp::user_path(&b, &format!("/car/{car_id}")), Some(&b.token), None).await;
    assert_eq!(s, 404);
    let (s, _) = app.call(Method::GET, &TestApp::user_path(&a, ""), None, None).await;
    assert_eq!(s, 401);

    // Booking needs a verified email.
    let (s, quote) = app
        .call(
            Method::POST,
            &TestApp::user_path(&a, "/quote"),
            Some(&a.token),
            Some(json!({ "carId": car_id, "milesPerYear": 15000, "yearsToOwn": 6, "state": "CO" })),
        )
        .await;
    assert_eq!(s, 201);
    let (s, body) = book(&app, &a, car_id, &quote, &quote["rates"][0]).await;
    assert_eq!((s, body["error"]["code"].as_str()), (403, Some("emailNotVerified")));

    // Sales tax where the state taxes service contracts (PA 6%), none where it does not (CO),
    // and no quotes where the provider does not sell (WA).
    assert!(quote["rates"].as_array().unwrap().iter().all(|r| r["taxAmount"] == 0));
    let (s, pa) = app
        .call(
            Method::POST,
            &TestApp::user_path(&a, "/quote"),
            Some(&a.token),
            Some(json!({ "carId": car_id, "milesPerYear": 15000, "yearsToOwn": 6, "state": "PA" })),
        )
        .await;
    assert_eq!(s, 201, "{pa}");
    for r in pa["rates"].as_array().unwrap() {
        // The unformatted rate is the amount charged, tax included; the subtotal is it minus the tax.
        let amount = r["unformattedRate"].as_i64().unwrap();
        let tax = r["taxAmount"].as_i64().unwrap();
        let subtotal = amount - tax;
        assert!(tax > 0 && tax == (subtotal * 600 + 5_000) / 10_000, "{r}");
        assert_eq!(r["totalRateCost"].as_i64().unwrap(), amount);
    }
    let (s, wa) = app
        .call(
            Method::POST,
            &TestApp::user_path(&a, "/quote"),
            Some(&a.token),
            Some(json!({ "carId": car_id, "milesPerYear": 15000, "yearsToOwn": 6, "state": "WA" })),
        )
        .await;
    assert_eq!((s, wa["error"]["message"].as_str()), (422, Some(messages::NO_QUOTES)));
    assert!(!inst["eligibleStates"].as_array().unwrap().iter().any(|st| st == "WA"));

    // A session idle for more than 15 minutes is refused.
    app.clock.advance(901);
    let (s, body) = app.call(Method::GET, &TestApp::user_path(&a, ""), Some(&a.token), None).await;
    assert_eq!((s, body["error"]["code"].as_str()), (401, Some("sessionExpired")));
}

on_both_databases!(validation_and_access);

/// A described car (mock VIN) gets prices, but cannot be booked: the contract must name the real VIN.
async fn a_mock_vin_car_is_quoted_but_never_booked(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let m = verified_member(&app).await;
    let t = Some(m.token.as_str());
    let (s, b) = app.call(Method::GET, &format!("/institution/{INSTITUTION}/car/styles?year=2021&make=Toyota&model=Camry"), t, None).await;
    assert_eq!(s, 200, "{b}");
    let style = b["data"][0].as_str().unwrap().replace(' ', "%20");
    let (s, b) = app
        .call(Method::GET, &format!("/institution/{INSTITUTION}/car/vin?year=2021&make=Toyota&model=Camry&style={style}"), t, None)
        .await;
    assert_eq!(s, 200, "{b}");
    let car = json!({ "vin": b["data"]["message"], "carFlags": {}, "odometer": "20,000", "milesPerYear": 15000, "yearsToOwn": 4 });
    let (s, b) = app.call(Method::POST, &TestApp::user_path(&m, "/car"), t, Some(car)).await;
    assert_eq!((s, b["car"]["isMockVin"].as_bool()), (201, Some(true)), "{b}");
    let car_id = b["car"]["carId"].as_str().unwrap().to_string();
    let (s, quote) = app
        .call(
            Method::POST,
            &TestApp::user_path(&m, "/quote"),
            t,
            Some(json!({ "carId": car_id, "milesPerYear": 15000, "yearsToOwn": 4, "state": "CO" })),
        )
        .await;
    assert_eq!(s, 201, "{quote}");
    let rate = quote["rates"][0].clone();
    let (s, b) = book(&app, &m, &car_id, &quote, &rate).await;
    assert_eq!((s, b["error"]["code"].as_str()), (409, Some("mockVin")), "{b}");
    let store = coverline_store::Store::connect(&app.database_url).await.unwrap();
    assert!(store.policy_for_quote(quote["quoteId"].as_str().unwrap()).await.unwrap().is_none(), "no policy was started");
}

on_both_databases!(a_mock_vin_car_is_quoted_but_never_booked);

/// An institution with two providers (Harborline: EFG + NAC) gets one quote mixing their rates; the
/// rate a member buys is booked with the provider that priced it.
async fn a_mixed_provider_quote_books_with_the_rates_own_provider(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let m = verified_member_at(&app, "harborline-bank").await;
    let t = Some(m.token.as_str());
    let car = json!({ "vin": KIA_VIN, "carFlags": {}, "odometer": "45,000", "milesPerYear": 15000, "yearsToOwn": 6 });
    let (s, b) = app.call(Method::POST, &TestApp::user_path(&m, "/car"), t, Some(car)).await;
    assert_eq!(s, 201, "{b}");
    let car_id = b["car"]["carId"].as_str().unwrap().to_string();
    let (s, quote) = app
        .call(
            Method::POST,
            &TestApp::user_path(&m, "/quote"),
            t,
            Some(json!({ "carId": car_id, "milesPerYear": 15000, "yearsToOwn": 6, "state": "CO" })),
        )
        .await;
    assert_eq!(s, 201, "{quote}");
    let providers: Vec<&str> = quote["rates"].as_array().unwrap().iter().map(|r| r["provider"].as_str().unwrap()).collect();
    assert!(providers.contains(&"EFG") && providers.contains(&"NAC"), "{quote}");
    let nac = quote["rates"].as_array().unwrap().iter().find(|r| r["provider"] == "NAC").unwrap().clone();
    let (s, b) = book(&app, &m, &car_id, &quote, &nac).await;
    assert_eq!(s, 200, "{b}");
    let res =
        app.http.get(format!("{}/_sandbox/provider/contracts", app.sandbox_url)).bearer_auth("test-provider-key").send().await.unwrap();
    let contracts: Value = res.json().await.unwrap();
    let checkout = coverline_workflows::checkout_workflow_id(&m.user_id);
    let ours: Vec<&Value> = contracts.as_array().unwrap().iter().filter(|c| c["idempotencyKey"] == checkout.as_str()).collect();
    assert_eq!(ours.len(), 1, "{contracts}");
    assert!(
        ours[0]["contractNumber"].as_str().unwrap().starts_with("NAC-"),
        "booked with NAC, not the quote's first provider: {}",
        ours[0]
    );
}

on_both_databases!(a_mixed_provider_quote_books_with_the_rates_own_provider);
