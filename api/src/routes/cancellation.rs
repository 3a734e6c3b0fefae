//! Cancelling a bought contract from find-your-contract: the terms that apply (within the
//! money-back period: voided and refunded in full; after it: a request to the institution), and the
//! request itself, which the purchase's cancellation workflow carries out once. Both need the
//! signed link find-your-contract hands out after the last-name and zip check. The link only proves
//! a last name and a zip, so it reads and does not cancel: the request needs a fresh confirmation,
//! a 6-digit code emailed to the member's address on file (10 minutes, 5 tries), or the member's
//! own live session.

use std::time::Duration;

use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use coverline_activities::cancellation::{CANCELLATION_REQUESTED, CancelledBy};
use coverline_activities::documents::DEFAULT_REFUND_TEXT;
use coverline_domain::cancellation::{money_back_deadline, within_money_back};
use coverline_domain::lifecycle::PurchaseStatus;
use coverline_domain::quote::format_long_date_at;
use coverline_domain::{Cents, ErrorCode};
use coverline_store::PolicyRecord;
use coverline_workflows::cancellation::CancellationOutcome;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use coverline_domain::product::{fill, messages};
use rand::Rng;
use sha2::{Digest, Sha256};

use crate::app::AppState;
use crate::auth;
use crate::error::{ApiError, ApiResult};
use crate::limits::Limit;
use crate::openapi::{ErrorBody, MemberPath};
use crate::routes::documents::check_link_token;

/// How long the member's call waits for the workflow before answering "under way".
const WAIT: Duration = Duration::from_secs(20);
/// A cancellation code lives this long and dies after this many wrong tries.
const CODE_TTL_SECS: i64 = 600;
const CODE_TRIES: i64 = 5;
/// Codes a policy may be sent per hour.
const CODES_PER_POLICY: Limit = Limit::new("cancel-code", 3, 3600, messages::CANCEL_CODES_TOO_MANY);

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(cancellation_terms, cancel)).routes(routes!(send_code))
}

/// The request to cancel: the link's token, and the code emailed to the member (not needed with
/// the member's own live session as the bearer token).
#[derive(Deserialize, ToSchema)]
pub struct CancelBody {
    token: String,
    #[serde(default)]
    #[schema(pattern = "^[0-9]{6}$")]
    code: Option<String>,
}

/// Where the code went.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CodeSent {
    /// The address on file, masked (`j•••@example.com`).
    pub sent_to: String,
    /// What the page says.
    pub message: String,
}

fn code_hash(policy_id: &str, code: &str) -> String {
    hex::encode(Sha256::digest(format!("cancel:{policy_id}:{code}").as_bytes()))
}

/// `jane@example.com` as `j•••@example.com`.
fn masked(email: &str) -> String {
    match email.split_once('@') {
        Some((local, domain)) => format!("{}•••@{domain}", local.chars().next().unwrap_or('•')),
        None => "•••".to_string(),
    }
}

/// Emails a code that confirms cancelling the contract to the member's address on file (needs the
/// find-your-contract link's token; 3 an hour per contract).
#[utoipa::path(post, path = "/institution/{iid}/user/{uid}/policy/{policy_id}/cancellation/code", tag = "documents",
    params(MemberPath, ("policy_id" = String, Path)), request_body = LinkToken,
    responses((status = 202, description = "The code was emailed", body = CodeSent), (status = "4XX", body = ErrorBody),
        (status = 502, description = "The email could not be sent (emailFailed)", body = ErrorBody)))]
#[tracing::instrument(skip_all, fields(policy_id = %policy_id))]
async fn send_code(
    State(state): State<AppState>,
    Path((iid, uid, policy_id)): Path<(String, String, String)>,
    Json(body): Json<LinkToken>,
) -> ApiResult<(StatusCode, Json<CodeSent>)> {
    let policy = linked_policy(&state, (&iid, &uid, &policy_id), &body.token).await?;
    if !policy.status.is_cancellable() {
        return Err(nothing_to_cancel());
    }
    let now = state.clock.now();
    CODES_PER_POLICY.take(&state.store, &policy.policy_id, now).await?;
    let user = state.store.user(&uid).await?.ok_or_else(ApiError::not_found)?;
    let institution = state.institution(&policy.institution_id).await?;
    let code = format!("{:06}", rand::rng().random_range(0..1_000_000));
    state.store.put_cancellation_code(&policy.policy_id, &code_hash(&policy.policy_id, &code), now + CODE_TTL_SECS, now).await?;
    let contract = policy.contract_number.clone().unwrap_or_default();
    if let Err(e) = state.mailer.send_cancellation_code(&user.email, &code, &institution.name, &contract).await {
        tracing::warn!(error = ?e, "cancellation code email failed");
        return Err(ApiError::new(StatusCode::BAD_GATEWAY, ErrorCode::EmailFailed, "We could not send the email. Please try again."));
    }
    let sent_to = masked(&user.email);
    let message = fill(messages::CANCEL_CODE_SENT, &[("email", &sent_to)]);
    Ok((StatusCode::ACCEPTED, Json(CodeSent { sent_to, message })))
}

