//! The durable checkout through the real edge: steps recorded in the checkout workflow (and
//! refused out of order), a reloaded tab restored through its HttpOnly cookie, the emailed
//! 'continue your purchase' link, the reminder, and the charge confirmed server to server
//! (webhooks, the workflow's own look-ups, refunds of a second charge or of one after the void).

mod gateway_outage;
mod payments;
mod resume;

use crate::support::{Member, TestApp};
use reqwest::Method;
use serde_json::{Value, json};

/// Records a step of `m`'s checkout.
pub async fn advance(app: &TestApp, m: &Member, step: &str, answers: Value) -> (u16, Value) {
    app.call(Method::PUT, &TestApp::user_path(m, "/checkout"), Some(&m.token), Some(json!({ "step": step, "answers": answers }))).await
}

/// The answers of a member who chose the quote's first rate for the 2022 Kia in CO.
pub fn chosen(booking: &Value) -> Value {
    json!({
        "stateOfResidence": "CO",
        "vehicle": { "vin": "5XYRLDLC3NG097496" },
        "odometer": 45000,
        "milesPerYear": 15000,
        "yearsToOwn": 6,
        "carId": booking["carId"],
        "quoteId": booking["quoteId"],
        "rate": { "rateId": booking["rateId"], "index": 0 },
    })
}

/// The 'continue your purchase' link in an email (quoted-printable soft breaks undone).
pub fn resume_token(message: &crate::support::smtp::Received) -> String {
    let body = message.data.replace("=\r\n", "").replace("=\n", "");
    let start = body.find("/resume/").expect("a resume link") + "/resume/".len();
    body[start..].chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_').collect()
}
