//! Integrators (partners that embed the flow) and their launches.

use anyhow::Context;

use crate::{Store, now};

/// A stored integrator.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct IntegratorRecord {
    pub integrator_id: String,
    pub institution_id: String,
    pub name: String,
    /// Hex SHA-256 of the integrator's token (the token itself is never stored).
    pub token_sha256: String,
    pub is_active: i64,
    /// JSON array of the origins allowed to frame the app.
    pub origins_json: String,
}

impl IntegratorRecord {
    /// The origins allowed to frame the app.
    pub fn origins(&self) -> Vec<String> {
        serde_json::from_str(&self.origins_json).unwrap_or_default()
    }
}

/// A partner's launch of the flow for one member.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct LaunchRecord {
    pub integrator_id: String,
    pub user_id: String,
    pub car_id: Option<String>,
    pub quote_id: Option<String>,
    pub expires_at: i64,
}

const INTEGRATOR_COLUMNS: &str = "integrator_id, institution_id, name, token_sha256, is_active, origins_json";

impl Store {
    /// Creates or replaces an integrator.
    pub async fn upsert_integrator(&self, i: &IntegratorRecord) -> anyhow::Result<()> {
        sqlx::query(
            "INSERT INTO integrators (integrator_id, institution_id, name, token_sha256, is_active, origins_json, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7)
             ON CONFLICT (integrator_id) DO UPDATE SET institution_id = excluded.institution_id, name = excluded.name,
                 token_sha256 = excluded.token_sha256, is_active = excluded.is_active, origins_json = excluded.origins_json,
                 updated_at = excluded.updated_at",
        )
        .bind(&i.integrator_id)
        .bind(&i.institution_id)
        .bind(&i.name)
        .bind(&i.token_sha256)
        .bind(i.is_active)
        .bind(&i.origins_json)
        .bind(now())
        .execute(&self.writer)
        .await
        .context("saving integrator")?;
        Ok(())
    }

    /// An integrator by id.
    pub async fn integrator(&self, integrator_id: &str) -> anyhow::Result<Option<IntegratorRecord>> {
        sqlx::query_as::<_, IntegratorRecord>(&format!("SELECT {INTEGRATOR_COLUMNS} FROM integrators WHERE integrator_id = $1"))
            .bind(integrator_id)
            .fetch_optional(&self.pool)
            .await
            .context("reading integrator")
    }

    /// Every integrator, by institution and id.
    pub async fn integrators(&self) -> anyhow::Result<Vec<IntegratorRecord>> {
        sqlx::query_as(&format!("SELECT {INTEGRATOR_COLUMNS} FROM integrators ORDER BY institution_id, integrator_id"))
            .fetch_all(&self.pool)
            .await
            .context("listing integrators")
    }

    /// Turns an integrator on or off; `false` when it is unknown.
    pub async fn set_integrator_active(&self, integrator_id: &str, active: bool) -> anyhow::Result<bool> {
        let done = sqlx::query("UPDATE integrators SET is_active = $2, updated_at = $3 WHERE integrator_id = $1")
            .bind(integrator_id)
            .bind(i64::from(active))
            .bind(now())
            .execute(&self.writer)
            .await
            .context("turning an integrator on or off")?;
        Ok(done.rows_affected() > 0)
    }

    /// The active integrators of an institution.
    pub async fn active_integrators(&self, institution_id: &str) -> anyhow::Result<Vec<IntegratorRecord>> {
        sqlx::query_as::<_, IntegratorRecord>(&format!(
            "SELECT {INTEGRATOR_COLUMNS} FROM integrators WHERE institution_id = $1 AND is_active = 1 ORDER BY integrator_id"
        ))
        .bind(institution_id)
        .fetch_all(&self.pool)
        .await
        .context("listing integrators")
    }

    /// Stores a launch under the hash of its code.
    pub async fn insert_launch(&self, code_hash: &str, launch: &LaunchRecord) -> anyhow::Result<()> {
        sqlx::query(
            "INSERT INTO integration_launches (code_hash, integrator_id, user_id, car_id, quote_id, expires_at) VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(code_hash)
        .bind(&launch.integrator_id)
        .bind(&launch.user_id)
        .bind(&launch.car_id)
        .bind(&launch.quote_id)
        .bind(launch.expires_at)
        .execute(&self.writer)
        .await
        .context("saving launch")?;
        Ok(())
    }

    /// Spends a launch: the first caller gets it, once, while it is live at `at`.
    pub async fn take_launch(&self, code_hash: &str, integrator_id: &str, at: i64) -> anyhow::Result<Option<LaunchRecord>> {
        let taken = sqlx::query(
            "UPDATE integration_launches SET used_at = $1 WHERE code_hash = $2 AND integrator_id = $3 AND used_at IS NULL AND expires_at >= $4",
        )
        .bind(at)
        .bind(code_hash)
        .bind(integrator_id)
        .bind(at)
        .execute(&self.writer)
        .await
        .context("spending launch")?;
        if taken.rows_affected() == 0 {
            return Ok(None);
        }
        sqlx::query_as::<_, LaunchRecord>(
            "SELECT integrator_id, user_id, car_id, quote_id, expires_at FROM integration_launches WHERE code_hash = $1",
        )
        .bind(code_hash)
        .fetch_optional(&self.pool)
        .await
        .context("reading launch")
    }
}
