//! Session tokens (stored as SHA-256 hashes) and their idle clock.

use anyhow::Context;

use crate::Store;

impl Store {
    /// Stores a new session for `user_id`.
    /// `chain_started_at` is when the session's first token was issued (a rotation carries it on).
    pub async fn insert_session(&self, token_hash: &str, user_id: &str, at: i64, chain_started_at: i64) -> anyhow::Result<()> {
        sqlx::query(
            "INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, revoked, chain_started_at) VALUES ($1, $2, $3, $4, 0, $5)",
        )
            .bind(token_hash)
            .bind(user_id)
            .bind(at)
            .bind(at)
            .bind(chain_started_at)
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

    /// Closes every way into a member's account but the session `keep` (a token hash), at once:
    /// their sessions, the restore keys of every device, and with `links` their unused continue
    /// links, which die as used (a password reset or change, an email change).
    pub async fn revoke_member_access(&self, user_id: &str, keep: Option<&str>, links: bool, now: i64) -> anyhow::Result<()> {
        let mut tx = self.writer.begin().await?;
        revoke_access_in(&mut tx, user_id, keep, links, now).await?;
        tx.commit().await.context("revoking a member's access")?;
        Ok(())
    }
}

/// [`Store::revoke_member_access`] inside a transaction of the caller's.
pub(crate) async fn revoke_access_in(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    user_id: &str,
    keep: Option<&str>,
    links: bool,
    now: i64,
) -> anyhow::Result<()> {
    sqlx::query("UPDATE sessions SET revoked = 1 WHERE user_id = $1 AND revoked = 0 AND token_hash <> $2")
        .bind(user_id)
        .bind(keep.unwrap_or(""))
        .execute(&mut **tx)
        .await
        .context("revoking sessions")?;
    sqlx::query("DELETE FROM restore_keys WHERE user_id = $1").bind(user_id).execute(&mut **tx).await.context("deleting restore keys")?;
    if links {
        sqlx::query("UPDATE resume_links SET used_at = $1 WHERE user_id = $2 AND used_at IS NULL")
            .bind(now)
            .bind(user_id)
            .execute(&mut **tx)
            .await
            .context("spending continue links")?;
    }
    Ok(())
}
