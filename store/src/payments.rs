//! Verified payments: at most one per policy.

use anyhow::Context;

use crate::{Store, is_unique_violation, now};

/// A stored payment.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct PaymentRecord {
    pub payment_id: String,
    pub policy_id: String,
    pub amount_cents: i64,
    pub tax_cents: i64,
    pub paid_at: i64,
}

impl Store {
    /// Records a payment and marks the policy paid, once: a second call for the same policy
    /// returns the payment already recorded. The flag says whether this call recorded it.
    pub async fn record_payment(&self, p: &PaymentRecord) -> anyhow::Result<(PaymentRecord, bool)> {
        let mut tx = self.writer.begin().await?;
        let inserted =
            sqlx::query("INSERT INTO payments (payment_id, policy_id, amount_cents, tax_cents, paid_at) VALUES ($1, $2, $3, $4, $5)")
                .bind(&p.payment_id)
                .bind(&p.policy_id)
                .bind(p.amount_cents)
                .bind(p.tax_cents)
                .bind(p.paid_at)
                .execute(&mut *tx)
                .await;
        let recorded = match inserted {
            Ok(_) => {
                sqlx::query("UPDATE policies SET status = 'paid', updated_at = $1 WHERE policy_id = $2 AND status = 'booked'")
                    .bind(now())
                    .bind(&p.policy_id)
                    .execute(&mut *tx)
                    .await
                    .context("marking policy paid")?;
                crate::events::append(&mut tx, &p.policy_id, "paid", Some(&p.payment_id), "workflow").await?;
                tx.commit().await.context("committing payment")?;
                true
            }
            Err(e) if is_unique_violation(&e) => {
                tx.rollback().await.ok();
                false
            }
            Err(e) => return Err(e).context("inserting payment"),
        };
        Ok((self.payment_for_policy(&p.policy_id).await?.context("payment just recorded")?, recorded))
    }

    /// A user's payments, newest first.
    pub async fn payments_of_user(&self, user_id: &str) -> anyhow::Result<Vec<PaymentRecord>> {
        sqlx::query_as::<_, PaymentRecord>(
            "SELECT p.payment_id, p.policy_id, p.amount_cents, p.tax_cents, p.paid_at FROM payments p
             JOIN policies o ON o.policy_id = p.policy_id WHERE o.user_id = $1 ORDER BY p.paid_at DESC, p.payment_id DESC",
        )
        .bind(user_id)
        .fetch_all(&self.pool)
        .await
        .context("listing payments")
    }

    /// The payment of a policy.
    pub async fn payment_for_policy(&self, policy_id: &str) -> anyhow::Result<Option<PaymentRecord>> {
        sqlx::query_as::<_, PaymentRecord>(
            "SELECT payment_id, policy_id, amount_cents, tax_cents, paid_at FROM payments WHERE policy_id = $1",
        )
        .bind(policy_id)
        .fetch_optional(&self.pool)
        .await
        .context("reading payment")
    }

    /// Number of payments recorded (tests and the chaos harness).
    pub async fn count_payments(&self) -> anyhow::Result<i64> {
        let (n,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM payments").fetch_one(&self.pool).await?;
        Ok(n)
    }
}
