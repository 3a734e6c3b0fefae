//! The card gateway over real HTTP, as Coverline's client and the widget's script use it.

mod common;

use std::time::{Duration, Instant};

use common::*;
use serde_json::{Value, json};

/// Changes one character of the token's signature.
fn tamper(token: &str) -> String {
    let mut chars: Vec<char> = token.chars().collect();
    let last = chars.len() - 2;
    chars[last] = if chars[last] == 'A' { 'B' } else { 'A' };
    chars.into_iter().collect()
}

#[tokio::test]
async fn sign_widget_charge_verify() {
    let sandbox = start(config()).await;
    let base = &sandbox.base;
    let request = sign(base, 123_456, "NAC-2026-000001").await;

    let (status, headers, html) = get_widget(base, &request).await;
    assert_eq!(status, 200);
    let csp = headers["content-security-policy"].to_str().unwrap();
    assert_eq!(csp, format!("default-src 'self'; style-src 'self' 'unsafe-inline'; frame-ancestors {PARENT_ORIGIN}"));
    for label in ["Card number", "Expiry (MM/YY)", "CVC", "ZIP"] {
        assert!(html.contains(&format!(">{label}</label>")), "label {label} missing");
    }
    assert!(html.contains(">Pay</button>"));
    assert!(html.contains("$1,234.56"));
    assert!(html.contains("Vehicle Service Contract"));
    assert!(html.contains(&format!("data-parent-origin=\"{PARENT_ORIGIN}\"")));
    assert!(html.contains("<script src=\"widget.js\"></script>"));
    assert!(!html.contains("<script>"), "no inline script");

    let script = client().get(format!("{base}/widget.js")).send().await.unwrap();
    assert_eq!(script.status().as_u16(), 200);
    assert!(script.headers()["content-type"].to_str().unwrap().starts_with("text/javascript"));
    let script = script.text().await.unwrap();
    assert!(script.contains("coverline-gateway") && script.contains("'ready'") && script.contains("v1/charge"));

    let (status, body) = post(&format!("{base}/v1/charge"), None, &card(&request, "4242 4242 4242 4242")).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["status"], 200);
    let result = body["data"]["result"].as_str().unwrap().to_string();
    assert!(!body.to_string().contains("4242424242424242"), "card number echoed");

    let (status, first) = post(&format!("{base}/v1/verify"), Some(MERCHANT_KEY), &json!({ "result": result })).await;
    assert_eq!(status, 200, "{first}");
    assert_eq!(first["error"], Value::Null);
    let data = &first["data"];
    let tracking = data["trackingNumber"].as_str().unwrap();
    assert!(tracking.starts_with("PAY-") && tracking.len() == 16, "{tracking}");
    assert!(tracking[4..].chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit()));
    assert_eq!(data["amount"], 123_456);
    assert_eq!(data["applyFundsTo"], "NAC-2026-000001");
    assert_eq!(data["paymentAccountId"], "inst-001");
    assert!(data["paidAt"].as_i64().unwrap() > 1_700_000_000);

    let (status, second) = post(&format!("{base}/v1/verify"), Some(MERCHANT_KEY), &json!({ "result": result })).await;
    assert_eq!(status, 200);
    assert_eq!(second, first, "verifying twice returns the same payment");

    // The request is single use: the widget refuses it and so does the charge endpoint.
    let (status, _, html) = get_widget(base, &request).await;
    assert_eq!(status, 400);
    assert!(html.contains("This payment request was already used."));
    let (status, body) = post(&format!("{base}/v1/charge"), None, &card(&request, "4242424242424242")).await;
    assert_eq!(status, 409);
    assert_eq!(body, json!({ "status": 409, "data": null, "error": { "error_message": "This payment request was already used." } }));
}

#[tokio::test]
async fn sign_needs_the_merchant_key_and_a_valid_request() {
    let sandbox = start(config()).await;
    let url = format!("{}/v1/sign", sandbox.base);

    let (status, body) = post(&url, None, &sign_body(100, "NAC-1")).await;
    assert_eq!(status, 401);
    assert_eq!(body["status"], 401);
    assert_eq!(body["data"], Value::Null);
    assert!(body["error"]["error_message"].is_string());
    let (status, _) = post(&url, Some("wrong"), &sign_body(100, "NAC-1")).await;
    assert_eq!(status, 401);

    let mut wrong_experience = sign_body(100, "NAC-1");
    wrong_experience["experience"] = json!("NAO_ACH");
    let mut two_lines = sign_body(100, "NAC-1");
    two_lines["paymentInformation"] = json!([two_lines["paymentInformation"][0], two_lines["paymentInformation"][0]]);
    let mut no_account = sign_body(100, "NAC-1");
    no_account["PaymentAccountId"] = json!("");
    for bad in [wrong_experience, two_lines, no_account, sign_body(0, "NAC-1"), sign_body(100, ""), json!({"experience": "NAO_CC_ONLY"})] {
        let (status, body) = post(&url, Some(MERCHANT_KEY), &bad).await;
        assert_eq!(status, 400, "{bad}");
        assert_eq!(body["status"], 400);
        assert_eq!(body["data"], Value::Null);
        assert!(!body["error"]["error_message"].as_str().unwrap().is_empty());
    }
}

