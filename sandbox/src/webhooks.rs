//! The gateway's webhooks, Stripe's scheme: every approved charge and every refund queues a
//! signed event for the merchant in the same state update that records it, so no event is lost
//! to a crash; [`crate::delivery`] posts them. Also the test switches
//! `POST /_sandbox/gateway/webhooks` (`{"paused": bool}`) and `GET /_sandbox/gateway/webhooks`
//! (the deliveries), merchant bearer.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use anyhow::{Context, ensure};
use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use serde::{Deserialize, Serialize};
use serde_json::json;
use tokio::sync::Notify;

use crate::gateway::{MSG_UNAUTHORIZED, fail};
use crate::store::State as SandboxState;
use crate::{Sandbox, Shared, auth, now_unix, now_unix_ms};

/// Where and how the gateway posts its events.
#[derive(Clone)]
pub struct WebhookConfig {
    /// The merchant's endpoint; every event is a `POST` of its JSON here.
    pub url: String,
    /// Key of the HMAC-SHA256 in each attempt's `Gateway-Signature` header (at least 16 bytes).
    pub secret: Vec<u8>,
    /// Wait after the first failed attempt; it doubles with each further failure.
    pub initial_backoff: Duration,
    /// The longest wait between two attempts.
    pub max_backoff: Duration,
}

impl WebhookConfig {
    /// Default wait after a first failed attempt.
    pub const DEFAULT_INITIAL_BACKOFF: Duration = Duration::from_secs(1);
    /// Default ceiling of the wait between attempts.
    pub const DEFAULT_MAX_BACKOFF: Duration = Duration::from_secs(60);

    /// Events for `url`, signed with `secret`, retried with the default backoff.
    pub fn new(url: impl Into<String>, secret: impl Into<Vec<u8>>) -> Self {
        Self {
            url: url.into(),
            secret: secret.into(),
            initial_backoff: Self::DEFAULT_INITIAL_BACKOFF,
            max_backoff: Self::DEFAULT_MAX_BACKOFF,
        }
    }

    pub(crate) fn validate(&self) -> anyhow::Result<()> {
        let url = reqwest::Url::parse(&self.url).with_context(|| format!("sandbox webhook url {:?} is not a URL", self.url))?;
        ensure!(matches!(url.scheme(), "http" | "https"), "sandbox webhook url must be http or https");
        ensure!(self.secret.len() >= 16, "sandbox webhook secret must be at least 16 bytes");
        ensure!(!self.initial_backoff.is_zero(), "sandbox webhook initial_backoff must be positive");
        ensure!(self.max_backoff >= self.initial_backoff, "sandbox webhook max_backoff must be at least initial_backoff");
        Ok(())
    }
}

impl std::fmt::Debug for WebhookConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WebhookConfig")
            .field("url", &self.url)
            .field("secret", &"<redacted>")
            .field("initial_backoff", &self.initial_backoff)
            .field("max_backoff", &self.max_backoff)
            .finish()
    }
}

/// One event as the merchant receives it: `{"id","created","type","data"}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    /// `evt_` + random hex; the same on every attempt, so the merchant can drop repeats.
    pub id: String,
    /// Unix seconds.
    pub created: i64,
    #[serde(flatten)]
    pub body: EventBody,
}

/// What happened: the event's `type` and its `data`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", content = "data")]
pub enum EventBody {
    #[serde(rename = "charge.approved")]
    ChargeApproved(ChargeApproved),
    #[serde(rename = "charge.refunded")]
    ChargeRefunded(ChargeRefunded),
}

impl EventBody {
    fn kind(&self) -> &'static str {
        match self {
            Self::ChargeApproved(_) => "charge.approved",
            Self::ChargeRefunded(_) => "charge.refunded",
        }
    }

    fn tracking_number(&self) -> &str {
        match self {
            Self::ChargeApproved(c) => &c.tracking_number,
            Self::ChargeRefunded(r) => &r.tracking_number,
        }
    }
}

/// `charge.approved`: a card was charged for a payment request.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ChargeApproved {
    pub tracking_number: String,
    pub request_id: String,
    /// Cents.
    pub amount: i64,
    pub apply_funds_to: String,
    pub payment_account_id: String,
    pub paid_at: i64,
    pub card_last4: String,
}

/// `charge.refunded`: money was given back from a charge.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ChargeRefunded {
    pub tracking_number: String,
    pub refund_id: String,
    /// Cents refunded by this refund.
    pub amount: i64,
    /// Cents refunded from the charge so far, this refund included.
    pub refunded_amount: i64,
    pub apply_funds_to: String,
    pub payment_account_id: String,
    pub refunded_at: i64,
}

