//! OpenID Connect sign-ins under way (Coverline as the relying party), and the signed launch tokens
//! already used (each single use across every API instance).

use anyhow::Context;
use rand::RngCore;

use crate::Store;

/// An OpenID Connect sign-in under way, between the authorization request and its callback.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct OidcSignIn {
    pub state_hash: String,
    /// What it is for: `launch:<institutionId>` (a member's launch from online banking).
    pub purpose: String,
    pub binding_hash: String,
    pub pkce_verifier: String,
    pub nonce: String,
    pub expires_at: i64,
}

impl Store {
    /// Records a sign-in under way; now and then sweeps the ones nobody came back from.
    pub async fn put_oidc_sign_in(&self, login: &OidcSignIn, now: i64) -> anyhow::Result<()> {
        if rand::rng().next_u32().is_multiple_of(64) {
            sqlx::query("DELETE FROM oidc_sign_ins WHERE expires_at < $1")
                .bind(now)
                .execute(&self.writer)
                .await
                .context("sweeping expired launch sign-ins")?;
        }
        sqlx::query(
            "INSERT INTO oidc_sign_ins (state_hash, purpose, binding_hash, pkce_verifier, nonce, expires_at) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(&login.state_hash)
        .bind(&login.purpose)
        .bind(&login.binding_hash)
        .bind(&login.pkce_verifier)
        .bind(&login.nonce)
        .bind(login.expires_at)
        .execute(&self.writer)
        .await
        .context("recording a launch sign-in")?;
        Ok(())
    }

    /// Takes the sign-in of `state_hash` for `purpose` (once: a second callback with the same state
    /// finds nothing), if it has not expired.
    pub async fn take_oidc_sign_in(&self, state_hash: &str, purpose: &str, now: i64) -> anyhow::Result<Option<OidcSignIn>> {
        sqlx::query_as::<_, OidcSignIn>(
            "DELETE FROM oidc_sign_ins WHERE state_hash = $1 AND purpose = $2 AND expires_at >= $3 \
             RETURNING state_hash, purpose, binding_hash, pkce_verifier, nonce, expires_at",
        )
        .bind(state_hash)
        .bind(purpose)
        .bind(now)
        .fetch_optional(&self.writer)
        .await
        .context("taking a launch sign-in")
    }

    /// Spends the launch token `jti` of `institution_id`, valid until `expires_at`: `true` the first
    /// time, `false` when it was used already. Now and then sweeps the expired ones.
    pub async fn spend_launch_token(&self, institution_id: &str, jti: &str, expires_at: i64, now: i64) -> anyhow::Result<bool> {
        if rand::rng().next_u32().is_multiple_of(64) {
            sqlx::query("DELETE FROM launch_token_uses WHERE expires_at < $1")
                .bind(now)
                .execute(&self.writer)
                .await
                .context("sweeping expired launch tokens")?;
        }
        let spent = sqlx::query(
            "INSERT INTO launch_token_uses (institution_id, jti, expires_at, used_at) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (institution_id, jti) DO NOTHING",
        )
        .bind(institution_id)
        .bind(jti)
        .bind(expires_at)
        .bind(now)
        .execute(&self.writer)
        .await
        .context("spending a launch token")?;
        Ok(spent.rows_affected() == 1)
    }

    /// Records who the institution said the launched user is (`oidc <issuer> <sub>`).
    pub async fn set_user_launch_subject(&self, user_id: &str, subject: &str) -> anyhow::Result<()> {
        sqlx::query("UPDATE users SET launch_subject = $1 WHERE user_id = $2")
            .bind(subject)
            .bind(user_id)
            .execute(&self.writer)
            .await
            .context("recording the user's launch subject")?;
        Ok(())
    }
}
