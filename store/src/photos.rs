//! Photos of a VIN (upload drops) and analytics events.

use anyhow::Context;
use sqlx::Row;

use crate::{Store, now};

/// A photo drop as the API sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct VinPhoto {
    pub drop_id: String,
    pub user_id: String,
    pub mime: String,
    pub uploaded: bool,
    pub reading_json: Option<String>,
    pub expires_at: i64,
}

/// A pageview of a visitor with no user: the page and the tab's random analytics id, nothing personal.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct AnonymousPageview {
    pub institution_id: String,
    pub client_id: Option<String>,
    pub page_path: Option<String>,
    pub page_title: Option<String>,
}

/// One analytics hit (spec section 7 field names, snake_case).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct AnalyticsEvent {
    pub user_id: String,
    pub institution_id: String,
    pub hit_type: Option<String>,
    pub event_category: Option<String>,
    pub event_action: Option<String>,
    pub event_label: Option<String>,
    pub page_path: Option<String>,
    pub page_title: Option<String>,
    pub client_id: Option<String>,
    pub user_agent: Option<String>,
}

impl Store {
    /// Opens a drop for one photo of `user_id`, valid until `expires_at`.
    pub async fn create_vin_photo(&self, drop_id: &str, user_id: &str, mime: &str, expires_at: i64) -> anyhow::Result<()> {
        sqlx::query("INSERT INTO vin_photos (drop_id, user_id, mime, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)")
            .bind(drop_id)
            .bind(user_id)
            .bind(mime)
            .bind(now())
            .bind(expires_at)
            .execute(&self.writer)
            .await
            .context("creating vin photo drop")?;
        Ok(())
    }

    /// A drop; `user_id` must own it (`None` otherwise).
    pub async fn vin_photo(&self, user_id: &str, drop_id: &str) -> anyhow::Result<Option<VinPhoto>> {
        let row = sqlx::query(
            "SELECT drop_id, user_id, mime, uploaded_at, reading_json, expires_at FROM vin_photos WHERE drop_id = $1 AND user_id = $2",
        )
        .bind(drop_id)
        .bind(user_id)
        .fetch_optional(&self.pool)
        .await
        .context("reading vin photo drop")?;
        Ok(row.map(|r| VinPhoto {
            drop_id: r.get(0),
            user_id: r.get(1),
            mime: r.get(2),
            uploaded: r.get::<Option<i64>, _>(3).is_some(),
            reading_json: r.get(4),
            expires_at: r.get(5),
        }))
    }

    /// Stores the uploaded image once: `false` when the drop already holds one.
    pub async fn put_vin_photo_image(&self, user_id: &str, drop_id: &str, image: Vec<u8>) -> anyhow::Result<bool> {
        let bytes = image.len() as i64;
        let result = sqlx::query(
            "UPDATE vin_photos SET image = $1, image_bytes = $2, uploaded_at = $3 WHERE drop_id = $4 AND user_id = $5 AND uploaded_at IS NULL",
        )
        .bind(image)
        .bind(bytes)
        .bind(now())
        .bind(drop_id)
        .bind(user_id)
        .execute(&self.writer)
        .await
        .context("storing vin photo")?;
        Ok(result.rows_affected() == 1)
    }

    /// Claims a drop of `user_id` for one upload at `now`, in one statement: refused while another
    /// upload of it runs (claimed after `stale_before`) or once it was uploaded.
    pub async fn claim_vin_photo_upload(&self, user_id: &str, drop_id: &str, now: i64, stale_before: i64) -> anyhow::Result<bool> {
        let claimed = sqlx::query(
            "UPDATE vin_photos SET upload_started_at = $1 WHERE drop_id = $2 AND user_id = $3 AND uploaded_at IS NULL \
             AND (upload_started_at IS NULL OR upload_started_at < $4)",
        )
        .bind(now)
        .bind(drop_id)
        .bind(user_id)
        .bind(stale_before)
        .execute(&self.writer)
        .await
        .context("claiming a vin photo upload")?;
        Ok(claimed.rows_affected() == 1)
    }

    /// Lets a drop be uploaded again after its upload failed.
    pub async fn release_vin_photo_upload(&self, user_id: &str, drop_id: &str) -> anyhow::Result<()> {
        sqlx::query("UPDATE vin_photos SET upload_started_at = NULL WHERE drop_id = $1 AND user_id = $2 AND uploaded_at IS NULL")
            .bind(drop_id)
            .bind(user_id)
            .execute(&self.writer)
            .await
            .context("releasing a vin photo upload")?;
        Ok(())
    }

