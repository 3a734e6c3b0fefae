//! The card gateway (server-to-server side). Coverline asks the gateway to sign a payment request,
//! the member's browser shows the gateway's card widget in an iframe (card data never reaches
//! Coverline), and the widget's signed result is verified here before anything is recorded.
//!
//! The browser's report of a charge can be lost (a tab closed right after Pay), so it is not the
//! only one: as with Stripe's webhooks and payment intents, the gateway posts a signed event for
//! every charge and refund to Coverline's server ([`verify_webhook`] checks one), and Coverline
//! can ask the gateway where a payment request stands ([`Gateway::request_status`]) or what a
//! contract was charged ([`Gateway::charges_for`]).

mod webhook;

use std::time::Duration;

use anyhow::Context;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

pub use webhook::{
    ChargeApproved, ChargeRefunded, GatewayEvent, GatewayEventKind, WEBHOOK_SIGNATURE_HEADER, WebhookRefusal, verify_webhook,
};

/// The only experience Coverline uses: card only (the widget starts with the same one).
pub const EXPERIENCE: &str = coverline_domain::institution::PAYMENT_WIDGET_START.experience;

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
    /// The product name in the member's language (the catalogue's 'Vehicle Service Contract'
    /// unless the institution names it).
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
    /// The member's language as a BCP 47 tag (`en-US`, `es-US`): the widget shows its labels and
    /// the charge's answers in it unless the widget's start names another. Left out when `None`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub locale: Option<String>,
}

/// A signed request and where the browser loads the widget for it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SignedRequest {
    pub signed_request: String,
    pub widget_url: String,
    pub gateway_origin: String,
    /// The gateway's id of the request, for [`Gateway::request_status`].
    pub request_id: String,
    /// UTC unix seconds after which the widget refuses the request.
    pub expires_at: i64,
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

/// Where a payment request stands at the gateway.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RequestState {
    /// Not charged yet, and a charge may still come.
    Open,
    /// A charge of it was approved (final).
    Charged,
    /// Never charged, and no charge can complete any more (final).
    Expired,
}

/// A payment request as the gateway reports it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RequestStatus {
    pub request_id: String,
    pub state: RequestState,
    /// UTC unix seconds.
    pub expires_at: i64,
    /// Cents.
    pub amount: i64,
    pub apply_funds_to: String,
    pub payment_account_id: String,
    /// Present when `state` is `Charged`.
    pub tracking_number: Option<String>,
    /// UTC unix seconds; present when `state` is `Charged`.
    pub paid_at: Option<i64>,
}

/// An approved charge, as the gateway lists a contract's charges.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Charge {
    pub tracking_number: String,
    pub request_id: String,
    /// Cents.
    pub amount: i64,
    pub apply_funds_to: String,
    pub payment_account_id: String,
    /// UTC unix seconds.
    pub paid_at: i64,
    /// Cents refunded so far.
    pub refunded_amount: i64,
}

