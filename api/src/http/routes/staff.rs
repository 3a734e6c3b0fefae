//! The staff console's API (docs/staff.md): the sign-in (crate::services::staff), support's look-ups
//! and actions (crate::services::support, the same ones `coverline support` runs), an
//! institution's programme, and the audit log. Every call needs a live staff session (the
//! `coverline_staff` cookie: HttpOnly, SameSite=Strict); every `POST` its CSRF token and an
//! `Idempotency-Key`; every answer is authorised by role and institution, and what a person may not
//! see answers exactly as what does not exist (404).

use std::future::Future;
use std::net::SocketAddr;

use axum::Json;
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use coverline_activities::checkout::new_secret;
use coverline_domain::ErrorCode;
use coverline_domain::language::Language;
use coverline_store::{AuditScope, PolicyRecord};
use serde::{Deserialize, Serialize};
use subtle::ConstantTimeEq;
use time::Date;
use time::macros::format_description;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::http::app::AppState;
use crate::http::auth;
use crate::http::error::{ApiError, ApiResult};
use crate::http::openapi::ErrorBody;
use crate::http::routes::cancellation::{CancellationTerms, terms};
use crate::http::routes::document::client_address;
use crate::http::sign_in;
use crate::services::funnel::FunnelStep;
use crate::services::funnel_report::{FunnelRow, tally_until};
use crate::services::limits::Limit;
use crate::services::refunds::{self, RefundDue};
use crate::services::staff::{self, Audited, Refusal, Role, Staff};
use crate::services::support::{self, FoundMember, Outcome, PaperToMail, PurchaseDetail, Support};

/// The session cookie.
const SESSION_COOKIE: &str = "coverline_staff";
/// The cookie that binds a sign-in to the browser that started it (login CSRF).
const BINDING_COOKIE: &str = "coverline_staff_sign_in";
/// Sign-ins one client address may start in 10 minutes (each stores a row for 10 minutes).
const STARTS_PER_CLIENT: Limit = Limit::new("staff-start-client", 20, 600, coverline_domain::product::messages::TOO_MANY_SIGN_INS);
/// The longest period a report covers.
const MAX_REPORT_DAYS: i64 = 366;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(sign_in))
        .routes(routes!(callback))
        .routes(routes!(me))
        .routes(routes!(sign_out))
        .routes(routes!(search))
        .routes(routes!(purchase))
        .routes(routes!(cancellation_quote))
        .routes(routes!(retry_booking))
        .routes(routes!(resend_emails))
        .routes(routes!(cancel_contract))
        .routes(routes!(refund_paid))
        .routes(routes!(paper_mailed))
        .routes(routes!(paper_copies))
        .routes(routes!(unpaid_refunds))
        .routes(routes!(report))
        .routes(routes!(institutions, import_institution))
        .routes(routes!(institution_active))
        .routes(routes!(import_integrator))
        .routes(routes!(integrator_active))
        .routes(routes!(audit))
}

fn see_other(location: &str) -> Response {
    let location = HeaderValue::from_str(location).unwrap_or_else(|_| HeaderValue::from_static("/staff"));
    (StatusCode::SEE_OTHER, [(header::LOCATION, location), (header::CACHE_CONTROL, HeaderValue::from_static("no-store"))]).into_response()
}

fn cookie(state: &AppState, name: &str, value: &str, path: &str, max_age: i64, same_site: &str) -> HeaderValue {
    let secure = if state.config.serves_https() { "; Secure" } else { "" };
    HeaderValue::from_str(&format!("{name}={value}; Path={path}; Max-Age={max_age}; HttpOnly; SameSite={same_site}{secure}"))
        .unwrap_or_else(|_| HeaderValue::from_static(""))
}

fn binding_cookie(state: &AppState, value: &str, max_age: i64) -> HeaderValue {
    // Lax: the identity provider sends the browser back with a top-level GET from its own site.
    cookie(state, BINDING_COOKIE, value, "/api/staff/callback", max_age, "Lax")
}

/// Back to the console, which says why.
fn refused(state: &AppState, refusal: Refusal) -> Response {
    let mut response = see_other(&format!("/staff?signIn={}", refusal.as_str()));
    response.headers_mut().append(header::SET_COOKIE, binding_cookie(state, "", 0));
    response
}

/// The signed-in person of a request: 401 without a live session.
async fn signed_in(state: &AppState, headers: &HeaderMap) -> ApiResult<Staff> {
    let Some(key) = auth::cookie(headers, SESSION_COOKIE).filter(|k| !k.is_empty() && k.len() <= 128) else {
        return Err(not_signed_in());
    };
    staff::session(state, &key).await?.ok_or_else(not_signed_in)
}

fn not_signed_in() -> ApiError {
    ApiError::new(StatusCode::UNAUTHORIZED, ErrorCode::Unauthorized, "Sign in to the staff console.")
}

fn forbidden(message: &str) -> ApiError {
    ApiError::new(StatusCode::FORBIDDEN, ErrorCode::Forbidden, message)
}

/// The person, acting as one of `roles`: 403 when they have none of them.
fn as_one_of(staff: &Staff, roles: &[Role]) -> ApiResult<Role> {
    staff.acting_as(roles).ok_or_else(|| forbidden("Your role may not do this."))
}

