//! Rendered contract PDFs and the record of emails sent for a purchase.

use anyhow::Context;
use sqlx::Row;

use crate::{Store, inserted_once, now};

impl Store {
    /// Stores the contract PDF of a policy once; later calls keep the first document.
    pub async fn put_contract_document(&self, policy_id: &str, pdf: &[u8]) -> anyhow::Result<()> {
        let result = sqlx::query("INSERT INTO contract_documents (policy_id, pdf, created_at) VALUES ($1, $2, $3)")
            .bind(policy_id)
            .bind(pdf.to_vec())
            .bind(now())
            .execute(&self.writer)
            .await;
        inserted_once(result, "storing contract document")
    }

    /// The contract PDF of a policy.
    pub async fn contract_document(&self, policy_id: &str) -> anyhow::Result<Option<Vec<u8>>> {
        let row = sqlx::query("SELECT pdf FROM contract_documents WHERE policy_id = $1")
            .bind(policy_id)
            .fetch_optional(&self.pool)
            .await
            .context("reading contract document")?;
        Ok(row.map(|r| r.get(0)))
    }

    /// Whether the email `kind` of a policy was already sent.
    pub async fn email_sent(&self, policy_id: &str, kind: &str) -> anyhow::Result<bool> {
        let row = sqlx::query("SELECT message_id FROM email_deliveries WHERE policy_id = $1 AND kind = $2")
            .bind(policy_id)
            .bind(kind)
            .fetch_optional(&self.pool)
            .await
            .context("reading email deliveries")?;
        Ok(row.is_some())
    }

    /// Records that the email `kind` of a policy went out.
    pub async fn record_email_sent(&self, policy_id: &str, kind: &str, message_id: &str) -> anyhow::Result<()> {
        let result = sqlx::query("INSERT INTO email_deliveries (policy_id, kind, message_id, sent_at) VALUES ($1, $2, $3, $4)")
            .bind(policy_id)
            .bind(kind)
            .bind(message_id)
            .bind(now())
            .execute(&self.writer)
            .await;
        inserted_once(result, "recording email delivery")
    }
}
