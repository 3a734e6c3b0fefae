//! The durable checkout as the web app sees it: record a completed step, read the checkout, and
//! the two ways back into it — a reloaded tab's restore (the HttpOnly restore cookie) and a
//! 'continue your purchase' link from an email (any device).

use coverline_domain::ErrorCode;
use coverline_domain::lifecycle::PurchaseStatus;
use std::net::SocketAddr;

use axum::Json;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{AppendHeaders, IntoResponse, Response};
use coverline_activities::checkout::secret_hash;
use coverline_activities::purchase::PolicyDetails;
use coverline_domain::checkout::{Answers, ChosenRate, Step, Vehicle};
use coverline_domain::collected::CollectedInfo;
use coverline_domain::contact::StateCode;
use coverline_domain::institution::Institution;
use coverline_domain::language::Language;
use coverline_domain::money::Cents;
use coverline_domain::vehicle::{parse_miles_per_year, parse_years_to_own};
use coverline_store::{ResumeRefusal, UserRecord};
use coverline_workflows::checkout::CheckoutView;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::http::app::AppState;
use crate::http::auth::{self, ActiveInstitution, InstitutionMember};
use crate::http::error::{ApiError, ApiResult};
use crate::http::openapi::{ErrorBody, InstitutionPath, MemberPath};
use crate::http::routes::car::{CarView, car_view};
use crate::http::routes::document::client_address;
use crate::http::routes::policy::{Confirmation, PolicyView, confirmation, policy_view};
use crate::http::routes::quote::{QuoteView, quote_json};
use crate::http::routes::user::{UserView, user_view};
use crate::http::web_page::request_language;
use crate::services::checkouts;
use crate::services::garage::decode_with_style;
use crate::services::limits::Limit;

/// Resume links a client may try per hour (they are single use; this stops guessing).
const RESUMES_PER_CLIENT: Limit = Limit::new("resume-client", 20, 3600, coverline_domain::product::messages::TOO_MANY_ATTEMPTS);

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(advance, get_checkout))
        .routes(routes!(restore))
        .routes(routes!(end_session))
        .routes(routes!(resume))
}

/// The vehicle the member identified: its VIN (decoded again on the server).
#[derive(Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct VehicleAnswer {
    /// 17 characters, digits and letters other than I, O and Q, in either case; spaces around it
    /// are ignored.
    // The pattern is `Vin::parse`'s rule (a test in crate::http::openapi holds them together).
    #[schema(pattern = "^\\s*[0-9A-HJ-NPR-Za-hj-npr-z]{17}\\s*$")]
    vin: String,
    /// The member's choice when the VIN fits several styles.
    style: Option<String>,
}

/// The member's answers so far, as the browser holds them.
#[derive(Serialize, Deserialize, Default, ToSchema)]
#[serde(rename_all = "camelCase", default)]
struct AnswersBody {
    /// Two-letter code of one of the 50 states or DC, in either case.
    // The pattern is the shape `StateCode::parse` checks; which codes exist, it checks after.
    #[schema(pattern = "^\\s*[A-Za-z]{2}\\s*$")]
    state_of_residence: Option<String>,
    vehicle: Option<VehicleAnswer>,
    #[schema(maximum = 999999)]
    odometer: Option<u32>,
    car_flags: coverline_domain::vehicle::CarFlags,
    miles_per_year: Option<u32>,
    #[schema(minimum = 1, maximum = 7)]
    years_to_own: Option<u8>,
    car_id: Option<String>,
    quote_id: Option<String>,
    rate: Option<ChosenRate>,
    bounce: Option<coverline_domain::checkout::Bounce>,
}

/// A completed step: the screen the member moved to and their answers.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct AdvanceBody {
    step: Step,
    #[serde(default)]
    answers: AnswersBody,
}

/// The checkout as the workflow answered.
#[derive(Serialize, ToSchema)]
struct OneCheckout {
    checkout: CheckoutView,
}

/// A price that changed since the member last saw it (a resumed quote too old to honour).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct PriceChange {
    /// What the member saw, e.g. `$1,234` or `$1,234.50`.
    from: String,
    /// What the coverage costs now.
    to: String,
    /// The sentence to show.
    message: String,
}

/// The member's newest contact request (contact-me, institution contact): what they told us.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ContactRequestView {
    page_user_bounced_from: String,
    /// The `collectedInfo` as kept (names, phone, email, the car's answers); null when it cannot be read.
    collected_info: Option<CollectedInfo>,
    does_consent_to_email: bool,
    institution_contact: bool,
}