/// A state-changing call's checks: the session's CSRF token (constant-time), and the click's
/// `Idempotency-Key`.
fn change(staff: &Staff, headers: &HeaderMap) -> ApiResult<String> {
    carries_csrf_token(staff, headers)?;
    let key = headers.get("idempotency-key").and_then(|v| v.to_str().ok()).map(str::trim).unwrap_or_default();
    if key.is_empty() || key.len() > 128 {
        return Err(ApiError::bad_request("An Idempotency-Key header (1 to 128 characters) is required."));
    }
    Ok(key.to_string())
}

/// The session's CSRF token in `X-CSRF-Token` (compared in constant time), or 403.
fn carries_csrf_token(staff: &Staff, headers: &HeaderMap) -> ApiResult<()> {
    let token = headers.get("x-csrf-token").and_then(|v| v.to_str().ok()).unwrap_or_default();
    if token.is_empty() || !bool::from(token.as_bytes().ct_eq(staff.csrf_token.as_bytes())) {
        return Err(forbidden("This request did not carry the session's CSRF token: reload the console."));
    }
    Ok(())
}

/// The purchase `key` names, if this person may see its institution (else 404, as unknown).
async fn visible_policy(state: &AppState, staff: &Staff, key: &str) -> ApiResult<PolicyRecord> {
    let policy = state.store.find_policy(key).await?.ok_or_else(ApiError::not_found)?;
    if !staff.sees(&policy.institution_id) {
        return Err(ApiError::not_found());
    }
    Ok(policy)
}

fn support_for(state: &AppState, staff: &Staff) -> Support {
    Support {
        store: state.store.clone(),
        temporal: state.temporal.clone(),
        operator: staff.operator(),
        temporal_ui: state.config.temporal_ui_url.clone(),
        namespace: state.config.temporal_namespace.clone(),
    }
}

/// Starts a staff sign-in at the operator's identity provider (the console's "Sign in").
#[utoipa::path(get, path = "/staff/sign-in", tag = "staff",
    responses((status = 303, description = "To the identity provider (authorization code, PKCE, nonce), with the browser's binding cookie; \
            or to `/staff?signIn=off|unavailable`", headers(("Location" = String, description = "Where to go"))),
        (status = 429, description = "Too many sign-ins from one address", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn sign_in(State(state): State<AppState>, ConnectInfo(peer): ConnectInfo<SocketAddr>, headers: HeaderMap) -> Response {
    if let Err(refused) = STARTS_PER_CLIENT.take(&state.store, &client_address(&state, &headers, peer), state.clock.now()).await {
        return refused.into_response();
    }
    let started = match staff::start_sign_in(&state).await {
        Ok(s) => s,
        Err(refusal) => return refused(&state, refusal),
    };
    let authorize_url = started.authorize_url.clone();
    let Ok(binding) = sign_in::record(&state, started, staff::PURPOSE, staff::SIGN_IN_TTL_SECS).await else {
        return refused(&state, Refusal::Unavailable);
    };
    let mut response = see_other(&authorize_url);
    response.headers_mut().append(header::SET_COOKIE, binding_cookie(&state, &binding, staff::SIGN_IN_TTL_SECS));
    response
}

/// The identity provider sends the browser back here: the code is exchanged, the ID token verified,
/// the person's roles found, and a session opened.
#[utoipa::path(get, path = "/staff/callback", tag = "staff", params(sign_in::Callback),
    responses((status = 303, description = "To `/staff` with the session cookie set; or to `/staff?signIn=denied|expired|invalid|unavailable|noRole|off`",
        headers(("Location" = String, description = "Where to go")))))]
#[tracing::instrument(skip_all)]
async fn callback(State(state): State<AppState>, headers: HeaderMap, Query(answer): Query<sign_in::Callback>) -> Response {
    let issuer = state.config.staff.as_ref().map(|s| s.issuer.clone()).unwrap_or_default();
    let (code, login) = match sign_in::check(&state, &headers, answer, staff::PURPOSE, BINDING_COOKIE, &issuer).await {
        Ok(checked) => checked,
        Err(refused_as) => return refused(&state, refused_as.into()),
    };
    let person = match staff::finish_sign_in(&state, &code, login.pkce_verifier, login.nonce).await {
        Ok(person) => person,
        Err(refusal) => return refused(&state, refusal),
    };
    let key = match staff::open_session(&state, &person).await {
        Ok(key) => key,
        Err(e) => {
            tracing::error!(error = ?e, "staff sign-in: opening the session failed");
            return refused(&state, Refusal::Unavailable);
        }
    };
    tracing::info!(subject = %person.subject, roles = ?person.roles, institution = ?person.institution_id, "staff signed in");
    match staff::session(&state, &key).await {
        Ok(Some(signed)) => {
            if let Err(e) = record(&state, &signed, "signIn", "signed in").await {
                tracing::error!(error = ?e, "staff sign-in: the audit log refused the sign-in");
                return refused(&state, Refusal::Unavailable);
            }
        }
        other => {
            tracing::error!(?other, "staff sign-in: the session just opened is not found");
            return refused(&state, Refusal::Unavailable);
        }
    }
    let mut response = see_other("/staff");
    response.headers_mut().append(header::SET_COOKIE, cookie(&state, SESSION_COOKIE, &key, "/api/staff", staff::MAX_SECS, "Strict"));
    response.headers_mut().append(header::SET_COOKIE, binding_cookie(&state, "", 0));
    response
}

/// Writes a sign-in or sign-out in the audit log, with the person's first role.
async fn record(state: &AppState, staff: &Staff, action: &str, message: &str) -> anyhow::Result<()> {
    let key = new_secret();
    let role = staff.roles.first().copied().unwrap_or(Role::Support);
    let what =
        Audited { staff, role, action, target: &staff.subject, institution_id: staff.institution_id.as_deref(), idempotency_key: &key };
    let (id, _) = staff::begin(state, &what).await?;
    state.store.finish_staff_action(&id, "done", message).await
}