/// Money the gateway gave back from a charge.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Refund {
    pub refund_id: String,
    pub tracking_number: String,
    /// Cents refunded by this refund.
    pub amount: i64,
    /// Cents refunded from the charge once this refund was made, this one included.
    pub refunded_amount: i64,
    /// UTC unix seconds.
    pub refunded_at: i64,
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
    request_id: String,
    expires_at: i64,
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

    async fn call<T: DeserializeOwned>(&self, path: &str, body: &impl Serialize) -> Result<T, PaymentError> {
        self.send(self.http.post(format!("{}{path}", self.api_url)).json(body)).await
    }

    async fn send<T: DeserializeOwned>(&self, request: reqwest::RequestBuilder) -> Result<T, PaymentError> {
        let response = request.bearer_auth(&self.merchant_key).send().await.map_err(|e| PaymentError::Unavailable(e.to_string()))?;
        let http_status = response.status();
        let envelope: GatewayEnvelope<T> =
            response.json().await.map_err(|e| PaymentError::Unavailable(format!("{http_status}: unreadable gateway response: {e}")))?;
        match (envelope.status, envelope.data, envelope.error) {
            (200, Some(data), _) => Ok(data),
            (status, _, Some(err)) if status < 500 => Err(PaymentError::Refused(err.error_message)),
            (status, _, err) => {
                Err(PaymentError::Unavailable(format!("status {status}: {}", err.map(|e| e.error_message).unwrap_or_default())))
            }
        }
    }

    /// Asks the gateway to sign a payment request; `parent_origin` is the page that embeds the widget.
    pub async fn sign(&self, request: &SignRequest, parent_origin: &str) -> Result<SignedRequest, PaymentError> {
        let data: SignData = self.call("/v1/sign", request).await?;
        let widget_url = self.widget_url(&data.signed_request, parent_origin);
        Ok(SignedRequest {
            signed_request: data.signed_request,
            widget_url,
            gateway_origin: self.public_url.clone(),
            request_id: data.request_id,
            expires_at: data.expires_at,
        })
    }

    /// Where the browser loads the card widget for a signed request, framed by `parent_origin`.
    pub fn widget_url(&self, signed_request: &str, parent_origin: &str) -> String {
        format!("{}/widget?request={}&parentOrigin={}", self.public_url, urlencode(signed_request), urlencode(parent_origin))
    }

    /// Verifies a widget result with the gateway. Verifying the same result again returns the same payment.
    pub async fn verify(&self, result: &str) -> Result<VerifiedPayment, PaymentError> {
        self.call("/v1/verify", &serde_json::json!({ "result": result })).await
    }

    /// Where a signed payment request stands; `Refused` when the gateway does not know it.
    pub async fn request_status(&self, request_id: &str) -> Result<RequestStatus, PaymentError> {
        self.send(self.http.get(format!("{}/v1/requests/{}", self.api_url, urlencode(request_id)))).await
    }

    /// Every approved charge for the contract `apply_funds_to`, oldest first.
    pub async fn charges_for(&self, apply_funds_to: &str) -> Result<Vec<Charge>, PaymentError> {
        self.send(self.http.get(format!("{}/v1/charges?applyFundsTo={}", self.api_url, urlencode(apply_funds_to)))).await
    }

    /// Refunds `amount` cents of a charge. The gateway refunds once per `idempotency_key`: retrying
    /// with the same key returns the same refund, so a retry never refunds twice.
    pub async fn refund(&self, tracking_number: &str, amount: i64, reason: &str, idempotency_key: &str) -> Result<Refund, PaymentError> {
        let body = serde_json::json!({ "trackingNumber": tracking_number, "amount": amount, "reason": reason });
        self.send(self.http.post(format!("{}/v1/refunds", self.api_url)).header("Idempotency-Key", idempotency_key).json(&body)).await
    }
}

/// Percent-encodes a query value (RFC 3986 unreserved characters stay as they are).
fn urlencode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// The client against the gateway stand-in, with its webhooks received on 127.0.0.1.
#[cfg(test)]
mod sandbox_tests {
    use super::*;
    use coverline_sandbox::{SandboxConfig, WebhookConfig};
    use tokio::sync::mpsc;

    const WEBHOOK_SECRET: &[u8] = b"whsec-coverline-sandbox-0123456789";
    const CONTRACT: &str = "NAC-2026-000777";

    fn sign_request() -> SignRequest {
        SignRequest {
            experience: EXPERIENCE.into(),
            user: Payer {
                first_name: "Ada".into(),
                last_name: "Lovelace".into(),
                email_address: "ada@example.com".into(),
                address: "1 Main St".into(),
                city: "Atlanta".into(),
                state: "GA".into(),
                zip_code: "30301".into(),
            },
            payment_information: vec![PaymentLine {
                amount: 10_000,
                apply_funds_to: CONTRACT.into(),
                kind: coverline_domain::institution::DEFAULT_PRODUCT_NAME.into(),
            }],
            payment_account_id: "inst-001".into(),
            locale: None,
        }
    }