#[tokio::test]
async fn declines_leave_the_request_usable() {
    let sandbox = start(config()).await;
    let base = &sandbox.base;
    let request = sign(base, 5_000, "NAC-2026-000002").await;

    for (number, message) in [("4000000000000002", "Your card was declined."), ("4000000000009995", "Your card has insufficient funds.")] {
        let (status, body) = post(&format!("{base}/v1/charge"), None, &card(&request, number)).await;
        assert_eq!(status, 402);
        assert_eq!(body, json!({ "status": 402, "data": null, "error": { "error_message": message } }));
    }

    let (status, body) = post(&format!("{base}/v1/charge"), None, &card(&request, "5555555555554444")).await;
    assert_eq!(status, 200, "another Luhn-valid card approves: {body}");
}

#[tokio::test]
async fn card_fields_are_checked_server_side() {
    let sandbox = start(config()).await;
    let base = &sandbox.base;
    let request = sign(base, 5_000, "NAC-2026-000003").await;
    let mut cases = vec![
        (card(&request, "4242424242424241"), "Enter a valid card number."),
        (card(&request, "not a card"), "Enter a valid card number."),
    ];
    let mut past = card(&request, "4242424242424242");
    past["expiry"] = json!("01/20");
    cases.push((past, "Enter an expiry date (MM/YY) that has not passed."));
    let mut cvc = card(&request, "4242424242424242");
    cvc["cvc"] = json!("12");
    cases.push((cvc, "Enter the 3 or 4 digit CVC."));
    let mut zip = card(&request, "4242424242424242");
    zip["zip"] = json!("3030");
    cases.push((zip, "Enter a 5 digit ZIP."));
    for (body, message) in cases {
        let (status, answer) = post(&format!("{base}/v1/charge"), None, &body).await;
        assert_eq!(status, 422, "{answer}");
        assert_eq!(answer["error"]["error_message"], message);
    }
}

#[tokio::test]
async fn processor_that_does_not_answer() {
    let sandbox = start(config()).await;
    let base = &sandbox.base;
    let request = sign(base, 5_000, "NAC-2026-000004").await;
    let started = Instant::now();
    let (status, body) = post(&format!("{base}/v1/charge"), None, &card(&request, "4000000000000119")).await;
    assert!(started.elapsed() >= Duration::from_millis(200));
    assert_eq!(status, 504);
    assert_eq!(body["error"]["error_message"], "The card processor did not respond. Your card has not been charged.");
    let (status, _) = post(&format!("{base}/v1/charge"), None, &card(&request, "4242424242424242")).await;
    assert_eq!(status, 200, "nothing was charged, the request is still usable");
}

#[tokio::test]
async fn tampered_tokens_are_refused() {
    let sandbox = start(config()).await;
    let base = &sandbox.base;
    let request = sign(base, 5_000, "NAC-2026-000005").await;
    let forged = tamper(&request);

    let (status, headers, html) = get_widget(base, &forged).await;
    assert_eq!(status, 400);
    assert!(html.contains("This payment request is not valid."));
    assert!(html.contains("id=\"gateway-failure\""));
    assert!(!html.contains("payment-form"));
    assert!(headers["content-security-policy"].to_str().unwrap().ends_with(&format!("frame-ancestors {PARENT_ORIGIN}")));

    let (status, body) = post(&format!("{base}/v1/charge"), None, &card(&forged, "4242424242424242")).await;
    assert_eq!(status, 400);
    assert_eq!(body["error"]["error_message"], "This payment request is not valid.");

    // A request signed with another key is refused too.
    let other = {
        let mut other_config = config();
        other_config.signing_secret = b"some-other-gateway-secret-000000".to_vec();
        let other_sandbox = start(other_config).await;
        sign(&other_sandbox.base, 5_000, "NAC-2026-000005").await
    };
    let (status, _) = post(&format!("{base}/v1/charge"), None, &card(&other, "4242424242424242")).await;
    assert_eq!(status, 400);

    let (status, body) = post(&format!("{base}/v1/charge"), None, &card(&request, "4242424242424242")).await;
    assert_eq!(status, 200);
    let result = body["data"]["result"].as_str().unwrap();
    for bad in [tamper(result), "garbage".to_string(), request.clone()] {
        let (status, body) = post(&format!("{base}/v1/verify"), Some(MERCHANT_KEY), &json!({ "result": bad })).await;
        assert_eq!(status, 400);
        assert_eq!(body, json!({ "status": 400, "data": null, "error": { "error_message": "The payment result could not be verified." } }));
    }
    let (status, _) = post(&format!("{base}/v1/verify"), None, &json!({ "result": result })).await;
    assert_eq!(status, 401);
}

