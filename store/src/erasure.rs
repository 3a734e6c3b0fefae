//! Erasing a member's personal data: after their checkout was abandoned for the retention period
//! (the retention workflow), or on their request (`coverline support forget`), and only where no
//! contract obliges keeping it. Ids, quotes and rates stay (no person in them), and so does any
//! policy of a booking that was voided (the provider's contract number and the amounts, which
//! accounting reconciles with the provider), without the member's address on it.

use anyhow::Context;

use crate::Store;

/// Why a member's personal data must be kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeptBecause {
    /// A contract was paid: the contract, the payment and the person it covers are kept for as
    /// long as the contract and the law on its records require.
    PaidContract,
    /// A contract is booked or being booked and may still be paid.
    OpenPurchase,
}

impl KeptBecause {
    pub fn as_str(self) -> &'static str {
        match self {
            KeptBecause::PaidContract => "a contract was paid: its records (the contract, the payment, who it covers) are kept",
            KeptBecause::OpenPurchase => "a contract is booked and may still be paid",
        }
    }
}

/// The placeholder address of an erased member (never deliverable: `.invalid` is reserved).
pub fn erased_email(user_id: &str) -> String {
    format!("erased+{user_id}@coverline.invalid")
}

impl Store {
    /// Members whose personal data may be erased for the retention period: not erased yet, no
    /// payment ever, no purchase still open, and nothing done since `before` (their sign-up, their
    /// sessions and their checkout all older). At most `limit`, oldest first.
    pub async fn abandoned_members(&self, before: i64, limit: i64) -> anyhow::Result<Vec<String>> {
        let rows: Vec<(String,)> = sqlx::query_as(
            "SELECT u.user_id FROM users u WHERE u.erased_at IS NULL AND u.created_at < $1 \
             AND NOT EXISTS (SELECT 1 FROM policies p WHERE p.user_id = u.user_id AND p.status NOT IN ('voided', 'bookingFailed')) \
             AND NOT EXISTS (SELECT 1 FROM policies p JOIN payments y ON y.policy_id = p.policy_id WHERE p.user_id = u.user_id) \
             AND NOT EXISTS (SELECT 1 FROM sessions s WHERE s.user_id = u.user_id AND s.last_seen_at >= $1) \
             AND NOT EXISTS (SELECT 1 FROM checkouts c WHERE c.user_id = u.user_id AND c.updated_at >= $1) \
             ORDER BY u.created_at LIMIT $2",
        )
        .bind(before)
        .bind(limit)
        .fetch_all(&self.pool)
        .await
        .context("listing abandoned members")?;
        Ok(rows.into_iter().map(|(id,)| id).collect())
    }

    /// Why a member's personal data must be kept, if it must.
    pub async fn must_keep_member(&self, user_id: &str) -> anyhow::Result<Option<KeptBecause>> {
        let (paid,): (i64,) =
            sqlx::query_as("SELECT COUNT(*) FROM policies p JOIN payments y ON y.policy_id = p.policy_id WHERE p.user_id = $1")
                .bind(user_id)
                .fetch_one(&self.pool)
                .await?;
        if paid > 0 {
            return Ok(Some(KeptBecause::PaidContract));
        }
        let (open,): (i64,) =
            sqlx::query_as("SELECT COUNT(*) FROM policies WHERE user_id = $1 AND status NOT IN ('voided', 'bookingFailed')")
                .bind(user_id)
                .fetch_one(&self.pool)
                .await?;
        Ok((open > 0).then_some(KeptBecause::OpenPurchase))
    }

    /// Erases a member's personal data at once: their name, phone, address and email (replaced by
    /// an undeliverable placeholder) and password; every session, restore key, continue link and
    /// code; their vehicles' VINs, VIN photos and contact requests' details; the checkout's read
    /// model (its answers name the VIN); the address on their voided bookings' payment requests and
    /// policies; the user agents of their analytics. The caller checks [`Store::must_keep_member`].
    pub async fn erase_member(&self, user_id: &str, now: i64) -> anyhow::Result<()> {
        let placeholder = erased_email(user_id);
        let mut tx = self.writer.begin().await?;
        let statements: [(&str, bool); 14] = [
            (
                "UPDATE users SET email = $2, password_hash = '', first_name = NULL, last_name = NULL, phone = NULL, street = NULL, \
                 city = NULL, state = NULL, zip = NULL, email_verified_at = NULL, launch_subject = NULL, erased_at = $3 WHERE user_id = $1",
                true,
            ),
            ("UPDATE sessions SET revoked = 1 WHERE user_id = $1", false),
            ("DELETE FROM restore_keys WHERE user_id = $1", false),
            ("DELETE FROM resume_links WHERE user_id = $1", false),
            ("DELETE FROM verification_codes WHERE user_id = $1", false),
            ("DELETE FROM password_resets WHERE user_id = $1", false),
            ("DELETE FROM vehicle_refs WHERE user_id = $1", false),
            ("DELETE FROM vin_photos WHERE user_id = $1", false),
            ("UPDATE cars SET vin = '' WHERE user_id = $1", false),
            ("UPDATE contact_requests SET email = $2, collected_json = '{}' WHERE user_id = $1", true),
            ("DELETE FROM checkouts WHERE user_id = $1", false),
            ("UPDATE policies SET email = $2 WHERE user_id = $1", true),
            ("UPDATE analytics_events SET user_agent = NULL, client_id = NULL WHERE user_id = $1", false),
            // The consent record stays (proof of what was agreed), without the client's address.
            ("UPDATE consent_events SET client = NULL WHERE user_id = $1", false),
        ];
        for (sql, with_placeholder) in statements {
            let mut query = sqlx::query(sql).bind(user_id);
            if with_placeholder {
                query = query.bind(&placeholder);
            }
            if sql.contains("$3") {
                query = query.bind(now);
            }
            query.execute(&mut *tx).await.with_context(|| format!("erasing a member: {sql}"))?;
        }
        sqlx::query(
            "UPDATE payment_requests SET signed_request = '' WHERE policy_id IN (SELECT policy_id FROM policies WHERE user_id = $1)",
        )
        .bind(user_id)
        .execute(&mut *tx)
        .await
        .context("erasing a member's payment requests")?;
        tx.commit().await.context("erasing a member")?;
        Ok(())
    }

    /// Erases the details of the contact requests left with `email` by no member (the splash could
    /// not create one); their count.
    pub async fn erase_anonymous_contact_requests(&self, email: &str) -> anyhow::Result<u64> {
        let erased = sqlx::query(
            "UPDATE contact_requests SET email = 'erased@coverline.invalid', collected_json = '{}' WHERE user_id IS NULL AND lower(email) = $1",
        )
        .bind(email.trim().to_lowercase())
        .execute(&self.writer)
        .await
        .context("erasing contact requests")?;
        Ok(erased.rows_affected())
    }
}
