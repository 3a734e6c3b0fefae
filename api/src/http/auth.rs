//! Sessions: 256-bit random tokens, stored as SHA-256, sent as `Authorization: Bearer <token>`,
//! refused after the idle timeout and past the session's absolute maximum, on every call. A token
//! only opens its own user's resources.

use argon2::password_hash::{PasswordHasher, SaltString, rand_core::OsRng};
use axum::extract::{FromRequestParts, RawPathParams};
use axum::http::HeaderMap;
use axum::http::request::Parts;
use base64::Engine;
use coverline_domain::institution::Institution;
use coverline_store::UserRecord;
use rand::RngCore;
use sha2::{Digest, Sha256};

use crate::http::app::AppState;
use crate::http::error::{ApiError, ApiResult};

/// A new session token (32 random bytes, base64url) and its stored hash.
pub fn new_token() -> (String, String) {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    let token = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes);
    let hash = hash_token(&token);
    (token, hash)
}

/// SHA-256 of a token, hex.
pub fn hash_token(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// Argon2id hash (PHC string) of a password, with the crate's default parameters
/// (m = 19 MiB, t = 2, p = 1: OWASP's minimum for argon2id).
pub fn hash_password(password: &str) -> anyhow::Result<String> {
    let salt = SaltString::generate(&mut OsRng);
    argon2::Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| anyhow::anyhow!("hashing password: {e}"))
}

/// The generated password's length (spec section 5).
const GENERATED_PASSWORD_LEN: usize = 32;

/// A password nobody types: 32 characters with at least one lower-case letter, upper-case
/// letter, digit and symbol (spec section 5).
pub fn generated_password() -> String {
    const LOWER: &[u8] = b"abcdefghijkmnopqrstuvwxyz";
    const UPPER: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ";
    const DIGIT: &[u8] = b"23456789";
    const SYMBOL: &[u8] = b"!@#$%^&*-_=+?";
    let all: Vec<u8> = [LOWER, UPPER, DIGIT, SYMBOL].concat();
    let mut random = [0u8; GENERATED_PASSWORD_LEN * 2];
    rand::rng().fill_bytes(&mut random);
    let mut chars: Vec<u8> = [LOWER, UPPER, DIGIT, SYMBOL].iter().zip(&random).map(|(set, r)| set[*r as usize % set.len()]).collect();
    chars.extend(random[4..GENERATED_PASSWORD_LEN].iter().map(|r| all[*r as usize % all.len()]));
    // Shuffle (Fisher-Yates) so the guaranteed classes are not always first.
    for i in (1..chars.len()).rev() {
        let j = random[GENERATED_PASSWORD_LEN + i % GENERATED_PASSWORD_LEN] as usize % (i + 1);
        chars.swap(i, j);
    }
    String::from_utf8(chars).expect("ASCII")
}

fn bearer(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(axum::http::header::AUTHORIZATION)?.to_str().ok()?.trim();
    let token = value.strip_prefix("Bearer ").unwrap_or(value).trim();
    (!token.is_empty()).then_some(token)
}

/// The caller, proven by their token.
#[derive(Debug, Clone)]
pub struct Member {
    pub user: UserRecord,
    pub token_hash: String,
    /// When the session's first token was issued (rotations carry it on).
    pub chain_started_at: i64,
}

/// Why a session was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SessionRefusal {
    Missing,
    Expired,
}

impl From<SessionRefusal> for ApiError {
    fn from(r: SessionRefusal) -> Self {
        match r {
            SessionRefusal::Missing => ApiError::unauthorized(),
            SessionRefusal::Expired => ApiError::session_expired(),
        }
    }
}

/// How stale a session's last-seen time may get before a request writes it again.
const TOUCH_EVERY_SECS: i64 = 30;

/// Checks the token and the idle clock, then moves the clock. Returns the token's user.
pub async fn session(state: &AppState, headers: &HeaderMap) -> ApiResult<Result<Member, SessionRefusal>> {
    let Some(token) = bearer(headers) else { return Ok(Err(SessionRefusal::Missing)) };
    let token_hash = hash_token(token);
    let Some(found) = state.store.session_user(&token_hash).await? else {
        return Ok(Err(SessionRefusal::Missing));
    };
    let (user, last_seen, chain_started_at) = (found.user, found.last_seen_at, found.chain_started_at);
    let now = state.clock.now();
    // Idle too long, or past the session's absolute maximum (however busy: a token used every
    // 14 minutes does not live for ever).
    if now - last_seen > state.config.idle_timeout.as_secs() as i64 || now - chain_started_at > state.config.session_max.as_secs() as i64 {
        state.store.revoke_session(&token_hash).await?;
        return Ok(Err(SessionRefusal::Expired));
    }
    // The idle clock moves in steps of TOUCH_EVERY_SECS: one write per half minute of activity
    // instead of one per request (the idle timeout is 15 minutes, so 30 s of slack is harmless).
    if now - last_seen >= TOUCH_EVERY_SECS {
        state.store.touch_session(&token_hash, now).await?;
    }
    Ok(Ok(Member { user, token_hash, chain_started_at }))
}

