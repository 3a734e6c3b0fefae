//! The payment gateway's webhook: every approved charge reaches Coverline server to server, signed
//! (`Gateway-Signature`, HMAC-SHA256 over the timestamp and the body, 5 minutes' tolerance), so a
//! charge whose page never reported it (a closed tab, a dropped connection) is still recorded, or
//! refunded when it is not the contract's payment. A re-delivered event is acknowledged without a
//! second effect; anything Coverline could not record is answered 5xx, and the gateway retries.
//!
//! The signature is not the proof of money: before a charge is handed to its checkout, the gateway
//! is asked for the contract's charges (server to server, with the merchant key), and only a charge
//! it holds counts, with the gateway's own amount and time. An event signed with a leaked or
//! default secret for a charge the gateway does not hold records nothing and counts in
//! `coverline_gateway_unconfirmed_charges_total` (alert CoverlineForgedCharge).

use std::sync::LazyLock;

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use coverline_activities::checkout::ChargeSeen;
use coverline_activities::payments::{Charge, ChargeApproved, GatewayEventKind, WEBHOOK_SIGNATURE_HEADER, verify_webhook};
use coverline_domain::ErrorCode;
use coverline_workflows::checkout::{ChargeReport, ChargeSource, ChargeVerdict};
use prometheus::{IntCounterVec, Opts, register_int_counter_vec};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::http::app::AppState;
use crate::http::error::{ApiError, ApiResult};
use crate::http::openapi::ErrorBody;
use crate::services::checkouts::{self, Answer, CheckoutError};

/// How far a webhook's signed timestamp may be from now (seconds): older ones may be replays.
pub const WEBHOOK_TOLERANCE_SECS: i64 = 300;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(webhook))
}

/// What became of the event.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Received {
    event_id: String,
    /// `recorded` (the contract's payment), `refunded`, `accepted` (the checkout records it),
    /// `duplicate` (handled before), `unconfirmed` (the gateway holds no such charge: nothing
    /// recorded), or `ignored`.
    outcome: &'static str,
}

/// The outcome of a charge event the gateway did not confirm.
const UNCONFIRMED: &str = "unconfirmed";

fn refused(message: impl Into<String>) -> ApiError {
    ApiError::new(StatusCode::BAD_REQUEST, ErrorCode::BadSignature, message)
}

/// Webhook charges the gateway did not confirm (it holds no such charge of the contract, or not
/// for that amount): a forged event, or a leaked webhook secret.
pub static UNCONFIRMED_CHARGES: LazyLock<IntCounterVec> = LazyLock::new(|| {
    register_int_counter_vec!(
        Opts::new(
            "coverline_gateway_unconfirmed_charges_total",
            "Webhook charge events the gateway did not confirm (forged, or signed with a leaked secret): nothing was recorded"
        ),
        &["institution"]
    )
    .expect("metric registers once")
});

/// The charge as the gateway holds it, if it does: the same tracking number on the same contract
/// and payment account, for the amount the event says.
async fn confirmed(state: &AppState, charge: &ChargeApproved) -> ApiResult<Option<Charge>> {
    let held = state.gateway.charges_for(&charge.apply_funds_to).await.map_err(|e| {
        tracing::warn!(error = %e, tracking = %charge.tracking_number, "the gateway could not confirm a webhook's charge; it will retry");
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            ErrorCode::GatewayUnavailable,
            coverline_domain::product::messages::CHARGE_NOT_CONFIRMED,
        )
    })?;
    Ok(held.into_iter().find(|c| {
        c.tracking_number == charge.tracking_number
            && c.amount == charge.amount
            && c.apply_funds_to == charge.apply_funds_to
            && c.payment_account_id == charge.payment_account_id
    }))
}

/// A charge the gateway approved, handed to the checkout of its contract once the gateway confirms it.
async fn charge_approved(state: &AppState, event_id: &str, charge: ChargeApproved) -> ApiResult<&'static str> {
    let Some(policy) = state.store.policy_by_contract(&charge.apply_funds_to).await? else {
        tracing::error!(event_id, tracking = %charge.tracking_number, contract = %charge.apply_funds_to, "a charge for a contract Coverline does not know");
        return Ok("ignored");
    };
    let institution = state.institution(&policy.institution_id).await?;
    if institution.entity_id != charge.payment_account_id {
        tracing::error!(event_id, tracking = %charge.tracking_number, "a charge on another payment account than its institution's");
        return Ok("ignored");
    }
    let Some(held) = confirmed(state, &charge).await? else {
        UNCONFIRMED_CHARGES.with_label_values(&[&policy.institution_id]).inc();
        tracing::error!(event_id, tracking = %charge.tracking_number, policy_id = %policy.policy_id,
            "a signed charge event the gateway does not confirm: nothing recorded (a forged event, or a leaked webhook secret)");
        return Ok(UNCONFIRMED);
    };
    let user = state.store.user(&policy.user_id).await?.ok_or_else(ApiError::not_found)?;
    let seen = ChargeSeen {
        tracking_number: held.tracking_number.clone(),
        amount: held.amount,
        apply_funds_to: held.apply_funds_to.clone(),
        paid_at: held.paid_at,
        refunded_amount: held.refunded_amount,
    };
    match checkouts::report_charge(state, &user, ChargeReport { charge: seen, source: ChargeSource::Webhook }).await {
        Ok(Answer::Done(ChargeVerdict::Paid { .. })) => Ok("recorded"),
        Ok(Answer::Done(ChargeVerdict::Refunded { .. })) => Ok("refunded"),
        // Durably in the checkout's hands: the gateway need not send it again.
        Ok(Answer::Accepted) => Ok("accepted"),
        Err(CheckoutError::Closed) => late_charge(state, &policy, &charge).await,
        Err(e) => Err(e.into_api()),
    }
}

