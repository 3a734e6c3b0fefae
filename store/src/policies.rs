//! Policies: one purchase each, written by the API (created) and by the purchase workflow's
//! activities (booked, paid, fulfilled, voided).

use anyhow::Context;

use crate::{AlreadyExists, Store, is_unique_violation, now};

/// A stored policy.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct PolicyRecord {
    pub policy_id: String,
    pub user_id: String,
    pub institution_id: String,
    pub quote_id: String,
    pub rate_id: String,
    pub car_id: String,
    pub workflow_id: String,
    pub status: String,
    pub contract_number: Option<String>,
    pub last_error: Option<String>,
    pub email: String,
    pub created_at: i64,
    pub updated_at: i64,
}

const POLICY_COLUMNS: &str = "policy_id, user_id, institution_id, quote_id, rate_id, car_id, workflow_id, status, contract_number, last_error, email, created_at, updated_at";

impl Store {
    /// Creates the policy for a quote; [`AlreadyExists`] when the quote already has one.
    pub async fn insert_policy(&self, p: &PolicyRecord) -> anyhow::Result<Result<(), AlreadyExists>> {
        let t = now();
        let result = sqlx::query(&format!(
            "INSERT INTO policies ({POLICY_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)"
        ))
        .bind(&p.policy_id)
        .bind(&p.user_id)
        .bind(&p.institution_id)
        .bind(&p.quote_id)
        .bind(&p.rate_id)
        .bind(&p.car_id)
        .bind(&p.workflow_id)
        .bind(&p.status)
        .bind(&p.contract_number)
        .bind(&p.last_error)
        .bind(&p.email)
        .bind(t)
        .bind(t)
        .execute(&self.writer)
        .await;
        match result {
            Ok(_) => Ok(Ok(())),
            Err(e) if is_unique_violation(&e) => Ok(Err(AlreadyExists)),
            Err(e) => Err(e).context("inserting policy"),
        }
    }

    /// A policy by id (no ownership check: for the workflow's activities and support).
    pub async fn policy(&self, policy_id: &str) -> anyhow::Result<Option<PolicyRecord>> {
        sqlx::query_as::<_, PolicyRecord>(&format!("SELECT {POLICY_COLUMNS} FROM policies WHERE policy_id = $1"))
            .bind(policy_id)
            .fetch_optional(&self.pool)
            .await
            .context("reading policy")
    }

    /// A policy of a user (`None` when it is not theirs).
    pub async fn user_policy(&self, user_id: &str, policy_id: &str) -> anyhow::Result<Option<PolicyRecord>> {
        Ok(self.policy(policy_id).await?.filter(|p| p.user_id == user_id))
    }

    /// The policy of a quote.
    pub async fn policy_for_quote(&self, quote_id: &str) -> anyhow::Result<Option<PolicyRecord>> {
        sqlx::query_as::<_, PolicyRecord>(&format!("SELECT {POLICY_COLUMNS} FROM policies WHERE quote_id = $1"))
            .bind(quote_id)
            .fetch_optional(&self.pool)
            .await
            .context("reading policy by quote")
    }

    /// Records the booked contract number (idempotent: the same number may be written again).
    pub async fn record_booking(&self, policy_id: &str, contract_number: &str) -> anyhow::Result<()> {
        sqlx::query(
            "UPDATE policies SET contract_number = $1, status = 'booked', last_error = NULL, updated_at = $2
             WHERE policy_id = $3 AND status IN ('booking', 'bookingFailed', 'booked')",
        )
        .bind(contract_number)
        .bind(now())
        .bind(policy_id)
        .execute(&self.writer)
        .await
        .context("recording booking")?;
        Ok(())
    }

    /// Sets a policy's status (and why, for failures).
    pub async fn set_policy_status(&self, policy_id: &str, status: &str, last_error: Option<&str>) -> anyhow::Result<()> {
        sqlx::query("UPDATE policies SET status = $1, last_error = $2, updated_at = $3 WHERE policy_id = $4")
            .bind(status)
            .bind(last_error)
            .bind(now())
            .bind(policy_id)
            .execute(&self.writer)
            .await
            .context("setting policy status")?;
        Ok(())
    }

    /// Policies in `status` not updated since `before` (support's stuck list).
    pub async fn policies_in_status_since(&self, status: &str, before: i64) -> anyhow::Result<Vec<PolicyRecord>> {
        sqlx::query_as::<_, PolicyRecord>(&format!(
            "SELECT {POLICY_COLUMNS} FROM policies WHERE status = $1 AND updated_at <= $2 ORDER BY updated_at"
        ))
        .bind(status)
        .bind(before)
        .fetch_all(&self.pool)
        .await
        .context("listing policies by status")
    }

    /// How many policies a quote has (tests and the chaos harness check there is never more than one).
    pub async fn count_policies(&self) -> anyhow::Result<i64> {
        let (n,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM policies").fetch_one(&self.pool).await?;
        Ok(n)
    }
}
