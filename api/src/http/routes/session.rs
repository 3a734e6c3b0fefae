//! Session calls of spec section 7: refresh (rotates the token), login, password change, reset
//! request and reset. Failed logins, reset requests and reset checks are rate limited per
//! address and per client, in the database (so every API instance counts the same hits).

use coverline_domain::ErrorCode;
use std::net::SocketAddr;

use axum::Json;
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::AppendHeaders;
use coverline_domain::contact::EmailAddress;
use rand::Rng;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::http::app::AppState;
use crate::http::auth::{self, ActiveInstitution, InstitutionMember};
use crate::http::error::{ApiError, ApiResult};
use crate::http::openapi::{ErrorBody, InstitutionPath, MemberPath};
use crate::http::routes::document::client_address;
use crate::http::routes::user::{UserWithToken, user_view};
use crate::services::limits::{self, Limit};

const TOO_MANY_ATTEMPTS: &str = coverline_domain::product::messages::TOO_MANY_ATTEMPTS;
/// Failed logins per address (institution + email) in 15 minutes before logins of it are refused.
const LOGIN_FAILURES_PER_ADDRESS: Limit = Limit::new("login", 5, 900, TOO_MANY_ATTEMPTS);
/// Failed logins per client address per hour.
const LOGIN_FAILURES_PER_CLIENT: Limit = Limit::new("login-client", 30, 3600, TOO_MANY_ATTEMPTS);
/// Wrong old passwords per member in 15 minutes.
const PASSWORD_CHANGE_FAILURES: Limit = Limit::new("password-change", 5, 900, TOO_MANY_ATTEMPTS);
/// Reset codes per address per hour, and reset requests per client per hour.
const RESETS_PER_ADDRESS: Limit = Limit::new("reset-request", 3, 3600, TOO_MANY_ATTEMPTS);
const RESETS_PER_CLIENT: Limit = Limit::new("reset-client", 20, 3600, TOO_MANY_ATTEMPTS);
/// A reset code lives this long and dies after this many wrong tries.
const RESET_CODE_TTL_SECS: i64 = 600;
const RESET_CODE_TRIES: i64 = 5;
/// Users with one address a login or reset looks at (each splash creates a user).
const USERS_PER_ADDRESS: i64 = 5;

/// The answer to a wrong email/password pair (never says which was wrong).
pub const INVALID_CREDENTIALS: &str = coverline_domain::product::messages::INVALID_CREDENTIALS;
/// The answer to a wrong or dead reset code.
pub const INVALID_RESET_CODE: &str = coverline_domain::product::messages::INVALID_RESET_CODE;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(refresh))
        .routes(routes!(login))
        .routes(routes!(change_password))
        .routes(routes!(reset_request))
        .routes(routes!(reset))
}

/// The session's new token (the old one stops working).
#[derive(Serialize, ToSchema)]
struct NewToken {
    token: String,
}

/// A reset code was emailed, if the address has a user (the answer never says).
#[derive(Serialize, ToSchema)]
struct ResetSent {
    sent: bool,
}

fn invalid_credentials() -> ApiError {
    ApiError::new(StatusCode::UNAUTHORIZED, ErrorCode::InvalidCredentials, INVALID_CREDENTIALS)
}

