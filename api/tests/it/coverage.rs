//! Coverage over real HTTP: rates carry their provider and plan texts, a quote re-rates in place,
//! and contact requests are stored, deduplicated, rate limited and emailed to the institution.

use crate::support::{self, Db, Options, TestApp, on_both_databases, spawn_app};
use coverline_domain::product::field_errors;
use reqwest::Method;
use serde_json::json;

const INSTITUTION: &str = "summit-cu";
const KIA_VIN: &str = "5XYRLDLC3NG097496";

async fn car(app: &TestApp, m: &support::Member) -> String {
    let car = json!({ "vin": KIA_VIN, "carFlags": {}, "odometer": "45,000", "milesPerYear": 15000, "yearsToOwn": 6 });
    let (s, b) = app.call(Method::POST, &TestApp::user_path(m, "/car"), Some(&m.token), Some(car)).await;
    assert_eq!(s, 201, "{b}");
    b["car"]["carId"].as_str().unwrap().to_string()
}

async fn rates_carry_plan_texts_and_a_quote_rerates_in_place(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let m = app.new_member(INSTITUTION).await;
    let t = Some(m.token.as_str());
    let car_id = car(&app, &m).await;
    let (s, quote) = app
        .call(
            Method::POST,
            &TestApp::user_path(&m, "/quote"),
            t,
            Some(json!({ "carId": car_id, "milesPerYear": 15000, "yearsToOwn": 6, "state": "CO" })),
        )
        .await;
    assert_eq!(s, 201, "{quote}");
    let rates = quote["rates"].as_array().unwrap();
    assert_eq!(rates.len(), 3);
    let miles: Vec<u64> = rates.iter().map(|r| r["coverageMiles"].as_u64().unwrap()).collect();
    assert!(miles.windows(2).all(|w| w[0] < w[1]), "three distinct terms, ascending: {miles:?}");
    for rate in rates {
        assert_eq!(rate["provider"], "NAC");
        let d = &rate["description"];
        assert!(d["intro"].as_str().unwrap().contains(rate["coverageName"].as_str().unwrap()), "{d}");
        let components = d["components"].as_array().unwrap();
        assert!(!components.is_empty(), "{d}");
        assert!(
            components.iter().all(|c| c["cssId"].as_str().is_some_and(|id| id.chars().all(|ch| ch.is_ascii_lowercase() || ch == '-'))),
            "{d}"
        );
        assert!(d["benefits"].as_array().unwrap().iter().any(|b| b["text"].as_str().unwrap().contains("$50 per day")), "NAC rental: {d}");
    }
    // Contact numbers: Summit's own general line, NAC's lines for the rest (data/plans/nac.toml).
    assert_eq!(rates[0]["contactNumbers"]["general"], "8005550142");
    assert_eq!(rates[0]["contactNumbers"]["emergencyRoadside"], "8005550174");
    let premium = rates.iter().find(|r| r["coverageName"] == "PREMIUM").unwrap();
    assert!(premium["description"]["components"].as_array().unwrap().iter().any(|c| c["cssId"] == "ac-heating"));

    // PUT re-rates the same car with new answers under the same id; old rate ids are gone.
    let quote_id = quote["quoteId"].as_str().unwrap();
    let path = TestApp::user_path(&m, &format!("/quote/{quote_id}"));
    let (s, again) = app.call(Method::PUT, &path, t, Some(json!({ "milesPerYear": 5000, "yearsToOwn": 2, "state": "PA" }))).await;
    assert_eq!(s, 200, "{again}");
    assert_eq!((again["quoteId"].as_str(), again["state"].as_str()), (Some(quote_id), Some("PA")));
    let new_miles: Vec<u64> = again["rates"].as_array().unwrap().iter().map(|r| r["coverageMiles"].as_u64().unwrap()).collect();
    assert!(new_miles[1] < miles[1], "fewer miles needed: {new_miles:?} vs {miles:?}");
    assert!(again["rates"].as_array().unwrap().iter().all(|r| r["taxAmount"].as_i64().unwrap() > 0), "PA taxes service contracts");
    let (s, stored) = app.call(Method::GET, &path, t, None).await;
    assert_eq!((s, &stored["rates"]), (200, &again["rates"]), "what the member saw is what is stored");
    let (s, b) = app.call(Method::PUT, &path, t, Some(json!({ "milesPerYear": 12345, "yearsToOwn": 2, "state": "PA" }))).await;
    assert_eq!((s, b["error"]["field"].as_str()), (400, Some("milesPerYear")));
    let other = app.new_member(INSTITUTION).await;
    let (s, _) =
        app.call(Method::PUT, &path, Some(&other.token), Some(json!({ "milesPerYear": 5000, "yearsToOwn": 2, "state": "PA" }))).await;
    assert_eq!(s, 404, "another member cannot re-rate it");
}

