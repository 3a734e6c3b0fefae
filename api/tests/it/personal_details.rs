//! Personal details as real members type them (issue 15, B1): names with apostrophes, hyphens and
//! accents, street lines with commas, `#` and `/`, cities with periods and hyphens, taken by the
//! user update, the contact request and the contract finder alike; what is really invalid keeps
//! the spec's messages, on its field.

use crate::support::{Db, Options, TestApp, on_both_databases, spawn_app};
use coverline_domain::product::field_errors;
use reqwest::Method;
use serde_json::{Value, json};

const INSTITUTION: &str = "summit-cu";

fn details(first: &str, last: &str, street: &str, city: &str) -> Value {
    json!({
        "firstName": first, "lastName": last, "phoneNumber": "(314) 555-0142",
        "address": { "street": street, "city": city, "state": "MO", "zip": "63101" },
        "isMember": true, "doesConsentToSoliciting": false
    })
}

async fn real_names_and_addresses_are_taken(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let m = app.new_member(INSTITUTION).await;
    let path = TestApp::user_path(&m, "");

    // Really invalid input keeps the spec's messages, each on its field.
    for (body, field, message) in [
        (details("R2D2", "O'Brien", "123 Main St", "St. Louis"), "firstName", field_errors::NAME_LETTERS),
        (details("Mary-Jane", "<script>", "123 Main St", "St. Louis"), "lastName", field_errors::NAME_LETTERS),
        (details("Mary-Jane", "O'Brien", "123 Main St; <b>", "St. Louis"), "street", field_errors::STREET),
        (details("Mary-Jane", "O'Brien", "123 Main St", "St. Louis 2"), "city", field_errors::CITY_LETTERS),
    ] {
        let (s, b) = app.call(Method::PUT, &path, Some(&m.token), Some(body)).await;
        assert_eq!((s, b["error"]["field"].as_str(), b["error"]["message"].as_str()), (400, Some(field), Some(message)), "{b}");
    }

    let (s, b) = app
        .call(Method::PUT, &path, Some(&m.token), Some(details(" Mary-Jane ", "O\u{2019}Brien", "123 Main St, Apt #4", "St. Louis")))
        .await;
    assert_eq!(s, 200, "{b}");
    assert_eq!((b["user"]["firstName"].as_str(), b["user"]["lastName"].as_str()), (Some("Mary-Jane"), Some("O'Brien")));
    assert_eq!(b["user"]["address"], json!({ "street": "123 Main St, Apt #4", "city": "St. Louis", "state": "MO", "zip": "63101" }));
    let token = b["token"].as_str().unwrap();
    let (s, b) = app.call(Method::PUT, &path, Some(token), Some(details("José", "Núñez", "12 1/2 Elm St.", "Winston-Salem"))).await;
    assert_eq!((s, b["user"]["address"]["city"].as_str()), (200, Some("Winston-Salem")), "{b}");

    // The contact request's typed names: the same rule.
    let anon = format!("/institution/{INSTITUTION}/contact-request");
    let body = |first: &str, last: &str| {
        json!({ "pageUserBouncedFrom": "userCreationError",
            "collectedInfo": { "emailAddress": "walk.in@example.com", "firstName": first, "lastName": last } })
    };
    let (s, b) = app.call(Method::POST, &anon, None, Some(body("José", "D'Angelo"))).await;
    assert_eq!(s, 202, "{b}");
    let (s, b) = app.call(Method::POST, &anon, None, Some(body("Ann", "--"))).await;
    assert_eq!((s, b["error"]["field"].as_str()), (400, Some("collectedInfo.lastName")), "{b}");

    // The contract finder's last name: O'Brien is looked up (no such contract), digits refused.
    let verify = format!("/institution/{INSTITUTION}/user/{}/verifydetails/pol_doesnotexist", m.user_id);
    let (s, b) = app.call(Method::POST, &verify, None, Some(json!({ "lastname": "O'Brien", "zipcode": "63101" }))).await;
    assert_eq!((s, b["error"]["code"].as_str()), (404, Some("notFound")), "{b}");
    let (s, b) = app.call(Method::POST, &verify, None, Some(json!({ "lastname": "O8rien", "zipcode": "63101" }))).await;
    assert_eq!((s, b["error"]["message"].as_str()), (400, Some(field_errors::LETTERS_AND_SPACES)), "{b}");
}

on_both_databases!(real_names_and_addresses_are_taken);
