//! `POST /v1/refunds` (merchant bearer, `Idempotency-Key` required): gives back all or part of
//! what remains of a charge, records it on the charge and queues its `charge.refunded` event in
//! the same state update. The same key again answers with the same refund and refunds nothing
//! more; the key names one refund, so using it for another charge (or another amount) is a 409.

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use axum::routing::post;
use serde::{Deserialize, Serialize};

use crate::gateway::{MSG_UNAUTHORIZED, fail, ok};
use crate::store::{Refund, State as SandboxState};
use crate::webhooks::{self, ChargeRefunded, EventBody};
use crate::{Shared, auth, now_unix};

const MAX_IDEMPOTENCY_KEY: usize = 255;
const MSG_NO_KEY: &str = "The Idempotency-Key header is required.";
const MSG_KEY_TOO_LONG: &str = "The Idempotency-Key header is too long.";
const MSG_NO_REASON: &str = "reason is required.";
const MSG_UNKNOWN_CHARGE: &str = "This charge is not known.";
const MSG_EXCEEDS: &str = "The refund exceeds what remains of the charge.";
const MSG_KEY_REUSED: &str = "This Idempotency-Key was already used for another refund.";
const MSG_STORAGE: &str = "The gateway could not record the refund. Nothing was refunded.";

pub fn routes() -> Router<Shared> {
    Router::new().route("/v1/refunds", post(refund))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct RefundBody {
    tracking_number: String,
    /// Cents; what remains unrefunded when absent.
    #[serde(default)]
    amount: Option<i64>,
    reason: String,
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
struct RefundAnswer {
    refund_id: String,
    tracking_number: String,
    amount: i64,
    refunded_amount: i64,
    refunded_at: i64,
}

impl RefundAnswer {
    fn of(tracking_number: &str, refund: &Refund) -> Self {
        Self {
            refund_id: refund.refund_id.clone(),
            tracking_number: tracking_number.to_string(),
            amount: refund.amount,
            refunded_amount: refund.refunded_amount,
            refunded_at: refund.refunded_at,
        }
    }
}

enum Outcome {
    Refunded(RefundAnswer),
    Replayed(RefundAnswer),
    KeyReused,
    UnknownCharge,
    Exceeds,
}

async fn refund(State(sandbox): State<Shared>, headers: HeaderMap, body: Bytes) -> Response {
    if !auth::bearer_ok(&headers, &sandbox.config.merchant_key) {
        return fail(StatusCode::UNAUTHORIZED, MSG_UNAUTHORIZED);
    }
    let Some(key) = headers.get("idempotency-key").and_then(|v| v.to_str().ok()).map(str::trim).filter(|k| !k.is_empty()) else {
        return fail(StatusCode::BAD_REQUEST, MSG_NO_KEY);
    };
    if key.len() > MAX_IDEMPOTENCY_KEY {
        return fail(StatusCode::BAD_REQUEST, MSG_KEY_TOO_LONG);
    }
    let request: RefundBody = match serde_json::from_slice(&body) {
        Ok(r) => r,
        Err(e) => return fail(StatusCode::BAD_REQUEST, &format!("The refund request is malformed: {e}")),
    };
    if request.reason.trim().is_empty() {
        return fail(StatusCode::BAD_REQUEST, MSG_NO_REASON);
    }
    match sandbox.store.update(|state| record_refund(&sandbox, state, key, &request)) {
        Ok(Outcome::Refunded(answer)) => {
            tracing::info!(tracking_number = %answer.tracking_number, refund_id = %answer.refund_id, amount = answer.amount, "gateway refunded a charge");
            sandbox.webhooks.wake();
            ok(answer)
        }
        Ok(Outcome::Replayed(answer)) => ok(answer),
        Ok(Outcome::KeyReused) => fail(StatusCode::CONFLICT, MSG_KEY_REUSED),
        Ok(Outcome::UnknownCharge) => fail(StatusCode::NOT_FOUND, MSG_UNKNOWN_CHARGE),
        Ok(Outcome::Exceeds) => fail(StatusCode::BAD_REQUEST, MSG_EXCEEDS),
        Err(e) => {
            tracing::error!(tracking_number = %request.tracking_number, error = %format!("{e:#}"), "gateway could not persist a refund");
            fail(StatusCode::INTERNAL_SERVER_ERROR, MSG_STORAGE)
        }
    }
}

fn record_refund(sandbox: &Shared, state: &mut SandboxState, key: &str, request: &RefundBody) -> Outcome {
    let earlier = state.transactions.values().find_map(|t| t.refunds.iter().find(|r| r.idempotency_key == key).map(|r| (t, r)));
    if let Some((charge, refund)) = earlier {
        let same = charge.tracking_number == request.tracking_number && request.amount.is_none_or(|a| a == refund.amount);
        return if same { Outcome::Replayed(RefundAnswer::of(&charge.tracking_number, refund)) } else { Outcome::KeyReused };
    }
    let Some(charge) = state.transactions.get_mut(&request.tracking_number) else {
        return Outcome::UnknownCharge;
    };
    let remaining = charge.amount - charge.refunded_amount();
    let amount = request.amount.unwrap_or(remaining);
    if amount <= 0 || amount > remaining {
        return Outcome::Exceeds;
    }
    let refund = Refund {
        refund_id: format!("re_{}", hex::encode(rand::random::<[u8; 12]>())),
        amount,
        refunded_amount: charge.refunded_amount() + amount,
        reason: request.reason.trim().to_string(),
        refunded_at: now_unix(),
        idempotency_key: key.to_string(),
    };
    charge.refunds.push(refund.clone());
    let answer = RefundAnswer::of(&charge.tracking_number, &refund);
    let event = EventBody::ChargeRefunded(ChargeRefunded {
        tracking_number: charge.tracking_number.clone(),
        refund_id: refund.refund_id,
        amount,
        refunded_amount: refund.refunded_amount,
        apply_funds_to: charge.apply_funds_to.clone(),
        payment_account_id: charge.payment_account_id.clone(),
        refunded_at: refund.refunded_at,
    });
    webhooks::queue(sandbox, state, event);
    Outcome::Refunded(answer)
}