/// The request is the member's own: their live session, or the code emailed to them (a try taken
/// before the compare; spent once it confirms).
async fn confirmed(state: &AppState, headers: &HeaderMap, policy: &PolicyRecord, code: Option<&str>) -> ApiResult<()> {
    if let Ok(Ok(member)) = auth::session(state, headers).await
        && member.user.user_id == policy.user_id
    {
        return Ok(());
    }
    let Some(code) = code.map(str::trim).filter(|c| !c.is_empty()) else {
        return Err(ApiError {
            field: Some("code"),
            ..ApiError::new(StatusCode::FORBIDDEN, ErrorCode::ConfirmationRequired, messages::CANCEL_CODE_REQUIRED)
        });
    };
    let invalid = || ApiError::field(ErrorCode::InvalidCode, messages::CANCEL_CODE_INVALID, "code");
    if code.len() != 6 || !code.chars().all(|c| c.is_ascii_digit()) {
        return Err(invalid());
    }
    let Some(hash) = state.store.take_cancellation_code_try(&policy.policy_id, CODE_TRIES, state.clock.now()).await? else {
        return Err(invalid());
    };
    if hash != code_hash(&policy.policy_id, code) {
        return Err(invalid());
    }
    state.store.spend_cancellation_code(&policy.policy_id).await?;
    Ok(())
}

/// The signed link's token (from `verifydetails`).
#[derive(Deserialize, IntoParams, ToSchema)]
#[into_params(parameter_in = Query)]
pub struct LinkToken {
    /// The `token` of the document link.
    token: String,
}

/// What cancelling would do now.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CancellationTerms {
    pub status: PurchaseStatus,
    /// A paid contract, not cancelled yet.
    pub cancellable: bool,
    /// Cancelling now voids the contract and refunds the card in full.
    pub within_money_back: bool,
    /// The last day of the money-back period (`MMMM Do, YYYY`).
    pub money_back_ends: String,
    /// What was paid (`$1,899`, `$1,899.50`): the refund within the period.
    pub amount_paid: String,
    /// The institution's refund terms, else the default (spec section 9).
    pub refund_text: String,
    pub institution_name: String,
    pub contract_number: String,
    /// When a request after the money-back period already went to the institution
    /// (`MMMM Do, YYYY`): asking again changes nothing.
    pub requested_on: Option<String>,
}

/// What became of the request.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CancellationAnswer {
    /// `cancelled` (voided and refunded), `requested` (sent to the institution), `pending` (under
    /// way: the provider or gateway is slow; the member gets an email when done).
    pub outcome: CancellationState,
    pub terms: CancellationTerms,
}

/// The outcome's name.
#[derive(Serialize, ToSchema, Clone, Copy)]
#[serde(rename_all = "camelCase")]
pub enum CancellationState {
    Cancelled,
    Requested,
    Pending,
}

/// 409: the purchase was never paid (or was voided), so there is nothing to cancel.
fn nothing_to_cancel() -> ApiError {
    ApiError::new(StatusCode::CONFLICT, ErrorCode::Conflict, "This contract was not paid, so there is nothing to cancel.")
}

async fn linked_policy(state: &AppState, (iid, uid, policy_id): (&str, &str, &str), token: &str) -> ApiResult<PolicyRecord> {
    let institution = state.institution(iid).await?;
    check_link_token(state, &institution.institution_id, uid, policy_id, token)?;
    state
        .store
        .user_policy(uid, policy_id)
        .await?
        .filter(|p| p.institution_id == institution.institution_id)
        .ok_or_else(ApiError::not_found)
}