/// A charge that arrived after its checkout closed: the payment it recorded is acknowledged; any
/// other charge is refunded here, since no workflow is left to do it.
async fn late_charge(state: &AppState, policy: &coverline_store::PolicyRecord, charge: &ChargeApproved) -> ApiResult<&'static str> {
    if state.store.payment_for_policy(&policy.policy_id).await?.is_some_and(|p| p.payment_id == charge.tracking_number) {
        return Ok("recorded");
    }
    let refund = state
        .gateway
        .refund(&charge.tracking_number, charge.amount, "charge for a closed checkout", &format!("refund-{}", charge.tracking_number))
        .await
        .map_err(|e| ApiError::new(StatusCode::BAD_GATEWAY, ErrorCode::GatewayUnavailable, e.to_string()))?;
    state
        .store
        .record_policy_event(
            &policy.policy_id,
            &format!("refund:{}", charge.tracking_number),
            Some(&format!("{} refunded (charge after the checkout closed)", refund.refund_id)),
            "api",
        )
        .await?;
    tracing::warn!(policy_id = %policy.policy_id, tracking = %charge.tracking_number, "a charge after the checkout closed was refunded");
    Ok("refunded")
}

/// The gateway's signed webhook (no session: the signature is the proof).
#[utoipa::path(post, path = "/gateway/webhook", tag = "payments",
    request_body(content = Object, description = "The gateway's event: `{id, type, created, data}`, signed in the Gateway-Signature header"),
    responses((status = 200, description = "The event is handled, or was before (`outcome` says what became of it)", body = Received),
        (status = 400, description = "A bad, stale (replayed) or missing signature", body = ErrorBody),
        (status = 502, description = "A charge after its checkout closed could not be refunded yet: the gateway retries", body = ErrorBody),
        (status = 503, description = "Not recorded yet: the gateway retries", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn webhook(State(state): State<AppState>, headers: HeaderMap, body: Bytes) -> ApiResult<Json<Received>> {
    let signature = headers
        .get(WEBHOOK_SIGNATURE_HEADER)
        .and_then(|v| v.to_str().ok())
        .ok_or_else(|| refused("The Gateway-Signature header is missing."))?;
    let event = verify_webhook(
        state.config.gateway_webhook_secret.expose().as_bytes(),
        signature,
        &body,
        state.clock.now(),
        WEBHOOK_TOLERANCE_SECS,
    )
    .map_err(|e| {
        tracing::warn!(error = %e, "a gateway webhook was refused");
        refused(e.to_string())
    })?;
    if state.store.gateway_event_seen(&event.id).await? {
        return Ok(Json(Received { event_id: event.id, outcome: "duplicate" }));
    }
    let event_type = match &event.kind {
        GatewayEventKind::ChargeApproved(_) => "charge.approved".to_string(),
        GatewayEventKind::ChargeRefunded(_) => "charge.refunded".to_string(),
        GatewayEventKind::Other(kind) => kind.clone(),
    };
    let (outcome, tracking) = match event.kind {
        GatewayEventKind::ChargeApproved(charge) => {
            let tracking = charge.tracking_number.clone();
            (charge_approved(&state, &event.id, charge).await?, Some(tracking))
        }
        GatewayEventKind::ChargeRefunded(refund) => ("ignored", Some(refund.tracking_number)),
        GatewayEventKind::Other(kind) => {
            tracing::info!(event_id = %event.id, %kind, "a gateway event of a type Coverline does not handle");
            ("ignored", None)
        }
    };
    // An unconfirmed event is not remembered: if the gateway delivers it again once it holds the
    // charge, it counts then. A re-delivery racing this one found nothing recorded yet; its effect
    // was the same Update.
    if outcome != UNCONFIRMED {
        let _ = state.store.record_gateway_event(&event.id, &event_type, tracking.as_deref()).await?;
    }
    Ok(Json(Received { event_id: event.id, outcome }))
}
