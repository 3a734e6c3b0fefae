//! Cancelling a bought contract from find-your-contract: what the member's state's rules give back
//! (data/cancellation/states.toml: within the free look the price to the card; after it the unused
//! part, less the state's capped fee, by check), quoted for the odometer reading the member attests,
//! and the request itself, which the purchase's cancellation workflow carries out once. Both need the
//! signed link find-your-contract hands out after the last-name and zip check. The link only proves
//! a last name and a zip, so it reads and does not cancel: the request needs a fresh confirmation,
//! a 6-digit code emailed to the member's address on file (10 minutes, 5 tries), or the member's
//! own live session.

use std::time::Duration;

use axum::Json;
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use coverline_activities::cancellation::{CANCELLATION_REQUESTED, CancelledBy};
use coverline_activities::cancellation::{QuoteRefusal, StateQuote};
use coverline_activities::purchase::PolicyDetails;
use coverline_domain::cancellation::{RefundBy, RefundMethod};
use coverline_domain::language::Language;
use coverline_domain::lifecycle::PurchaseStatus;
use coverline_domain::{Cents, ErrorCode};
use coverline_store::PolicyRecord;
use coverline_workflows::cancellation::CancellationOutcome;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use coverline_domain::product::{fill, messages};
use rand::Rng;
use sha2::{Digest, Sha256};

use crate::http::app::AppState;
use crate::http::auth;
use crate::http::error::{ApiError, ApiResult};
use crate::http::openapi::{ErrorBody, MemberPath};
use crate::http::routes::document::check_link_token;
use crate::http::web_page::request_language;
use crate::services::limits::Limit;

/// How long the member's call waits for the workflow before answering "under way".
const WAIT: Duration = Duration::from_secs(20);
/// A cancellation code lives this long and dies after this many wrong tries.
const CODE_TTL_SECS: i64 = 600;
const CODE_TRIES: i64 = 5;
/// Codes a policy may be sent per hour.
const CODES_PER_POLICY: Limit = Limit::new("cancel-code", 3, 3600, messages::CANCEL_CODES_TOO_MANY);

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(cancellation_terms, cancel)).routes(routes!(send_code)).routes(routes!(request_paper_copy))
}

/// The request to cancel: the link's token, and the code emailed to the member (not needed with
/// the member's own live session as the bearer token).
#[derive(Deserialize, ToSchema)]
pub struct CancelBody {
    token: String,
    /// The 6-digit code emailed to the member (spaces around it ignored).
    // No `pattern`: the code is checked only without the member's own session, and an empty one is
    // no code (403 confirmationRequired), so a pattern would refuse what the server takes.
    #[serde(default)]
    code: Option<String>,
    /// The odometer reading today (whole miles), as on the quote the member saw.
    #[serde(default)]
    odometer: Option<i64>,
    /// The member confirms the odometer reading is true.
    #[serde(default)]
    attested: bool,
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
    responses((status = 202, description = "The code was emailed", body = CodeSent),
        (status = "4XX", description = "A bad link or an unknown contract (404), nothing to cancel (409), an expired link (410), too many codes (429)", body = ErrorBody),
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
    if let Err(e) = state
        .mailer
        .send_cancellation_code(&state.mailer.sender(&institution), user.language, &user.email, &code, &institution.name, &contract)
        .await
    {
        tracing::warn!(error = ?e, "cancellation code email failed");
        return Err(ApiError::new(StatusCode::BAD_GATEWAY, ErrorCode::EmailFailed, messages::EMAIL_NOT_SENT));
    }
    let sent_to = masked(&user.email);
    let message = fill(messages::CANCEL_CODE_SENT, &[("email", &sent_to)]);
    Ok((StatusCode::ACCEPTED, Json(CodeSent { sent_to, message })))
}

/// A paper copy queued.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaperCopyQueued {
    /// What the page says.
    pub message: String,
}

/// Asks for the contract on paper (E-SIGN: the right to a paper copy at no charge; it also
/// withdraws the consent to electronic delivery). Support mails it to the address on the contract
/// (`coverline support paper`). Asking again before it is mailed changes nothing.
#[utoipa::path(post, path = "/institution/{iid}/user/{uid}/policy/{policy_id}/papercopy", tag = "documents",
    params(MemberPath, ("policy_id" = String, Path)), request_body = LinkToken,
    responses((status = 202, description = "Queued (or queued already)", body = PaperCopyQueued),
        (status = "4XX", description = "A bad link or an unknown contract (404), a contract never bought or voided (409), an expired link (410)", body = ErrorBody)))]