/// An event and how its delivery goes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Delivery {
    pub event: Event,
    /// Attempts made and finished.
    pub attempts: u32,
    /// Unix milliseconds of the next attempt; `None` once delivered or given up.
    pub next_attempt_at_ms: Option<i64>,
    /// Unix seconds of the attempt the merchant answered with a 2xx.
    pub delivered_at: Option<i64>,
    /// Why the latest failed attempt failed.
    pub last_error: Option<String>,
}

/// Queues `body` as a new event, due now, when webhooks are configured. Call it inside the state
/// update that records what the event tells, then [`Switch::wake`] the delivery task.
pub fn queue(sandbox: &Sandbox, state: &mut SandboxState, body: EventBody) {
    if sandbox.config.webhook.is_none() {
        return;
    }
    let event = Event { id: format!("evt_{}", hex::encode(rand::random::<[u8; 12]>())), created: now_unix(), body };
    state.deliveries.push(Delivery { event, attempts: 0, next_attempt_at_ms: Some(now_unix_ms()), delivered_at: None, last_error: None });
}

/// The delivery task's wake-up call and the test switch that holds deliveries back. Not
/// persisted: a restarted sandbox delivers.
#[derive(Default)]
pub struct Switch {
    paused: AtomicBool,
    wake: Notify,
}

impl Switch {
    /// Whether deliveries are held back.
    pub fn is_paused(&self) -> bool {
        self.paused.load(Ordering::SeqCst)
    }

    /// Holds deliveries back or lets them go.
    pub fn set_paused(&self, paused: bool) {
        self.paused.store(paused, Ordering::SeqCst);
        self.wake();
    }

    /// Tells the delivery task something changed (an event queued, the switch flipped).
    pub fn wake(&self) {
        self.wake.notify_one();
    }

    /// Resolves at the next [`Switch::wake`] (or at once if one came since the last call).
    pub async fn woken(&self) {
        self.wake.notified().await;
    }
}

pub fn routes() -> Router<Shared> {
    Router::new().route("/_sandbox/gateway/webhooks", post(set_paused).get(list_deliveries))
}

#[derive(Deserialize)]
struct PauseBody {
    paused: bool,
}

async fn set_paused(State(sandbox): State<Shared>, headers: HeaderMap, body: Bytes) -> Response {
    if !auth::bearer_ok(&headers, &sandbox.config.merchant_key) {
        return fail(StatusCode::UNAUTHORIZED, MSG_UNAUTHORIZED);
    }
    let Ok(PauseBody { paused }) = serde_json::from_slice(&body) else {
        return fail(StatusCode::BAD_REQUEST, "The body must be {\"paused\": true|false}.");
    };
    sandbox.webhooks.set_paused(paused);
    tracing::info!(paused, "gateway webhook deliveries switched");
    axum::Json(json!({ "paused": paused })).into_response()
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct DeliveryView<'a> {
    event_id: &'a str,
    #[serde(rename = "type")]
    kind: &'static str,
    tracking_number: &'a str,
    attempts: u32,
    delivered_at: Option<i64>,
    last_error: Option<&'a str>,
}

async fn list_deliveries(State(sandbox): State<Shared>, headers: HeaderMap) -> Response {
    if !auth::bearer_ok(&headers, &sandbox.config.merchant_key) {
        return fail(StatusCode::UNAUTHORIZED, MSG_UNAUTHORIZED);
    }
    sandbox.store.read(|state| {
        let deliveries: Vec<DeliveryView> = state
            .deliveries
            .iter()
            .map(|d| DeliveryView {
                event_id: &d.event.id,
                kind: d.event.body.kind(),
                tracking_number: d.event.body.tracking_number(),
                attempts: d.attempts,
                delivered_at: d.delivered_at,
                last_error: d.last_error.as_deref(),
            })
            .collect();
        axum::Json(deliveries).into_response()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_have_the_wire_shape_and_round_trip() {
        let event = Event {
            id: "evt_1".into(),
            created: 1_700_000_000,
            body: EventBody::ChargeRefunded(ChargeRefunded {
                tracking_number: "PAY-1".into(),
                refund_id: "re_1".into(),
                amount: 500,
                refunded_amount: 700,
                apply_funds_to: "NAC-1".into(),
                payment_account_id: "inst-1".into(),
                refunded_at: 1_700_000_001,
            }),
        };
        let value = serde_json::to_value(&event).unwrap();
        assert_eq!(
            value,
            json!({
                "id": "evt_1", "created": 1_700_000_000, "type": "charge.refunded",
                "data": {
                    "trackingNumber": "PAY-1", "refundId": "re_1", "amount": 500, "refundedAmount": 700,
                    "applyFundsTo": "NAC-1", "paymentAccountId": "inst-1", "refundedAt": 1_700_000_001
                }
            })
        );
        assert_eq!(serde_json::from_value::<Event>(value).unwrap(), event);
    }
}
