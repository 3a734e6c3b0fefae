//! The launch from online banking (crate::services::launch, docs/launch.md): the member's browser
//! arrives from the institution and leaves for the app, signed in, at car lookup. Every answer is
//! a redirect: on success to the first step with the restore cookie set (the page's restore call
//! finds the session, as after a reload); on a refusal to the splash, whose `?launch=` says why
//! and what to do.

use std::net::SocketAddr;

use axum::body::Bytes;
use axum::extract::{ConnectInfo, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::http::app::AppState;
use crate::http::auth::{self, ActiveInstitution};
use crate::http::error::ApiError;
use crate::http::openapi::{ErrorBody, InstitutionPath};
use crate::http::routes::document::client_address;
use crate::http::sign_in;
use crate::services::launch::{self, Refusal};
use crate::services::limits::Limit;
use coverline_domain::ErrorCode;
use coverline_domain::institution::Institution;

/// The cookie that binds an OpenID Connect sign-in to the browser that started it (login CSRF).
const BINDING_COOKIE: &str = "coverline_launch";
/// Sign-ins one client address may start in 10 minutes: each writes a row that lives 10 minutes, so
/// a flood of starts cannot fill the table (a member starts one, or a few after going back).
const STARTS_PER_CLIENT: Limit = Limit::new("launch-start-client", 20, 600, coverline_domain::product::messages::TOO_MANY_SIGN_INS);

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(oidc_start)).routes(routes!(oidc_callback)).routes(routes!(token_launch))
}

/// The sign-ins of this institution's launch (`oidc_sign_ins.purpose`).
fn purpose(institution_id: &str) -> String {
    format!("launch:{institution_id}")
}

fn see_other(location: &str) -> Response {
    let location = HeaderValue::from_str(location).unwrap_or_else(|_| HeaderValue::from_static("/"));
    (StatusCode::SEE_OTHER, [(header::LOCATION, location), (header::CACHE_CONTROL, HeaderValue::from_static("no-store"))]).into_response()
}

/// Back to the splash, which tells the member what happened.
fn refused(institution_id: &str, refusal: Refusal) -> Response {
    let mut response = see_other(&format!("/{institution_id}/splash?launch={}", refusal.as_str()));
    response.headers_mut().append(header::SET_COOKIE, binding_cookie(institution_id, "", 0, false));
    response
}

fn binding_cookie(institution_id: &str, value: &str, max_age: i64, secure: bool) -> HeaderValue {
    // Lax: the identity provider sends the member back with a top-level GET from its own site.
    let secure = if secure { "; Secure" } else { "" };
    HeaderValue::from_str(&format!(
        "{BINDING_COOKIE}={value}; Path=/api/institution/{institution_id}/launch/oidc; Max-Age={max_age}; HttpOnly; SameSite=Lax{secure}"
    ))
    .unwrap_or_else(|_| HeaderValue::from_static(""))
}

/// The member admitted: a session, and the first step with the restore cookie set.
async fn signed_in(state: &AppState, institution: &Institution, member: launch::LaunchedMember, headers: &HeaderMap) -> Response {
    let iid = &institution.institution_id;
    let language = crate::http::web_page::request_language(institution, headers);
    let admitted = async {
        let (user_id, step) = launch::admit(state, institution, member, language).await?;
        let (_, restore) = auth::open_session(state, iid, &user_id).await.map_err(|e| anyhow::anyhow!("{}", e.message))?;
        anyhow::Ok((step, restore))
    };
    match admitted.await {
        Ok((step, restore)) => {
            let mut response = see_other(&format!("/{iid}/{}", coverline_domain::steps::of(step).path));
            response.headers_mut().append(header::SET_COOKIE, restore);
            response.headers_mut().append(header::SET_COOKIE, binding_cookie(iid, "", 0, false));
            response
        }
        Err(e) => {
            tracing::error!(error = ?e, institution = %iid, "launch: admitting the member failed");
            refused(iid, Refusal::Unavailable)
        }
    }
}

