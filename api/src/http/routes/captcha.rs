//! The splash's captcha challenge (ALTCHA proof of work; see `crate::services::captcha`).

use axum::Json;
use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::http::app::AppState;
use crate::http::auth::ActiveInstitution;
use crate::http::error::ApiResult;
use crate::http::openapi::{ErrorBody, InstitutionPath};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(challenge))
}

/// A challenge as ALTCHA's widget reads it (PoW v2): find the counter whose derived key starts
/// with `keyPrefix`.
#[derive(Serialize, ToSchema)]
struct CaptchaChallenge {
    parameters: CaptchaParameters,
    /// HMAC-SHA-256 of the parameters, hex: the server's proof it issued them.
    signature: Option<String>,
}

/// The key derivation to repeat and what its key must start with.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct CaptchaParameters {
    /// `PBKDF2/SHA-256`.
    algorithm: String,
    /// Iterations per try.
    cost: u32,
    /// UTC unix seconds after which a solution is refused.
    expires_at: Option<i64>,
    key_length: usize,
    /// Hex.
    key_prefix: String,
    /// Hex.
    key_signature: Option<String>,
    /// Hex.
    nonce: String,
    /// Hex.
    salt: String,
}

/// A new captcha challenge for the splash's widget; its solution goes with user creation
/// (`captchaToken`), once, before the challenge expires. Never cached.
#[utoipa::path(get, path = "/institution/{iid}/captcha", tag = "users", params(InstitutionPath),
    responses((status = 200, description = "A new challenge (`Cache-Control: no-store`)", body = CaptchaChallenge),
        (status = "4XX", description = "An inactive (403) or unknown (404) institution", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn challenge(State(state): State<AppState>, ActiveInstitution(_): ActiveInstitution) -> ApiResult<impl IntoResponse> {
    let c = crate::services::captcha::challenge(&state.config.captcha, state.clock.now())?;
    let p = c.parameters;
    Ok((
        [(header::CACHE_CONTROL, "no-store")],
        Json(CaptchaChallenge {
            parameters: CaptchaParameters {
                algorithm: p.algorithm,
                cost: p.cost,
                expires_at: p.expires_at,
                key_length: p.key_length,
                key_prefix: p.key_prefix,
                key_signature: p.key_signature,
                nonce: p.nonce,
                salt: p.salt,
            },
            signature: c.signature,
        }),
    ))
}