    /// A webhook endpoint that answers 200 and hands over (signature header, body).
    async fn webhook_endpoint() -> (String, mpsc::UnboundedReceiver<(String, Vec<u8>)>, tokio::task::JoinHandle<()>) {
        let (received, deliveries) = mpsc::unbounded_channel();
        let app = axum::Router::new().route(
            "/hooks/gateway",
            axum::routing::post(move |headers: axum::http::HeaderMap, body: axum::body::Bytes| {
                let signature = headers.get(WEBHOOK_SIGNATURE_HEADER).and_then(|v| v.to_str().ok()).unwrap_or_default().to_string();
                let _ = received.send((signature, body.to_vec()));
                async { axum::http::StatusCode::OK }
            }),
        );
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}/hooks/gateway", listener.local_addr().unwrap());
        (url, deliveries, tokio::spawn(async move { axum::serve(listener, app).await.unwrap() }))
    }

    async fn next_event(deliveries: &mut mpsc::UnboundedReceiver<(String, Vec<u8>)>) -> GatewayEvent {
        let (signature, body) = tokio::time::timeout(Duration::from_secs(5), deliveries.recv()).await.expect("a webhook arrives").unwrap();
        assert_eq!(verify_webhook(b"not-the-webhook-secret-000", &signature, &body, now(), 60), Err(WebhookRefusal::BadSignature));
        verify_webhook(WEBHOOK_SECRET, &signature, &body, now(), 60).expect("the gateway's webhook verifies")
    }

    fn now() -> i64 {
        time::OffsetDateTime::now_utc().unix_timestamp()
    }

    #[tokio::test]
    async fn status_charges_refunds_and_webhooks() {
        let (hook_url, mut deliveries, hook) = webhook_endpoint().await;
        let mut config = SandboxConfig::new("merchant-key", "provider-key", b"gateway-signing-secret-0123".to_vec());
        config.webhook = Some(WebhookConfig::new(hook_url, WEBHOOK_SECRET));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let sandbox = tokio::spawn(async move { coverline_sandbox::serve(listener, config).await.unwrap() });
        let gateway = Gateway::new(&base, &base, "merchant-key", Duration::from_secs(5)).unwrap();

        let signed = gateway.sign(&sign_request(), "http://localhost:3000").await.unwrap();
        assert!(signed.request_id.starts_with("req_") && signed.expires_at > now());
        let open = gateway.request_status(&signed.request_id).await.unwrap();
        assert_eq!((open.state, open.amount, open.tracking_number), (RequestState::Open, 10_000, None));

        let card = serde_json::json!({ "request": signed.signed_request, "cardNumber": "4242424242424242", "expiry": "12/99", "cvc": "123", "zip": "30301" });
        let charged = reqwest::Client::new().post(format!("{base}/v1/charge")).json(&card).send().await.unwrap();
        assert_eq!(charged.status().as_u16(), 200);

        let GatewayEventKind::ChargeApproved(approved) = next_event(&mut deliveries).await.kind else { panic!("charge.approved first") };
        assert_eq!(
            (approved.request_id.as_str(), approved.amount, approved.apply_funds_to.as_str()),
            (signed.request_id.as_str(), 10_000, CONTRACT)
        );
        let status = gateway.request_status(&signed.request_id).await.unwrap();
        assert_eq!((status.state, status.tracking_number.as_deref()), (RequestState::Charged, Some(approved.tracking_number.as_str())));
        assert_eq!(status.paid_at, Some(approved.paid_at));
        let charges = gateway.charges_for(CONTRACT).await.unwrap();
        assert_eq!(charges.len(), 1);
        assert_eq!((charges[0].tracking_number.as_str(), charges[0].refunded_amount), (approved.tracking_number.as_str(), 0));
        assert!(gateway.charges_for("NAC-NONE").await.unwrap().is_empty());

        let refund = gateway.refund(&approved.tracking_number, 2_500, "cancelled", "refund-1").await.unwrap();
        assert_eq!((refund.amount, refund.refunded_amount), (2_500, 2_500));
        assert_eq!(gateway.refund(&approved.tracking_number, 2_500, "cancelled", "refund-1").await.unwrap(), refund);
        match gateway.refund(&approved.tracking_number, 7_501, "cancelled", "refund-2").await {
            Err(PaymentError::Refused(message)) => assert_eq!(message, "The refund exceeds what remains of the charge."),
            other => panic!("{other:?}"),
        }
        let GatewayEventKind::ChargeRefunded(refunded) = next_event(&mut deliveries).await.kind else { panic!("charge.refunded next") };
        assert_eq!((refunded.refund_id, refunded.refunded_amount), (refund.refund_id, 2_500));
        assert_eq!(gateway.charges_for(CONTRACT).await.unwrap()[0].refunded_amount, 2_500);

        assert!(matches!(gateway.request_status("req_unknown").await, Err(PaymentError::Refused(_))));
        sandbox.abort();
        hook.abort();
    }

    /// The sign request's locale reaches the gateway: the widget of its signed request speaks it.
    #[tokio::test]
    async fn the_widget_speaks_the_sign_requests_locale() {
        let config = SandboxConfig::new("merchant-key", "provider-key", b"gateway-signing-secret-0123".to_vec());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let sandbox = tokio::spawn(async move { coverline_sandbox::serve(listener, config).await.unwrap() });
        let gateway = Gateway::new(&base, &base, "merchant-key", Duration::from_secs(5)).unwrap();
        let start = coverline_domain::institution::PAYMENT_WIDGET_START;

        for (locale, lang) in [(None, "en-US"), (Some(coverline_domain::Language::Es.tag()), "es-US")] {
            let request = SignRequest { locale: locale.map(str::to_string), ..sign_request() };
            let signed = gateway.sign(&request, "http://localhost:3000").await.unwrap();
            let widget = format!(
                "{}&mode={}&integrationId={}&paymentAccountId=inst-001&experience={}",
                signed.widget_url, start.mode, start.integration_id, start.experience
            );
            let page = reqwest::get(widget).await.unwrap().text().await.unwrap();
            assert!(page.contains(&format!("<html lang=\"{lang}\">")), "{locale:?}:\n{page}");
        }
        sandbox.abort();
    }
}
