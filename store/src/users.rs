//! Users and their email-verification codes.

use anyhow::Context;
use coverline_domain::Language;

use crate::{Store, now};

/// A stored user (the flags as `bool`; [`UserRecord::from_row`] reads their integer columns).
#[derive(Debug, Clone, PartialEq)]
pub struct UserRecord {
    pub user_id: String,
    pub institution_id: String,
    pub email: String,
    pub password_hash: String,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub phone: Option<String>,
    pub street: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    pub zip: Option<String>,
    /// Whether the member said they are a member of the institution; `None` before they answered.
    pub is_member: Option<bool>,
    /// The member accepts promotional email.
    pub consents_to_solicit: bool,
    pub email_verified_at: Option<i64>,
    pub created_at: i64,
    /// The integrator whose server launched this member into a partner's page; `None` for the splash.
    pub integrator_id: Option<String>,
    /// The language the member reads Coverline in, kept for what is sent to them later.
    pub language: Language,
}

impl<'r> sqlx::FromRow<'r, sqlx::any::AnyRow> for UserRecord {
    fn from_row(row: &'r sqlx::any::AnyRow) -> sqlx::Result<Self> {
        use sqlx::Row;
        Ok(Self {
            user_id: row.try_get("user_id")?,
            institution_id: row.try_get("institution_id")?,
            email: row.try_get("email")?,
            password_hash: row.try_get("password_hash")?,
            first_name: row.try_get("first_name")?,
            last_name: row.try_get("last_name")?,
            phone: row.try_get("phone")?,
            street: row.try_get("street")?,
            city: row.try_get("city")?,
            state: row.try_get("state")?,
            zip: row.try_get("zip")?,
            is_member: row.try_get::<Option<i64>, _>("is_member")?.map(|m| m != 0),
            consents_to_solicit: row.try_get::<i64, _>("consents_to_solicit")? != 0,
            email_verified_at: row.try_get("email_verified_at")?,
            created_at: row.try_get("created_at")?,
            integrator_id: row.try_get("integrator_id")?,
            // A value no version wrote is English, the product's first language.
            language: Language::parse(&row.try_get::<String, _>("language")?).unwrap_or(Language::En),
        })
    }
}

/// A live session's user and clocks.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct SessionUser {
    #[sqlx(flatten)]
    pub user: UserRecord,
    pub last_seen_at: i64,
    pub chain_started_at: i64,
}

/// Personal details as the member gave them (already validated).
#[derive(Debug, Clone)]
pub struct PersonalDetails<'a> {
    pub first_name: &'a str,
    pub last_name: &'a str,
    pub phone: &'a str,
    pub street: &'a str,
    pub city: &'a str,
    pub state: &'a str,
    pub zip: &'a str,
    pub is_member: bool,
    pub consents_to_solicit: bool,
}

/// A stored verification code.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct VerificationCodeRecord {
    pub code_hash: String,
    pub email: String,
    pub expires_at: i64,
    pub attempts: i64,
    pub sent_at: i64,
    /// Start of the current hour-long send window, and the codes sent in it.
    pub window_started_at: i64,
    pub sends_in_window: i64,
}

const USER_COLUMNS: &str = "user_id, institution_id, email, password_hash, first_name, last_name, phone, street, city, state, zip, is_member, consents_to_solicit, email_verified_at, created_at, integrator_id, language";

impl Store {
    /// Creates a user who reads Coverline in `language`.
    pub async fn insert_user(
        &self,
        user_id: &str,
        institution_id: &str,
        email: &str,
        password_hash: &str,
        language: Language,
    ) -> anyhow::Result<UserRecord> {
        sqlx::query(
            "INSERT INTO users (user_id, institution_id, email, password_hash, consents_to_solicit, created_at, language) \
             VALUES ($1, $2, $3, $4, 1, $5, $6)",
        )
        .bind(user_id)
        .bind(institution_id)
        .bind(email)
        .bind(password_hash)
        .bind(now())
        .bind(language.code())
        .execute(&self.writer)
        .await
        .context("inserting user")?;
        self.user(user_id).await?.context("user just inserted")
    }

    /// The member's language from now on (the page's switch).
    pub async fn set_user_language(&self, user_id: &str, language: Language) -> anyhow::Result<()> {
        sqlx::query("UPDATE users SET language = $1 WHERE user_id = $2")
            .bind(language.code())
            .bind(user_id)
            .execute(&self.writer)
            .await
            .context("recording the user's language")?;
        Ok(())
    }

    /// Records that `integrator_id`'s server launched the user (before the launch code is given).
    pub async fn set_user_integrator(&self, user_id: &str, integrator_id: &str) -> anyhow::Result<()> {
        sqlx::query("UPDATE users SET integrator_id = $1 WHERE user_id = $2")
            .bind(integrator_id)
            .bind(user_id)
            .execute(&self.writer)
            .await
            .context("recording the user's integrator")?;
        Ok(())
    }

