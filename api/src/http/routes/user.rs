//! Users: create (splash), personal details, email verification.

use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{AppendHeaders, IntoResponse, Response};
use coverline_activities::checkout::code_hash;
use coverline_domain::ErrorCode;
use coverline_domain::contact::EmailAddress;
use coverline_domain::product::messages;
use coverline_store::UserRecord;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::http::app::AppState;
use crate::http::auth::{self, ActiveInstitution, InstitutionMember};
use crate::http::error::{ApiError, ApiResult};
use crate::http::openapi::{ErrorBody, InstitutionPath, MemberPath};
use crate::http::routes::checkout::update_id;
use crate::services::checkouts::{self, CheckoutError};
pub(crate) use crate::services::personal_details::Address;
use crate::services::personal_details::check_details;

/// The spec's text for a wrong verification code.
pub const INVALID_CODE: &str = messages::INVALID_CODE;
/// Wrong tries before a code dies.
const MAX_CODE_ATTEMPTS: i64 = 5;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create_user))
        .routes(routes!(get_user, update_user))
        .routes(routes!(send_verification_email))
        .routes(routes!(update_email))
        .routes(routes!(set_language))
}

/// The user as the web app sees it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserView {
    user_id: String,
    email_address: String,
    first_name: Option<String>,
    last_name: Option<String>,
    /// Ten digits.
    phone_number: Option<String>,
    /// Null until the personal details are given.
    address: Option<AddressView>,
    /// Null until the member answers the membership question.
    is_member: Option<bool>,
    is_email_verified: bool,
    does_consent_to_soliciting: bool,
    /// The language the member reads Coverline in, kept for what is sent to them later (docs/languages.md).
    language: coverline_domain::Language,
}

#[derive(Serialize, ToSchema)]
pub struct AddressView {
    street: String,
    city: String,
    state: String,
    zip: String,
}

pub fn user_view(u: &UserRecord) -> UserView {
    let address = match (&u.street, &u.city, &u.state, &u.zip) {
        (Some(street), Some(city), Some(state), Some(zip)) => {
            Some(AddressView { street: street.clone(), city: city.clone(), state: state.clone(), zip: zip.clone() })
        }
        _ => None,
    };
    UserView {
        user_id: u.user_id.clone(),
        email_address: u.email.clone(),
        first_name: u.first_name.clone(),
        last_name: u.last_name.clone(),
        phone_number: u.phone.clone(),
        address,
        is_member: u.is_member,
        is_email_verified: u.email_verified_at.is_some(),
        does_consent_to_soliciting: u.consents_to_solicit,
        language: u.language,
    }
}

/// A user and the session token to use from now on.
#[derive(Serialize, ToSchema)]
pub struct UserWithToken {
    pub user: UserView,
    pub token: String,
}

#[derive(Serialize, ToSchema)]
struct OneUser {
    user: UserView,
}

/// The code was sent.
#[derive(Serialize, ToSchema)]
struct Sent {
    sent: bool,
}

/// The member with the changed address, and the session's new token.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct UpdatedEmail {
    updated_token: String,
    user: UserView,
}

/// The splash's answer: an email address and a generated password.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct CreateUser {
    /// An address a mail relay takes, with a dot in its domain; stored lower-cased.
    // No `format: email`: `EmailAddress::parse` is stricter than it in some ways (a dotted domain,
    // no IP literal) and looser in others (spaces around, non-ASCII local parts).
    #[schema(max_length = 254)]
    email_address: String,
    #[schema(min_length = 12, max_length = 256)]
    password: String,
    #[allow(dead_code)]
    current_user_id: Option<String>,
    /// The splash's captcha solution (the ALTCHA widget's payload for a challenge of
    /// `GET /institution/{iid}/captcha`); each is accepted once.
    #[serde(default)]
    #[schema(max_length = 4096)]
    captcha_token: Option<String>,
}