on_both_databases!(rates_carry_plan_texts_and_a_quote_rerates_in_place);

fn messages_to(app: &TestApp, address: &str) -> Vec<String> {
    app.mail.to(address).into_iter().map(|m| m.data).collect()
}

async fn contact_requests_reach_the_institution_once(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let m = app.new_member(INSTITUTION).await;
    let t = Some(m.token.as_str());
    car(&app, &m).await;
    let body = json!({
        "pageUserBouncedFrom": "expertGuidance", "doesConsentToEmail": false, "institutionContact": true,
        "collectedInfo": { "isMember": true, "firstName": "Jane", "lastName": "Doe", "phoneNumber": "3035550142", "chosenStateOfResidence": "CO",
                           "milesPerYear": 15000, "yearsToOwn": 6, "currentOdometer": 45000,
                           "rateArray": [{ "coverageName": "SILVER", "coverageMonths": 72, "coverageMiles": 100000, "dollarSignRate": "$2,020.00" }] }
    });
    let path = TestApp::user_path(&m, "/contact-request");
    let (s, first) = app.call(Method::PUT, &path, t, Some(body.clone())).await;
    assert_eq!(s, 202, "{first}");
    let (s, second) = app.call(Method::PUT, &path, t, Some(body.clone())).await;
    assert_eq!((s, &second), (202, &first), "a double click or a reload sends once");
    let mail = app.mail.wait_for("vsc@summit-cu.example", 1).await;
    assert_eq!(mail.len(), 1);
    let data = &mail[0].data;
    for expected in [
        "Asked for a coverage expert",
        "Is a member: Yes",
        "Jane",
        "3035550142",
        m.email.as_str(),
        KIA_VIN,
        "Sorento",
        "SILVER 72 months / 100000 miles $2,020.00",
        "Consents to promotional email: No",
    ] {
        assert!(data.contains(expected), "{expected:?} missing from the institution's email:\n{data}");
    }
    assert!(data.contains("text/html"), "HTML part");
    let store = coverline_store::Store::connect(&app.database_url).await.unwrap();
    assert!(store.unsent_contact_requests().await.unwrap().is_empty(), "marked emailed");

    // Bad input: an unknown page, a malformed field; another member's user id.
    let (s, b) = app.call(Method::PUT, &path, t, Some(json!({ "pageUserBouncedFrom": "somewhere" }))).await;
    assert_eq!((s, b["error"]["code"].as_str()), (422, Some("validation")), "{b}");
    assert!(b["error"]["message"].as_str().unwrap_or_default().contains("pageUserBouncedFrom: unknown variant `somewhere`"), "{b}");
    let (s, b) = app
        .call(Method::PUT, &path, t, Some(json!({ "pageUserBouncedFrom": "notAMember", "collectedInfo": { "firstName": { "x": 1 } } })))
        .await;
    assert_eq!((s, b["error"]["code"].as_str()), (422, Some("validation")), "{b}");
    assert!(b["error"]["message"].as_str().unwrap_or_default().contains("collectedInfo.firstName"), "names the field: {b}");
    let long = "x".repeat(201);
    let (s, b) =
        app.call(Method::PUT, &path, t, Some(json!({ "pageUserBouncedFrom": "notAMember", "collectedInfo": { "make": long } }))).await;
    assert_eq!((s, b["error"]["field"].as_str()), (400, Some("collectedInfo.make")), "{b}");
    let other = app.new_member(INSTITUTION).await;
    let (s, _) = app.call(Method::PUT, &path, Some(&other.token), Some(body)).await;
    assert_eq!(s, 404);

    // Without a user (user-creation error): the address is required, and 5 an hour at most.
    let anon = format!("/institution/{INSTITUTION}/contact-request");
    let (s, b) =
        app.call(Method::POST, &anon, None, Some(json!({ "pageUserBouncedFrom": "userCreationError", "collectedInfo": {} }))).await;
    assert_eq!((s, b["error"]["field"].as_str()), (400, Some("emailAddress")));
    // Typed names and phone follow the personal details' rules, each refusal on its field.
    let (s, b) = app
        .call(Method::POST, &anon, None, Some(json!({ "pageUserBouncedFrom": "userCreationError", "collectedInfo": { "emailAddress": "walk.in@example.com", "firstName": "R2D2" } })))
        .await;
    assert_eq!(
        (s, b["error"]["field"].as_str(), b["error"]["message"].as_str()),
        (400, Some("collectedInfo.firstName"), Some(field_errors::NAME_LETTERS))
    );
    let (s, b) = app
        .call(Method::POST, &anon, None, Some(json!({ "pageUserBouncedFrom": "userCreationError", "collectedInfo": { "emailAddress": "walk.in@example.com", "phoneNumber": "555-01" } })))
        .await;
    assert_eq!((s, b["error"]["field"].as_str()), (400, Some("collectedInfo.phoneNumber")), "{b}");
    for name in ["Ann", "Bea", "Cal", "Dee", "Eve"] {
        let body = json!({ "pageUserBouncedFrom": "userCreationError", "collectedInfo": { "emailAddress": "Walk.In@Example.com", "firstName": name } });
        let (s, b) = app.call(Method::POST, &anon, None, Some(body)).await;
        assert_eq!(s, 202, "{b}");
    }
    let (s, _) = app.call(Method::POST, &anon, None, Some(json!({ "pageUserBouncedFrom": "userCreationError", "collectedInfo": { "emailAddress": "walk.in@example.com", "firstName": "Again" } }))).await;
    assert_eq!(s, 429);
    assert_eq!(app.mail.wait_for("vsc@summit-cu.example", 6).await.len(), 6);
    assert!(messages_to(&app, "vsc@summit-cu.example").iter().filter(|d| d.contains("walk.in@example.com")).count() == 5);
}