#[tracing::instrument(skip_all, fields(policy_id = %policy_id))]
async fn request_paper_copy(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    headers: HeaderMap,
    Path((iid, uid, policy_id)): Path<(String, String, String)>,
    Json(body): Json<LinkToken>,
) -> ApiResult<(StatusCode, Json<PaperCopyQueued>)> {
    let policy = linked_policy(&state, (&iid, &uid, &policy_id), &body.token).await?;
    if policy.contract_number.is_none() || policy.status == PurchaseStatus::Voided {
        return Err(ApiError::new(StatusCode::CONFLICT, ErrorCode::Conflict, messages::NOTHING_TO_MAIL));
    }
    let now = state.clock.now();
    let queued = state.store.queue_paper_copy(&policy.policy_id, "requested", now).await?;
    if queued {
        let client = super::document::client_address(&state, &headers, peer);
        let version = crate::http::routes::esign_version();
        let consent = coverline_store::Consent {
            user_id: &uid,
            kind: coverline_store::ELECTRONIC_DELIVERY,
            granted: false,
            at: now,
            source: "paper-copy-request",
            client: Some(&client),
            version: Some(&version),
        };
        state.store.record_consent(&consent).await?;
        state.store.record_policy_event(&policy.policy_id, "paperCopy:requested", None, "member").await?;
    }
    let message = if queued { messages::PAPER_COPY_REQUESTED } else { messages::PAPER_COPY_ALREADY_REQUESTED };
    Ok((StatusCode::ACCEPTED, Json(PaperCopyQueued { message: message.to_string() })))
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
            field: Some("code".into()),
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

/// The link's token and, for a quote, the odometer reading today.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TermsQuery {
    /// The `token` of the document link.
    token: String,
    /// The odometer reading today (whole miles): the answer then carries the quote for it.
    odometer: Option<i64>,
}

/// What cancelling now gives back, for the odometer reading given.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RefundQuote {
    /// `freeLook`: the whole price, no fee. `proRata`: the unused part, less the fee.
    pub method: RefundMethod,
    /// `card` (within the free look) or `check`.
    pub refund_by: RefundBy,
    /// `$1,150.25`.
    pub refund: String,
    pub refund_cents: i64,
    pub fee: String,
    pub fee_cents: i64,
    /// The unused part of the price, before the fee.
    pub unearned: String,
    /// The day the refund is due by (`MMMM Do, YYYY`).
    pub due_by: String,
    /// The odometer reading quoted for.
    pub odometer: i64,
}

/// A cancelled contract's refund.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RefundState {
    pub method: RefundMethod,
    pub refund_by: RefundBy,
    pub refund: String,
    pub fee: String,
    /// `MMMM Do, YYYY`.
    pub due_by: String,
    pub paid: bool,
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
    /// (`MMMM Do, YYYY`; cancellations before the state rules): asking again changes nothing.
    pub requested_on: Option<String>,
    /// The member's state, whose rules apply (`TX`), and its name.
    pub state: String,
    pub state_name: String,
    /// Days of the state's free look (a full refund, no fee, to the card).
    pub free_look_days: u32,
    /// The state's rules in a sentence, and where they come from.
    pub rules: String,
    pub source: String,
    /// The odometer reading when the contract was bought: today's reading is at least this.
    pub odometer_at_sale: i64,
    /// What cancelling now gives back: with `odometer` given, or within the free look (where the
    /// miles do not count).
    pub quote: Option<RefundQuote>,
    /// A cancelled contract's refund (cancelled under the state rules).
    pub refund: Option<RefundState>,
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
    ApiError::new(StatusCode::CONFLICT, ErrorCode::Conflict, messages::NOTHING_TO_CANCEL)
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

/// The odometer reading a member typed, checked against the contract's at the sale.
fn odometer_error(refusal: &QuoteRefusal) -> Option<ApiError> {
    let message = match refusal {
        QuoteRefusal::OdometerBelowSale { at_sale } => {
            fill(messages::CANCEL_ODOMETER_BELOW_SALE, &[("odometer", &coverline_domain::money::group_thousands(u64::from(*at_sale)))])
        }
        QuoteRefusal::OdometerTooHigh => messages::CANCEL_ODOMETER_TOO_HIGH.to_string(),
        QuoteRefusal::NotPaid | QuoteRefusal::NoRules(_) => return None,
    };
    Some(ApiError { field: Some("odometer".into()), ..ApiError::new(StatusCode::BAD_REQUEST, ErrorCode::Validation, message) })
}

