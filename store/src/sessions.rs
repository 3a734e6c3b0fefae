//! Session tokens (stored as SHA-256 hashes) and their idle clock.

use anyhow::Context;

use crate::{Store, now};

impl Store {
    /// Stores a new session for `user_id`.
    pub async fn insert_session(&self, token_hash: &str, user_id: &str) -> anyhow::Result<()> {
        let t = now();
        sqlx::query("INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, revoked) VALUES ($1, $2, $3, $4, 0)")
            .bind(token_hash)
            .bind(user_id)
            .bind(t)
            .bind(t)
            .execute(&self.writer)
            .await
            .context("inserting session")?;
        Ok(())
    }

    /// Moves the idle clock of a session.
    pub async fn touch_session(&self, token_hash: &str, at: i64) -> anyhow::Result<()> {
        sqlx::query("UPDATE sessions SET last_seen_at = $1 WHERE token_hash = $2")
            .bind(at)
            .bind(token_hash)
            .execute(&self.writer)
            .await
            .context("touching session")?;
        Ok(())
    }

    /// Revokes a session (rotation, logout, expiry).
    pub async fn revoke_session(&self, token_hash: &str) -> anyhow::Result<()> {
        sqlx::query("UPDATE sessions SET revoked = 1 WHERE token_hash = $1")
            .bind(token_hash)
            .execute(&self.writer)
            .await
            .context("revoking session")?;
        Ok(())
    }
}
