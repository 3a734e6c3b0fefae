//! The staff console's sessions, its audit log, and the figures of an institution's programme
//! (docs/staff.md).

use anyhow::Context;
use rand::RngCore;
use sqlx::Row;

use crate::Store;

/// A signed-in person of the staff.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct StaffSession {
    pub session_hash: String,
    /// `<issuer> <sub>`.
    pub subject: String,
    pub name: String,
    pub email: String,
    /// Comma-separated: `support`, `manager`, `admin`.
    pub roles: String,
    /// `None`: every institution.
    pub institution_id: Option<String>,
    pub csrf_token: String,
    pub created_at: i64,
    pub last_seen_at: i64,
    pub expires_at: i64,
}

const SESSION_COLUMNS: &str = "session_hash, subject, name, email, roles, institution_id, csrf_token, created_at, last_seen_at, expires_at";

/// One row of the audit log.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct StaffAction {
    pub action_id: String,
    pub subject: String,
    pub staff_name: String,
    pub staff_email: String,
    pub role: String,
    pub action: String,
    /// The purchase (policy id), institution or session acted on.
    pub target: String,
    pub institution_id: Option<String>,
    pub idempotency_key: String,
    /// `pending` while it runs, then `done`, `nothingToDo` or `failed`.
    pub outcome: String,
    pub message: String,
    pub at_ms: i64,
}

const ACTION_COLUMNS: &str =
    "action_id, subject, staff_name, staff_email, role, action, target, institution_id, idempotency_key, outcome, message, at_ms";

/// Whose audit rows to list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AuditScope {
    Everyone,
    Institution(String),
    Person(String),
}

/// A day's figures of an institution's programme.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProgrammeDay {
    /// Contracts paid that day, and what they came to.
    pub contracts: i64,
    pub amount_cents: i64,
    /// Contracts cancelled that day.
    pub cancellations: i64,
    /// Refunds owed from cancellations that day, and what they come to.
    pub refunds: i64,
    pub refund_cents: i64,
}

impl Store {
    /// Opens a staff session; now and then sweeps the ended ones.
    pub async fn put_staff_session(&self, session: &StaffSession) -> anyhow::Result<()> {
        if rand::rng().next_u32().is_multiple_of(32) {
            sqlx::query("DELETE FROM staff_sessions WHERE expires_at < $1 OR last_seen_at < $2")
                .bind(session.created_at)
                .bind(session.created_at - 86_400)
                .execute(&self.writer)
                .await
                .context("sweeping ended staff sessions")?;
        }
        sqlx::query(&format!("INSERT INTO staff_sessions ({SESSION_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)"))
            .bind(&session.session_hash)
            .bind(&session.subject)
            .bind(&session.name)
            .bind(&session.email)
            .bind(&session.roles)
            .bind(&session.institution_id)
            .bind(&session.csrf_token)
            .bind(session.created_at)
            .bind(session.last_seen_at)
            .bind(session.expires_at)
            .execute(&self.writer)
            .await
            .context("opening a staff session")?;
        Ok(())
    }

    /// The session of `session_hash` if it is live at `now` (not past its end, and used within
    /// `idle_secs`), marked used now. One statement, so a session ends for every instance at once.
    pub async fn touch_staff_session(&self, session_hash: &str, now: i64, idle_secs: i64) -> anyhow::Result<Option<StaffSession>> {
        sqlx::query_as::<_, StaffSession>(&format!(
            "UPDATE staff_sessions SET last_seen_at = $2 WHERE session_hash = $1 AND expires_at > $2 AND last_seen_at > $3 \
             RETURNING {SESSION_COLUMNS}"
        ))
        .bind(session_hash)
        .bind(now)
        .bind(now - idle_secs)
        .fetch_optional(&self.writer)
        .await
        .context("reading a staff session")
    }

    /// Ends a staff session.
    pub async fn end_staff_session(&self, session_hash: &str) -> anyhow::Result<bool> {
        let done = sqlx::query("DELETE FROM staff_sessions WHERE session_hash = $1")
            .bind(session_hash)
            .execute(&self.writer)
            .await
            .context("ending a staff session")?;
        Ok(done.rows_affected() > 0)
    }

