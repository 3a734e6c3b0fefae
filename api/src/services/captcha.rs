//! The splash's captcha: ALTCHA's proof of work (PoW v2, PBKDF2/SHA-256), self-hosted. No third
//! party sees the visitor: the API issues a challenge signed with its own key (HMAC-SHA-256), the
//! browser's widget finds the counter whose derived key the challenge names, and user creation
//! checks the solution with the official library before anything is written. A solution is spent
//! once, in the database (so every API instance agrees), and dies with its challenge's expiry.

use base64::Engine;
use coverline_domain::ErrorCode;
use coverline_domain::product::messages;
use rand::Rng;
use sha2::{Digest, Sha256};

use crate::config::CaptchaConfig;
use crate::http::app::AppState;
use crate::http::error::{ApiError, ApiResult};

/// The one algorithm issued (the web registers its worker).
pub const ALGORITHM: &str = "PBKDF2/SHA-256";
/// The longest solution accepted (a real one is under 1 kB).
const MAX_TOKEN: usize = 4096;

/// The secret that signs a deterministic challenge's derived key, apart from the challenge's own.
fn key_secret(config: &CaptchaConfig) -> String {
    hex::encode(Sha256::new().chain_update(b"coverline captcha key\0").chain_update(config.secret.expose()).finalize())
}

/// A new challenge, valid until `now` + the configured time to live. Its answer is a counter drawn
/// between half the maximum and the maximum (ALTCHA's deterministic mode: the server signs the
/// expected key, so checking a solution costs one HMAC, not a key derivation).
pub fn challenge(config: &CaptchaConfig, now: i64) -> anyhow::Result<altcha::Challenge> {
    let max = config.max_number.max(1);
    let counter = rand::rng().random_range(max.div_ceil(2)..=max);
    altcha::create_challenge(altcha::CreateChallengeOptions {
        algorithm: ALGORITHM.to_string(),
        cost: config.cost.max(1),
        counter: Some(counter),
        expires_at: Some(now + config.ttl.as_secs() as i64),
        hmac_signature_secret: Some(config.secret.expose().to_string()),
        hmac_key_signature_secret: Some(key_secret(config)),
        ..Default::default()
    })
    .map_err(|e| anyhow::anyhow!("creating a captcha challenge: {e}"))
}

fn refused(code: ErrorCode, message: &str) -> ApiError {
    ApiError::field(code, message, "captchaToken")
}

/// Why a solution is refused, before it is spent.
fn check(config: &CaptchaConfig, token: Option<&str>, now: i64) -> ApiResult<altcha::Payload> {
    let token = token.map(str::trim).filter(|t| !t.is_empty());
    let Some(token) = token else { return Err(refused(ErrorCode::CaptchaRequired, messages::CAPTCHA_REQUIRED)) };
    let invalid = || refused(ErrorCode::CaptchaInvalid, messages::CAPTCHA_FAILED);
    if token.len() > MAX_TOKEN {
        return Err(invalid());
    }
    let json = base64::engine::general_purpose::STANDARD.decode(token).map_err(|_| invalid())?;
    let payload: altcha::Payload = serde_json::from_slice(&json).map_err(|_| invalid())?;
    if payload.challenge.parameters.algorithm != ALGORITHM {
        return Err(invalid());
    }
    let result = altcha::verify_solution(altcha::VerifySolutionOptions {
        hmac_key_signature_secret: Some(key_secret(config)),
        ..altcha::VerifySolutionOptions::new(&payload.challenge, &payload.solution, config.secret.expose())
    })
    .map_err(|_| invalid())?;
    let expired = || refused(ErrorCode::CaptchaExpired, messages::CAPTCHA_EXPIRED);
    if result.expired {
        return Err(expired());
    }
    if !result.verified {
        return Err(invalid());
    }
    // The library reads the system clock; the API's clock (shifted in tests) has the last word.
    if payload.challenge.parameters.expires_at.is_none_or(|at| at < now) {
        return Err(expired());
    }
    Ok(payload)
}

/// Accepts a solution once: refuses a missing, invalid, expired or already used one with its code
/// (the member-facing text on the `captchaToken` field), else records it as spent.
pub async fn spend(state: &AppState, token: Option<&str>) -> ApiResult<()> {
    let now = state.clock.now();
    let payload = check(&state.config.captcha, token, now)?;
    let signature = payload.challenge.signature.unwrap_or_default();
    let id = hex::encode(Sha256::digest(signature.as_bytes()));
    let expires_at = payload.challenge.parameters.expires_at.unwrap_or(now);
    if !state.store.spend_captcha(&id, expires_at, now).await? {
        return Err(refused(ErrorCode::CaptchaUsed, messages::CAPTCHA_FAILED));
    }
    Ok(())
}