/// A reading as typed: whole miles, 0 to the maximum.
pub(crate) fn odometer_reading(odometer: Option<i64>) -> ApiResult<Option<u32>> {
    match odometer {
        None => Ok(None),
        Some(n) if n < 0 => Err(ApiError::field(ErrorCode::Validation, messages::CANCEL_ODOMETER_REQUIRED, "odometer")),
        Some(n) => Ok(Some(u32::try_from(n).unwrap_or(u32::MAX))),
    }
}

/// What cancelling `policy` would do now, its rules and dates in `language`: the member's page's
/// (`web_page::request_language`), or English for the staff console.
pub(crate) async fn terms(
    state: &AppState,
    policy: &PolicyRecord,
    odometer: Option<u32>,
    language: Language,
) -> ApiResult<CancellationTerms> {
    let institution = state.institution(&policy.institution_id).await?;
    let long_date = |date: time::Date| language.long_date(date);
    let purchase = PolicyDetails::load(&state.store, &policy.policy_id).await?;
    let payment = purchase.payment.clone();
    let paid_at = payment.as_ref().map(|p| p.paid_at);
    let requested = state.store.policy_events(&policy.policy_id).await?.into_iter().find(|e| e.kind == CANCELLATION_REQUESTED);
    let now = state.clock.now();
    let cancellable = policy.status.is_cancellable() && paid_at.is_some();
    // The quote without a reading: time alone, which decides the free look.
    let base = StateQuote::of(&state.cancellation_rules, &purchase, now, None).ok();
    let quoted = match odometer {
        Some(reading) if cancellable => match StateQuote::of(&state.cancellation_rules, &purchase, now, Some(reading)) {
            Ok(q) => Some(q),
            Err(refusal) => return Err(odometer_error(&refusal).unwrap_or_else(nothing_to_cancel)),
        },
        _ => base.clone().filter(|q| cancellable && q.quote.method == RefundMethod::FreeLook),
    };
    let refund = state.store.refund(&policy.policy_id).await?;
    let rules = base.as_ref().map(|q| q.rules.clone());
    Ok(CancellationTerms {
        status: policy.status,
        cancellable,
        within_money_back: base.as_ref().is_some_and(|q| q.quote.method == RefundMethod::FreeLook),
        money_back_ends: base.as_ref().map(|q| long_date(q.quote.free_look_ends)).unwrap_or_default(),
        amount_paid: payment.as_ref().map(|p| Cents(p.amount_cents).dollar_sign()).unwrap_or_default(),
        refund_text: institution.refund_text_in(language),
        institution_name: institution.name.clone(),
        contract_number: policy.contract_number.clone().unwrap_or_default(),
        requested_on: requested.map(|e| language.long_date_at(e.at_ms / 1000)),
        state: base.as_ref().map(|q| q.state.clone()).unwrap_or_default(),
        state_name: rules.as_ref().map(|r| r.name.clone()).unwrap_or_default(),
        free_look_days: rules.as_ref().map_or(0, |r| r.free_look_days),
        rules: rules.as_ref().map(|r| r.summary(language)).unwrap_or_default(),
        source: rules.as_ref().map(|r| r.source.clone()).unwrap_or_default(),
        odometer_at_sale: i64::from(purchase.car.odometer.0),
        quote: quoted.map(|q| RefundQuote {
            method: q.quote.method,
            refund_by: q.quote.refund_by,
            refund: Cents(q.quote.refund_cents).dollar_sign(),
            refund_cents: q.quote.refund_cents,
            fee: Cents(q.quote.fee_cents).dollar_sign(),
            fee_cents: q.quote.fee_cents,
            unearned: Cents(q.quote.unearned_cents).dollar_sign(),
            due_by: long_date(q.quote.due_by),
            odometer: i64::from(odometer.unwrap_or(q.odometer_at_sale)),
        }),
        refund: refund.map(|r| RefundState {
            method: if r.method == "freeLook" { RefundMethod::FreeLook } else { RefundMethod::ProRata },
            refund_by: if r.refund_by == "card" { RefundBy::Card } else { RefundBy::Check },
            refund: Cents(r.refund_cents).dollar_sign(),
            fee: Cents(r.fee_cents).dollar_sign(),
            due_by: crate::services::refunds::parse_date(&r.due_by).map(long_date).unwrap_or(r.due_by.clone()),
            paid: r.paid_at.is_some(),
        }),
    })
}