on_both_databases!(contact_requests_reach_the_institution_once);

/// Quotes that arrive together are committed together (one transaction), and each is still stored
/// whole and apart: its own rates, readable at once.
async fn concurrent_quotes_are_each_stored_whole(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let m = app.new_member(INSTITUTION).await;
    let car_id = car(&app, &m).await;
    let posts = (0..40).map(|i| {
        let (app, m, car_id) = (&app, &m, car_id.clone());
        let years = 1 + (i % 6);
        async move {
            let body = json!({ "carId": car_id, "milesPerYear": 15000, "yearsToOwn": years, "state": "CO" });
            let (s, quote) = app.call(Method::POST, &TestApp::user_path(m, "/quote"), Some(&m.token), Some(body)).await;
            assert_eq!(s, 201, "{quote}");
            quote
        }
    });
    let quotes = futures::future::join_all(posts).await;
    let mut rate_ids = std::collections::HashSet::new();
    for quote in &quotes {
        let path = TestApp::user_path(&m, &format!("/quote/{}", quote["quoteId"].as_str().unwrap()));
        let (s, stored) = app.call(Method::GET, &path, Some(&m.token), None).await;
        assert_eq!((s, &stored["rates"]), (200, &quote["rates"]), "stored exactly as answered");
        for rate in stored["rates"].as_array().unwrap() {
            assert!(rate_ids.insert(rate["rateId"].as_str().unwrap().to_string()), "a rate belongs to one quote");
        }
    }
    assert_eq!(rate_ids.len(), 40 * 3);
}

on_both_databases!(concurrent_quotes_are_each_stored_whole);
