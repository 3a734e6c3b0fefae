//! The payment gateway's webhook: every approved charge reaches Coverline server to server, signed
//! (`Gateway-Signature`, HMAC-SHA256 over the timestamp and the body, 5 minutes' tolerance), so a
//! charge whose page never reported it (a closed tab, a dropped connection) is still recorded, or
//! refunded when it is not the contract's payment. A re-delivered event is acknowledged without a
//! second effect; anything Coverline could not record is answered 5xx, and the gateway retries.

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use coverline_activities::checkout::ChargeSeen;
use coverline_activities::payments::{ChargeApproved, GatewayEventKind, WEBHOOK_SIGNATURE_HEADER, verify_webhook};
use coverline_domain::ErrorCode;
use coverline_workflows::checkout::{ChargeReport, ChargeSource, ChargeVerdict};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::app::AppState;
use crate::checkouts::{self, Answer, CheckoutError};
use crate::error::{ApiError, ApiResult};
use crate::openapi::ErrorBody;

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
    /// `recorded` (the contract's payment), `refunded`, `duplicate` (handled before), or `ignored`.
    outcome: &'static str,
}

fn refused(message: impl Into<String>) -> ApiError {
    ApiError::new(StatusCode::BAD_REQUEST, ErrorCode::BadSignature, message)
}

/// A charge the gateway approved, handed to the checkout of its contract.
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
    let user = state.store.user(&policy.user_id).await?.ok_or_else(ApiError::not_found)?;
    let seen = ChargeSeen {
        tracking_number: charge.tracking_number.clone(),
        amount: charge.amount,
        apply_funds_to: charge.apply_funds_to.clone(),
        paid_at: charge.paid_at,
        refunded_amount: 0,
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
    responses((status = 200, body = Received), (status = 400, description = "A bad, stale (replayed) or missing signature", body = ErrorBody),
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
    // A re-delivery racing this one found nothing recorded yet; its effect was the same Update.
    let _ = state.store.record_gateway_event(&event.id, &event_type, tracking.as_deref()).await?;
    Ok(Json(Received { event_id: event.id, outcome }))
}