/// Starts the member's OpenID Connect sign-in at the institution's identity provider: the link
/// online banking shows. Redirects there (or to the splash when the institution offers no such
/// launch, or its provider cannot be reached).
#[utoipa::path(get, path = "/institution/{iid}/launch/oidc", tag = "launch", params(InstitutionPath),
    responses((status = 303, description = "To the identity provider's authorization endpoint (authorization code, PKCE, nonce), with the \
            browser's binding cookie; or to the splash with `?launch=invalid|unavailable`", headers(("Location" = String, description = "Where to go"))),
        (status = "4XX", description = "An inactive (403) or unknown (404) institution, too many sign-ins from one address (429)", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn oidc_start(
    State(state): State<AppState>,
    ActiveInstitution(institution): ActiveInstitution,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
) -> Response {
    let iid = institution.institution_id.clone();
    if let Err(refused) = STARTS_PER_CLIENT.take(&state.store, &client_address(&state, &headers, peer), state.clock.now()).await {
        return refused.into_response();
    }
    let started = match launch::start_sign_in(&state, &institution).await {
        Ok(s) => s,
        Err(refusal) => return refused(&iid, refusal),
    };
    let authorize_url = started.authorize_url.clone();
    let Ok(binding) = sign_in::record(&state, started, &purpose(&iid), launch::SIGN_IN_TTL_SECS).await else {
        return refused(&iid, Refusal::Unavailable);
    };
    let mut response = see_other(&authorize_url);
    response
        .headers_mut()
        .append(header::SET_COOKIE, binding_cookie(&iid, &binding, launch::SIGN_IN_TTL_SECS, state.config.serves_https()));
    response
}

/// The identity provider sends the member back here: the code is exchanged, the ID token
/// verified, and the member starts at car lookup, signed in.
#[utoipa::path(get, path = "/institution/{iid}/launch/oidc/callback", tag = "launch", params(InstitutionPath, sign_in::Callback),
    responses((status = 303, description = "To car lookup (or the invalid-state page) with the restore cookie set; or to the splash with \
            `?launch=expired|used|invalid|details|denied|unavailable`", headers(("Location" = String, description = "Where to go"))),
        (status = "4XX", description = "An inactive (403) or unknown (404) institution", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn oidc_callback(
    State(state): State<AppState>,
    ActiveInstitution(institution): ActiveInstitution,
    headers: HeaderMap,
    Query(answer): Query<sign_in::Callback>,
) -> Response {
    let iid = institution.institution_id.clone();
    let issuer = institution.launch.as_ref().and_then(|l| l.oidc.as_ref()).map(|o| o.issuer.clone()).unwrap_or_default();
    let (code, login) = match sign_in::check(&state, &headers, answer, &purpose(&iid), BINDING_COOKIE, &issuer).await {
        Ok(checked) => checked,
        Err(refused_as) => return refused(&iid, refused_as.into()),
    };
    match launch::finish_sign_in(&state, &institution, &code, login.pkce_verifier, login.nonce).await {
        Ok(member) => signed_in(&state, &institution, member, &headers).await,
        Err(refusal) => refused(&iid, refusal),
    }
}

/// The signed launch token, posted by the member's browser from online banking
/// (`application/x-www-form-urlencoded`, field `launch_token`).
#[utoipa::path(post, path = "/institution/{iid}/launch/token", tag = "launch", params(InstitutionPath),
    request_body(content = String, content_type = "application/x-www-form-urlencoded", description = "`launch_token=<JWT>`"),
    responses((status = 303, description = "To car lookup (or the invalid-state page) with the restore cookie set; or to the splash with \
            `?launch=expired|used|invalid|details|unavailable`", headers(("Location" = String, description = "Where to go"))),
        (status = "4XX", description = "No form with a `launch_token` (400), an inactive (403) or unknown (404) institution", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn token_launch(
    State(state): State<AppState>,
    ActiveInstitution(institution): ActiveInstitution,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    // No form with a token is no launch at all (online banking's form always sends one): the caller's
    // error, answered as such. A token that does not verify is the member's, sent to the splash.
    let token = form_urlencoded::parse(&body).find(|(name, _)| name == "launch_token").map(|(_, value)| value.into_owned());
    let Some(token) = token.filter(|t| !t.is_empty()) else {
        return ApiError::field(ErrorCode::Validation, "A form with launch_token is required.", "launch_token").into_response();
    };
    if token.len() > 16 * 1024 {
        return refused(&institution.institution_id, Refusal::Invalid);
    }
    match launch::verify_launch_token(&state, &institution, &token).await {
        Ok(member) => signed_in(&state, &institution, member, &headers).await,
        Err(refusal) => refused(&institution.institution_id, refusal),
    }
}