/// What cancelling the contract would do now (needs the find-your-contract link's token).
#[utoipa::path(get, path = "/institution/{iid}/user/{uid}/policy/{policy_id}/cancellation", tag = "documents",
    params(MemberPath, ("policy_id" = String, Path), TermsQuery),
    responses((status = 200, description = "What cancelling would do now, with the refund for the reading given", body = CancellationTerms),
        (status = 400, description = "The odometer reading is below the one at the sale, or impossible (field odometer)", body = ErrorBody),
        (status = "4XX", description = "A bad link or an unknown contract (404), nothing to cancel (409), an expired link (410)", body = ErrorBody)))]
#[tracing::instrument(skip_all, fields(policy_id = %policy_id))]
async fn cancellation_terms(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path((iid, uid, policy_id)): Path<(String, String, String)>,
    Query(query): Query<TermsQuery>,
) -> ApiResult<Json<CancellationTerms>> {
    let policy = linked_policy(&state, (&iid, &uid, &policy_id), &query.token).await?;
    let odometer = odometer_reading(query.odometer)?;
    let language = request_language(&state.institution(&policy.institution_id).await?, &headers);
    Ok(Json(terms(&state, &policy, odometer, language).await?))
}

/// Cancels the contract: within the money-back period it is voided and the card refunded in full;
/// after it, the request goes to the institution. Asking again answers the first request's outcome.
/// Needs the link's token and the code emailed to the member (or, instead of the code, the member's
/// own live session as the bearer token).
#[utoipa::path(post, path = "/institution/{iid}/user/{uid}/policy/{policy_id}/cancellation", tag = "documents",
    params(MemberPath, ("policy_id" = String, Path)), request_body = CancelBody,
    responses((status = 200, description = "Cancelled, or asked of the institution (`outcome` says which; also for a repeat)", body = CancellationAnswer),
        (status = 202, description = "Under way (`outcome: pending`): the provider or the gateway is slow; the member gets an email when done", body = CancellationAnswer),
        (status = 403, description = "No code and no session of the member (confirmationRequired)", body = ErrorBody),
        (status = "4XX", description = "A missing or refused odometer reading or attestation, or a wrong code (400 invalidCode); \
            a bad link or an unknown contract (404), nothing to cancel (409), an expired link (410)", body = ErrorBody)))]
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
    let mut odometer = None;
    if policy.status.is_cancellable() {
        // The reading and its attestation first (what the quote is for), then the confirmation.
        let Some(reading) = odometer_reading(body.odometer)? else {
            return Err(ApiError::field(ErrorCode::Validation, messages::CANCEL_ODOMETER_REQUIRED, "odometer"));
        };
        if !body.attested {
            return Err(ApiError::field(ErrorCode::Validation, messages::CANCEL_ATTEST_REQUIRED, "attested"));
        }
        let purchase = PolicyDetails::load(&state.store, &policy.policy_id).await?;
        if let Err(refusal) = StateQuote::of(&state.cancellation_rules, &purchase, state.clock.now(), Some(reading)) {
            return Err(odometer_error(&refusal).unwrap_or_else(nothing_to_cancel));
        }
        confirmed(&state, &headers, &policy, body.code.as_deref()).await?;
        odometer = Some(reading);
    }
    let outcome = crate::services::cancellations::request(
        &state.temporal,
        &state.config.task_queue,
        &policy.policy_id,
        CancelledBy::Member,
        state.clock.now(),
        odometer,
        WAIT,
    )
    .await?;
    let (status, outcome) = match outcome {
        Some(CancellationOutcome::Cancelled { .. } | CancellationOutcome::RefundByCheck { .. } | CancellationOutcome::AlreadyCancelled) => {
            (StatusCode::OK, CancellationState::Cancelled)
        }
        Some(CancellationOutcome::Requested { .. }) => (StatusCode::OK, CancellationState::Requested),
        Some(CancellationOutcome::NotCancellable { .. }) => return Err(nothing_to_cancel()),
        None => (StatusCode::ACCEPTED, CancellationState::Pending),
    };
    let policy = state.store.policy(&policy.policy_id).await?.ok_or_else(ApiError::not_found)?;
    let language = request_language(&state.institution(&policy.institution_id).await?, &headers);
    Ok((status, Json(CancellationAnswer { outcome, terms: terms(&state, &policy, odometer, language).await? })))
}
