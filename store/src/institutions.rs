//! Institutions: imported settings, read on every request.

use anyhow::Context;
use coverline_domain::institution::Institution;
use sqlx::Row;

use crate::{Store, now};

impl Store {
    /// Inserts or replaces an institution's settings (the `institution import` command).
    pub async fn upsert_institution(&self, institution: &Institution) -> anyhow::Result<()> {
        let json = serde_json::to_string(institution)?;
        sqlx::query(
            "INSERT INTO institutions (institution_id, settings_json, is_active, updated_at) VALUES ($1, $2, $3, $4)
             ON CONFLICT (institution_id) DO UPDATE SET settings_json = excluded.settings_json,
                 is_active = excluded.is_active, updated_at = excluded.updated_at",
        )
        .bind(&institution.institution_id)
        .bind(json)
        .bind(i64::from(institution.is_active))
        .bind(now())
        .execute(&self.writer)
        .await
        .with_context(|| format!("saving institution {}", institution.institution_id))?;
        Ok(())
    }

    /// An institution by id.
    pub async fn institution(&self, institution_id: &str) -> anyhow::Result<Option<Institution>> {
        let row = sqlx::query("SELECT settings_json FROM institutions WHERE institution_id = $1")
            .bind(institution_id)
            .fetch_optional(&self.pool)
            .await
            .context("reading institution")?;
        row.map(|r| {
            let json: String = r.get(0);
            serde_json::from_str(&json).context("decoding stored institution settings")
        })
        .transpose()
    }

    /// Every institution, active or not, by id.
    pub async fn institutions(&self) -> anyhow::Result<Vec<Institution>> {
        let rows = sqlx::query("SELECT settings_json FROM institutions ORDER BY institution_id")
            .fetch_all(&self.pool)
            .await
            .context("listing institutions")?;
        rows.iter().map(|r| serde_json::from_str(&r.get::<String, _>(0)).context("decoding stored institution settings")).collect()
    }

    /// Saves an institution's logo (its file name, content type and bytes).
    pub async fn upsert_institution_logo(
        &self,
        institution_id: &str,
        file_name: &str,
        content_type: &str,
        image: &[u8],
    ) -> anyhow::Result<()> {
        sqlx::query(
            "INSERT INTO institution_logos (institution_id, file_name, content_type, image, updated_at) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (institution_id) DO UPDATE SET file_name = excluded.file_name, content_type = excluded.content_type,
                 image = excluded.image, updated_at = excluded.updated_at",
        )
        .bind(institution_id)
        .bind(file_name)
        .bind(content_type)
        .bind(image)
        .bind(now())
        .execute(&self.writer)
        .await
        .with_context(|| format!("saving the logo of {institution_id}"))?;
        Ok(())
    }

    /// An institution's logo: its content type and bytes.
    pub async fn institution_logo(&self, institution_id: &str) -> anyhow::Result<Option<(String, Vec<u8>)>> {
        sqlx::query_as("SELECT content_type, image FROM institution_logos WHERE institution_id = $1")
            .bind(institution_id)
            .fetch_optional(&self.pool)
            .await
            .context("reading an institution's logo")
    }
}
