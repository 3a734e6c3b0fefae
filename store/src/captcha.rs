//! Captcha solutions spent on a user creation (single use across every API instance).

use anyhow::Context;
use rand::RngCore;

use crate::Store;

impl Store {
    /// Spends a solved challenge (named by `challenge_hash`) valid until `expires_at`: `true` the
    /// first time, `false` when it was spent already. Now and then sweeps the expired ones.
    pub async fn spend_captcha(&self, challenge_hash: &str, expires_at: i64, now: i64) -> anyhow::Result<bool> {
        let mut sweep = [0u8; 1];
        rand::rng().fill_bytes(&mut sweep);
        if sweep[0] < 4 {
            sqlx::query("DELETE FROM captcha_solutions WHERE expires_at < $1")
                .bind(now)
                .execute(&self.writer)
                .await
                .context("sweeping expired captcha solutions")?;
        }
        let result = sqlx::query(
            "INSERT INTO captcha_solutions (challenge_hash, expires_at, used_at) VALUES ($1, $2, $3) ON CONFLICT (challenge_hash) DO NOTHING",
        )
        .bind(challenge_hash)
        .bind(expires_at)
        .bind(now)
        .execute(&self.writer)
        .await
        .context("spending a captcha solution")?;
        Ok(result.rows_affected() == 1)
    }
}