/// The caller must hold a live session of a member of `institution`; a member of another one is a 404.
async fn member_of(state: &AppState, headers: &HeaderMap, institution: &Institution) -> ApiResult<Member> {
    let member = session(state, headers).await??;
    if member.user.institution_id != institution.institution_id {
        return Err(ApiError::not_found());
    }
    Ok(member)
}

/// The caller must hold a live session for `user_id` at `institution`; another user's id is a 404.
pub async fn member(state: &AppState, headers: &HeaderMap, institution: &Institution, user_id: &str) -> ApiResult<Member> {
    let member = member_of(state, headers, institution).await?;
    if member.user.user_id != user_id {
        return Err(ApiError::not_found());
    }
    Ok(member)
}

/// The active institution named by the path's `{iid}` (403 with the spec's text when inactive).
pub struct ActiveInstitution(pub Institution);

/// A member acting on their own resources: the path's `{iid}` is an active institution and the
/// bearer token's live session belongs to the path's `{uid}` there. A missing or idle session is a
/// 401; another member's `{uid}` is a 404, like an unknown one. Both ids go on the request's span.
pub struct InstitutionMember {
    pub institution: Institution,
    pub member: Member,
}

/// The value of a path parameter (`iid`, `uid`) of the matched route.
async fn path_param(parts: &mut Parts, state: &AppState, name: &str) -> ApiResult<String> {
    let params = RawPathParams::from_request_parts(parts, state).await.map_err(|_| ApiError::not_found())?;
    params.iter().find(|(key, _)| *key == name).map(|(_, value)| value.to_owned()).ok_or_else(ApiError::not_found)
}

impl FromRequestParts<AppState> for ActiveInstitution {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> ApiResult<Self> {
        let iid = path_param(parts, state, "iid").await?;
        tracing::Span::current().record("institution", iid.as_str());
        Ok(Self(state.active_institution(&iid).await?))
    }
}

/// Any live session of a member of the path's active institution (the catalog and VIN calls, whose
/// paths name no user); a member of another institution is a 404.
pub struct InstitutionSession {
    pub institution: Institution,
    pub member: Member,
}

impl FromRequestParts<AppState> for InstitutionSession {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> ApiResult<Self> {
        let ActiveInstitution(institution) = ActiveInstitution::from_request_parts(parts, state).await?;
        let member = member_of(state, &parts.headers, &institution).await?;
        tracing::Span::current().record("user", member.user.user_id.as_str());
        Ok(Self { institution, member })
    }
}

impl FromRequestParts<AppState> for InstitutionMember {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> ApiResult<Self> {
        let ActiveInstitution(institution) = ActiveInstitution::from_request_parts(parts, state).await?;
        let uid = path_param(parts, state, "uid").await?;
        tracing::Span::current().record("user", uid.as_str());
        let member = member(state, &parts.headers, &institution, &uid).await?;
        Ok(Self { institution, member })
    }
}

/// Issues a new token for `user_id`, revoking `old`'s (rotation on every user update and refresh);
/// the new token continues `old`'s chain, or starts one.
pub async fn rotate(state: &AppState, user_id: &str, old: Option<&Member>) -> ApiResult<String> {
    let now = state.clock.now();
    if let Some(old) = old {
        state.store.revoke_session(&old.token_hash).await?;
    }
    let (token, hash) = new_token();
    state.store.insert_session(&hash, user_id, now, old.map_or(now, |m| m.chain_started_at)).await?;
    Ok(token)
}

/// Argon2 runs at once per process. Each takes 19 MiB and ~20 ms of a core: a burst of sign-ups
/// or logins queues here instead of taking the process to gigabytes (50 at once measured 932 MiB).
pub const PASSWORD_SLOTS: usize = 4;
static PASSWORD_WORK: std::sync::LazyLock<tokio::sync::Semaphore> =
    std::sync::LazyLock::new(|| tokio::sync::Semaphore::new(PASSWORD_SLOTS));

/// Runs argon2 work on a blocking thread, at most [`PASSWORD_SLOTS`] at a time.
async fn password_work<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> anyhow::Result<T> {
    let _slot = PASSWORD_WORK.acquire().await.map_err(|e| anyhow::anyhow!("password slots: {e}"))?;
    tokio::task::spawn_blocking(work).await.map_err(|e| anyhow::anyhow!("password task: {e}"))
}

/// Checks a password against an argon2 PHC hash.
pub async fn verify_password(password: &str, hash: &str) -> anyhow::Result<bool> {
    use argon2::password_hash::{PasswordHash, PasswordVerifier};
    let (password, hash) = (password.to_string(), hash.to_string());
    password_work(move || {
        let Ok(parsed) = PasswordHash::new(&hash) else { return false };
        argon2::Argon2::default().verify_password(password.as_bytes(), &parsed).is_ok()
    })
    .await
}

