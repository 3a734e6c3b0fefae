//! The checkout's read model, its payment requests, the webhook events handled, the member emails
//! sent, and the two ways back into a checkout: resume links (email) and restore keys (cookie).

use anyhow::Context;

use crate::{AlreadyExists, Store, inserted_once, is_unique_violation, now};

/// The read model of one member's checkout.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct CheckoutRecord {
    pub user_id: String,
    pub institution_id: String,
    pub step: String,
    pub version: i64,
    /// The checkout workflow's view, as JSON.
    pub checkout_json: String,
    pub updated_at: i64,
}

/// A payment request the gateway signed for a policy.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct PaymentRequestRecord {
    pub request_id: String,
    pub policy_id: String,
    /// The gateway's signed request (carries the payer's name and address).
    pub signed_request: String,
    pub amount_cents: i64,
    pub expires_at: i64,
    pub created_at: i64,
}

/// A 'continue your purchase' link.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct ResumeLinkRecord {
    pub token_hash: String,
    pub user_id: String,
    pub purpose: String,
    pub created_at: i64,
    pub expires_at: i64,
    pub used_at: Option<i64>,
}

/// Why a resume link opens nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResumeRefusal {
    Unknown,
    Used,
    Expired,
}

impl ResumeLinkRecord {
    /// Why the link cannot be used at `at` (used already, or expired), or None when it can.
    pub fn refusal_at(&self, at: i64) -> Option<ResumeRefusal> {
        if self.used_at.is_some() {
            Some(ResumeRefusal::Used)
        } else if self.expires_at <= at {
            Some(ResumeRefusal::Expired)
        } else {
            None
        }
    }
}

/// A restore key (the reload cookie's hash) and the session chain it restores.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct RestoreKeyRecord {
    pub user_id: String,
    pub chain_started_at: i64,
}

impl Store {
    /// Stores the checkout's view unless a newer version is already stored.
    pub async fn save_checkout(&self, c: &CheckoutRecord) -> anyhow::Result<()> {
        sqlx::query(
            "INSERT INTO checkouts (user_id, institution_id, step, version, checkout_json, updated_at) VALUES ($1, $2, $3, $4, $5, $6)
             ON CONFLICT (user_id) DO UPDATE SET step = excluded.step, version = excluded.version,
                 checkout_json = excluded.checkout_json, updated_at = excluded.updated_at
             WHERE checkouts.version < excluded.version",
        )
        .bind(&c.user_id)
        .bind(&c.institution_id)
        .bind(&c.step)
        .bind(c.version)
        .bind(&c.checkout_json)
        .bind(now())
        .execute(&self.writer)
        .await
        .context("saving checkout")?;
        Ok(())
    }

    /// The stored view of a member's checkout.
    pub async fn checkout(&self, user_id: &str) -> anyhow::Result<Option<CheckoutRecord>> {
        sqlx::query_as::<_, CheckoutRecord>(
            "SELECT user_id, institution_id, step, version, checkout_json, updated_at FROM checkouts WHERE user_id = $1",
        )
        .bind(user_id)
        .fetch_optional(&self.pool)
        .await
        .context("reading checkout")
    }

    /// Keeps a signed payment request (once: a retried activity stores nothing new).
    pub async fn insert_payment_request(&self, r: &PaymentRequestRecord) -> anyhow::Result<()> {
        let result = sqlx::query(
            "INSERT INTO payment_requests (request_id, policy_id, signed_request, amount_cents, expires_at, created_at) VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(&r.request_id)
        .bind(&r.policy_id)
        .bind(&r.signed_request)
        .bind(r.amount_cents)
        .bind(r.expires_at)
        .bind(now())
        .execute(&self.writer)
        .await;
        inserted_once(result, "storing payment request")
    }

    /// A payment request by id.
    pub async fn payment_request(&self, request_id: &str) -> anyhow::Result<Option<PaymentRequestRecord>> {
        sqlx::query_as::<_, PaymentRequestRecord>(
            "SELECT request_id, policy_id, signed_request, amount_cents, expires_at, created_at FROM payment_requests WHERE request_id = $1",
        )
        .bind(request_id)
        .fetch_optional(&self.pool)
        .await
        .context("reading payment request")
    }

    /// Records that a webhook event was handed over; [`AlreadyExists`] when it already was.
    pub async fn record_gateway_event(
        &self,
        event_id: &str,
        event_type: &str,
        tracking_number: Option<&str>,
    ) -> anyhow::Result<Result<(), AlreadyExists>> {
        let result = sqlx::query("INSERT INTO gateway_events (event_id, event_type, tracking_number, received_at) VALUES ($1, $2, $3, $4)")
            .bind(event_id)
            .bind(event_type)
            .bind(tracking_number)
            .bind(now())
            .execute(&self.writer)
            .await;
        match result {
            Ok(_) => Ok(Ok(())),
            Err(e) if is_unique_violation(&e) => Ok(Err(AlreadyExists)),
            Err(e) => Err(e).context("recording gateway event"),
        }
    }

    /// Charges the gateway reported approved (webhook `charge.approved`) between `from` and
    /// `until` (received_at, UTC seconds) that are neither recorded as a payment (`payments`,
    /// by tracking number) nor refunded (`refund:<tracking>` on a purchase's timeline): money a
    /// member paid that no purchase holds (the alert gauge `coverline_charges_unconfirmed`).
    pub async fn count_unconfirmed_charges(&self, from: i64, until: i64) -> anyhow::Result<i64> {
        let (n,): (i64,) = sqlx::query_as(
            "SELECT COUNT(*) FROM gateway_events g
             WHERE g.event_type = 'charge.approved' AND g.received_at >= $1 AND g.received_at <= $2
               AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.payment_id = g.tracking_number)
               AND NOT EXISTS (SELECT 1 FROM policy_events e WHERE e.kind = 'refund:' || g.tracking_number)",
        )
        .bind(from)
        .bind(until)
        .fetch_one(&self.pool)
        .await
        .context("counting unconfirmed charges")?;
        Ok(n)
    }

