//! Policies: one purchase each, written by the API (created) and by the checkout workflow's
//! activities (booked, paid, fulfilled, voided).

use anyhow::Context;
use coverline_domain::lifecycle::PurchaseStatus;

use crate::events::append;
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
    #[sqlx(try_from = "String")]
    pub status: PurchaseStatus,
    pub contract_number: Option<String>,
    pub last_error: Option<String>,
    pub email: String,
    pub created_at: i64,
    pub updated_at: i64,
    /// The reference a member reads out (`CL-7F3K-92QD`), given by [`Store::insert_policy`];
    /// `None` for purchases made before references (they print their policy id).
    pub reference: Option<String>,
}

impl PolicyRecord {
    /// What the member is shown and the contract prints as the purchase's reference.
    pub fn shown_reference(&self) -> &str {
        self.reference.as_deref().unwrap_or(&self.policy_id)
    }
}

const POLICY_COLUMNS: &str = "policy_id, user_id, institution_id, quote_id, rate_id, car_id, workflow_id, status, contract_number, last_error, email, created_at, updated_at, reference";

/// Tries at a reference before giving up: with 6.6 × 10¹¹ of them, a second is already rare.
const REFERENCE_TRIES: usize = 8;

impl Store {
    /// Creates the policy for a quote with a new unique reference (`p.reference` is ignored);
    /// [`AlreadyExists`] when the quote already has one. Returns the reference given.
    pub async fn insert_policy(&self, p: &PolicyRecord) -> anyhow::Result<Result<String, AlreadyExists>> {
        for _ in 0..REFERENCE_TRIES {
            let reference = coverline_domain::reference::policy_reference(rand::random());
            let t = now();
            let mut tx = self.writer.begin().await?;
            let result = sqlx::query(&format!(
                "INSERT INTO policies ({POLICY_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)"
            ))
            .bind(&p.policy_id)
            .bind(&p.user_id)
            .bind(&p.institution_id)
            .bind(&p.quote_id)
            .bind(&p.rate_id)
            .bind(&p.car_id)
            .bind(&p.workflow_id)
            .bind(p.status.as_str())
            .bind(&p.contract_number)
            .bind(&p.last_error)
            .bind(&p.email)
            .bind(t)
            .bind(t)
            .bind(&reference)
            .execute(&mut *tx)
            .await;
            match result {
                Ok(_) => {
                    append(&mut tx, &p.policy_id, "created", Some(&format!("rate {} of quote {}", p.rate_id, p.quote_id)), "api").await?;
                    tx.commit().await.context("committing policy")?;
                    return Ok(Ok(reference));
                }
                Err(e) if is_unique_violation(&e) => {
                    drop(tx);
                    // The quote's policy (or this id) is there already, or the reference was taken: another.
                    if self.policy_for_quote(&p.quote_id).await?.is_some() || self.policy(&p.policy_id).await?.is_some() {
                        return Ok(Err(AlreadyExists));
                    }
                }
                Err(e) => return Err(e).context("inserting policy"),
            }
        }
        anyhow::bail!("no free policy reference in {REFERENCE_TRIES} tries")
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

    /// A user's policies, newest first.
    pub async fn policies_of_user(&self, user_id: &str) -> anyhow::Result<Vec<PolicyRecord>> {
        sqlx::query_as::<_, PolicyRecord>(&format!(
            "SELECT {POLICY_COLUMNS} FROM policies WHERE user_id = $1 ORDER BY created_at DESC, policy_id DESC"
        ))
        .bind(user_id)
        .fetch_all(&self.pool)
        .await
        .context("listing policies")
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
        let mut tx = self.writer.begin().await?;
        let changed = sqlx::query(
            "UPDATE policies SET contract_number = $1, status = 'booked', last_error = NULL, updated_at = $2
             WHERE policy_id = $3 AND status IN ('booking', 'bookingFailed')",
        )
        .bind(contract_number)
        .bind(now())
        .bind(policy_id)
        .execute(&mut *tx)
        .await
        .context("recording booking")?;
        if changed.rows_affected() > 0 {
            append(&mut tx, policy_id, "booked", Some(contract_number), "workflow").await?;
        }
        tx.commit().await.context("committing booking")?;
        Ok(())
    }

    /// Keeps the contract number a booking attempt got, without marking the policy booked (the
    /// workflow does that once it accepts the booking).
    pub async fn note_contract_number(&self, policy_id: &str, contract_number: &str) -> anyhow::Result<()> {
        sqlx::query("UPDATE policies SET contract_number = $1 WHERE policy_id = $2 AND status IN ('booking', 'bookingFailed')")
            .bind(contract_number)
            .bind(policy_id)
            .execute(&self.writer)
            .await
            .context("noting contract number")?;
        Ok(())
    }

    /// Sets a policy's status (and why, for failures); `actor` is who changed it (api, workflow,
    /// support:<operator>). Setting the status it already has changes nothing and records nothing.
    pub async fn set_policy_status(
        &self,
        policy_id: &str,
        status: PurchaseStatus,
        last_error: Option<&str>,
        actor: &str,
    ) -> anyhow::Result<()> {
        let mut tx = self.writer.begin().await?;
        let changed =
            sqlx::query("UPDATE policies SET status = $1, last_error = $2, updated_at = $3 WHERE policy_id = $4 AND status <> $1")
                .bind(status.as_str())
                .bind(last_error)
                .bind(now())
                .bind(policy_id)
                .execute(&mut *tx)
                .await
                .context("setting policy status")?;
        if changed.rows_affected() > 0 {
            append(&mut tx, policy_id, &format!("status:{status}"), last_error, actor).await?;
        }
        tx.commit().await.context("committing policy status")?;
        Ok(())
    }

    /// Policies in one of `statuses` not updated since `before`, oldest first (support's stuck list).
    pub async fn policies_in_status_since(&self, statuses: &[PurchaseStatus], before: i64) -> anyhow::Result<Vec<PolicyRecord>> {
        let mut all = Vec::new();
        for status in statuses {
            let rows = sqlx::query_as::<_, PolicyRecord>(&format!(
                "SELECT {POLICY_COLUMNS} FROM policies WHERE status = $1 AND updated_at <= $2 ORDER BY updated_at"
            ))
            .bind(status.as_str())
            .bind(before)
            .fetch_all(&self.pool)
            .await
            .context("listing policies by status")?;
            all.extend(rows);
        }
        all.sort_by_key(|p| p.updated_at);
        Ok(all)
    }

    /// How many policies are in `status` and unchanged since `before` (the alert gauge
    /// `coverline_purchases_stuck`; one index range of `policies_by_status`).
    pub async fn count_policies_in_status_since(&self, status: PurchaseStatus, before: i64) -> anyhow::Result<i64> {
        let (n,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM policies WHERE status = $1 AND updated_at <= $2")
            .bind(status.as_str())
            .bind(before)
            .fetch_one(&self.pool)
            .await
            .context("counting policies by status")?;
        Ok(n)
    }

    /// The policy of a provider contract number.
    pub async fn policy_by_contract(&self, contract_number: &str) -> anyhow::Result<Option<PolicyRecord>> {
        sqlx::query_as::<_, PolicyRecord>(&format!("SELECT {POLICY_COLUMNS} FROM policies WHERE contract_number = $1"))
            .bind(contract_number)
            .fetch_optional(&self.pool)
            .await
            .context("reading policy by contract")
    }

    /// A policy by its id, its workflow id, its contract number, its quote id or its reference
    /// however typed (support looks purchases up by any).
    pub async fn find_policy(&self, key: &str) -> anyhow::Result<Option<PolicyRecord>> {
        sqlx::query_as::<_, PolicyRecord>(&format!(
            "SELECT {POLICY_COLUMNS} FROM policies WHERE policy_id = $1 OR workflow_id = $1 OR contract_number = $1 OR quote_id = $1 OR reference = $2"
        ))
        .bind(key)
        .bind(coverline_domain::reference::normalize(key).unwrap_or_else(|| key.to_string()))
        .fetch_optional(&self.pool)
        .await
        .context("finding policy")
    }

    /// How many policies a quote has (tests and the chaos harness check there is never more than one).
    pub async fn count_policies(&self) -> anyhow::Result<i64> {
        let (n,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM policies").fetch_one(&self.pool).await?;
        Ok(n)
    }
}