/// Solves a challenge by trying every counter (what the widget does in the browser): the tests and
/// harnesses that create users through the API.
pub fn solve(challenge: &altcha::Challenge) -> anyhow::Result<String> {
    let solution =
        altcha::solve_challenge(altcha::SolveChallengeOptions { timeout_ms: 0, ..altcha::SolveChallengeOptions::new(challenge) })
            .map_err(|e| anyhow::anyhow!("solving a captcha challenge: {e}"))?
            .ok_or_else(|| anyhow::anyhow!("no captcha solution"))?;
    let payload = altcha::Payload { challenge: challenge.clone(), solution };
    Ok(base64::engine::general_purpose::STANDARD.encode(serde_json::to_vec(&payload)?))
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::config::Secret;

    fn config() -> CaptchaConfig {
        CaptchaConfig::easy(Secret::new("unit-test-captcha-secret"))
    }

    fn code(result: ApiResult<altcha::Payload>) -> Option<ErrorCode> {
        result.err().map(|e| e.code)
    }

    #[test]
    fn a_solved_challenge_passes_and_anything_else_is_refused() {
        let config = config();
        let now = coverline_store::now();
        let token = solve(&challenge(&config, now).unwrap()).unwrap();
        assert_eq!(code(check(&config, Some(&token), now)), None);
        assert_eq!(code(check(&config, None, now)), Some(ErrorCode::CaptchaRequired));
        assert_eq!(code(check(&config, Some("  "), now)), Some(ErrorCode::CaptchaRequired));
        assert_eq!(code(check(&config, Some("not base64!"), now)), Some(ErrorCode::CaptchaInvalid));
        // The widget's own test mode (no challenge) is no solution.
        let test_mode = base64::engine::general_purpose::STANDARD.encode(r#"{"challenge":null,"solution":null,"test":true}"#);
        assert_eq!(code(check(&config, Some(&test_mode), now)), Some(ErrorCode::CaptchaInvalid));
        // Another server's challenge (another secret).
        let other = CaptchaConfig::easy(Secret::new("another-secret"));
        let foreign = solve(&challenge(&other, now).unwrap()).unwrap();
        assert_eq!(code(check(&config, Some(&foreign), now)), Some(ErrorCode::CaptchaInvalid));
        // A wrong answer to our own challenge.
        let mut payload: altcha::Payload =
            serde_json::from_slice(&base64::engine::general_purpose::STANDARD.decode(&token).unwrap()).unwrap();
        payload.solution.derived_key = "00".repeat(32);
        let wrong = base64::engine::general_purpose::STANDARD.encode(serde_json::to_vec(&payload).unwrap());
        assert_eq!(code(check(&config, Some(&wrong), now)), Some(ErrorCode::CaptchaInvalid));
        // A challenge whose expiry was moved (the signature covers it).
        payload.challenge.parameters.expires_at = Some(now + 86_400);
        let moved = base64::engine::general_purpose::STANDARD.encode(serde_json::to_vec(&payload).unwrap());
        assert_eq!(code(check(&config, Some(&moved), now)), Some(ErrorCode::CaptchaInvalid));
    }

    #[test]
    fn a_solution_dies_with_its_challenge() {
        let config = CaptchaConfig { ttl: Duration::from_secs(60), ..config() };
        let now = coverline_store::now();
        let token = solve(&challenge(&config, now).unwrap()).unwrap();
        assert_eq!(code(check(&config, Some(&token), now + 61)), Some(ErrorCode::CaptchaExpired));
        let old = solve(&challenge(&config, now - 120).unwrap()).unwrap();
        assert_eq!(code(check(&config, Some(&old), now)), Some(ErrorCode::CaptchaExpired), "the library's own clock");
    }

    #[test]
    fn the_answer_lies_between_half_the_maximum_and_the_maximum() {
        let config = CaptchaConfig { max_number: 40, ..config() };
        for _ in 0..20 {
            let challenge = challenge(&config, coverline_store::now()).unwrap();
            let payload: altcha::Payload =
                serde_json::from_slice(&base64::engine::general_purpose::STANDARD.decode(solve(&challenge).unwrap()).unwrap()).unwrap();
            assert!((20..=40).contains(&payload.solution.counter), "{}", payload.solution.counter);
        }
    }
}
