//! The card gateway (server-to-server side). Coverline asks the gateway to sign a payment request,
//! the member's browser shows the gateway's card widget in an iframe (card data never reaches
//! Coverline), and the widget's signed result is verified here before anything is recorded.

use std::time::Duration;

use anyhow::Context;
use serde::{Deserialize, Serialize};

/// The only experience Coverline uses: card only.
pub const EXPERIENCE: &str = "NAO_CC_ONLY";

/// The payer as the gateway wants it (spec section 7).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Payer {
    pub first_name: String,
    pub last_name: String,
    pub email_address: String,
    pub address: String,
    pub city: String,
    pub state: String,
    pub zip_code: String,
}

/// One line of the payment: what is paid and what it applies to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PaymentLine {
    /// Cents.
    pub amount: i64,
    /// The contract number.
    pub apply_funds_to: String,
    /// The product name ('Vehicle Service Contract' unless the institution names it).
    #[serde(rename = "type")]
    pub kind: String,
}

/// The sign request payload (spec section 7).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SignRequest {
    pub experience: String,
    pub user: Payer,
    #[serde(rename = "paymentInformation")]
    pub payment_information: Vec<PaymentLine>,
    #[serde(rename = "PaymentAccountId")]
    pub payment_account_id: String,
}

/// A signed request and where the browser loads the widget for it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SignedRequest {
    pub signed_request: String,
    pub widget_url: String,
    pub gateway_origin: String,
}

/// A payment the gateway confirmed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct VerifiedPayment {
    pub tracking_number: String,
    /// Cents.
    pub amount: i64,
    pub apply_funds_to: String,
    pub payment_account_id: String,
    /// UTC unix seconds.
    pub paid_at: i64,
}

/// Why a payment step failed.
#[derive(Debug, thiserror::Error)]
pub enum PaymentError {
    /// The gateway refused (bad signature, declined, expired, wrong merchant): the message is the gateway's.
    #[error("{0}")]
    Refused(String),
    /// The gateway failed or could not be reached.
    #[error("payment gateway unavailable: {0}")]
    Unavailable(String),
}

#[derive(Deserialize)]
struct GatewayEnvelope<T> {
    status: u16,
    #[serde(default = "Option::default")]
    data: Option<T>,
    #[serde(default)]
    error: Option<GatewayError>,
}

#[derive(Deserialize)]
struct GatewayError {
    error_message: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SignData {
    signed_request: String,
}

/// HTTP client of the gateway.
#[derive(Debug, Clone)]
pub struct Gateway {
    http: reqwest::Client,
    api_url: String,
    public_url: String,
    merchant_key: String,
}

impl Gateway {
    /// `api_url` is where Coverline's servers reach the gateway, `public_url` where browsers do
    /// (they differ behind proxies); `merchant_key` authenticates Coverline.
    pub fn new(api_url: &str, public_url: &str, merchant_key: &str, timeout: Duration) -> anyhow::Result<Self> {
        Ok(Self {
            http: reqwest::Client::builder().timeout(timeout).build().context("building gateway HTTP client")?,
            api_url: api_url.trim_end_matches('/').to_string(),
            public_url: public_url.trim_end_matches('/').to_string(),
            merchant_key: merchant_key.to_string(),
        })
    }

    /// The widget's origin, for the browser's postMessage check and the CSP frame-src.
    pub fn public_origin(&self) -> &str {
        &self.public_url
    }

    async fn call<T: for<'de> Deserialize<'de>>(&self, path: &str, body: &impl Serialize) -> Result<T, PaymentError> {
        let response = self
            .http
            .post(format!("{}{path}", self.api_url))
            .bearer_auth(&self.merchant_key)
            .json(body)
            .send()
            .await
            .map_err(|e| PaymentError::Unavailable(e.to_string()))?;
        let http_status = response.status();
        let envelope: GatewayEnvelope<T> = response
            .json()
            .await
            .map_err(|e| PaymentError::Unavailable(format!("{http_status}: unreadable gateway response: {e}")))?;
        match (envelope.status, envelope.data, envelope.error) {
            (200, Some(data), _) => Ok(data),
            (status, _, Some(err)) if status < 500 => Err(PaymentError::Refused(err.error_message)),
            (status, _, err) => Err(PaymentError::Unavailable(format!(
                "status {status}: {}",
                err.map(|e| e.error_message).unwrap_or_default()
            ))),
        }
    }

    /// Asks the gateway to sign a payment request; `parent_origin` is the page that embeds the widget.
    pub async fn sign(&self, request: &SignRequest, parent_origin: &str) -> Result<SignedRequest, PaymentError> {
        let data: SignData = self.call("/v1/sign", request).await?;
        let widget_url = format!(
            "{}/widget?request={}&parentOrigin={}",
            self.public_url,
            urlencode(&data.signed_request),
            urlencode(parent_origin)
        );
        Ok(SignedRequest { signed_request: data.signed_request, widget_url, gateway_origin: self.public_url.clone() })
    }

    /// Verifies a widget result with the gateway. Verifying the same result again returns the same payment.
    pub async fn verify(&self, result: &str) -> Result<VerifiedPayment, PaymentError> {
        self.call("/v1/verify", &serde_json::json!({ "result": result })).await
    }
}

fn urlencode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}