/// 12 to 256 characters (as at user creation).
fn check_new_password(password: &str) -> ApiResult<()> {
    if password.chars().count() < 12 || password.len() > 256 {
        return Err(ApiError::field(ErrorCode::Validation, coverline_domain::product::messages::PASSWORD_LENGTH, "password"));
    }
    Ok(())
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
struct EmailQuery {
    email_address: Option<String>,
}

/// Rotates the session's token; a session older than the maximum is not refreshed.
#[utoipa::path(get, path = "/institution/{iid}/user/{uid}/refresh", tag = "sessions", params(MemberPath), security(("session" = [])),
    responses((status = 200, description = "The session's new token (the old one stops working)", body = NewToken),
        (status = "4XX", description = "No live session (401), or one past its maximum age (401 sessionExpired); \
            an inactive institution (403), another member's id (404)", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn refresh(
    State(state): State<AppState>,
    InstitutionMember { member, .. }: InstitutionMember,
    Path((_, uid)): Path<(String, String)>,
) -> ApiResult<Json<NewToken>> {
    if state.clock.now() - member.chain_started_at > state.config.session_max.as_secs() as i64 {
        state.store.revoke_session(&member.token_hash).await?;
        return Err(ApiError::session_expired());
    }
    let token = auth::rotate(&state, &uid, Some(&member)).await?;
    Ok(Json(NewToken { token }))
}

#[derive(Deserialize, ToSchema)]
struct Password {
    password: String,
}

/// Email (query, as the spec's call) + password → the newest of the address's users whose password matches.
/// 5 failures per address in 15 minutes, 30 per client an hour.
#[utoipa::path(post, path = "/institution/{iid}/login", tag = "sessions", params(InstitutionPath, EmailQuery), request_body = Password,
    responses((status = 200, description = "The matching user and a new session token; the restore cookie is set", body = UserWithToken),
        (status = "4XX", description = "A malformed address (400), a wrong address or password (401 invalidCredentials), \
            an inactive (403) or unknown (404) institution, too many failures (429)", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn login(
    State(state): State<AppState>,
    ActiveInstitution(institution): ActiveInstitution,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Query(query): Query<EmailQuery>,
    Json(body): Json<Password>,
) -> ApiResult<(super::SetCookie, Json<UserWithToken>)> {
    let email = EmailAddress::parse(query.email_address.as_deref().unwrap_or_default())?;
    let address = format!("{}:{}", institution.institution_id, email.as_str());
    let client = client_address(&state, &headers, peer);
    // Each login takes a try before the password is compared, and gives it back when it matches:
    // so concurrent guesses never compare more passwords than the limits allow.
    let limits = [(&LOGIN_FAILURES_PER_ADDRESS, address.as_str()), (&LOGIN_FAILURES_PER_CLIENT, client.as_str())];
    if let Err(refused) = limits::take_all(&state.store, &limits, state.clock.now()).await {
        tracing::warn!(institution = %institution.institution_id, "logins refused: too many failures");
        return Err(refused);
    }
    if body.password.len() <= 256 {
        for user in state.store.users_by_email(&institution.institution_id, email.as_str(), USERS_PER_ADDRESS).await? {
            if auth::verify_password(&body.password, &user.password_hash).await? {
                limits::give_back_all(&state.store, &limits).await?;
                let (token, cookie) = auth::open_session(&state, &institution.institution_id, &user.user_id).await?;
                return Ok((AppendHeaders([(header::SET_COOKIE, cookie)]), Json(UserWithToken { user: user_view(&user), token })));
            }
        }
    }
    Err(invalid_credentials())
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ChangePassword {
    old_password: String,
    new_password: String,
}

/// Changes the member's password (the old one must match): a new token and restore cookie for
/// this device; every other session, restore key and unused continue link of the member ends.
#[utoipa::path(post, path = "/institution/{iid}/user/{uid}/passwordchange", tag = "sessions", params(MemberPath), request_body = ChangePassword, security(("session" = [])),
    responses((status = 200, description = "Changed: the session's new token; the restore cookie is set", body = NewToken),
        (status = "4XX", description = "A new password not 12 to 256 characters (400), a wrong old one (401 invalidCredentials) \
            or no live session (401), another member's id (404), too many wrong old passwords (429)", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn change_password(
    State(state): State<AppState>,
    InstitutionMember { institution, member }: InstitutionMember,
    Path((_, uid)): Path<(String, String)>,
    Json(body): Json<ChangePassword>,
) -> ApiResult<(super::SetCookie, Json<NewToken>)> {
    PASSWORD_CHANGE_FAILURES.take(&state.store, &uid, state.clock.now()).await?;
    if body.old_password.len() > 256 || !auth::verify_password(&body.old_password, &member.user.password_hash).await? {
        return Err(ApiError { field: Some("oldPassword".into()), ..invalid_credentials() });
    }
    PASSWORD_CHANGE_FAILURES.give_back(&state.store, &uid).await?;
    check_new_password(&body.new_password)?;
    let hash = auth::hash_password_blocking(&body.new_password).await?;
    // This device goes on with a new token and a new restore key; every other session, restore
    // key and continue link of the member dies with the old password.
    let token = auth::rotate(&state, &uid, Some(&member)).await?;
    state.store.change_password(&uid, &hash, &auth::hash_token(&token), state.clock.now()).await?;
    let cookie = auth::new_restore_cookie(&state, &institution.institution_id, &uid, Some(member.chain_started_at)).await?;
    tracing::info!(user_id = %uid, "password changed");
    Ok((AppendHeaders([(header::SET_COOKIE, cookie)]), Json(NewToken { token })))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ResetRequest {
    email_address: String,
}

fn reset_code_hash(user_id: &str, code: &str) -> String {
    hex::encode(Sha256::digest(format!("reset:{user_id}:{code}").as_bytes()))
}

/// Emails a reset code to the address's newest user. The answer is the same whether or not the
/// address is known.
/// Emails a reset code (10 minutes, 5 tries); 3 per address and 20 per client an hour.
#[utoipa::path(post, path = "/institution/{iid}/passwordresetrequest", tag = "sessions", params(InstitutionPath), request_body = ResetRequest,
    responses((status = 202, description = "Taken: a code is emailed if the address has a user (the answer never says)", body = ResetSent),
        (status = "4XX", description = "A malformed address (400), an inactive (403) or unknown (404) institution, too many requests (429)", body = ErrorBody),
        (status = 502, description = "The email could not be sent (emailFailed)", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn reset_request(
    State(state): State<AppState>,
    ActiveInstitution(institution): ActiveInstitution,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Json(body): Json<ResetRequest>,
) -> ApiResult<(StatusCode, Json<ResetSent>)> {
    let email = EmailAddress::parse(&body.email_address)?;
    let now = state.clock.now();
    let address = format!("{}:{}", institution.institution_id, email.as_str());
    let client = client_address(&state, &headers, peer);
    limits::take_all(&state.store, &[(&RESETS_PER_ADDRESS, address.as_str()), (&RESETS_PER_CLIENT, client.as_str())], now).await?;
    if let Some(user) = state.store.users_by_email(&institution.institution_id, email.as_str(), 1).await?.into_iter().next() {
        let code = format!("{:06}", rand::rng().random_range(0..1_000_000));
        state.store.put_reset_code(&user.user_id, &reset_code_hash(&user.user_id, &code), now + RESET_CODE_TTL_SECS).await?;
        if let Err(e) = state
            .mailer
            .send_password_reset_code(&state.mailer.sender(&institution), user.language, email.as_str(), &code, &institution.name)
            .await
        {
            tracing::warn!(error = ?e, "password reset email failed");
            return Err(ApiError::new(
                StatusCode::BAD_GATEWAY,
                ErrorCode::EmailFailed,
                coverline_domain::product::messages::EMAIL_NOT_SENT,
            ));
        }
    }
    Ok((StatusCode::ACCEPTED, Json(ResetSent { sent: true })))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Reset {
    email_address: String,
    code: String,
    password: String,
}

/// The emailed code + a new password: the password changes, every session ends, a new token.
/// A reset code and a new password → the user, logged in.
#[utoipa::path(post, path = "/institution/{iid}/passwordreset", tag = "sessions", params(InstitutionPath), request_body = Reset,
    responses((status = 200, description = "The password is changed: the user, logged in with a new token; the restore cookie is set", body = UserWithToken),
        (status = "4XX", description = "A malformed address or a password not 12 to 256 characters (400), \
            a wrong, used or expired code (400 invalidCode), an inactive (403) or unknown (404) institution", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn reset(
    State(state): State<AppState>,
    ActiveInstitution(institution): ActiveInstitution,
    Json(body): Json<Reset>,
) -> ApiResult<(super::SetCookie, Json<UserWithToken>)> {
    let email = EmailAddress::parse(&body.email_address)?;
    check_new_password(&body.password)?;
    let invalid = || ApiError::field(ErrorCode::InvalidCode, INVALID_RESET_CODE, "code");
    let Some(user) = state.store.users_by_email(&institution.institution_id, email.as_str(), 1).await?.into_iter().next() else {
        return Err(invalid());
    };
    let code = body.code.trim();
    if code.len() != 6 || !code.chars().all(|c| c.is_ascii_digit()) {
        return Err(invalid());
    }
    // The try is taken (the code's count raised while below the limit) before the code is compared.
    let Some(hash) = state.store.take_reset_try(&user.user_id, RESET_CODE_TRIES, state.clock.now()).await? else {
        return Err(invalid());
    };
    if reset_code_hash(&user.user_id, code) != hash {
        return Err(invalid());
    }
    let new_hash = auth::hash_password_blocking(&body.password).await?;
    state.store.complete_reset(&user.user_id, &new_hash, state.clock.now()).await?;
    let (token, cookie) = auth::open_session(&state, &institution.institution_id, &user.user_id).await?;
    tracing::info!(user_id = %user.user_id, "password reset");
    Ok((AppendHeaders([(header::SET_COOKIE, cookie)]), Json(UserWithToken { user: user_view(&user), token })))
}