#[tokio::test]
async fn the_widget_refuses_wrong_start_parameters() {
    let sandbox = start(config()).await;
    let base = &sandbox.base;
    let request = sign(base, 5_000, "NAC-2026-000010").await;
    for (changed, problem) in [
        (("paymentAccountId", "inst-002"), "payment account"),
        (("paymentAccountId", ""), "payment account"),
        (("experience", "NAO_ACH_ONLY"), "experience"),
        (("integrationId", "OTHER"), "integration id"),
        (("mode", "direct"), "mode"),
        (("mode", ""), "mode"),
    ] {
        let response = client().get(widget_url_with(base, &request, &[changed])).send().await.unwrap();
        assert_eq!(response.status().as_u16(), 400, "{changed:?}");
        let html = response.text().await.unwrap();
        assert!(!html.contains("payment-form"), "{changed:?}: no card form");
        assert!(html.contains("id=\"gateway-failure\""), "{changed:?}: the failure the script posts to the parent");
        assert!(html.contains(&format!("The payment widget was started with a wrong {problem}.")), "{changed:?}:\n{html}");
    }
    // Refusing a start does not use the request up.
    let (status, _, html) = get_widget(base, &request).await;
    assert_eq!(status, 200);
    assert!(html.contains("payment-form"));
}

#[tokio::test]
async fn widget_needs_a_parent_origin() {
    let sandbox = start(config()).await;
    let request = sign(&sandbox.base, 5_000, "NAC-2026-000006").await;
    let mut url = reqwest::Url::parse(&format!("{}/widget", sandbox.base)).unwrap();
    url.query_pairs_mut().append_pair("request", &request).append_pair("parentOrigin", "https://evil.example; script-src *");
    let response = client().get(url).send().await.unwrap();
    assert_eq!(response.status().as_u16(), 400);
    assert!(response.headers()["content-security-policy"].to_str().unwrap().ends_with("frame-ancestors 'none'"));
    assert!(!response.text().await.unwrap().contains("payment-form"));
}

#[tokio::test]
async fn expired_requests_are_refused() {
    let mut expired_config = config();
    expired_config.request_ttl = Duration::ZERO;
    let sandbox = start(expired_config).await;
    let base = &sandbox.base;
    let request = sign(base, 5_000, "NAC-2026-000007").await;

    let (status, _, html) = get_widget(base, &request).await;
    assert_eq!(status, 400);
    assert!(html.contains("This payment request has expired."));
    let (status, body) = post(&format!("{base}/v1/charge"), None, &card(&request, "4242424242424242")).await;
    assert_eq!(status, 400);
    assert_eq!(body["error"]["error_message"], "This payment request has expired.");
}

#[tokio::test]
async fn used_requests_stay_used_across_a_restart() {
    let state = TempState::new("gateway");
    let mut persistent = config();
    persistent.state_file = Some(state.0.clone());

    let (request, result, verified) = {
        let sandbox = start(persistent.clone()).await;
        let base = &sandbox.base;
        let request = sign(base, 9_900, "NAC-2026-000008").await;
        let (status, body) = post(&format!("{base}/v1/charge"), None, &card(&request, "4242424242424242")).await;
        assert_eq!(status, 200);
        let result = body["data"]["result"].as_str().unwrap().to_string();
        let (_, verified) = post(&format!("{base}/v1/verify"), Some(MERCHANT_KEY), &json!({ "result": result })).await;
        (request, result, verified)
    };
    let saved = std::fs::read_to_string(&state.0).unwrap();
    assert!(!saved.contains("4242424242424242"), "card numbers are never stored");
    assert!(saved.contains("\"cardLast4\": \"4242\""));

    let sandbox = start(persistent).await;
    let base = &sandbox.base;
    let (status, body) = post(&format!("{base}/v1/charge"), None, &card(&request, "4242424242424242")).await;
    assert_eq!(status, 409, "{body}");
    let (status, again) = post(&format!("{base}/v1/verify"), Some(MERCHANT_KEY), &json!({ "result": result })).await;
    assert_eq!(status, 200);
    assert_eq!(again, verified);
}
