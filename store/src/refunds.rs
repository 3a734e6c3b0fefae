//! Refunds of cancelled contracts: one per policy, as the state's rules worked it out. A card
//! refund is paid when it is recorded; a check refund stays unpaid until support records the check,
//! and a check paid after its due date carries the state's late penalty.

use anyhow::Context;

use crate::{Store, now};

/// A stored refund.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct RefundRecord {
    pub policy_id: String,
    /// The member's state whose rules applied.
    pub state: String,
    /// `freeLook` or `proRata`.
    pub method: String,
    /// `card` or `check`.
    pub refund_by: String,
    pub refund_cents: i64,
    pub fee_cents: i64,
    pub unearned_cents: i64,
    pub odometer_now: Option<i64>,
    pub requested_at: i64,
    /// `YYYY-MM-DD`.
    pub due_by: String,
    pub source: String,
    pub paid_at: Option<i64>,
    pub penalty_cents: i64,
    pub check_number: Option<String>,
    pub paid_by: Option<String>,
}

const REFUND_COLUMNS: &str = "policy_id, state, method, refund_by, refund_cents, fee_cents, unearned_cents, odometer_now, requested_at, \
                              due_by, source, paid_at, penalty_cents, check_number, paid_by";

impl Store {
    /// Records a policy's refund once: a second call (a retried activity) keeps the first and
    /// returns it.
    pub async fn record_refund(&self, r: &RefundRecord) -> anyhow::Result<RefundRecord> {
        sqlx::query(&format!(
            "INSERT INTO refunds ({REFUND_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) \
             ON CONFLICT (policy_id) DO NOTHING"
        ))
        .bind(&r.policy_id)
        .bind(&r.state)
        .bind(&r.method)
        .bind(&r.refund_by)
        .bind(r.refund_cents)
        .bind(r.fee_cents)
        .bind(r.unearned_cents)
        .bind(r.odometer_now)
        .bind(r.requested_at)
        .bind(&r.due_by)
        .bind(&r.source)
        .bind(r.paid_at)
        .bind(r.penalty_cents)
        .bind(&r.check_number)
        .bind(&r.paid_by)
        .execute(&self.writer)
        .await
        .context("recording a refund")?;
        self.refund(&r.policy_id).await?.context("the refund just recorded")
    }

    /// A policy's refund, if it was cancelled under the state rules.
    pub async fn refund(&self, policy_id: &str) -> anyhow::Result<Option<RefundRecord>> {
        sqlx::query_as(&format!("SELECT {REFUND_COLUMNS} FROM refunds WHERE policy_id = $1"))
            .bind(policy_id)
            .fetch_optional(&self.pool)
            .await
            .context("reading a refund")
    }

    /// Marks a card refund paid (the gateway refunded it) once.
    pub async fn mark_card_refund_paid(&self, policy_id: &str) -> anyhow::Result<()> {
        sqlx::query("UPDATE refunds SET paid_at = $2, paid_by = 'gateway' WHERE policy_id = $1 AND paid_at IS NULL")
            .bind(policy_id)
            .bind(now())
            .execute(&self.writer)
            .await
            .context("marking a card refund paid")?;
        Ok(())
    }

    /// Records the check that paid a refund, with the late penalty it carries, in one statement:
    /// `None` when the refund is not an unpaid check refund (paid already, or to the card).
    pub async fn record_check_refund_paid(
        &self,
        policy_id: &str,
        check_number: &str,
        penalty_cents: i64,
        paid_at: i64,
        by: &str,
    ) -> anyhow::Result<Option<RefundRecord>> {
        let row: Option<(String,)> = sqlx::query_as(
            "UPDATE refunds SET paid_at = $2, check_number = $3, penalty_cents = $4, paid_by = $5 \
             WHERE policy_id = $1 AND paid_at IS NULL AND refund_by = 'check' RETURNING policy_id",
        )
        .bind(policy_id)
        .bind(paid_at)
        .bind(check_number)
        .bind(penalty_cents)
        .bind(by)
        .fetch_optional(&self.writer)
        .await
        .context("recording a check refund")?;
        match row {
            Some(_) => self.refund(policy_id).await,
            None => Ok(None),
        }
    }

    /// Check refunds not paid yet, the soonest due first.
    pub async fn unpaid_check_refunds(&self) -> anyhow::Result<Vec<RefundRecord>> {
        sqlx::query_as(&format!(
            "SELECT {REFUND_COLUMNS} FROM refunds WHERE paid_at IS NULL AND refund_by = 'check' ORDER BY due_by, policy_id"
        ))
        .fetch_all(&self.pool)
        .await
        .context("listing unpaid check refunds")
    }
}
