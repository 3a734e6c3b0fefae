//! Paper copies of contracts to mail: the members who did not consent to electronic delivery, and
//! those who asked for one. Support mails them and records it.

use anyhow::Context;

use crate::Store;

/// A contract to mail (or mailed).
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct PaperCopy {
    pub policy_id: String,
    /// `declinedElectronicDelivery` or `requested`.
    pub reason: String,
    pub requested_at: i64,
    pub mailed_at: Option<i64>,
    pub mailed_by: Option<String>,
}

impl Store {
    /// Queues a policy's paper copy; `false` when one is queued and not mailed yet (nothing changes).
    /// A copy mailed before is queued again (a second request is a second letter).
    pub async fn queue_paper_copy(&self, policy_id: &str, reason: &str, at: i64) -> anyhow::Result<bool> {
        let done = sqlx::query(
            "INSERT INTO paper_copies (policy_id, reason, requested_at, mailed_at, mailed_by) VALUES ($1, $2, $3, NULL, NULL) \
             ON CONFLICT (policy_id) DO UPDATE SET reason = excluded.reason, requested_at = excluded.requested_at, mailed_at = NULL, \
             mailed_by = NULL WHERE paper_copies.mailed_at IS NOT NULL",
        )
        .bind(policy_id)
        .bind(reason)
        .bind(at)
        .execute(&self.writer)
        .await
        .context("queueing a paper copy")?;
        Ok(done.rows_affected() > 0)
    }

    /// A policy's paper copy, if one was ever queued.
    pub async fn paper_copy(&self, policy_id: &str) -> anyhow::Result<Option<PaperCopy>> {
        sqlx::query_as("SELECT policy_id, reason, requested_at, mailed_at, mailed_by FROM paper_copies WHERE policy_id = $1")
            .bind(policy_id)
            .fetch_optional(&self.pool)
            .await
            .context("reading a paper copy")
    }

    /// Paper copies to mail, oldest request first.
    pub async fn unmailed_paper_copies(&self) -> anyhow::Result<Vec<PaperCopy>> {
        sqlx::query_as(
            "SELECT policy_id, reason, requested_at, mailed_at, mailed_by FROM paper_copies WHERE mailed_at IS NULL ORDER BY requested_at, policy_id",
        )
        .fetch_all(&self.pool)
        .await
        .context("listing paper copies")
    }

    /// Records a queued copy mailed (one statement); `false` when none was waiting.
    pub async fn mark_paper_copy_mailed(&self, policy_id: &str, at: i64, by: &str) -> anyhow::Result<bool> {
        let done = sqlx::query("UPDATE paper_copies SET mailed_at = $2, mailed_by = $3 WHERE policy_id = $1 AND mailed_at IS NULL")
            .bind(policy_id)
            .bind(at)
            .bind(by)
            .execute(&self.writer)
            .await
            .context("recording a paper copy mailed")?;
        Ok(done.rows_affected() > 0)
    }
}