/// Everything a tab needs to show the member's screen again: a new token, the member, the
/// checkout (its screen and answers), and the records behind it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Resumed {
    token: String,
    user: UserView,
    checkout: Option<CheckoutView>,
    car: Option<CarView>,
    quote: Option<QuoteView>,
    policy: Option<PolicyView>,
    /// The confirmation page's data once paid.
    confirmation: Option<Confirmation>,
    /// Set when a resumed quote was re-rated and the chosen coverage's price changed.
    price_change: Option<PriceChange>,
    /// The member's newest contact request, once sent (a thank-you page shows what they told us).
    contact_request: Option<ContactRequestView>,
    /// The integrator whose partner page this member's app lives in (integration mode), if any.
    integrator_id: Option<String>,
}

fn idempotency_key(headers: &HeaderMap) -> Option<String> {
    headers
        .get("idempotency-key")
        .and_then(|v| v.to_str().ok())
        .map(str::trim)
        .filter(|k| !k.is_empty() && k.len() <= 100 && k.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'))
        .map(str::to_string)
}

/// The Update id of a client's call with an `Idempotency-Key`: a retried call is the same Update.
pub(crate) fn update_id(headers: &HeaderMap, kind: &str) -> Option<String> {
    idempotency_key(headers).map(|key| format!("{kind}-{key}"))
}

/// Checks the answers against the member's records and decodes the VIN again, so the checkout
/// only ever holds what the server has seen.
async fn checked_answers(state: &AppState, uid: &str, body: AnswersBody) -> ApiResult<Answers> {
    let state_of_residence = body.state_of_residence.as_deref().map(StateCode::parse).transpose()?.map(|s| s.as_str().to_string());
    let vehicle = match body.vehicle {
        Some(v) => {
            let decoded = decode_with_style(state, &v.vin, v.style.as_deref())?;
            Some(Vehicle {
                vin: decoded.vin,
                year: decoded.year,
                make: decoded.make,
                model: decoded.model,
                style: decoded.style,
                is_mock_vin: decoded.is_mock_vin,
            })
        }
        None => None,
    };
    if body.odometer.is_some_and(|o| o == 0 || o > 999_999) {
        return Err(coverline_domain::ValidationError::new("odometer", coverline_domain::product::field_errors::SIX_DIGITS).into());
    }
    let miles_per_year = body.miles_per_year.map(parse_miles_per_year).transpose()?;
    let years_to_own = body.years_to_own.map(parse_years_to_own).transpose()?;
    if let Some(car_id) = &body.car_id {
        let car = state.store.car(uid, car_id).await?.ok_or_else(ApiError::not_found)?;
        if vehicle.as_ref().is_some_and(|v| v.vin != car.vin) {
            return Err(ApiError::bad_request(coverline_domain::product::messages::CAR_NOT_THE_VEHICLE));
        }
    }
    if let Some(quote_id) = &body.quote_id {
        let quote = state.store.quote(uid, quote_id).await?.ok_or_else(ApiError::not_found)?;
        if body.car_id.as_deref() != Some(quote.car_id.as_str()) {
            return Err(ApiError::bad_request(coverline_domain::product::messages::QUOTE_NOT_OF_CAR));
        }
        if let Some(rate) = &body.rate {
            let rates = state.store.rates(quote_id).await?;
            if !rates.iter().any(|r| r.rate_id == rate.rate_id) || rate.index as usize >= rates.len() {
                return Err(ApiError::not_found());
            }
        }
    } else if body.rate.is_some() {
        return Err(ApiError::bad_request("A coverage needs its quote."));
    }
    if let Some(bounce) = &body.bounce
        && bounce.page_user_bounced_from.as_ref().is_some_and(|p| p.len() > 64 || !p.chars().all(|c| c.is_ascii_alphanumeric()))
    {
        return Err(ApiError::bad_request("pageUserBouncedFrom must be a page name."));
    }
    Ok(Answers {
        state_of_residence,
        vehicle,
        odometer: body.odometer,
        car_flags: body.car_flags,
        miles_per_year,
        years_to_own,
        car_id: body.car_id,
        quote_id: body.quote_id,
        rate: body.rate,
        bounce: body.bounce,
    })
}

/// Records a completed step in the member's checkout. The workflow checks the step order (the
/// allowed-route gate) and answers the checkout; a step out of order is refused (409).
#[utoipa::path(put, path = "/institution/{iid}/user/{uid}/checkout", tag = "checkout", params(MemberPath), request_body = AdvanceBody, security(("session" = [])),
    responses((status = 200, description = "The checkout after the step: its screen and answers", body = OneCheckout),
        (status = "4XX", description = "Answers the rules refuse (400), no live session (401), records that are not the member's (404), \
            a step out of order (409 stepOutOfOrder)", body = ErrorBody),
        (status = 503, description = "The checkout did not answer in time", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn advance(
    State(state): State<AppState>,
    InstitutionMember { institution, member }: InstitutionMember,
    headers: HeaderMap,
    Path((_, uid)): Path<(String, String)>,
    Json(body): Json<AdvanceBody>,
) -> ApiResult<Json<OneCheckout>> {
    let answers = checked_answers(&state, &uid, body.answers).await?;
    let facts = checkouts::facts(&state, &institution, &member.user, answers.state_of_residence.as_deref()).await?;
    let checkout = checkouts::advance(&state, &member.user, body.step, answers, facts, update_id(&headers, "advance")).await?;
    Ok(Json(OneCheckout { checkout }))
}

/// Everything to show the member's screen again, with `token` as their session from now on.
async fn resumed(
    state: &AppState,
    institution: &Institution,
    user: &UserRecord,
    token: String,
    price_change: Option<PriceChange>,
    language: Language,
) -> ApiResult<Resumed> {
    let checkout = checkouts::view(state, &user.user_id).await?;
    let answers = checkout.as_ref().map(|c| c.checkout.answers.clone()).unwrap_or_default();
    let car = match &answers.car_id {
        Some(id) => state.store.car(&user.user_id, id).await?,
        None => None,
    };
    let quote = match (&answers.quote_id, &car) {
        (Some(id), Some(car)) => match state.store.quote(&user.user_id, id).await? {
            Some(q) => Some(quote_json(state, institution, &q, &state.store.rates(id).await?, car, language)),
            None => None,
        },
        _ => None,
    };
    let policy = state.store.policies_of_user(&user.user_id).await?.into_iter().next();
    let confirmation = match &policy {
        Some(p) if matches!(p.status, PurchaseStatus::Paid | PurchaseStatus::Fulfilled) => {
            confirmation(&PolicyDetails::load(&state.store, &p.policy_id).await?)
        }
        _ => None,
    };
    let contact_request = state.store.latest_contact_request(&user.user_id).await?.map(|r| ContactRequestView {
        page_user_bounced_from: r.page_bounced_from,
        collected_info: serde_json::from_str(&r.collected_json).ok(),
        does_consent_to_email: r.consents_to_email == 1,
        institution_contact: r.institution_contact == 1,
    });
    Ok(Resumed {
        token,
        user: user_view(user),
        checkout,
        car: car.as_ref().map(car_view),
        quote,
        policy: policy.as_ref().map(policy_view),
        confirmation,
        price_change,
        contact_request,
        integrator_id: user.integrator_id.clone(),
    })
}

/// The member's checkout as the workflow sees it now (or as last recorded, when it cannot answer
/// at once); 404 before the first step.
#[utoipa::path(get, path = "/institution/{iid}/user/{uid}/checkout", tag = "checkout", params(MemberPath), security(("session" = [])),
    responses((status = 200, description = "The checkout: its screen, answers and purchase", body = OneCheckout),
        (status = "4XX", description = "No checkout before the first step (404), \
            no live session (401), an inactive institution (403), an unknown institution or another member's id (404)", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn get_checkout(
    State(state): State<AppState>,
    _member: InstitutionMember,
    Path((_, uid)): Path<(String, String)>,
) -> ApiResult<Json<OneCheckout>> {
    let checkout = checkouts::view(&state, &uid).await?.ok_or_else(ApiError::not_found)?;
    Ok(Json(OneCheckout { checkout }))
}

/// A reloaded or restored tab finds its session again through the HttpOnly restore cookie (no
/// script can read it): a new token of the same session, and the member's screen. Refused once
/// the session has expired (idle 15 minutes, or past its maximum age).
#[utoipa::path(post, path = "/institution/{iid}/session/restore", tag = "checkout", params(InstitutionPath),
    responses((status = 200, description = "A new token of the same session and everything to show the member's screen", body = Resumed),
        (status = 401, description = "No restore cookie (unauthorized), or its session expired (sessionExpired)", body = ErrorBody),
        (status = 403, description = "An inactive institution", body = ErrorBody),
        (status = 404, description = "An unknown institution", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn restore(
    State(state): State<AppState>,
    ActiveInstitution(institution): ActiveInstitution,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let key = auth::restore_key(&headers).ok_or_else(ApiError::unauthorized)?;
    let found = state.store.restore_key(&secret_hash(&key)).await?.ok_or_else(ApiError::unauthorized)?;
    let user = state.store.user(&found.user_id).await?.ok_or_else(ApiError::unauthorized)?;
    if user.institution_id != institution.institution_id {
        return Err(ApiError::unauthorized());
    }
    let now = state.clock.now();
    let idle = state.config.idle_timeout.as_secs() as i64;
    let alive = state.store.last_session_activity(&user.user_id).await?.is_some_and(|at| now - at <= idle);
    if !alive || now - found.chain_started_at > state.config.session_max.as_secs() as i64 {
        let cleared = auth::cleared_restore_cookies(&state, &institution.institution_id);
        return Ok((StatusCode::UNAUTHORIZED, AppendHeaders(cleared), ApiError::session_expired()).into_response());
    }
    let token = auth::continue_chain(&state, &user.user_id, found.chain_started_at).await?;
    let language = request_language(&institution, &headers);
    Ok(Json(resumed(&state, &institution, &user, token, None, language).await?).into_response())
}

/// Ends the member's session on this device and everywhere: the restore cookie is forgotten and
/// cleared, and every live token of the member is revoked (the web app calls it when its session
/// ends: 15 idle minutes, the refresh maximum). Without a cookie or token there is nothing to end.
#[utoipa::path(post, path = "/institution/{iid}/session/end", tag = "checkout", params(InstitutionPath),
    responses((status = 204, description = "Ended (or nothing to end); the restore cookie is cleared"),
        (status = "4XX", description = "An inactive (403) or unknown (404) institution", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn end_session(
    State(state): State<AppState>,
    ActiveInstitution(institution): ActiveInstitution,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let mut user_id = None;
    if let Some(key) = auth::restore_key(&headers) {
        let hash = secret_hash(&key);
        if let Some(found) = state.store.restore_key(&hash).await? {
            user_id = Some(found.user_id);
        }
        state.store.delete_restore_key(&hash).await?;
    }
    if let Ok(Ok(member)) = auth::session(&state, &headers).await {
        user_id = Some(member.user.user_id);
    }
    if let Some(user) = user_id.as_deref() {
        match state.store.user(user).await? {
            // Every device's sessions and restore keys; the continue links in the member's mailbox
            // stay (the web ends a session after 15 idle minutes, and a link is the way back).
            Some(u) if u.institution_id == institution.institution_id => {
                state.store.revoke_member_access(user, None, false, state.clock.now()).await?
            }
            _ => {}
        }
    }
    let cleared = auth::cleared_restore_cookies(&state, &institution.institution_id);
    Ok((StatusCode::NO_CONTENT, AppendHeaders(cleared)).into_response())
}

/// A 'continue your purchase' link from the code email or the reminder.
#[derive(Deserialize, ToSchema)]
struct ResumeBody {
    #[schema(max_length = 100)]
    token: String,
}

/// Re-rates a quote too old to honour (never a booked one); the price change, when there is one.
async fn honour_quote(
    state: &AppState,
    institution: &Institution,
    user: &UserRecord,
    view: Option<&CheckoutView>,
) -> ApiResult<Option<PriceChange>> {
    let Some(view) = view.filter(|v| v.purchase.is_none()) else { return Ok(None) };
    let answers = &view.checkout.answers;
    let (Some(quote_id), Some(rate)) = (&answers.quote_id, &answers.rate) else { return Ok(None) };
    let Some(quote) = state.store.quote(&user.user_id, quote_id).await? else { return Ok(None) };
    if state.clock.now() - quote.created_at <= state.config.quote_valid.as_secs() as i64 {
        return Ok(None);
    }
    let Some(car) = state.store.car(&user.user_id, &quote.car_id).await? else { return Ok(None) };
    let old = state.store.rates(quote_id).await?;
    let Some(chosen) = old.iter().find(|r| r.rate_id == rate.rate_id) else { return Ok(None) };
    let residence = StateCode::parse(&quote.state)?;
    let answers_of = (
        quote.miles_per_year.and_then(|m| u32::try_from(m).ok()).unwrap_or(car.miles_per_year),
        quote.years_to_own.and_then(|y| u8::try_from(y).ok()).unwrap_or(car.years_to_own),
    );
    let priced = crate::services::quoting::rate_car(state, institution, &car, answers_of.0, answers_of.1, &residence)?;
    let (_, renewed) = crate::services::quoting::rerate(state, institution, quote, &priced).await?;
    let Some(now) = renewed.iter().find(|r| r.position == chosen.position) else { return Ok(None) };
    // The rates have new ids: the checkout's choice follows its coverage to the new rate.
    let answers = Answers { rate: Some(ChosenRate { rate_id: now.rate_id.clone(), index: rate.index }), ..answers.clone() };
    let facts = checkouts::facts(state, institution, user, answers.state_of_residence.as_deref()).await?;
    checkouts::advance(state, user, view.checkout.step, answers, facts, None).await?;
    let (was, is) = (Cents(chosen.price_cents + chosen.tax_cents), Cents(now.price_cents + now.tax_cents));
    if was == is {
        return Ok(None);
    }
    let message =
        format!("Prices have changed since you chose your coverage: it was {}, and it is now {}.", was.dollar_sign(), is.dollar_sign());
    Ok(Some(PriceChange { from: was.dollar_sign(), to: is.dollar_sign(), message }))
}

/// The longest continue-link token accepted (the ones we send are 43 characters); a longer one is malformed.
pub(crate) const RESUME_TOKEN_MAX_LEN: usize = 100;

/// Opens a 'continue your purchase' link (single use, 7 days): a new session for its member on
/// this device, at the step reached. A quote too old to honour is re-rated; a changed price is said.
#[utoipa::path(post, path = "/institution/{iid}/resume", tag = "checkout", params(InstitutionPath), request_body = ResumeBody,
    responses((status = 200, description = "A new session for the link's member (the restore cookie is set) and their screen; \
            `priceChange` when a re-rated quote's price moved", body = Resumed),
        (status = "4XX", description = "A malformed link (400), an inactive (403) or unknown (404) institution, an unknown, used or expired link (410 linkExpired), too many tries (429)", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn resume(
    State(state): State<AppState>,
    ActiveInstitution(institution): ActiveInstitution,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Json(body): Json<ResumeBody>,
) -> ApiResult<Response> {
    let now = state.clock.now();
    RESUMES_PER_CLIENT.take(&state.store, &client_address(&state, &headers, peer), now).await?;
    let gone = || ApiError::new(StatusCode::GONE, ErrorCode::LinkExpired, coverline_domain::product::messages::LINK_EXPIRED);
    if body.token.len() > RESUME_TOKEN_MAX_LEN {
        return Err(ApiError::bad_request(coverline_domain::product::messages::LINK_INVALID));
    }
    let token = body.token.trim();
    if token.is_empty() {
        return Err(gone());
    }
    let hash = secret_hash(token);
    // A link of another institution opens nothing here (and stays usable there).
    let user = match state.store.resume_link(&hash).await? {
        Some(link) => state.store.user(&link.user_id).await?.filter(|u| u.institution_id == institution.institution_id),
        None => None,
    };
    let Some(user) = user else { return Err(gone()) };
    match state.store.use_resume_link(&hash, now).await? {
        Ok(_) => {}
        Err(ResumeRefusal::Unknown | ResumeRefusal::Used | ResumeRefusal::Expired) => return Err(gone()),
    }
    let (token, cookie) = auth::open_session(&state, &institution.institution_id, &user.user_id).await?;
    let view = checkouts::view(&state, &user.user_id).await?;
    // A quote that cannot be re-rated now (no rate fits any more, the checkout busy) does not keep
    // the member out: they go on where they were, and the booking answers for the quote.
    let price_change = honour_quote(&state, &institution, &user, view.as_ref()).await.unwrap_or_else(|e| {
        tracing::warn!(user_id = %user.user_id, code = %e.code, message = %e.message, "a resumed quote was not re-rated");
        None
    });
    tracing::info!(user_id = %user.user_id, "checkout resumed from an emailed link");
    // The link's page is in its member's language (web_page.rs), whatever the browser asks for.
    let resumed = resumed(&state, &institution, &user, token, price_change, user.language).await?;
    Ok((AppendHeaders([(header::SET_COOKIE, cookie)]), Json(resumed)).into_response())
}
