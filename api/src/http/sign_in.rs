//! The browser's half of an OpenID Connect sign-in (crate::services::oidc), shared by the members'
//! launch from online banking and the staff console: the sign-in recorded under its state's hash
//! with the browser's binding (login CSRF), and the provider's answer checked against it.

use axum::http::HeaderMap;
use coverline_activities::checkout::{new_secret, secret_hash};
use coverline_store::OidcSignIn;
use serde::Deserialize;
use subtle::ConstantTimeEq;
use utoipa::IntoParams;

use crate::http::app::AppState;
use crate::http::auth;
use crate::services::oidc;

/// The identity provider's answer (RFC 6749 section 4.1.2, RFC 9207's `iss`).
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct Callback {
    code: Option<String>,
    state: Option<String>,
    /// The issuer that answers (RFC 9207), when the provider says.
    iss: Option<String>,
    /// `access_denied` when the person declined.
    error: Option<String>,
}

/// Why an answer is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// No state, a foreign browser, another issuer, no code.
    Invalid,
    /// An unknown, used or expired state.
    Expired,
    /// The person declined, or the provider answered an error.
    Denied,
    /// The store could not be read or written.
    Unavailable,
}

impl From<Refused> for crate::services::launch::Refusal {
    fn from(refused: Refused) -> Self {
        match refused {
            Refused::Invalid => Self::Invalid,
            Refused::Expired => Self::Expired,
            Refused::Denied => Self::Denied,
            Refused::Unavailable => Self::Unavailable,
        }
    }
}

impl From<Refused> for crate::services::staff::Refusal {
    fn from(refused: Refused) -> Self {
        match refused {
            Refused::Invalid => Self::Invalid,
            Refused::Expired => Self::Expired,
            Refused::Denied => Self::Denied,
            Refused::Unavailable => Self::Unavailable,
        }
    }
}

/// Records a sign-in started for `purpose`, living `ttl_secs`; returns the browser's binding, the
/// value of its binding cookie (only its hash is kept).
pub async fn record(state: &AppState, started: oidc::SignIn, purpose: &str, ttl_secs: i64) -> Result<String, Refused> {
    let binding = new_secret();
    let now = state.clock.now();
    let login = OidcSignIn {
        state_hash: secret_hash(&started.state),
        purpose: purpose.into(),
        binding_hash: secret_hash(&binding),
        pkce_verifier: started.pkce_verifier,
        nonce: started.nonce,
        expires_at: now + ttl_secs,
    };
    state.store.put_oidc_sign_in(&login, now).await.map_err(|e| {
        tracing::error!(error = ?e, purpose, "recording an OpenID Connect sign-in failed");
        Refused::Unavailable
    })?;
    Ok(binding)
}

/// Checks the provider's answer: the sign-in its state names is taken (a state works once, whatever
/// follows), it was started in this browser (`binding_cookie`), the answer is no error, from
/// `issuer`, with a code. Returns the code and the sign-in (its PKCE verifier and nonce).
pub async fn check(
    state: &AppState,
    headers: &HeaderMap,
    answer: Callback,
    purpose: &str,
    binding_cookie: &str,
    issuer: &str,
) -> Result<(String, OidcSignIn), Refused> {
    let Some(returned_state) = answer.state.filter(|s| !s.is_empty() && s.len() <= 512) else {
        return Err(Refused::Invalid);
    };
    let login = match state.store.take_oidc_sign_in(&secret_hash(&returned_state), purpose, state.clock.now()).await {
        Ok(Some(login)) => login,
        Ok(None) => {
            tracing::warn!(purpose, "sign-in refused: an unknown, used or expired state");
            return Err(Refused::Expired);
        }
        Err(e) => {
            tracing::error!(error = ?e, purpose, "reading an OpenID Connect sign-in failed");
            return Err(Refused::Unavailable);
        }
    };
    let bound =
        auth::cookie(headers, binding_cookie).is_some_and(|b| bool::from(secret_hash(&b).as_bytes().ct_eq(login.binding_hash.as_bytes())));
    if !bound {
        tracing::warn!(purpose, "sign-in refused: started in another browser");
        return Err(Refused::Invalid);
    }
    if let Some(error) = answer.error {
        tracing::info!(purpose, %error, "sign-in: the identity provider answered an error");
        return Err(Refused::Denied);
    }
    if answer.iss.as_deref().is_some_and(|iss| iss != issuer) {
        tracing::warn!(purpose, "sign-in refused: the answer names another issuer (mix-up)");
        return Err(Refused::Invalid);
    }
    let Some(code) = answer.code.filter(|c| !c.is_empty() && c.len() <= 2048) else {
        return Err(Refused::Invalid);
    };
    Ok((code, login))
}
