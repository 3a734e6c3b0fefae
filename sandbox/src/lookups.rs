//! What the merchant can ask the gateway about its money, merchant bearer, in the gateway's
//! envelope: `GET /v1/requests/{requestId}` (has this payment request been charged, or can it
//! no longer be?) and `GET /v1/charges?applyFundsTo=<contract>` (every charge of a contract).

use axum::Router;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use axum::routing::get;
use serde::{Deserialize, Serialize};

use crate::gateway::{MSG_UNAUTHORIZED, charge_deadline_ms, fail, ok};
use crate::store::{self, PaymentRequest, Transaction};
use crate::{Shared, auth, now_unix_ms};

const MSG_UNKNOWN_REQUEST: &str = "This payment request is not known.";
const MSG_NO_CONTRACT: &str = "applyFundsTo is required.";

pub fn routes() -> Router<Shared> {
    Router::new().route("/v1/requests/{request_id}", get(request_status)).route("/v1/charges", get(charges))
}

/// Where a payment request stands. `Charged` and `Expired` are final.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
enum RequestState {
    Open,
    Charged,
    Expired,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct RequestStatus<'a> {
    request_id: &'a str,
    state: RequestState,
    expires_at: i64,
    amount: i64,
    apply_funds_to: &'a str,
    payment_account_id: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    tracking_number: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    paid_at: Option<i64>,
}

async fn request_status(State(sandbox): State<Shared>, headers: HeaderMap, Path(request_id): Path<String>) -> Response {
    if !auth::bearer_ok(&headers, &sandbox.config.merchant_key) {
        return fail(StatusCode::UNAUTHORIZED, MSG_UNAUTHORIZED);
    }
    let now_ms = now_unix_ms();
    sandbox.store.read(|state| {
        let Some(request) = state.requests.get(&request_id) else {
            return fail(StatusCode::NOT_FOUND, MSG_UNKNOWN_REQUEST);
        };
        let charge = store::nonce_of(&request.request_id)
            .and_then(|nonce| state.used_nonces.get(nonce))
            .and_then(|tracking| state.transactions.get(tracking));
        ok(status_of(request, charge, now_ms >= charge_deadline_ms(&sandbox, request.expires_at)))
    })
}

fn status_of<'a>(request: &'a PaymentRequest, charge: Option<&'a Transaction>, past_deadline: bool) -> RequestStatus<'a> {
    let state = match charge {
        Some(_) => RequestState::Charged,
        None if past_deadline => RequestState::Expired,
        None => RequestState::Open,
    };
    RequestStatus {
        request_id: &request.request_id,
        state,
        expires_at: request.expires_at,
        amount: request.amount,
        apply_funds_to: &request.apply_funds_to,
        payment_account_id: &request.payment_account_id,
        tracking_number: charge.map(|t| t.tracking_number.as_str()),
        paid_at: charge.map(|t| t.paid_at),
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ChargesQuery {
    apply_funds_to: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ChargeView<'a> {
    tracking_number: &'a str,
    request_id: String,
    amount: i64,
    apply_funds_to: &'a str,
    payment_account_id: &'a str,
    paid_at: i64,
    card_last4: &'a str,
    refunded_amount: i64,
}

async fn charges(State(sandbox): State<Shared>, headers: HeaderMap, query: Result<Query<ChargesQuery>, QueryRejection>) -> Response {
    if !auth::bearer_ok(&headers, &sandbox.config.merchant_key) {
        return fail(StatusCode::UNAUTHORIZED, MSG_UNAUTHORIZED);
    }
    let Ok(Query(ChargesQuery { apply_funds_to })) = query else {
        return fail(StatusCode::BAD_REQUEST, MSG_NO_CONTRACT);
    };
    if apply_funds_to.trim().is_empty() {
        return fail(StatusCode::BAD_REQUEST, MSG_NO_CONTRACT);
    }
    sandbox.store.read(|state| {
        let mut found: Vec<&Transaction> = state.transactions.values().filter(|t| t.apply_funds_to == apply_funds_to).collect();
        found.sort_by_key(|t| (t.paid_at, t.sequence));
        let charges: Vec<ChargeView> = found
            .into_iter()
            .map(|t| ChargeView {
                tracking_number: &t.tracking_number,
                request_id: t.request_id(),
                amount: t.amount,
                apply_funds_to: &t.apply_funds_to,
                payment_account_id: &t.payment_account_id,
                paid_at: t.paid_at,
                card_last4: &t.card_last4,
                refunded_amount: t.refunded_amount(),
            })
            .collect();
        ok(charges)
    })
}
