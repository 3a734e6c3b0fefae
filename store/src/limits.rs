//! Rate limits shared by every API instance: hits per key in a sliding window (logins, resets,
//! contact requests...), and token buckets for the hot ones (VIN lookups, sample contracts).

use anyhow::Context;
use rand::RngCore;

use crate::Store;

/// Hits older than this are deleted now and then.
const KEEP_SECS: i64 = 86_400;

/// A token bucket idle this long is swept: every bucket must refill within it (see [`Bucket`]).
pub const BUCKET_IDLE_MS: i64 = 3_600_000;

/// A token bucket's shape: `burst` tokens at once, refilled at `per_second`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bucket {
    pub burst: f64,
    pub per_second: f64,
}

impl Bucket {
    /// A bucket that is full again within [`BUCKET_IDLE_MS`] (so sweeping an idle one forgets nothing).
    pub fn new(burst: u32, per_second: f64) -> Self {
        let bucket = Self { burst: f64::from(burst), per_second };
        assert!(burst >= 1 && per_second > 0.0, "a bucket holds a token and refills");
        assert!(bucket.burst / per_second * 1000.0 <= BUCKET_IDLE_MS as f64, "a bucket refills within the sweep's idle time");
        bucket
    }

    /// The tokens `tokens` counted at `at_ms` have become by `now_ms` (never past the burst; a
    /// clock behind the last count adds nothing).
    fn refilled(&self, tokens: f64, at_ms: i64, now_ms: i64) -> f64 {
        (tokens + (now_ms - at_ms).max(0) as f64 / 1000.0 * self.per_second).min(self.burst)
    }
}

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

    /// Takes one token of `key`'s bucket at `now_ms` (UTC unix milliseconds), whichever instance
    /// asks: one upsert that refills, checks and takes in the database, so concurrent takes on
    /// several instances never spend the same token. When the bucket is empty: how long until it
    /// holds one again.
    pub async fn take_token(&self, key: &str, bucket: Bucket, now_ms: i64) -> anyhow::Result<Result<(), std::time::Duration>> {
        // elapsed = max(0, now - at) s; refilled = min(burst, tokens + elapsed * rate). Written
        // with CASE so both databases read it (no GREATEST/LEAST in SQLite, no min/max in Postgres).
        let refilled = "CASE WHEN rate_buckets.tokens + (CASE WHEN excluded.at_ms > rate_buckets.at_ms \
                        THEN excluded.at_ms - rate_buckets.at_ms ELSE 0 END) * $4 > $5 THEN $5 \
                        ELSE rate_buckets.tokens + (CASE WHEN excluded.at_ms > rate_buckets.at_ms \
                        THEN excluded.at_ms - rate_buckets.at_ms ELSE 0 END) * $4 END";
        let sql = format!(
            "INSERT INTO rate_buckets (key, tokens, at_ms) VALUES ($1, $2, $3) ON CONFLICT (key) DO UPDATE \
             SET tokens = {refilled} - 1, \
                 at_ms = CASE WHEN excluded.at_ms > rate_buckets.at_ms THEN excluded.at_ms ELSE rate_buckets.at_ms END \
             WHERE {refilled} >= 1 RETURNING tokens"
        );
        let per_ms = bucket.per_second / 1000.0;
        let taken: Option<(f64,)> = sqlx::query_as(&sql)
            .bind(key)
            .bind(bucket.burst - 1.0)
            .bind(now_ms)
            .bind(per_ms)
            .bind(bucket.burst)
            .fetch_optional(&self.writer)
            .await
            .context("taking a rate-limit token")?;
        if taken.is_some() {
            // About one take in 256 also sweeps the buckets idle long enough to be full again.
            if rand::rng().next_u32().is_multiple_of(256) {
                sqlx::query("DELETE FROM rate_buckets WHERE at_ms < $1")
                    .bind(now_ms - BUCKET_IDLE_MS)
                    .execute(&self.writer)
                    .await
                    .context("sweeping rate-limit buckets")?;
            }
            return Ok(Ok(()));
        }
        let (tokens, at_ms): (f64, i64) = sqlx::query_as("SELECT tokens, at_ms FROM rate_buckets WHERE key = $1")
            .bind(key)
            .fetch_one(&self.writer)
            .await
            .context("reading a rate-limit bucket")?;
        let missing = (1.0 - bucket.refilled(tokens, at_ms, now_ms)).max(0.0);
        Ok(Err(std::time::Duration::from_secs_f64(missing / bucket.per_second)))
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

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    async fn stores() -> Vec<Store> {
        crate::test_stores("buckets").await
    }

    #[tokio::test]
    async fn a_burst_then_the_refill_rate() {
        let bucket = Bucket::new(3, 0.5);
        let t0 = 1_800_000_000_000;
        for store in stores().await {
            let take = |key: &'static str, at: i64| {
                let store = store.clone();
                async move { store.take_token(key, bucket, t0 + at).await.unwrap() }
            };
            for _ in 0..3 {
                assert_eq!(take("m", 0).await, Ok(()));
            }
            assert_eq!(take("m", 0).await, Err(Duration::from_secs(2)), "the burst is spent: one token in 2 s");
            assert_eq!(take("other", 0).await, Ok(()), "buckets are per key");
            let wait = take("m", 1900).await.unwrap_err();
            assert!(wait.abs_diff(Duration::from_millis(100)) < Duration::from_millis(1), "0.95 of a token after 1.9 s: {wait:?}");
            assert_eq!(take("m", 4100).await, Ok(()), "2.05 tokens after 4.1 s");
            assert_eq!(take("m", 4150).await, Ok(()));
            let wait = take("m", 4200).await.unwrap_err();
            assert!(wait.abs_diff(Duration::from_millis(1800)) < Duration::from_millis(1), "both spent, 0.1 left: {wait:?}");
            // 0.075 left at 4150 (a refused take changes nothing): from a clock behind that, no refill.
            let wait = take("m", 3000).await.unwrap_err();
            assert!(
                wait.abs_diff(Duration::from_millis(1850)) < Duration::from_millis(1),
                "a clock behind the last take adds nothing: {wait:?}"
            );
            assert_eq!(take("m", 3_600_000).await, Ok(()), "full again after an hour");
        }
    }

    #[tokio::test]
    async fn concurrent_takes_never_spend_a_token_twice() {
        let bucket = Bucket::new(30, 1.0 / 6.0);
        let now = 1_800_000_000_000;
        for store in stores().await {
            let takes = (0..60).map(|_| {
                let store = store.clone();
                tokio::spawn(async move { store.take_token("vin:member", bucket, now).await.unwrap() })
            });
            let mut granted = 0;
            for take in takes {
                granted += usize::from(take.await.unwrap().is_ok());
            }
            assert_eq!(granted, 30, "60 takes at once, on {:?}: the burst, once", store.backend());
        }
    }
}
