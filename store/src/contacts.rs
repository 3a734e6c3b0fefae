//! Contact requests: stored before they are emailed, so none is lost if the mail relay is down.

use anyhow::Context;

use crate::{Store, now};

/// A stored contact request.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct ContactRequestRecord {
    pub contact_request_id: String,
    pub institution_id: String,
    pub user_id: Option<String>,
    pub email: String,
    pub page_bounced_from: String,
    pub consents_to_email: i64,
    pub institution_contact: i64,
    pub collected_json: String,
    pub fingerprint: String,
    pub created_at: i64,
    pub emailed_at: Option<i64>,
}

const COLUMNS: &str = "contact_request_id, institution_id, user_id, email, page_bounced_from, consents_to_email, institution_contact, collected_json, fingerprint, created_at, emailed_at";

impl Store {
    /// A member's newest contact request.
    pub async fn latest_contact_request(&self, user_id: &str) -> anyhow::Result<Option<ContactRequestRecord>> {
        sqlx::query_as::<_, ContactRequestRecord>(&format!(
            "SELECT {COLUMNS} FROM contact_requests WHERE user_id = $1 ORDER BY created_at DESC, contact_request_id DESC LIMIT 1"
        ))
        .bind(user_id)
        .fetch_optional(&self.pool)
        .await
        .context("reading the newest contact request")
    }

    /// Stores a contact request (its `created_at` is set here).
    pub async fn insert_contact_request(&self, r: &ContactRequestRecord) -> anyhow::Result<()> {
        sqlx::query(&format!("INSERT INTO contact_requests ({COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, NULL)"))
            .bind(&r.contact_request_id)
            .bind(&r.institution_id)
            .bind(&r.user_id)
            .bind(&r.email)
            .bind(&r.page_bounced_from)
            .bind(r.consents_to_email)
            .bind(r.institution_contact)
            .bind(&r.collected_json)
            .bind(&r.fingerprint)
            .bind(now())
            .execute(&self.writer)
            .await
            .context("storing contact request")?;
        Ok(())
    }

    /// The latest request with this fingerprint made since `since` (a repeat of the same request).
    pub async fn contact_request_by_fingerprint(&self, fingerprint: &str, since: i64) -> anyhow::Result<Option<ContactRequestRecord>> {
        sqlx::query_as::<_, ContactRequestRecord>(&format!(
            "SELECT {COLUMNS} FROM contact_requests WHERE fingerprint = $1 AND created_at >= $2 ORDER BY created_at DESC LIMIT 1"
        ))
        .bind(fingerprint)
        .bind(since)
        .fetch_optional(&self.pool)
        .await
        .context("reading contact request")
    }

    /// Marks a contact request as emailed to the institution.
    pub async fn mark_contact_request_emailed(&self, contact_request_id: &str) -> anyhow::Result<()> {
        sqlx::query("UPDATE contact_requests SET emailed_at = $1 WHERE contact_request_id = $2")
            .bind(now())
            .bind(contact_request_id)
            .execute(&self.writer)
            .await
            .context("marking contact request emailed")?;
        Ok(())
    }

    /// Contact requests not emailed yet, oldest first (for a resend).
    pub async fn unsent_contact_requests(&self) -> anyhow::Result<Vec<ContactRequestRecord>> {
        sqlx::query_as::<_, ContactRequestRecord>(&format!(
            "SELECT {COLUMNS} FROM contact_requests WHERE emailed_at IS NULL ORDER BY created_at"
        ))
        .fetch_all(&self.pool)
        .await
        .context("listing unsent contact requests")
    }
}
