//! A purchase's timeline (policy events) and the find-your-contract attempts.

use anyhow::Context;
use rand::RngCore;
use sqlx::AnyConnection;

use crate::Store;

/// One entry of a purchase's timeline.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct PolicyEvent {
    pub policy_id: String,
    /// UTC unix milliseconds.
    pub at_ms: i64,
    pub kind: String,
    pub detail: Option<String>,
    pub actor: String,
}

fn event_id() -> String {
    let mut bytes = [0u8; 16];
    rand::rng().fill_bytes(&mut bytes);
    hex::encode(bytes)
}

fn now_ms() -> i64 {
    (time::OffsetDateTime::now_utc().unix_timestamp_nanos() / 1_000_000) as i64
}

/// Appends an event inside a caller's transaction (so the change and its record land together).
pub(crate) async fn append(conn: &mut AnyConnection, policy_id: &str, kind: &str, detail: Option<&str>, actor: &str) -> anyhow::Result<()> {
    sqlx::query("INSERT INTO policy_events (event_id, policy_id, at_ms, kind, detail, actor) VALUES ($1, $2, $3, $4, $5, $6)")
        .bind(event_id())
        .bind(policy_id)
        .bind(now_ms())
        .bind(kind)
        .bind(detail)
        .bind(actor)
        .execute(conn)
        .await
        .context("recording policy event")?;
    Ok(())
}

impl Store {
    /// Appends an event to a purchase's timeline (support actions and deliveries).
    pub async fn record_policy_event(&self, policy_id: &str, kind: &str, detail: Option<&str>, actor: &str) -> anyhow::Result<()> {
        let mut conn = self.writer.acquire().await?;
        append(&mut conn, policy_id, kind, detail, actor).await
    }

    /// A purchase's timeline, oldest first.
    pub async fn policy_events(&self, policy_id: &str) -> anyhow::Result<Vec<PolicyEvent>> {
        sqlx::query_as::<_, PolicyEvent>(
            "SELECT policy_id, at_ms, kind, detail, actor FROM policy_events WHERE policy_id = $1 ORDER BY at_ms, event_id",
        )
        .bind(policy_id)
        .fetch_all(&self.pool)
        .await
        .context("reading policy events")
    }

    /// The latest event of `kind` for a policy.
    pub async fn last_policy_event(&self, policy_id: &str, kind: &str) -> anyhow::Result<Option<PolicyEvent>> {
        sqlx::query_as::<_, PolicyEvent>(
            "SELECT policy_id, at_ms, kind, detail, actor FROM policy_events WHERE policy_id = $1 AND kind = $2 ORDER BY at_ms DESC LIMIT 1",
        )
        .bind(policy_id)
        .bind(kind)
        .fetch_optional(&self.pool)
        .await
        .context("reading the last policy event")
    }

    /// Records a find-your-contract attempt made at `at` (UTC unix seconds).
    pub async fn record_document_lookup(&self, policy_id: &str, client: &str, matched: bool, at: i64) -> anyhow::Result<()> {
        sqlx::query("INSERT INTO document_lookups (lookup_id, policy_id, client, matched, at) VALUES ($1, $2, $3, $4, $5)")
            .bind(event_id())
            .bind(policy_id)
            .bind(client)
            .bind(i64::from(matched))
            .bind(at)
            .execute(&self.writer)
            .await
            .context("recording document lookup")?;
        Ok(())
    }

    /// Replaces the policy's live cancellation code (its tries start again).
    pub async fn put_cancellation_code(&self, policy_id: &str, code_hash: &str, expires_at: i64, now: i64) -> anyhow::Result<()> {
        sqlx::query(
            "INSERT INTO cancellation_codes (policy_id, code_hash, expires_at, attempts, sent_at) VALUES ($1, $2, $3, 0, $4) \
             ON CONFLICT (policy_id) DO UPDATE SET code_hash = excluded.code_hash, expires_at = excluded.expires_at, attempts = 0, \
             sent_at = excluded.sent_at",
        )
        .bind(policy_id)
        .bind(code_hash)
        .bind(expires_at)
        .bind(now)
        .execute(&self.writer)
        .await
        .context("saving a cancellation code")?;
        Ok(())
    }

    /// Takes a try of the policy's live cancellation code at `now`: one statement that raises its
    /// count while the code is alive and below `tries`, and returns its hash to compare.
    pub async fn take_cancellation_code_try(&self, policy_id: &str, tries: i64, now: i64) -> anyhow::Result<Option<String>> {
        let row: Option<(String,)> = sqlx::query_as(
            "UPDATE cancellation_codes SET attempts = attempts + 1 WHERE policy_id = $1 AND attempts < $2 AND expires_at >= $3 \
             RETURNING code_hash",
        )
        .bind(policy_id)
        .bind(tries)
        .bind(now)
        .fetch_optional(&self.writer)
        .await
        .context("taking a cancellation-code try")?;
        Ok(row.map(|(hash,)| hash))
    }

    /// Spends the policy's cancellation code (it confirmed one request).
    pub async fn spend_cancellation_code(&self, policy_id: &str) -> anyhow::Result<()> {
        sqlx::query("DELETE FROM cancellation_codes WHERE policy_id = $1")
            .bind(policy_id)
            .execute(&self.writer)
            .await
            .context("spending a cancellation code")?;
        Ok(())
    }
}
