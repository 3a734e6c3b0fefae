//! Rate-limit counters shared by every API instance: hits per key in a sliding window.

use anyhow::Context;
use rand::RngCore;

use crate::Store;

/// Hits older than this are deleted now and then.
const KEEP_SECS: i64 = 86_400;

impl Store {
    /// Counts one hit on `key` at `at` (UTC unix seconds).
    pub async fn record_hit(&self, key: &str, at: i64) -> anyhow::Result<()> {
        let mut id = [0u8; 16];
        rand::rng().fill_bytes(&mut id);
        sqlx::query("INSERT INTO rate_hits (hit_id, key, at) VALUES ($1, $2, $3)")
            .bind(hex::encode(id))
            .bind(key)
            .bind(at)
            .execute(&self.writer)
            .await
            .context("recording a rate-limit hit")?;
        // About one write in 256 also sweeps the hits no window looks at any more.
        if id[0] == 0 {
            sqlx::query("DELETE FROM rate_hits WHERE at < $1")
                .bind(at - KEEP_SECS)
                .execute(&self.writer)
                .await
                .context("sweeping rate-limit hits")?;
        }
        Ok(())
    }

    /// Hits on `key` since `since`.
    pub async fn hits_since(&self, key: &str, since: i64) -> anyhow::Result<i64> {
        let (n,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM rate_hits WHERE key = $1 AND at >= $2")
            .bind(key)
            .bind(since)
            .fetch_one(&self.pool)
            .await
            .context("counting rate-limit hits")?;
        Ok(n)
    }
}