/// An institution a person may see.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct InstitutionName {
    institution_id: String,
    name: String,
}

/// The signed-in person.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Me {
    name: String,
    email: String,
    roles: Vec<Role>,
    /// Null: every institution.
    institution_id: Option<String>,
    /// Sent back in `X-CSRF-Token` on every `POST`.
    csrf_token: String,
    /// When the session ends unless used (unix seconds).
    expires_at: i64,
    /// The institutions this person sees.
    institutions: Vec<InstitutionName>,
}

/// Who is signed in, with the session's CSRF token.
#[utoipa::path(get, path = "/staff/me", tag = "staff",
    responses((status = 200, description = "The signed-in person", body = Me), (status = 401, description = "No session", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn me(State(state): State<AppState>, headers: HeaderMap) -> ApiResult<Response> {
    let staff = signed_in(&state, &headers).await?;
    let institutions = state
        .store
        .institutions()
        .await?
        .into_iter()
        .filter(|i| staff.sees(&i.institution_id))
        .map(|i| InstitutionName { institution_id: i.institution_id, name: i.name })
        .collect();
    let me = Me {
        name: staff.name,
        email: staff.email,
        roles: staff.roles,
        institution_id: staff.institution_id,
        csrf_token: staff.csrf_token,
        expires_at: staff.expires_at,
        institutions,
    };
    Ok(([(header::CACHE_CONTROL, HeaderValue::from_static("no-store"))], Json(me)).into_response())
}

/// Ends the session.
#[utoipa::path(post, path = "/staff/sign-out", tag = "staff",
    params(("X-CSRF-Token" = String, Header, description = "The session's CSRF token")),
    responses((status = 204, description = "Signed out"), (status = "4XX", description = "No session (401), no CSRF token (403)", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn sign_out(State(state): State<AppState>, headers: HeaderMap) -> ApiResult<Response> {
    let staff = signed_in(&state, &headers).await?;
    carries_csrf_token(&staff, &headers)?;
    state.store.end_staff_session(&staff.session_hash).await?;
    record(&state, &staff, "signOut", "signed out").await?;
    Ok((StatusCode::NO_CONTENT, [(header::SET_COOKIE, cookie(&state, SESSION_COOKIE, "", "/api/staff", 0, "Strict"))]).into_response())
}

/// A console search.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct SearchQuery {
    /// An email address, or a policy id, reference, workflow id, contract number or quote id.
    q: String,
}

/// What a search found.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Found {
    #[schema(value_type = Vec<Object>)]
    members: Vec<FoundMember>,
}

/// Finds members by email, or the member whose purchase an id names (support).
#[utoipa::path(get, path = "/staff/search", tag = "staff", params(SearchQuery),
    responses((status = 200, description = "The members found (none: an empty list)", body = Found),
        (status = "4XX", description = "No session (401), a role without support (403), an empty or long query (400)", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn search(State(state): State<AppState>, headers: HeaderMap, Query(query): Query<SearchQuery>) -> ApiResult<Json<Found>> {
    let staff = signed_in(&state, &headers).await?;
    as_one_of(&staff, &[Role::Support])?;
    let q = query.q.trim();
    if q.is_empty() || q.len() > 254 {
        return Err(ApiError::field(ErrorCode::Validation, "Type an email address, a contract number or an id.", "q"));
    }
    let members = support::search(&state.store, q).await?.into_iter().filter(|m| staff.sees(&m.institution_id)).collect();
    Ok(Json(Found { members }))
}

/// A purchase's page: its facts, its timeline, its workflow (support).
#[utoipa::path(get, path = "/staff/policy/{policy_id}", tag = "staff", params(("policy_id" = String, Path, description = "Policy id, reference, workflow id, contract number or quote id")),
    responses((status = 200, description = "Everything about the purchase", body = PurchaseDetail),
        (status = "4XX", description = "No session (401), a role without support (403), unknown or another institution's (404)", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn purchase(State(state): State<AppState>, headers: HeaderMap, Path(policy_id): Path<String>) -> ApiResult<Json<PurchaseDetail>> {
    let staff = signed_in(&state, &headers).await?;
    as_one_of(&staff, &[Role::Support])?;
    let policy = visible_policy(&state, &staff, &policy_id).await?;
    Ok(Json(support_for(&state, &staff).detail(&policy.policy_id).await?))
}

/// An odometer reading, for a cancellation quote.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct OdometerQuery {
    /// The odometer reading today (whole miles).
    odometer: Option<i64>,
}

/// What cancelling the contract would do today: the member's own terms and quote (support).
#[utoipa::path(get, path = "/staff/policy/{policy_id}/cancellation", tag = "staff", params(("policy_id" = String, Path), OdometerQuery),
    responses((status = 200, description = "The cancellation terms, with the quote for the reading", body = CancellationTerms),
        (status = "4XX", description = "A refused reading (400), no session (401), a role without support (403), unknown (404), nothing to cancel (409)", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn cancellation_quote(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(policy_id): Path<String>,
    Query(query): Query<OdometerQuery>,
) -> ApiResult<Json<CancellationTerms>> {
    let staff = signed_in(&state, &headers).await?;
    as_one_of(&staff, &[Role::Support])?;
    let policy = visible_policy(&state, &staff, &policy_id).await?;
    let odometer = crate::http::routes::cancellation::odometer_reading(query.odometer)?;
    Ok(Json(terms(&state, &policy, odometer, Language::En).await?))
}

/// How an action ended.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ActionAnswer {
    /// `done` or `nothingToDo`.
    outcome: String,
    message: String,
}

/// Runs a support action once per idempotency key, audited and on the purchase's timeline (the
/// service writes it there with the person's name and email).
async fn act<F, Fut>(state: &AppState, headers: &HeaderMap, policy_id: &str, action: &str, run: F) -> ApiResult<Json<ActionAnswer>>
where
    F: FnOnce(Support, PolicyRecord) -> Fut,
    Fut: Future<Output = anyhow::Result<Outcome>>,
{
    let staff = signed_in(state, headers).await?;
    let role = as_one_of(&staff, &[Role::Support])?;
    let key = change(&staff, headers)?;
    let policy = visible_policy(state, &staff, policy_id).await?;
    let (target, institution_id) = (policy.policy_id.clone(), policy.institution_id.clone());
    let what = Audited { staff: &staff, role, action, target: &target, institution_id: Some(&institution_id), idempotency_key: &key };
    let support = support_for(state, &staff);
    once(state, &what, run(support, policy)).await
}

/// Does `work` once per idempotency key: the first time it runs and its outcome is recorded; a
/// repeat answers that outcome (409 while it still runs, or when it failed).
async fn once(state: &AppState, what: &Audited<'_>, work: impl Future<Output = anyhow::Result<Outcome>>) -> ApiResult<Json<ActionAnswer>> {
    let (action_id, before) = staff::begin(state, what).await?;
    if let Some(before) = before {
        if before.action != what.action || before.target != what.target {
            return Err(ApiError::new(StatusCode::CONFLICT, ErrorCode::Conflict, "This Idempotency-Key was used for another action."));
        }
        if before.outcome == "pending" {
            return Err(ApiError::new(StatusCode::CONFLICT, ErrorCode::Conflict, "This action is still under way."));
        }
        if before.outcome == "failed" {
            return Err(ApiError::new(StatusCode::CONFLICT, ErrorCode::Conflict, before.message));
        }
        return Ok(Json(ActionAnswer { outcome: before.outcome, message: before.message }));
    }
    let result = work.await;
    let (outcome, message) = match &result {
        Ok(Outcome::Done(m)) => ("done", m.clone()),
        Ok(Outcome::NothingToDo(m)) => ("nothingToDo", m.clone()),
        Err(e) => ("failed", format!("{e:#}")),
    };
    state.store.finish_staff_action(&action_id, outcome, &message).await?;
    tracing::info!(operator = %what.staff.operator(), action = what.action, target = what.target, outcome, "staff action");
    match result {
        Ok(_) => Ok(Json(ActionAnswer { outcome: outcome.into(), message })),
        Err(e) => {
            tracing::warn!(error = ?e, action = what.action, "staff action failed");
            Err(ApiError::new(StatusCode::CONFLICT, ErrorCode::Conflict, message))
        }
    }
}

/// An admin's action on an institution or an integrator, once per idempotency key and audited.
async fn administer(
    state: &AppState,
    headers: &HeaderMap,
    action: &str,
    target: &str,
    institution_id: Option<&str>,
    work: impl Future<Output = anyhow::Result<Outcome>>,
) -> ApiResult<Json<ActionAnswer>> {
    let staff = signed_in(state, headers).await?;
    if !staff.roles.contains(&Role::Admin) {
        return Err(forbidden("Your role may not do this."));
    }
    let key = change(&staff, headers)?;
    let what = Audited { staff: &staff, role: Role::Admin, action, target, institution_id, idempotency_key: &key };
    once(state, &what, work).await
}

/// Asks the checkout workflow to book again (a purchase whose booking failed).
#[utoipa::path(post, path = "/staff/policy/{policy_id}/retry-booking", tag = "staff",
    params(("policy_id" = String, Path), ("X-CSRF-Token" = String, Header), ("Idempotency-Key" = String, Header)),
    responses((status = 200, description = "Done, or nothing to do", body = ActionAnswer),
        (status = "4XX", description = "No key (400), no session (401), no CSRF token or a role without support (403), unknown (404), failed (409)", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn retry_booking(State(state): State<AppState>, headers: HeaderMap, Path(policy_id): Path<String>) -> ApiResult<Json<ActionAnswer>> {
    act(&state, &headers, &policy_id, "retryBooking", |support, policy| async move { support.retry_booking(&policy.policy_id).await }).await
}

/// Whether to send again within 10 minutes of the last resend.
#[derive(Deserialize, ToSchema, Default)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ResendBody {
    #[serde(default)]
    force: bool,
}

/// Sends the receipt and the contract copy again.
#[utoipa::path(post, path = "/staff/policy/{policy_id}/resend-emails", tag = "staff",
    params(("policy_id" = String, Path), ("X-CSRF-Token" = String, Header), ("Idempotency-Key" = String, Header)), request_body = ResendBody,
    responses((status = 200, description = "Sent, or nothing to do (not paid, or resent within 10 minutes)", body = ActionAnswer),
        (status = "4XX", description = "No key (400), no session (401), no CSRF token or a role without support (403), unknown (404), failed (409)", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn resend_emails(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(policy_id): Path<String>,
    Json(body): Json<ResendBody>,
) -> ApiResult<Json<ActionAnswer>> {
    let public_url = state.config.public_url.clone();
    let mailer = state.mailer.clone();
    act(&state, &headers, &policy_id, "resendEmails", |support, policy| async move {
        support.resend_emails(&policy.policy_id, &mailer, &public_url, body.force).await
    })
    .await
}

/// The odometer reading the cancellation is quoted for.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct CancelBody {
    /// Whole miles; needed after the free look.
    odometer: Option<i64>,
}

/// Cancels the contract for the member, through its cancellation workflow (the state's rules).
#[utoipa::path(post, path = "/staff/policy/{policy_id}/cancel", tag = "staff",
    params(("policy_id" = String, Path), ("X-CSRF-Token" = String, Header), ("Idempotency-Key" = String, Header)), request_body = CancelBody,
    responses((status = 200, description = "Cancelled, requested of the institution, under way, or nothing to do", body = ActionAnswer),
        (status = "4XX", description = "A refused reading or no key (400), no session (401), no CSRF token or a role without support (403), unknown (404), failed (409)", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn cancel_contract(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(policy_id): Path<String>,
    Json(body): Json<CancelBody>,
) -> ApiResult<Json<ActionAnswer>> {
    let odometer = crate::http::routes::cancellation::odometer_reading(body.odometer)?;
    let task_queue = state.config.task_queue.clone();
    act(
        &state,
        &headers,
        &policy_id,
        "cancel",
        |support, policy| async move { support.cancel(&policy.policy_id, &task_queue, odometer).await },
    )
    .await
}

/// The check that paid a refund.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct RefundPaidBody {
    check_number: String,
    /// `YYYY-MM-DD`; today when omitted.
    paid_on: Option<String>,
}

/// Records a check refund paid, with the state's late penalty if any.
#[utoipa::path(post, path = "/staff/policy/{policy_id}/refund-paid", tag = "staff",
    params(("policy_id" = String, Path), ("X-CSRF-Token" = String, Header), ("Idempotency-Key" = String, Header)), request_body = RefundPaidBody,
    responses((status = 200, description = "Recorded", body = ActionAnswer),
        (status = "4XX", description = "A bad check number or date, or no key (400), no session (401), no CSRF token or a role without support (403), unknown (404), \
            no unpaid check refund (409)", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn refund_paid(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(policy_id): Path<String>,
    Json(body): Json<RefundPaidBody>,
) -> ApiResult<Json<ActionAnswer>> {
    let check_number = body.check_number.trim().to_string();
    if check_number.is_empty() || check_number.len() > 40 {
        return Err(ApiError::field(ErrorCode::Validation, "A check number is 1 to 40 characters.", "checkNumber"));
    }
    let paid_at = match body.paid_on.as_deref().filter(|d| !d.is_empty()) {
        None => state.clock.now(),
        Some(day) => refunds::paid_on(day).map_err(|_| ApiError::field(ErrorCode::Validation, "A date is YYYY-MM-DD.", "paidOn"))?,
    };
    let rules = state.cancellation_rules.clone();
    act(&state, &headers, &policy_id, "refundPaid", |support, policy| async move {
        let due = refunds::record_check_paid(&support.store, &rules, &policy.policy_id, &check_number, paid_at, &support.operator).await?;
        Ok(Outcome::Done(refunds::check_paid_text(&check_number, &due)))
    })
    .await
}

/// Records a queued paper copy mailed.
#[utoipa::path(post, path = "/staff/policy/{policy_id}/paper-mailed", tag = "staff",
    params(("policy_id" = String, Path), ("X-CSRF-Token" = String, Header), ("Idempotency-Key" = String, Header)),
    responses((status = 200, description = "Recorded, or nothing to do", body = ActionAnswer),
        (status = "4XX", description = "No key (400), no session (401), no CSRF token or a role without support (403), unknown (404)", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn paper_mailed(State(state): State<AppState>, headers: HeaderMap, Path(policy_id): Path<String>) -> ApiResult<Json<ActionAnswer>> {
    let now = state.clock.now();
    act(&state, &headers, &policy_id, "paperMailed", |support, policy| async move {
        support::paper_mailed(&support.store, &policy.policy_id, &support.operator, now).await
    })
    .await
}

/// The contracts to mail on paper, oldest request first (support).
#[utoipa::path(get, path = "/staff/paper-copies", tag = "staff",
    responses((status = 200, description = "The paper queue", body = Vec<Object>),
        (status = "4XX", description = "No session (401), a role without support (403)", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn paper_copies(State(state): State<AppState>, headers: HeaderMap) -> ApiResult<Json<Vec<PaperToMail>>> {
    let staff = signed_in(&state, &headers).await?;
    as_one_of(&staff, &[Role::Support])?;
    Ok(Json(support::paper_queue(&state.store).await?.into_iter().filter(|r| staff.sees(&r.institution_id)).collect()))
}

/// The check refunds not paid yet, soonest due first, as owed today (support).
#[utoipa::path(get, path = "/staff/refunds", tag = "staff",
    responses((status = 200, description = "The unpaid check refunds", body = Vec<Object>),
        (status = "4XX", description = "No session (401), a role without support (403)", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn unpaid_refunds(State(state): State<AppState>, headers: HeaderMap) -> ApiResult<Json<Vec<RefundDue>>> {
    let staff = signed_in(&state, &headers).await?;
    as_one_of(&staff, &[Role::Support])?;
    let rows = refunds::unpaid_refunds(&state.store, &state.cancellation_rules, state.clock.now()).await?;
    Ok(Json(rows.into_iter().filter(|r| staff.sees(&r.institution_id)).collect()))
}

/// A report's period, and its form.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct ReportQuery {
    /// The first day (`YYYY-MM-DD`, UTC).
    from: String,
    /// The last day, included.
    to: String,
    /// `csv` for the days as a CSV file.
    format: Option<String>,
}

/// An institution's programme over a period.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Report {
    institution_id: String,
    from: String,
    to: String,
    /// Visitors and members who first reached each step in the period, and contracts paid.
    funnel: Vec<ReportStep>,
    sales: Sales,
    cancellations: Cancellations,
    refunds: Refunds,
    /// Each day of the period, in order.
    days: Vec<ReportDay>,
}

/// One step of a report's funnel (`coverline report funnel`'s row).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ReportStep {
    /// `splash`, `vehicle`, … `purchased`.
    step: String,
    /// Visitors (splash), members (vehicle to payment) or contracts paid (purchased).
    reached: i64,
    /// Reached this step but not the next, never below 0 (null on the last).
    left: Option<i64>,
    /// `reached` as a percentage of the step before's, to a tenth (null on the first, or after none).
    from_previous_percent: Option<f64>,
}

impl From<FunnelRow> for ReportStep {
    fn from(row: FunnelRow) -> Self {
        ReportStep {
            step: row.step.as_str().into(),
            reached: row.reached,
            left: row.left,
            from_previous_percent: row.from_previous_percent,
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Sales {
    contracts: i64,
    amount_cents: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Cancellations {
    contracts: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Refunds {
    count: i64,
    amount_cents: i64,
}

/// One day of a report.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ReportDay {
    /// `YYYY-MM-DD`.
    date: String,
    /// Visitors at the splash, and members at each step, who first reached it that day.
    reached: std::collections::BTreeMap<String, i64>,
    contracts: i64,
    amount_cents: i64,
    cancellations: i64,
    refunds: i64,
    refund_cents: i64,
}

fn report_day(text: &str, field: &'static str) -> ApiResult<Date> {
    Date::parse(text.trim(), format_description!("[year]-[month]-[day]"))
        .map_err(|_| ApiError::field(ErrorCode::Validation, "A date is YYYY-MM-DD.", field))
}

/// An institution's funnel, sales, cancellations and refunds over a period, as JSON or CSV
/// (manager of that institution, admin).
#[utoipa::path(get, path = "/staff/institution/{iid}/report", tag = "staff", params(("iid" = String, Path), ReportQuery),
    responses((status = 200, description = "The report (JSON), or its days (`format=csv`: text/csv)", body = Report),
        (status = "4XX", description = "A bad period (400), no session (401), a role without reports (403), unknown or another institution (404)", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn report(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(iid): Path<String>,
    Query(query): Query<ReportQuery>,
) -> ApiResult<Response> {
    let staff = signed_in(&state, &headers).await?;
    as_one_of(&staff, &[Role::Manager])?;
    if !staff.sees(&iid) {
        return Err(ApiError::not_found());
    }
    let institution = state.institution(&iid).await?;
    let (from, to) = (report_day(&query.from, "from")?, report_day(&query.to, "to")?);
    let days = (to - from).whole_days() + 1;
    if !(1..=MAX_REPORT_DAYS).contains(&days) {
        return Err(ApiError::field(ErrorCode::Validation, "A report covers 1 to 366 days, from its first day to its last.", "to"));
    }
    let since = from.midnight().assume_utc().unix_timestamp();
    let until = since + days * 86_400;
    let members = state.store.member_first_pageviews(&iid, since).await?;
    let visitors = state.store.visitor_first_pageviews(&iid, since).await?;
    let programme: std::collections::HashMap<i64, coverline_store::ProgrammeDay> =
        state.store.programme(&iid, since, until).await?.into_iter().collect();
    let mut rows = Vec::new();
    for n in 0..days {
        let start = since + n * 86_400;
        let figures = programme.get(&start).cloned().unwrap_or_default();
        let funnel = tally_until(&iid, &members, &visitors, figures.contracts, start, start + 86_400);
        rows.push(ReportDay {
            date: (from + time::Duration::days(n)).to_string(),
            reached: funnel
                .steps
                .iter()
                .filter(|r| r.step != FunnelStep::Purchased)
                .map(|r| (r.step.as_str().to_string(), r.reached))
                .collect(),
            contracts: figures.contracts,
            amount_cents: figures.amount_cents,
            cancellations: figures.cancellations,
            refunds: figures.refunds,
            refund_cents: figures.refund_cents,
        });
    }
    let sum = |f: fn(&ReportDay) -> i64| rows.iter().map(f).sum::<i64>();
    let contracts = sum(|d| d.contracts);
    let report = Report {
        institution_id: institution.institution_id.clone(),
        from: from.to_string(),
        to: to.to_string(),
        funnel: tally_until(&iid, &members, &visitors, contracts, since, until).steps.into_iter().map(ReportStep::from).collect(),
        sales: Sales { contracts, amount_cents: sum(|d| d.amount_cents) },
        cancellations: Cancellations { contracts: sum(|d| d.cancellations) },
        refunds: Refunds { count: sum(|d| d.refunds), amount_cents: sum(|d| d.refund_cents) },
        days: rows,
    };
    if query.format.as_deref() == Some("csv") {
        let name = format!("coverline-{iid}-{}-{}.csv", report.from, report.to);
        let disposition = HeaderValue::from_str(&format!("attachment; filename=\"{name}\"")).map_err(|e| ApiError::internal(e.into()))?;
        return Ok((
            [(header::CONTENT_TYPE, HeaderValue::from_static("text/csv; charset=utf-8")), (header::CONTENT_DISPOSITION, disposition)],
            report_csv(&report),
        )
            .into_response());
    }
    Ok(Json(report).into_response())
}

/// The report's days as CSV (RFC 4180): a header, a row per day, and a total.
fn report_csv(report: &Report) -> String {
    let steps: Vec<&str> = FunnelStep::ALL.iter().filter(|s| **s != FunnelStep::Purchased).map(|s| s.as_str()).collect();
    let dollars = |cents: i64| format!("{}.{:02}", cents / 100, cents % 100);
    let mut out = String::from("date");
    for step in &steps {
        out.push_str(&format!(",reached_{step}"));
    }
    out.push_str(",contracts,sales_usd,cancellations,refunds,refunds_usd\r\n");
    let mut line = |date: &str, reached: &dyn Fn(&str) -> i64, d: (i64, i64, i64, i64, i64)| {
        out.push_str(date);
        for step in &steps {
            out.push_str(&format!(",{}", reached(step)));
        }
        out.push_str(&format!(",{},{},{},{},{}\r\n", d.0, dollars(d.1), d.2, d.3, dollars(d.4)));
    };
    for d in &report.days {
        line(
            &d.date,
            &|s| d.reached.get(s).copied().unwrap_or(0),
            (d.contracts, d.amount_cents, d.cancellations, d.refunds, d.refund_cents),
        );
    }
    let total = |s: &str| report.days.iter().map(|d| d.reached.get(s).copied().unwrap_or(0)).sum();
    line(
        "total",
        &total,
        (
            report.sales.contracts,
            report.sales.amount_cents,
            report.cancellations.contracts,
            report.refunds.count,
            report.refunds.amount_cents,
        ),
    );
    out
}

/// An integrator as the admin sees it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct IntegratorRow {
    integrator_id: String,
    name: String,
    is_active: bool,
    /// The origins allowed to frame the flow.
    origins: Vec<String>,
}

/// An institution as the admin sees it, with its integrators.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct InstitutionRow {
    institution_id: String,
    name: String,
    is_active: bool,
    integrators: Vec<IntegratorRow>,
}

/// Every institution and its integrators (admin).
#[utoipa::path(get, path = "/staff/institutions", tag = "staff",
    responses((status = 200, description = "The institutions", body = Vec<InstitutionRow>),
        (status = "4XX", description = "No session (401), not an admin (403)", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn institutions(State(state): State<AppState>, headers: HeaderMap) -> ApiResult<Json<Vec<InstitutionRow>>> {
    let staff = signed_in(&state, &headers).await?;
    if !staff.roles.contains(&Role::Admin) {
        return Err(forbidden("Your role may not do this."));
    }
    let integrators = state.store.integrators().await?;
    Ok(Json(
        state
            .store
            .institutions()
            .await?
            .into_iter()
            .map(|i| InstitutionRow {
                integrators: integrators
                    .iter()
                    .filter(|g| g.institution_id == i.institution_id)
                    .map(|g| IntegratorRow {
                        integrator_id: g.integrator_id.clone(),
                        name: g.name.clone(),
                        is_active: g.is_active != 0,
                        origins: g.origins(),
                    })
                    .collect(),
                institution_id: i.institution_id,
                name: i.name,
                is_active: i.is_active,
            })
            .collect(),
    ))
}

/// An institution's or an integrator's file, as `coverline institution import` and `coverline integrator
/// import` read them.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ImportBody {
    /// The TOML file's text.
    toml: String,
    /// An institution's logo (the file its `logoName` names), base64; omitted, the stored one stays.
    logo_base64: Option<String>,
}

/// Imports (creates or replaces) an institution from its TOML file and logo (admin).
#[utoipa::path(post, path = "/staff/institutions", tag = "staff",
    params(("X-CSRF-Token" = String, Header), ("Idempotency-Key" = String, Header)), request_body = ImportBody,
    responses((status = 200, description = "Imported", body = ActionAnswer),
        (status = "4XX", description = "No key (400), no session (401), no CSRF token or not an admin (403), a file that does not check (409)", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn import_institution(
    State(state): State<AppState>,
    headers: HeaderMap,
    Json(body): Json<ImportBody>,
) -> ApiResult<Json<ActionAnswer>> {
    use base64::Engine;
    let logo = match body.logo_base64.as_deref() {
        None => None,
        Some(b64) => Some(
            base64::engine::general_purpose::STANDARD
                .decode(b64.trim())
                .map_err(|_| ApiError::field(ErrorCode::Validation, "The logo is not base64.", "logoBase64"))?,
        ),
    };
    let store = state.store.clone();
    let id = coverline_domain::institution::Institution::from_toml(&body.toml).map(|i| i.institution_id).unwrap_or_default();
    let answer = administer(&state, &headers, "importInstitution", &id, Some(&id), async move {
        let id = crate::services::institutions::import_text(&store, &body.toml, logo.as_deref()).await?;
        Ok(Outcome::Done(format!("imported institution {id}")))
    })
    .await;
    state.institutions.invalidate(&id).await;
    answer
}

/// Whether to turn it on or off.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ActiveBody {
    active: bool,
}

/// Turns an institution on or off (admin): an inactive one's pages and API answer 403.
#[utoipa::path(post, path = "/staff/institution/{iid}/active", tag = "staff",
    params(("iid" = String, Path), ("X-CSRF-Token" = String, Header), ("Idempotency-Key" = String, Header)), request_body = ActiveBody,
    responses((status = 200, description = "Done, or nothing to do", body = ActionAnswer),
        (status = "4XX", description = "No key (400), no session (401), no CSRF token or not an admin (403), unknown (404)", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn institution_active(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(iid): Path<String>,
    Json(body): Json<ActiveBody>,
) -> ApiResult<Json<ActionAnswer>> {
    let known = state.store.institution(&iid).await?.ok_or_else(ApiError::not_found)?;
    let store = state.store.clone();
    let action = if body.active { "activateInstitution" } else { "deactivateInstitution" };
    let answer = administer(&state, &headers, action, &iid, Some(&iid), async move {
        if known.is_active == body.active {
            return Ok(Outcome::NothingToDo(format!(
                "{} is {} already",
                known.institution_id,
                if body.active { "active" } else { "inactive" }
            )));
        }
        crate::services::institutions::set_active(&store, &known.institution_id, body.active).await?;
        Ok(Outcome::Done(format!(
            "{} is {} (every API instance within seconds)",
            known.institution_id,
            if body.active { "active" } else { "inactive" }
        )))
    })
    .await;
    state.institutions.invalidate(&iid).await;
    answer
}

/// Imports (creates or replaces) an integrator from its TOML file (admin).
#[utoipa::path(post, path = "/staff/integrators", tag = "staff",
    params(("X-CSRF-Token" = String, Header), ("Idempotency-Key" = String, Header)), request_body = ImportBody,
    responses((status = 200, description = "Imported", body = ActionAnswer),
        (status = "4XX", description = "No key (400), no session (401), no CSRF token or not an admin (403), a file that does not check (409)", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn import_integrator(
    State(state): State<AppState>,
    headers: HeaderMap,
    Json(body): Json<ImportBody>,
) -> ApiResult<Json<ActionAnswer>> {
    let store = state.store.clone();
    let file = crate::services::integrators::IntegratorFile::from_toml(&body.toml).ok();
    let (id, institution) = file.map(|f| (f.integrator_id, f.institution_id)).unwrap_or_default();
    let answer = administer(&state, &headers, "importIntegrator", &id, Some(&institution), async move {
        let id = crate::services::integrators::import_text(&store, &body.toml).await?;
        Ok(Outcome::Done(format!("imported integrator {id}")))
    })
    .await;
    state.framing.invalidate(&institution).await;
    answer
}

/// Turns an integrator on or off (admin): an inactive one cannot launch the flow or frame it.
#[utoipa::path(post, path = "/staff/integrator/{integrator_id}/active", tag = "staff",
    params(("integrator_id" = String, Path), ("X-CSRF-Token" = String, Header), ("Idempotency-Key" = String, Header)), request_body = ActiveBody,
    responses((status = 200, description = "Done, or nothing to do", body = ActionAnswer),
        (status = "4XX", description = "No key (400), no session (401), no CSRF token or not an admin (403), unknown (404)", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn integrator_active(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(integrator_id): Path<String>,
    Json(body): Json<ActiveBody>,
) -> ApiResult<Json<ActionAnswer>> {
    let known = state.store.integrator(&integrator_id).await?.ok_or_else(ApiError::not_found)?;
    let store = state.store.clone();
    let action = if body.active { "activateIntegrator" } else { "deactivateIntegrator" };
    let institution = known.institution_id.clone();
    let answer = administer(&state, &headers, action, &integrator_id, Some(&institution), async move {
        let state_word = if body.active { "active" } else { "inactive" };
        if (known.is_active != 0) == body.active {
            return Ok(Outcome::NothingToDo(format!("{} is {state_word} already", known.integrator_id)));
        }
        store.set_integrator_active(&known.integrator_id, body.active).await?;
        Ok(Outcome::Done(format!("{} is {state_word}", known.integrator_id)))
    })
    .await;
    state.framing.invalidate(&institution).await;
    answer
}

/// How many audit rows to list.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct AuditQuery {
    /// At most 1000; 200 when omitted.
    limit: Option<i64>,
}

/// One audit-log row.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct AuditEntry {
    /// Unix milliseconds.
    at: i64,
    staff_name: String,
    staff_email: String,
    role: String,
    action: String,
    target: String,
    institution_id: Option<String>,
    outcome: String,
    message: String,
}

/// The audit log, newest first: an admin's is everyone's, a manager's their institution's, support's
/// their own.
#[utoipa::path(get, path = "/staff/audit", tag = "staff", params(AuditQuery),
    responses((status = 200, description = "The audit log", body = Vec<AuditEntry>),
        (status = "4XX", description = "A limit that is not a whole number (400), no session (401)", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn audit(State(state): State<AppState>, headers: HeaderMap, Query(query): Query<AuditQuery>) -> ApiResult<Json<Vec<AuditEntry>>> {
    let staff = signed_in(&state, &headers).await?;
    let scope = match (staff.acting_as(&[Role::Manager]), &staff.institution_id) {
        (Some(Role::Admin), _) => AuditScope::Everyone,
        (Some(_), Some(institution)) => AuditScope::Institution(institution.clone()),
        (Some(_), None) => AuditScope::Everyone,
        (None, _) => AuditScope::Person(staff.subject.clone()),
    };
    let rows = state.store.staff_actions(&scope, query.limit.unwrap_or(200).clamp(1, 1000)).await?;
    Ok(Json(
        rows.into_iter()
            .map(|r| AuditEntry {
                at: r.at_ms,
                staff_name: r.staff_name,
                staff_email: r.staff_email,
                role: r.role,
                action: r.action,
                target: r.target,
                institution_id: r.institution_id,
                outcome: r.outcome,
                message: r.message,
            })
            .collect(),
    ))
}