/// [`hash_password`] off the async threads, at most [`PASSWORD_SLOTS`] at a time.
pub async fn hash_password_blocking(password: &str) -> anyhow::Result<String> {
    let password = password.to_string();
    password_work(move || hash_password(&password)).await?
}

/// The cookie that lets a reloaded (or restored) tab find its session again.
pub const RESTORE_COOKIE: &str = "coverline_restore";

/// Starts a new session chain for `user_id`: its first token, and the `Set-Cookie` value of the
/// restore key — HttpOnly (out of reach of scripts), scoped to the institution's session calls,
/// which only `POST …/session/restore` reads ([`restore_cookie`] says how it is sent).
pub async fn open_session(state: &AppState, institution_id: &str, user_id: &str) -> ApiResult<(String, axum::http::HeaderValue)> {
    let token = rotate(state, user_id, None).await?;
    Ok((token, new_restore_cookie(state, institution_id, user_id, None).await?))
}

/// A new restore key for this device's session chain (started at `chain_started_at`; `None`: a
/// chain that starts now), as its `Set-Cookie` value: at sign-up, and after a password or email
/// change, which forgets every device's keys. The clock is read once: a new chain's cookie lives the
/// whole session maximum, however long the key's insert takes.
pub async fn new_restore_cookie(
    state: &AppState,
    institution_id: &str,
    user_id: &str,
    chain_started_at: Option<i64>,
) -> ApiResult<axum::http::HeaderValue> {
    let now = state.clock.now();
    let chain_started_at = chain_started_at.unwrap_or(now);
    let key = coverline_activities::checkout::new_secret();
    state.store.insert_restore_key(&coverline_activities::checkout::secret_hash(&key), user_id, chain_started_at).await?;
    let left = state.config.session_max.as_secs() as i64 - (now - chain_started_at);
    let framed = state.store.user(user_id).await?.is_some_and(|u| u.integrator_id.is_some());
    Ok(restore_cookie(state, institution_id, &key, left.max(0) as u64, framed))
}

/// The restore cookie carrying `key` (an empty key with age 0 clears it).
///
/// A member who came through the splash gets it SameSite=Strict (Secure behind https): only the
/// app's own pages send it. A member an integrator launched lives in the partner's frame, a
/// third-party context where a Strict cookie is neither stored nor sent: theirs is
/// `SameSite=None; Secure; Partitioned` (CHIPS), kept in a jar of the partner's site alone, so a
/// reloaded frame finds its session and nothing outside that partner's page can use it.
pub fn restore_cookie(state: &AppState, institution_id: &str, key: &str, max_age: u64, framed: bool) -> axum::http::HeaderValue {
    let sending = if framed {
        "SameSite=None; Secure; Partitioned"
    } else if state.config.serves_https() {
        "SameSite=Strict; Secure"
    } else {
        "SameSite=Strict"
    };
    let value = format!("{RESTORE_COOKIE}={key}; Path=/api/institution/{institution_id}/session; Max-Age={max_age}; HttpOnly; {sending}");
    axum::http::HeaderValue::from_str(&value).unwrap_or_else(|_| axum::http::HeaderValue::from_static(""))
}

/// Both restore cookies cleared (the app's own and a partner frame's partitioned one are two
/// cookies to the browser): the `Set-Cookie` values of a session's end.
pub fn cleared_restore_cookies(state: &AppState, institution_id: &str) -> [(axum::http::HeaderName, axum::http::HeaderValue); 2] {
    [false, true].map(|framed| (axum::http::header::SET_COOKIE, restore_cookie(state, institution_id, "", 0, framed)))
}

/// The restore key the browser sent, if any.
pub fn restore_key(headers: &HeaderMap) -> Option<String> {
    cookie(headers, RESTORE_COOKIE)
}

/// The value of the cookie `name` the browser sent, if any and not empty.
pub fn cookie(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(axum::http::header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(found, value)| *found == name && !value.is_empty())
        .map(|(_, value)| value.to_string())
}

/// Continues a session chain on a new token (a restored tab), keeping the chain's start.
pub async fn continue_chain(state: &AppState, user_id: &str, chain_started_at: i64) -> ApiResult<String> {
    let (token, hash) = new_token();
    state.store.insert_session(&hash, user_id, state.clock.now(), chain_started_at).await?;
    Ok(token)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_passwords_have_every_class() {
        for _ in 0..200 {
            let p = generated_password();
            assert_eq!(p.len(), 32);
            assert!(p.chars().any(|c| c.is_ascii_lowercase()), "{p}");
            assert!(p.chars().any(|c| c.is_ascii_uppercase()), "{p}");
            assert!(p.chars().any(|c| c.is_ascii_digit()), "{p}");
            assert!(p.chars().any(|c| !c.is_ascii_alphanumeric()), "{p}");
        }
        assert_ne!(generated_password(), generated_password());
    }
}