/// Creates a member's user from the splash and starts their session (and sets the restore
/// cookie a reloaded tab finds it again with). Needs a solved captcha (`captchaToken`): a missing,
/// invalid, expired or used one is refused (`captchaRequired`, `captchaInvalid`, `captchaExpired`,
/// `captchaUsed`) and no user is created.
#[utoipa::path(post, path = "/institution/{iid}/user", tag = "users", params(InstitutionPath), request_body = CreateUser,
    responses((status = 201, description = "The user and their session token; the restore cookie is set", body = UserWithToken),
        (status = "4XX", description = "A malformed address, a password not 12 to 256 characters, or a missing, invalid, expired or used captcha (400); \
            an inactive (403) or unknown (404) institution", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn create_user(
    State(state): State<AppState>,
    ActiveInstitution(institution): ActiveInstitution,
    headers: HeaderMap,
    Json(body): Json<CreateUser>,
) -> ApiResult<(StatusCode, super::SetCookie, Json<UserWithToken>)> {
    let email = EmailAddress::parse(&body.email_address)?;
    if body.password.chars().count() < 12 || body.password.len() > 256 {
        return Err(ApiError::bad_request(messages::PASSWORD_LENGTH));
    }
    crate::services::captcha::spend(&state, body.captcha_token.as_deref()).await?;
    let user_id = crate::services::ids::new_id("usr");
    let hash = auth::hash_password_blocking(&body.password).await?;
    let language = crate::http::web_page::request_language(&institution, &headers);
    let user = state.store.insert_user(&user_id, &institution.institution_id, email.as_str(), &hash, language).await?;
    let (token, cookie) = auth::open_session(&state, &institution.institution_id, &user.user_id).await?;
    Ok((StatusCode::CREATED, AppendHeaders([(header::SET_COOKIE, cookie)]), Json(UserWithToken { user: user_view(&user), token })))
}

/// The member's user.
#[utoipa::path(get, path = "/institution/{iid}/user/{uid}", tag = "users", params(MemberPath), security(("session" = [])),
    responses((status = 200, description = "The member's user", body = OneUser),
        (status = "4XX", description = "No live session (401), an inactive institution (403), an unknown institution or another member's id (404)", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn get_user(InstitutionMember { member, .. }: InstitutionMember) -> ApiResult<Json<OneUser>> {
    Ok(Json(OneUser { user: user_view(&member.user) }))
}

/// The member's language choice.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct LanguageChoice {
    language: coverline_domain::Language,
}

/// Keeps the language the member chose on the page's switch with their checkout, for what is sent to
/// them later (docs/languages.md). Only a language the institution offers.
#[utoipa::path(put, path = "/institution/{iid}/user/{uid}/language", tag = "users", params(MemberPath), request_body = LanguageChoice,
    security(("session" = [])),
    responses((status = 200, description = "The member, in their new language", body = OneUser),
        (status = "4XX", description = "A language the institution does not offer (400), \
            no live session (401), an inactive institution (403), an unknown institution or another member's id (404)", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn set_language(
    State(state): State<AppState>,
    InstitutionMember { institution, member }: InstitutionMember,
    Json(body): Json<LanguageChoice>,
) -> ApiResult<Json<OneUser>> {
    if !institution.application_settings.languages.contains(&body.language) {
        return Err(ApiError::field(ErrorCode::Validation, format!("{} does not offer this language", institution.name), "language"));
    }
    state.store.set_user_language(&member.user.user_id, body.language).await?;
    let user = state.store.user(&member.user.user_id).await?.ok_or_else(ApiError::not_found)?;
    Ok(Json(OneUser { user: user_view(&user) }))
}

/// Personal details, membership, consent, or the email verification code; each optional.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct UpdateUser {
    verification_code: Option<String>,
    first_name: Option<String>,
    last_name: Option<String>,
    phone_number: Option<String>,
    address: Option<Address>,
    is_member: Option<bool>,
    does_consent_to_soliciting: Option<bool>,
}

/// Updates the member (personal details, membership answer, consent) or verifies their email
/// with the 6-digit code; rotates the session token.
#[utoipa::path(put, path = "/institution/{iid}/user/{uid}", tag = "users", params(MemberPath), request_body = UpdateUser, security(("session" = [])),
    responses((status = 200, description = "The member as updated (or verified), with the session's new token", body = UserWithToken),
        (status = "4XX", description = "Details the rules refuse (400, `field` names it), a wrong code (400 invalidCode), \
            no live session (401), an inactive institution (403), an unknown institution or another member's id (404)", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn update_user(
    State(state): State<AppState>,
    InstitutionMember { institution, member }: InstitutionMember,
    Path((_, uid)): Path<(String, String)>,
    Json(body): Json<UpdateUser>,
) -> ApiResult<Json<UserWithToken>> {
    if let Some(code) = &body.verification_code {
        check_code(&state, &member.user, code).await?;
    } else {
        let address = body.address.unwrap_or_default();
        let details = check_details(
            body.first_name.as_deref().unwrap_or_default(),
            body.last_name.as_deref().unwrap_or_default(),
            body.phone_number.as_deref().unwrap_or_default(),
            &address,
        )?;
        let is_member = body.is_member.ok_or(ApiError::field(
            ErrorCode::Validation,
            format!("Please indicate if you are a member of {}", institution.name),
            "isMember",
        ))?;
        state
            .store
            .update_personal_details(&uid, &details.personal_details(is_member, body.does_consent_to_soliciting.unwrap_or(true)))
            .await?;
        if institution.testing_settings.skip_email_verification && member.user.email_verified_at.is_none() {
            // The test switch skips the verify-email step: the flow goes straight to review.
            state.store.mark_email_verified(&uid).await?;
        }
    }
    let user = state.store.user(&uid).await?.ok_or_else(ApiError::not_found)?;
    let token = auth::rotate(&state, &uid, Some(&member)).await?;
    Ok(Json(UserWithToken { user: user_view(&user), token }))
}

async fn check_code(state: &AppState, user: &UserRecord, code: &str) -> ApiResult<()> {
    let invalid = || ApiError::field(ErrorCode::InvalidCode, INVALID_CODE, "verificationCode");
    let code = code.trim();
    if code.len() != 6 || !code.chars().all(|c| c.is_ascii_digit()) {
        return Err(invalid());
    }
    // The try is taken (the code's count raised while below the limit) before the code is compared.
    let Some(stored) = state.store.take_code_try(&user.user_id, MAX_CODE_ATTEMPTS, state.clock.now()).await? else {
        return Err(invalid());
    };
    if stored.email != user.email || stored.code_hash != code_hash(&user.user_id, code) {
        return Err(invalid());
    }
    state.store.mark_email_verified(&user.user_id).await?;
    Ok(())
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
struct VerifyEmailQuery {
    email_address: String,
}

/// Has the member's checkout email a 6-digit code to their address (valid 10 minutes; one per
/// 20 s, 6 per hour). The send is durable: a crash never loses it, and a call retried with the
/// same `Idempotency-Key` is one send, counted once.
#[utoipa::path(get, path = "/institution/{iid}/user/{uid}/verifyemail", tag = "users", params(MemberPath, VerifyEmailQuery), security(("session" = [])),
    responses((status = 200, description = "The code is on its way (`sent: true`)", body = Sent),
        (status = "4XX", description = "A malformed address or not the member's (400), \
            no live session (401), an inactive institution (403), an unknown institution or another member's id (404), too many codes (429)", body = ErrorBody),
        (status = 502, description = "The email could not be sent (emailFailed)", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn send_verification_email(
    State(state): State<AppState>,
    InstitutionMember { institution, member }: InstitutionMember,
    headers: HeaderMap,
    Query(query): Query<VerifyEmailQuery>,
) -> ApiResult<Json<Sent>> {
    let email = EmailAddress::parse(&query.email_address)?;
    if email.as_str() != member.user.email {
        return Err(ApiError::bad_request(messages::NOT_THIS_SESSION_EMAIL));
    }
    if institution.testing_settings.verify_email_error_test {
        return Err(ApiError::new(StatusCode::BAD_GATEWAY, ErrorCode::EmailFailed, messages::RESEND_FAILED));
    }
    match checkouts::send_code(&state, &member.user, update_id(&headers, "code")).await {
        // Accepted is durable: the email goes out at least once even if this process dies now.
        Ok(_) => Ok(Json(Sent { sent: true })),
        Err(CheckoutError::Refused(r)) if r.code == ErrorCode::RateLimited => Err(checkouts::refused(&r)),
        Err(e) => {
            tracing::warn!(error = ?e, "verification email failed");
            Err(ApiError::new(StatusCode::BAD_GATEWAY, ErrorCode::EmailFailed, messages::RESEND_FAILED))
        }
    }
}

/// The spec's text when the email cannot be changed.
pub const UPDATE_EMAIL_FAILED: &str = messages::UPDATE_EMAIL_FAILED;

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct UpdateEmail {
    /// The member's address now.
    // No `format: email` (see `CreateUser`): `EmailAddress::parse` is the rule.
    old_email_address: String,
    /// The address to use from now on, stored lower-cased.
    new_email_address: String,
}

/// Changes the member's address (lower-cased); the new one must be verified again. A new token and
/// restore cookie for this device; the member's other sessions, restore keys and the continue
/// links mailed to the old address end.
#[utoipa::path(put, path = "/institution/{iid}/user/{uid}/update-email", tag = "users", params(MemberPath), request_body = UpdateEmail, security(("session" = [])),
    responses((status = 200, description = "The member with the new address and the session's new token (and a new restore cookie when the address changed)", body = UpdatedEmail),
        (status = "4XX", description = "A malformed address (400), \
            no live session (401), an inactive institution (403), an unknown institution or another member's id (404), an old address that is not the member's (409)", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn update_email(
    State(state): State<AppState>,
    InstitutionMember { institution, member }: InstitutionMember,
    Path((_, uid)): Path<(String, String)>,
    Json(body): Json<UpdateEmail>,
) -> ApiResult<Response> {
    let old = EmailAddress::parse(&body.old_email_address)?;
    let new = EmailAddress::parse(&body.new_email_address)?;
    if old.as_str() != member.user.email {
        return Err(ApiError::new(StatusCode::CONFLICT, ErrorCode::Conflict, UPDATE_EMAIL_FAILED));
    }
    let token = auth::rotate(&state, &uid, Some(&member)).await?;
    if new.as_str() == old.as_str() {
        let user = state.store.user(&uid).await?.ok_or_else(ApiError::not_found)?;
        return Ok(Json(UpdatedEmail { updated_token: token, user: user_view(&user) }).into_response());
    }
    // This device goes on with a new token and restore key; the continue links mailed to the old
    // address, the member's other sessions and restore keys die with it (nothing sent there opens
    // the account any more).
    state.store.change_email(&uid, new.as_str(), &auth::hash_token(&token), state.clock.now()).await?;
    let cookie = auth::new_restore_cookie(&state, &institution.institution_id, &uid, Some(member.chain_started_at)).await?;
    let user = state.store.user(&uid).await?.ok_or_else(ApiError::not_found)?;
    Ok((AppendHeaders([(header::SET_COOKIE, cookie)]), Json(UpdatedEmail { updated_token: token, user: user_view(&user) })).into_response())
}