    /// Whether a webhook event was already handed over.
    pub async fn gateway_event_seen(&self, event_id: &str) -> anyhow::Result<bool> {
        let row: Option<(String,)> = sqlx::query_as("SELECT event_id FROM gateway_events WHERE event_id = $1")
            .bind(event_id)
            .fetch_optional(&self.pool)
            .await
            .context("reading gateway event")?;
        Ok(row.is_some())
    }

    /// The message id of a member email already sent (`code:<n>`, `reminder`), if it was.
    pub async fn member_email(&self, user_id: &str, kind: &str) -> anyhow::Result<Option<String>> {
        let row: Option<(String,)> = sqlx::query_as("SELECT message_id FROM member_emails WHERE user_id = $1 AND kind = $2")
            .bind(user_id)
            .bind(kind)
            .fetch_optional(&self.pool)
            .await
            .context("reading member email")?;
        Ok(row.map(|(id,)| id))
    }

    /// Records a member email as sent (once).
    pub async fn record_member_email(&self, user_id: &str, kind: &str, message_id: &str) -> anyhow::Result<()> {
        let result = sqlx::query("INSERT INTO member_emails (user_id, kind, message_id, sent_at) VALUES ($1, $2, $3, $4)")
            .bind(user_id)
            .bind(kind)
            .bind(message_id)
            .bind(now())
            .execute(&self.writer)
            .await;
        inserted_once(result, "recording member email")
    }

    /// Stores a resume link's hash.
    pub async fn insert_resume_link(&self, token_hash: &str, user_id: &str, purpose: &str, expires_at: i64) -> anyhow::Result<()> {
        sqlx::query("INSERT INTO resume_links (token_hash, user_id, purpose, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)")
            .bind(token_hash)
            .bind(user_id)
            .bind(purpose)
            .bind(now())
            .bind(expires_at)
            .execute(&self.writer)
            .await
            .context("storing resume link")?;
        Ok(())
    }

    /// A resume link as stored (used or not, expired or not), without using it.
    pub async fn resume_link(&self, token_hash: &str) -> anyhow::Result<Option<ResumeLinkRecord>> {
        sqlx::query_as::<_, ResumeLinkRecord>(
            "SELECT token_hash, user_id, purpose, created_at, expires_at, used_at FROM resume_links WHERE token_hash = $1",
        )
        .bind(token_hash)
        .fetch_optional(&self.pool)
        .await
        .context("reading resume link")
    }

    /// Uses a resume link: its member, once, before it expires.
    pub async fn use_resume_link(&self, token_hash: &str, at: i64) -> anyhow::Result<Result<ResumeLinkRecord, ResumeRefusal>> {
        let Some(link) = self.resume_link(token_hash).await? else { return Ok(Err(ResumeRefusal::Unknown)) };
        if let Some(refusal) = link.refusal_at(at) {
            return Ok(Err(refusal));
        }
        let used = sqlx::query("UPDATE resume_links SET used_at = $1 WHERE token_hash = $2 AND used_at IS NULL")
            .bind(at)
            .bind(token_hash)
            .execute(&self.writer)
            .await
            .context("using resume link")?;
        if used.rows_affected() == 0 {
            return Ok(Err(ResumeRefusal::Used));
        }
        Ok(Ok(ResumeLinkRecord { used_at: Some(at), ..link }))
    }

    /// Stores a restore key's hash for a session chain.
    pub async fn insert_restore_key(&self, key_hash: &str, user_id: &str, chain_started_at: i64) -> anyhow::Result<()> {
        sqlx::query("INSERT INTO restore_keys (key_hash, user_id, chain_started_at, created_at) VALUES ($1, $2, $3, $4)")
            .bind(key_hash)
            .bind(user_id)
            .bind(chain_started_at)
            .bind(now())
            .execute(&self.writer)
            .await
            .context("storing restore key")?;
        Ok(())
    }

    /// The session chain a restore key belongs to.
    pub async fn restore_key(&self, key_hash: &str) -> anyhow::Result<Option<RestoreKeyRecord>> {
        sqlx::query_as::<_, RestoreKeyRecord>("SELECT user_id, chain_started_at FROM restore_keys WHERE key_hash = $1")
            .bind(key_hash)
            .fetch_optional(&self.pool)
            .await
            .context("reading restore key")
    }

    /// Forgets a restore key (the session it restored has ended).
    pub async fn delete_restore_key(&self, key_hash: &str) -> anyhow::Result<()> {
        sqlx::query("DELETE FROM restore_keys WHERE key_hash = $1")
            .bind(key_hash)
            .execute(&self.writer)
            .await
            .context("deleting restore key")?;
        Ok(())
    }

    /// When any live session of the user was last used (the idle clock of its newest token).
    pub async fn last_session_activity(&self, user_id: &str) -> anyhow::Result<Option<i64>> {
        let (at,): (Option<i64>,) = sqlx::query_as("SELECT MAX(last_seen_at) FROM sessions WHERE user_id = $1 AND revoked = 0")
            .bind(user_id)
            .fetch_one(&self.pool)
            .await
            .context("reading session activity")?;
        Ok(at)
    }
}
