//! The splash's captcha as the browser's widget solves it (ALTCHA PoW v2): the harnesses create
//! their members through the API like the splash does. Cheap when the server runs with
//! `COVERLINE_CAPTCHA_COST=1 COVERLINE_CAPTCHA_MAX_NUMBER=4` (the chaos harness does).

use anyhow::Context;
use base64::Engine;
use serde_json::Value;

/// The widget's payload (user creation's `captchaToken`) for a challenge the API answered.
pub async fn solve(challenge: Value) -> anyhow::Result<String> {
    let challenge: altcha::Challenge = serde_json::from_value(challenge).context("an ALTCHA challenge")?;
    tokio::task::spawn_blocking(move || {
        let solution =
            altcha::solve_challenge(altcha::SolveChallengeOptions { timeout_ms: 0, ..altcha::SolveChallengeOptions::new(&challenge) })
                .map_err(|e| anyhow::anyhow!("solving the captcha: {e}"))?
                .context("no captcha solution")?;
        let payload = altcha::Payload { challenge, solution };
        Ok(base64::engine::general_purpose::STANDARD.encode(serde_json::to_vec(&payload)?))
    })
    .await?
}

/// A challenge from `{api}/captcha` (api: `…/api/institution/{iid}`), solved.
pub async fn token(http: &reqwest::Client, api: &str) -> anyhow::Result<String> {
    let challenge: Value = http.get(format!("{api}/captcha")).send().await?.error_for_status()?.json().await?;
    solve(challenge).await
}
