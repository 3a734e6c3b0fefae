//! Rate limits, kept in the database so every API instance behind the load balancer counts the
//! same tries (two instances must not allow twice the rate), each taken in one atomic statement
//! before the work it limits, so concurrent requests never pass a limit:
//!
//! - "N tries in a window" ([`Limit`]): failed logins and password changes, reset requests,
//!   find-your-contract answers, continue-link tries, contact requests, photo drops, pageviews
//!   without a session. A try that turns out right (a login whose password matched) is given back.
//! - token buckets ([`RateLimiter`]) for the cheap, hot endpoints: VIN decoding, sample contracts.

use std::time::Duration;

use coverline_store::{Bucket, Store, Window};

use crate::http::error::{ApiError, ApiResult};

/// An hour: the longest wait a window limit answers with.
pub const HOUR: Duration = Duration::from_secs(3600);

/// A "N tries in a window" limit with the refusal it answers (429 `rateLimited`, `Retry-After`
/// the time left in the window). Keys are `{name}:{what is limited}`.
#[derive(Clone, Copy, Debug)]
pub struct Limit {
    pub name: &'static str,
    pub window: Window,
    pub refusal: &'static str,
}

impl Limit {
    pub const fn new(name: &'static str, tries: i64, secs: i64, refusal: &'static str) -> Self {
        Self { name, window: Window::new(tries, secs), refusal }
    }

    fn key(&self, of: &str) -> String {
        format!("{}:{of}", self.name)
    }

    /// Takes one try for `of` at `now`, or refuses.
    pub async fn take(&self, store: &Store, of: &str, now: i64) -> ApiResult<()> {
        store.take_try(&self.key(of), self.window, now).await?.map_err(|wait| ApiError::rate_limited(self.refusal, wait))
    }

    /// Gives back a try taken for `of` (it turned out right, or another limit refused the request).
    pub async fn give_back(&self, store: &Store, of: &str) -> ApiResult<()> {
        Ok(store.give_back_try(&self.key(of)).await?)
    }
}

/// Takes a try of each limit, in order; when one refuses, gives back the ones taken before it.
pub async fn take_all(store: &Store, limits: &[(&Limit, &str)], now: i64) -> ApiResult<()> {
    for (i, (limit, of)) in limits.iter().enumerate() {
        if let Err(refused) = limit.take(store, of, now).await {
            for (taken, of) in &limits[..i] {
                taken.give_back(store, of).await?;
            }
            return Err(refused);
        }
    }
    Ok(())
}

/// Gives back a try of each limit.
pub async fn give_back_all(store: &Store, limits: &[(&Limit, &str)]) -> ApiResult<()> {
    for (limit, of) in limits {
        limit.give_back(store, of).await?;
    }
    Ok(())
}

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
