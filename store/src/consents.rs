//! The record of a member's consents: each grant or withdrawal with its time, how it came (the
//! unsubscribe link, the review page) and from which client. `users.consents_to_solicit` keeps the
//! current promotional answer.

use anyhow::Context;

use crate::Store;

/// The promotional consent (the 'continue your purchase' reminder).
pub const PROMOTIONAL: &str = "promotional";
/// The consent to electronic delivery (E-SIGN): the review page's answer, a paper copy's request.
pub const ELECTRONIC_DELIVERY: &str = "electronicDelivery";

/// One recorded change.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ConsentEvent {
    pub user_id: String,
    pub kind: String,
    pub granted: i64,
    pub at: i64,
    pub source: String,
    pub client: Option<String>,
    pub version: Option<String>,
}

/// A consent to record.
#[derive(Debug, Clone, Copy)]
pub struct Consent<'a> {
    pub user_id: &'a str,
    pub kind: &'a str,
    pub granted: bool,
    pub at: i64,
    /// Where it was given: `review-page`, `paper-copy-request`, `unsubscribe-link`.
    pub source: &'a str,
    /// The client's address.
    pub client: Option<&'a str>,
    /// The version of the text answered.
    pub version: Option<&'a str>,
}

impl Store {
    /// Withdraws the member's promotional consent at once, recording how: one statement clears it
    /// (only when given), then the record. `false` when it was withdrawn already (recorded once).
    pub async fn withdraw_promotional_consent(&self, user_id: &str, at: i64, source: &str, client: Option<&str>) -> anyhow::Result<bool> {
        let mut tx = self.writer.begin().await?;
        let changed: Option<(String,)> =
            sqlx::query_as("UPDATE users SET consents_to_solicit = 0 WHERE user_id = $1 AND consents_to_solicit <> 0 RETURNING user_id")
                .bind(user_id)
                .fetch_optional(&mut *tx)
                .await
                .context("withdrawing a promotional consent")?;
        if changed.is_some() {
            sqlx::query(
                "INSERT INTO consent_events (user_id, kind, granted, at, source, client, version) VALUES ($1, $2, 0, $3, $4, $5, NULL)",
            )
            .bind(user_id)
            .bind(PROMOTIONAL)
            .bind(at)
            .bind(source)
            .bind(client)
            .execute(&mut *tx)
            .await
            .context("recording a withdrawn consent")?;
        }
        tx.commit().await?;
        Ok(changed.is_some())
    }

    /// Records a consent given or declined, with the version of the text agreed to.
    pub async fn record_consent(&self, c: &Consent<'_>) -> anyhow::Result<()> {
        sqlx::query("INSERT INTO consent_events (user_id, kind, granted, at, source, client, version) VALUES ($1, $2, $3, $4, $5, $6, $7)")
            .bind(c.user_id)
            .bind(c.kind)
            .bind(i64::from(c.granted))
            .bind(c.at)
            .bind(c.source)
            .bind(c.client)
            .bind(c.version)
            .execute(&self.writer)
            .await
            .context("recording a consent")?;
        Ok(())
    }

    /// A member's consent record, oldest first.
    pub async fn consent_events(&self, user_id: &str) -> anyhow::Result<Vec<ConsentEvent>> {
        sqlx::query_as(
            "SELECT user_id, kind, granted, at, source, client, version FROM consent_events WHERE user_id = $1 ORDER BY at, kind",
        )
        .bind(user_id)
        .fetch_all(&self.pool)
        .await
        .context("reading consents")
    }
}