    /// Claims `action.idempotency_key` for `action.subject` and records the action as `pending`:
    /// `None` the first time (go ahead), else the row the key already names (one atomic insert, so
    /// of any number of concurrent clicks with one key exactly one goes ahead).
    pub async fn begin_staff_action(&self, action: &StaffAction) -> anyhow::Result<Option<StaffAction>> {
        let inserted = sqlx::query(&format!(
            "INSERT INTO staff_actions ({ACTION_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) \
             ON CONFLICT (subject, idempotency_key) DO NOTHING"
        ))
        .bind(&action.action_id)
        .bind(&action.subject)
        .bind(&action.staff_name)
        .bind(&action.staff_email)
        .bind(&action.role)
        .bind(&action.action)
        .bind(&action.target)
        .bind(&action.institution_id)
        .bind(&action.idempotency_key)
        .bind(&action.outcome)
        .bind(&action.message)
        .bind(action.at_ms)
        .execute(&self.writer)
        .await
        .context("recording a staff action")?;
        if inserted.rows_affected() == 1 {
            return Ok(None);
        }
        sqlx::query_as::<_, StaffAction>(&format!("SELECT {ACTION_COLUMNS} FROM staff_actions WHERE subject = $1 AND idempotency_key = $2"))
            .bind(&action.subject)
            .bind(&action.idempotency_key)
            .fetch_optional(&self.writer)
            .await
            .context("reading a staff action")
    }

    /// Records how an action ended.
    pub async fn finish_staff_action(&self, action_id: &str, outcome: &str, message: &str) -> anyhow::Result<()> {
        sqlx::query("UPDATE staff_actions SET outcome = $2, message = $3 WHERE action_id = $1")
            .bind(action_id)
            .bind(outcome)
            .bind(message)
            .execute(&self.writer)
            .await
            .context("recording a staff action's outcome")?;
        Ok(())
    }

    /// The audit log, newest first.
    pub async fn staff_actions(&self, scope: &AuditScope, limit: i64) -> anyhow::Result<Vec<StaffAction>> {
        let (filter, value) = match scope {
            AuditScope::Everyone => ("$1 = ''", String::new()),
            AuditScope::Institution(id) => ("institution_id = $1", id.clone()),
            AuditScope::Person(subject) => ("subject = $1", subject.clone()),
        };
        sqlx::query_as::<_, StaffAction>(&format!(
            "SELECT {ACTION_COLUMNS} FROM staff_actions WHERE {filter} ORDER BY at_ms DESC, action_id LIMIT $2"
        ))
        .bind(value)
        .bind(limit)
        .fetch_all(&self.pool)
        .await
        .context("reading the audit log")
    }

    /// An institution's programme from `from` to before `until` (unix seconds), by UTC day: each
    /// day with something in it, named by its midnight (unix seconds), in order.
    pub async fn programme(&self, institution_id: &str, from: i64, until: i64) -> anyhow::Result<Vec<(i64, ProgrammeDay)>> {
        let sales = sqlx::query(
            "SELECT p.paid_at, p.amount_cents FROM payments p JOIN policies o ON o.policy_id = p.policy_id \
             WHERE o.institution_id = $1 AND p.paid_at >= $2 AND p.paid_at < $3",
        )
        .bind(institution_id)
        .bind(from)
        .bind(until)
        .fetch_all(&self.pool)
        .await
        .context("reading an institution's sales")?;
        let cancellations = sqlx::query(
            "SELECT MIN(e.at_ms) FROM policy_events e JOIN policies o ON o.policy_id = e.policy_id \
             WHERE o.institution_id = $1 AND e.kind = 'status:cancelled' AND e.at_ms >= $2 AND e.at_ms < $3 GROUP BY e.policy_id",
        )
        .bind(institution_id)
        .bind(from * 1000)
        .bind(until * 1000)
        .fetch_all(&self.pool)
        .await
        .context("reading an institution's cancellations")?;
        let refunds = sqlx::query(
            "SELECT r.requested_at, r.refund_cents FROM refunds r JOIN policies o ON o.policy_id = r.policy_id \
             WHERE o.institution_id = $1 AND r.requested_at >= $2 AND r.requested_at < $3",
        )
        .bind(institution_id)
        .bind(from)
        .bind(until)
        .fetch_all(&self.pool)
        .await
        .context("reading an institution's refunds")?;
        let mut days: std::collections::BTreeMap<i64, ProgrammeDay> = std::collections::BTreeMap::new();
        let day = |at: i64| at.div_euclid(86_400) * 86_400;
        for r in &sales {
            let d = days.entry(day(r.get(0))).or_default();
            d.contracts += 1;
            d.amount_cents += r.get::<i64, _>(1);
        }
        for r in &cancellations {
            days.entry(day(r.get::<i64, _>(0) / 1000)).or_default().cancellations += 1;
        }
        for r in &refunds {
            let d = days.entry(day(r.get(0))).or_default();
            d.refunds += 1;
            d.refund_cents += r.get::<i64, _>(1);
        }
        Ok(days.into_iter().collect())
    }
}
