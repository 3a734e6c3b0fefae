//! The allowed-route gate's shared cases (gate-cases.json): for each set of milestones a member has
//! reached, the steps the server lets their checkout be on. The web runs the same cases through its
//! own gate (web/src/flow/gate.test.ts), reading the same table (domain/steps.json).

use std::collections::BTreeSet;

use coverline_domain::checkout::{Answers, Checkout, ChosenRate, Facts, Step, Vehicle};
use coverline_domain::lifecycle::PurchaseStatus;
use coverline_domain::steps::TABLE;
use serde_json::Value;

fn read(path: &str) -> Value {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The checkout of a member who reached `reached`, and their purchase's status.
fn checkout_of(reached: &[&str]) -> (Checkout, Option<PurchaseStatus>) {
    let has = |m: &str| reached.contains(&m);
    let answers = Answers {
        state_of_residence: has("residence").then(|| "CO".to_owned()),
        vehicle: has("vehicle").then(|| Vehicle {
            vin: "5XYRLDLC3NG097496".into(),
            year: 2022,
            make: "Kia".into(),
            model: "Sorento".into(),
            style: "LX".into(),
            is_mock_vin: false,
        }),
        odometer: has("mileage").then_some(45_000),
        car_id: has("car").then(|| "car_1".to_owned()),
        quote_id: has("quoted").then(|| "quo_1".to_owned()),
        rate: has("rate").then(|| ChosenRate { rate_id: "rat_1".into(), index: 1 }),
        ..Answers::default()
    };
    let facts = Facts {
        residence_eligible: has("eligible"),
        details_given: has("member") || has("nonMember"),
        is_member: (has("member") || has("nonMember")).then(|| has("member")),
        email_verified: has("verified"),
        code_sent: has("codeSent"),
    };
    let purchase = [("booked", PurchaseStatus::Booked), ("bookingFailed", PurchaseStatus::BookingFailed), ("paid", PurchaseStatus::Paid)]
        .into_iter()
        .find_map(|(m, status)| has(m).then_some(status));
    (Checkout { step: Step::Splash, answers, facts }, purchase)
}

fn names(value: &Value) -> BTreeSet<String> {
    value.as_array().unwrap().iter().map(|s| s.as_str().unwrap().to_owned()).collect()
}

#[test]
fn the_server_gate_opens_exactly_the_cases_steps() {
    let cases = read("tests/gate-cases.json");
    let cases = cases["cases"].as_array().unwrap();
    for case in cases {
        let reached: Vec<&str> = case["reached"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
        let (checkout, purchase) = checkout_of(&reached);
        let open: BTreeSet<String> =
            TABLE.iter().filter(|row| checkout.may_be_on(row.step, purchase)).map(|row| row.step.as_str().to_owned()).collect();
        assert_eq!(open, names(&case["server"]), "{}", case["case"]);
    }
    assert!(cases.len() >= 15, "{} cases", cases.len());
}

#[test]
fn a_url_opens_no_step_the_server_would_refuse_but_the_splash() {
    for case in read("tests/gate-cases.json")["cases"].as_array().unwrap() {
        let (server, web) = (names(&case["server"]), names(&case["web"]));
        let extra: Vec<&String> = web.difference(&server).filter(|s| *s != "splash").collect();
        assert!(extra.is_empty(), "{}: {extra:?}", case["case"]);
    }
}
