//! A stand-in for an integrator's website: `GET /partner-demo` launches the flow for a demo member
//! from the partner's server (with the integrator's token, which never reaches the browser) and
//! embeds the app in an iframe, as a real partner page would. Served on the sandbox's origin, so
//! the frame is cross-origin like in production.

use std::collections::HashMap;
use std::time::Duration;

use axum::Router;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use serde_json::{Value, json};

/// Where the partner page finds Coverline, and who it is.
#[derive(Debug, Clone)]
pub struct PartnerDemo {
    /// The Coverline API as the partner's server reaches it (`…/api/institution/…`).
    pub api_url: String,
    /// The Coverline app as the member's browser reaches it (the iframe's origin).
    pub app_url: String,
    pub integrator_id: String,
    pub token: String,
}

#[derive(Clone)]
struct PartnerState {
    demo: PartnerDemo,
    http: reqwest::Client,
}

/// The partner page's routes (own state).
pub fn routes(demo: PartnerDemo) -> anyhow::Result<Router> {
    let http = reqwest::Client::builder().timeout(Duration::from_secs(30)).build()?;
    Ok(Router::new().route("/partner-demo", get(page)).with_state(PartnerState { demo, http }))
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;").replace('\'', "&#39;")
}

fn layout(status: StatusCode, body: &str) -> Response {
    let html = format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>Northwind Auto Loans: protect your new car</title>\n<style>\n\
         body {{ margin: 0; font-family: system-ui, sans-serif; background: #f4f1ea; color: #1d2b36; }}\n\
         header {{ background: #1d2b36; color: #fff; padding: 16px 24px; font-size: 20px; font-weight: 700; }}\n\
         main {{ max-width: 1000px; margin: 0 auto; padding: 24px; }}\n\
         iframe {{ width: 100%; height: 900px; border: 1px solid #c9c2b3; border-radius: 8px; background: #fff; }}\n\
         #partner-message {{ padding: 16px; background: #fff; border-left: 4px solid #b3261e; }}\n\
         </style>\n</head>\n<body>\n<header>Northwind Auto Loans</header>\n<main>\n{body}\n</main>\n</body>\n</html>\n"
    );
    (status, Html(html)).into_response()
}

/// `?institution=summit-cu&vin=…&odometer=…&state=CO&email=…`; without `vin` the member picks the
/// vehicle in the app.
async fn page(State(partner): State<PartnerState>, Query(query): Query<HashMap<String, String>>) -> Response {
    let institution = query.get("institution").map_or("summit-cu", String::as_str);
    let email = query.get("email").cloned().unwrap_or_else(|| format!("jamie.rivera.{}@example.com", crate::now_unix()));
    let mut launch = json!({
        "member": {
            "emailAddress": email,
            "firstName": "Jamie",
            "lastName": "Rivera",
            "phoneNumber": "3035550199",
            "address": { "street": "2200 Blake St", "city": "Denver", "state": query.get("state").map_or("CO", String::as_str), "zip": "80205" },
            "isMember": true
        }
    });
    if let Some(vin) = query.get("vin") {
        launch["vehicle"] = json!({
            "vin": vin,
            "odometer": query.get("odometer").map_or("30000", String::as_str),
            "milesPerYear": 15000,
            "yearsToOwn": 6
        });
    }
    let url = format!(
        "{}/api/institution/{}/integration/{}/launch",
        partner.demo.api_url.trim_end_matches('/'),
        urlencode(institution),
        urlencode(&partner.demo.integrator_id)
    );
    let answer = partner.http.post(&url).bearer_auth(&partner.demo.token).json(&launch).send().await;
    let (status, body) = match answer {
        Ok(res) => (res.status(), res.json::<Value>().await.unwrap_or(Value::Null)),
        Err(e) => {
            tracing::warn!(error = %e, "partner demo could not reach Coverline");
            return layout(
                StatusCode::BAD_GATEWAY,
                "<p id=\"partner-message\" role=\"alert\">Coverage options are not available right now.</p>",
            );
        }
    };
    if status.is_success() {
        let src = format!("{}{}", partner.demo.app_url.trim_end_matches('/'), body["url"].as_str().unwrap_or_default());
        let content = format!(
            "<h1>Protect your new car</h1>\n<p>Add a vehicle service contract from your credit union to your loan.</p>\n\
             <iframe id=\"coverline-frame\" title=\"Vehicle service contract\" src=\"{}\" allow=\"payment\"></iframe>",
            escape(&src)
        );
        return layout(StatusCode::OK, &content);
    }
    let message = body["error"]["message"].as_str().unwrap_or("Coverage options are not available right now.");
    layout(
        if status == StatusCode::UNPROCESSABLE_ENTITY { StatusCode::OK } else { StatusCode::BAD_GATEWAY },
        &format!("<h1>Protect your new car</h1>\n<p id=\"partner-message\" role=\"alert\">{}</p>", escape(message)),
    )
}

fn urlencode(text: &str) -> String {
    text.bytes()
        .map(|b| if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) { (b as char).to_string() } else { format!("%{b:02X}") })
        .collect()
}
