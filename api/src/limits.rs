//! Rate limits for cheap, hot endpoints (VIN decoding, sample contracts): token buckets kept in
//! the database, so every API instance behind the load balancer takes from the same bucket (two
//! instances must not allow twice the rate). Taking a token is one upsert.

use std::time::Duration;

use coverline_store::{Bucket, Store};

/// The sliding window the stored-hit limits count over (logins, resets, contact requests, photos,
/// resumes, find-your-contract, anonymous pageviews): their 429 says this wait, a true upper bound.
pub const HOUR: Duration = Duration::from_secs(3600);

/// A token bucket per key: `burst` requests at once, refilled at `per_second`.
#[derive(Clone, Debug)]
pub struct RateLimiter {
    /// Prefixes each key in the shared table (one table holds every limiter's buckets).
    name: &'static str,
    bucket: Bucket,
}

impl RateLimiter {
    pub fn new(name: &'static str, burst: u32, per_second: f64) -> Self {
        Self { name, bucket: Bucket::new(burst, per_second) }
    }

    /// Takes one token for `key` at `now_ms`; when the bucket is empty, how long until it holds
    /// one again.
    pub async fn take(&self, store: &Store, key: &str, now_ms: i64) -> anyhow::Result<Result<(), Duration>> {
        store.take_token(&format!("{}:{key}", self.name), self.bucket, now_ms).await
    }
}