    /// A user by id.
    /// The user of a live (not revoked) session, the session's last-seen time and when its chain
    /// started, in one query.
    pub async fn session_user(&self, token_hash: &str) -> anyhow::Result<Option<SessionUser>> {
        let columns = USER_COLUMNS.split(", ").map(|c| format!("u.{c}")).collect::<Vec<_>>().join(", ");
        sqlx::query_as::<_, SessionUser>(&format!(
            "SELECT {columns}, s.last_seen_at,
                    CASE WHEN s.chain_started_at = 0 THEN s.created_at ELSE s.chain_started_at END AS chain_started_at
             FROM sessions s JOIN users u ON u.user_id = s.user_id WHERE s.token_hash = $1 AND s.revoked = 0"
        ))
        .bind(token_hash)
        .fetch_optional(&self.pool)
        .await
        .context("reading session")
    }

    /// A user by id.
    pub async fn user(&self, user_id: &str) -> anyhow::Result<Option<UserRecord>> {
        sqlx::query_as::<_, UserRecord>(&format!("SELECT {USER_COLUMNS} FROM users WHERE user_id = $1"))
            .bind(user_id)
            .fetch_optional(&self.pool)
            .await
            .context("reading user")
    }

    /// Saves personal details.
    pub async fn update_personal_details(&self, user_id: &str, d: &PersonalDetails<'_>) -> anyhow::Result<()> {
        sqlx::query(
            "UPDATE users SET first_name = $1, last_name = $2, phone = $3, street = $4, city = $5, state = $6, zip = $7,
                 is_member = $8, consents_to_solicit = $9 WHERE user_id = $10",
        )
        .bind(d.first_name)
        .bind(d.last_name)
        .bind(d.phone)
        .bind(d.street)
        .bind(d.city)
        .bind(d.state)
        .bind(d.zip)
        .bind(i64::from(d.is_member))
        .bind(i64::from(d.consents_to_solicit))
        .bind(user_id)
        .execute(&self.writer)
        .await
        .context("saving personal details")?;
        Ok(())
    }

    /// Replaces the user's live verification code, sent at `now`, and counts the send in the
    /// user's hour-long send window.
    pub async fn put_verification_code(
        &self,
        user_id: &str,
        code_hash: &str,
        email: &str,
        expires_at: i64,
        now: i64,
    ) -> anyhow::Result<()> {
        sqlx::query(
            "INSERT INTO verification_codes (user_id, code_hash, email, expires_at, attempts, sent_at, window_started_at, sends_in_window)
             VALUES ($1, $2, $3, $4, 0, $5, $6, 1)
             ON CONFLICT (user_id) DO UPDATE SET code_hash = excluded.code_hash, email = excluded.email,
                 expires_at = excluded.expires_at, attempts = 0, sent_at = excluded.sent_at,
                 sends_in_window = CASE WHEN verification_codes.window_started_at > $7 THEN verification_codes.sends_in_window + 1 ELSE 1 END,
                 window_started_at = CASE WHEN verification_codes.window_started_at > $8 THEN verification_codes.window_started_at ELSE excluded.window_started_at END",
        )
        .bind(user_id)
        .bind(code_hash)
        .bind(email)
        .bind(expires_at)
        .bind(now)
        .bind(now)
        .bind(now - 3600)
        .bind(now - 3600)
        .execute(&self.writer)
        .await
        .context("saving verification code")?;
        Ok(())
    }

    /// The user's live verification code.
    pub async fn verification_code(&self, user_id: &str) -> anyhow::Result<Option<VerificationCodeRecord>> {
        sqlx::query_as::<_, VerificationCodeRecord>(
            "SELECT code_hash, email, expires_at, attempts, sent_at, window_started_at, sends_in_window FROM verification_codes WHERE user_id = $1",
        )
        .bind(user_id)
        .fetch_optional(&self.pool)
        .await
        .context("reading verification code")
    }

    /// Takes a try of the user's live verification code at `now`: one statement that raises its
    /// count while the code is alive and below `tries`, and returns the code to compare; none when
    /// there is no live code or its tries are spent. Concurrent guesses compare at most `tries` times.
    pub async fn take_code_try(&self, user_id: &str, tries: i64, now: i64) -> anyhow::Result<Option<VerificationCodeRecord>> {
        sqlx::query_as::<_, VerificationCodeRecord>(
            "UPDATE verification_codes SET attempts = attempts + 1 WHERE user_id = $1 AND attempts < $2 AND expires_at >= $3 \
             RETURNING code_hash, email, expires_at, attempts, sent_at, window_started_at, sends_in_window",
        )
        .bind(user_id)
        .bind(tries)
        .bind(now)
        .fetch_optional(&self.writer)
        .await
        .context("taking a verification-code try")
    }