    /// The uploaded image (until it has been read).
    pub async fn vin_photo_image(&self, user_id: &str, drop_id: &str) -> anyhow::Result<Option<Vec<u8>>> {
        let row = sqlx::query("SELECT image FROM vin_photos WHERE drop_id = $1 AND user_id = $2")
            .bind(drop_id)
            .bind(user_id)
            .fetch_optional(&self.pool)
            .await
            .context("reading vin photo image")?;
        Ok(row.and_then(|r| r.get::<Option<Vec<u8>>, _>(0)))
    }

    /// Keeps the reading and forgets the image.
    pub async fn set_vin_photo_reading(&self, user_id: &str, drop_id: &str, reading_json: &str) -> anyhow::Result<()> {
        sqlx::query("UPDATE vin_photos SET reading_json = $1, image = NULL WHERE drop_id = $2 AND user_id = $3")
            .bind(reading_json)
            .bind(drop_id)
            .bind(user_id)
            .execute(&self.writer)
            .await
            .context("storing vin photo reading")?;
        Ok(())
    }

    /// Forgets the images of drops that expired unread (run when a drop is opened).
    pub async fn purge_expired_vin_photos(&self, now: i64) -> anyhow::Result<()> {
        sqlx::query("UPDATE vin_photos SET image = NULL WHERE expires_at < $1 AND image IS NOT NULL")
            .bind(now)
            .execute(&self.writer)
            .await
            .context("purging expired vin photos")?;
        Ok(())
    }

    /// Stores an analytics hit.
    pub async fn insert_analytics_event(&self, event_id: &str, e: &AnalyticsEvent) -> anyhow::Result<()> {
        sqlx::query(
            "INSERT INTO analytics_events (event_id, user_id, institution_id, hit_type, event_category, event_action, event_label, \
             page_path, page_title, client_id, user_agent, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
        )
        .bind(event_id)
        .bind(&e.user_id)
        .bind(&e.institution_id)
        .bind(&e.hit_type)
        .bind(&e.event_category)
        .bind(&e.event_action)
        .bind(&e.event_label)
        .bind(&e.page_path)
        .bind(&e.page_title)
        .bind(&e.client_id)
        .bind(&e.user_agent)
        .bind(now())
        .execute(&self.writer)
        .await
        .context("storing analytics event")?;
        Ok(())
    }

    /// Stores a pageview of a visitor with no user.
    pub async fn insert_anonymous_pageview(&self, event_id: &str, p: &AnonymousPageview) -> anyhow::Result<()> {
        sqlx::query(
            "INSERT INTO anonymous_pageviews (event_id, institution_id, client_id, page_path, page_title, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(event_id)
        .bind(&p.institution_id)
        .bind(&p.client_id)
        .bind(&p.page_path)
        .bind(&p.page_title)
        .bind(now())
        .execute(&self.writer)
        .await
        .context("storing anonymous pageview")?;
        Ok(())
    }

    /// The anonymous pageviews of an institution, oldest first, as (client id, page path, page title).
    pub async fn anonymous_pageviews(&self, institution_id: &str) -> anyhow::Result<Vec<(Option<String>, Option<String>, Option<String>)>> {
        let rows = sqlx::query(
            "SELECT client_id, page_path, page_title FROM anonymous_pageviews WHERE institution_id = $1 ORDER BY created_at, event_id",
        )
        .bind(institution_id)
        .fetch_all(&self.pool)
        .await
        .context("listing anonymous pageviews")?;
        Ok(rows.iter().map(|r| (r.get(0), r.get(1), r.get(2))).collect())
    }

    /// A user's analytics hits, oldest first, as (hit type, category, action, label).
    pub async fn analytics_events(
        &self,
        user_id: &str,
    ) -> anyhow::Result<Vec<(Option<String>, Option<String>, Option<String>, Option<String>)>> {
        let rows = sqlx::query("SELECT hit_type, event_category, event_action, event_label FROM analytics_events WHERE user_id = $1 ORDER BY created_at, event_id")
            .bind(user_id)
            .fetch_all(&self.pool)
            .await
            .context("listing analytics events")?;
        Ok(rows.iter().map(|r| (r.get(0), r.get(1), r.get(2), r.get(3))).collect())
    }
}