async fn terms(state: &AppState, policy: &PolicyRecord) -> ApiResult<CancellationTerms> {
    let institution = state.institution(&policy.institution_id).await?;
    let payment = state.store.payment_for_policy(&policy.policy_id).await?;
    let paid_at = payment.as_ref().map(|p| p.paid_at);
    let requested = state.store.policy_events(&policy.policy_id).await?.into_iter().find(|e| e.kind == CANCELLATION_REQUESTED);
    Ok(CancellationTerms {
        status: policy.status,
        cancellable: policy.status.is_cancellable() && paid_at.is_some(),
        within_money_back: paid_at.is_some_and(|at| within_money_back(at, state.clock.now())),
        money_back_ends: paid_at.map(|at| format_long_date_at(money_back_deadline(at))).unwrap_or_default(),
        amount_paid: payment.map(|p| Cents(p.amount_cents).dollar_sign()).unwrap_or_default(),
        refund_text: institution.application_settings.institution_refund_text.clone().unwrap_or_else(|| DEFAULT_REFUND_TEXT.to_string()),
        institution_name: institution.name.clone(),
        contract_number: policy.contract_number.clone().unwrap_or_default(),
        requested_on: requested.map(|e| format_long_date_at(e.at_ms / 1000)),
    })
}

/// What cancelling the contract would do now (needs the find-your-contract link's token).
#[utoipa::path(get, path = "/institution/{iid}/user/{uid}/policy/{policy_id}/cancellation", tag = "documents",
    params(MemberPath, ("policy_id" = String, Path), LinkToken),
    responses((status = 200, body = CancellationTerms), (status = "4XX", body = ErrorBody)))]
#[tracing::instrument(skip_all, fields(policy_id = %policy_id))]
async fn cancellation_terms(
    State(state): State<AppState>,
    Path((iid, uid, policy_id)): Path<(String, String, String)>,
    Query(query): Query<LinkToken>,
) -> ApiResult<Json<CancellationTerms>> {
    let policy = linked_policy(&state, (&iid, &uid, &policy_id), &query.token).await?;
    Ok(Json(terms(&state, &policy).await?))
}

/// Cancels the contract: within the money-back period it is voided and the card refunded in full;
/// after it, the request goes to the institution. Asking again answers the first request's outcome.
/// Needs the link's token and the code emailed to the member (or, instead of the code, the member's
/// own live session as the bearer token).
#[utoipa::path(post, path = "/institution/{iid}/user/{uid}/policy/{policy_id}/cancellation", tag = "documents",
    params(MemberPath, ("policy_id" = String, Path)), request_body = CancelBody,
    responses((status = 200, body = CancellationAnswer), (status = 202, body = CancellationAnswer),
        (status = 403, description = "No code and no session of the member (confirmationRequired)", body = ErrorBody),
        (status = "4XX", body = ErrorBody)))]
#[tracing::instrument(skip_all, fields(policy_id = %policy_id))]
async fn cancel(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path((iid, uid, policy_id)): Path<(String, String, String)>,
    Json(body): Json<CancelBody>,
) -> ApiResult<(StatusCode, Json<CancellationAnswer>)> {
    let policy = linked_policy(&state, (&iid, &uid, &policy_id), &body.token).await?;
    if !(policy.status.is_cancellable() || policy.status == PurchaseStatus::Cancelled) {
        return Err(nothing_to_cancel());
    }
    if policy.status.is_cancellable() {
        confirmed(&state, &headers, &policy, body.code.as_deref()).await?;
    }
    let outcome = crate::cancellations::request(
        &state.temporal,
        &state.config.task_queue,
        &policy.policy_id,
        CancelledBy::Member,
        state.clock.now(),
        WAIT,
    )
    .await?;
    let (status, outcome) = match outcome {
        Some(CancellationOutcome::Cancelled { .. } | CancellationOutcome::AlreadyCancelled) => {
            (StatusCode::OK, CancellationState::Cancelled)
        }
        Some(CancellationOutcome::Requested { .. }) => (StatusCode::OK, CancellationState::Requested),
        Some(CancellationOutcome::NotCancellable { .. }) => return Err(nothing_to_cancel()),
        None => (StatusCode::ACCEPTED, CancellationState::Pending),
    };
    let policy = state.store.policy(&policy.policy_id).await?.ok_or_else(ApiError::not_found)?;
    Ok((status, Json(CancellationAnswer { outcome, terms: terms(&state, &policy).await? })))
}