    /// Changes the address, at once: it is unverified again, any live code for the old one dies,
    /// and so does every way into the account but the session `keep` (the continue links mailed
    /// to the old address, other sessions, restore keys: [`Store::revoke_member_access`]).
    pub async fn change_email(&self, user_id: &str, email: &str, keep: &str, now: i64) -> anyhow::Result<()> {
        let mut tx = self.writer.begin().await?;
        sqlx::query("UPDATE users SET email = $1, email_verified_at = NULL WHERE user_id = $2")
            .bind(email)
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM verification_codes WHERE user_id = $1").bind(user_id).execute(&mut *tx).await?;
        crate::sessions::revoke_access_in(&mut tx, user_id, Some(keep), true, now).await?;
        tx.commit().await.context("changing email")?;
        Ok(())
    }

    /// Marks the email verified and burns the code (single use).
    pub async fn mark_email_verified(&self, user_id: &str) -> anyhow::Result<()> {
        let mut tx = self.writer.begin().await?;
        sqlx::query("UPDATE users SET email_verified_at = $1 WHERE user_id = $2").bind(now()).bind(user_id).execute(&mut *tx).await?;
        sqlx::query("DELETE FROM verification_codes WHERE user_id = $1").bind(user_id).execute(&mut *tx).await?;
        tx.commit().await.context("marking email verified")?;
        Ok(())
    }

    /// The users of an institution with this email address, newest first (at most `limit`): each
    /// splash creates a user, so one address can have several.
    pub async fn users_by_email(&self, institution_id: &str, email: &str, limit: i64) -> anyhow::Result<Vec<UserRecord>> {
        sqlx::query_as::<_, UserRecord>(&format!(
            "SELECT {USER_COLUMNS} FROM users WHERE institution_id = $1 AND email = $2 ORDER BY created_at DESC, user_id DESC LIMIT $3"
        ))
        .bind(institution_id)
        .bind(email)
        .bind(limit)
        .fetch_all(&self.pool)
        .await
        .context("reading users by email")
    }

    /// Replaces a user's password hash and closes every way into the account but the session
    /// `keep`, at once ([`Store::revoke_member_access`]: other sessions, restore keys, continue links).
    pub async fn change_password(&self, user_id: &str, password_hash: &str, keep: &str, now: i64) -> anyhow::Result<()> {
        let mut tx = self.writer.begin().await?;
        sqlx::query("UPDATE users SET password_hash = $1 WHERE user_id = $2").bind(password_hash).bind(user_id).execute(&mut *tx).await?;
        crate::sessions::revoke_access_in(&mut tx, user_id, Some(keep), true, now).await?;
        tx.commit().await.context("changing password")?;
        Ok(())
    }

    /// Replaces the user's live password reset code.
    pub async fn put_reset_code(&self, user_id: &str, code_hash: &str, expires_at: i64) -> anyhow::Result<()> {
        sqlx::query(
            "INSERT INTO password_resets (user_id, code_hash, expires_at, attempts) VALUES ($1, $2, $3, 0)
             ON CONFLICT (user_id) DO UPDATE SET code_hash = excluded.code_hash, expires_at = excluded.expires_at, attempts = 0",
        )
        .bind(user_id)
        .bind(code_hash)
        .bind(expires_at)
        .execute(&self.writer)
        .await
        .context("saving reset code")?;
        Ok(())
    }

    /// Takes a try of the user's live reset code at `now`: one statement that raises its count
    /// while the code is alive and below `tries`, and returns its hash to compare; none when there
    /// is no live code or its tries are spent. Concurrent guesses compare at most `tries` times.
    pub async fn take_reset_try(&self, user_id: &str, tries: i64, now: i64) -> anyhow::Result<Option<String>> {
        let row: Option<(String,)> = sqlx::query_as(
            "UPDATE password_resets SET attempts = attempts + 1 \
             WHERE user_id = $1 AND attempts < $2 AND expires_at >= $3 RETURNING code_hash",
        )
        .bind(user_id)
        .bind(tries)
        .bind(now)
        .fetch_optional(&self.writer)
        .await
        .context("taking a reset-code try")?;
        Ok(row.map(|(hash,)| hash))
    }

    /// Sets the new password and spends the reset code, at once; then closes every way into the
    /// account (sessions, restore keys, continue links: [`Store::revoke_member_access`]).
    pub async fn complete_reset(&self, user_id: &str, password_hash: &str, now: i64) -> anyhow::Result<()> {
        let mut tx = self.writer.begin().await?;
        sqlx::query("UPDATE users SET password_hash = $1 WHERE user_id = $2").bind(password_hash).bind(user_id).execute(&mut *tx).await?;
        sqlx::query("DELETE FROM password_resets WHERE user_id = $1").bind(user_id).execute(&mut *tx).await?;
        crate::sessions::revoke_access_in(&mut tx, user_id, None, true, now).await?;
        tx.commit().await.context("completing password reset")?;
        Ok(())
    }
}
