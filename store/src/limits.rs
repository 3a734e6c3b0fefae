//! Rate limits shared by every API instance: tries per key in a window (logins, resets,
//! find-your-contract, continue links...), and token buckets for the hot ones (VIN lookups, sample
//! contracts). Each take is one atomic statement on both databases.

use anyhow::Context;
use rand::RngCore;

use crate::Store;

/// Windows that ended this long ago are deleted now and then (no window is longer).
const KEEP_SECS: i64 = 86_400;

/// A "N tries in a window" limit: at most `tries` in `secs` seconds from the first of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    pub tries: i64,
    pub secs: i64,
}

impl Window {
    pub const fn new(tries: i64, secs: i64) -> Self {
        assert!(tries >= 1 && secs >= 1 && secs <= KEEP_SECS, "a window allows a try and ends within the sweep's keep time");
        Self { tries, secs }
    }
}

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
    /// Takes one try of `key`'s window at `now` (UTC unix seconds), whichever instance asks: one
    /// upsert that starts a new window when the last one ended, and otherwise counts the try only
    /// while fewer than `window.tries` were taken, so of any number of concurrent tries exactly the
    /// allowed ones pass. When the window is full: how long until it ends.
    pub async fn take_try(&self, key: &str, window: Window, now: i64) -> anyhow::Result<Result<(), std::time::Duration>> {
        let ended = now - window.secs;
        let taken: Option<(i64,)> = sqlx::query_as(
            "INSERT INTO rate_windows (key, started_at, tries) VALUES ($1, $2, 1) ON CONFLICT (key) DO UPDATE \
             SET tries = CASE WHEN rate_windows.started_at <= $3 THEN 1 ELSE rate_windows.tries + 1 END, \
                 started_at = CASE WHEN rate_windows.started_at <= $3 THEN excluded.started_at ELSE rate_windows.started_at END \
             WHERE rate_windows.started_at <= $3 OR rate_windows.tries < $4 RETURNING tries",
        )
        .bind(key)
        .bind(now)
        .bind(ended)
        .bind(window.tries)
        .fetch_optional(&self.writer)
        .await
        .context("taking a rate-limit try")?;
        if taken.is_some() {
            // About one try in 256 also sweeps the windows that ended a day ago or more.
            if rand::rng().next_u32().is_multiple_of(256) {
                sqlx::query("DELETE FROM rate_windows WHERE started_at < $1")
                    .bind(now - KEEP_SECS)
                    .execute(&self.writer)
                    .await
                    .context("sweeping rate-limit windows")?;
            }
            return Ok(Ok(()));
        }
        let (started_at,): (i64,) = sqlx::query_as("SELECT started_at FROM rate_windows WHERE key = $1")
            .bind(key)
            .fetch_one(&self.writer)
            .await
            .context("reading a rate-limit window")?;
        Ok(Err(std::time::Duration::from_secs((started_at + window.secs - now).max(1) as u64)))
    }

    /// Gives back a try taken on `key` (a login whose password matched counts no failure).
    pub async fn give_back_try(&self, key: &str) -> anyhow::Result<()> {
        sqlx::query("UPDATE rate_windows SET tries = tries - 1 WHERE key = $1 AND tries > 0")
            .bind(key)
            .execute(&self.writer)
            .await
            .context("giving back a rate-limit try")?;
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

    #[tokio::test]
    async fn a_window_allows_its_tries_then_starts_again() {
        let window = Window::new(3, 900);
        let t0 = 1_800_000_000;
        for store in stores().await {
            for _ in 0..3 {
                assert_eq!(store.take_try("login:a", window, t0).await.unwrap(), Ok(()));
            }
            assert_eq!(store.take_try("login:a", window, t0 + 100).await.unwrap(), Err(Duration::from_secs(800)), "full until t0 + 900");
            assert_eq!(store.take_try("login:b", window, t0 + 100).await.unwrap(), Ok(()), "windows are per key");
            store.give_back_try("login:a").await.unwrap();
            assert_eq!(store.take_try("login:a", window, t0 + 200).await.unwrap(), Ok(()), "a try given back is taken again");
            assert!(store.take_try("login:a", window, t0 + 899).await.unwrap().is_err());
            assert_eq!(store.take_try("login:a", window, t0 + 900).await.unwrap(), Ok(()), "a new window at its end");
            assert_eq!(store.take_try("login:a", window, t0 + 901).await.unwrap(), Ok(()));
            assert_eq!(store.take_try("login:a", window, t0 + 902).await.unwrap(), Ok(()));
            assert_eq!(store.take_try("login:a", window, t0 + 903).await.unwrap(), Err(Duration::from_secs(897)));
        }
    }

    #[tokio::test]
    async fn fifty_concurrent_tries_pass_the_limit_exactly() {
        let window = Window::new(5, 900);
        let now = 1_800_000_000;
        for store in stores().await {
            let tries = (0..50).map(|_| {
                let store = store.clone();
                tokio::spawn(async move { store.take_try("code:member", window, now).await.unwrap() })
            });
            let mut granted = 0;
            for take in tries {
                granted += usize::from(take.await.unwrap().is_ok());
            }
            assert_eq!(granted, 5, "50 tries at once, on {:?}: five pass", store.backend());
        }
    }
}
