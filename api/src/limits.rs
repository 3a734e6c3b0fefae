//! In-process token buckets for cheap, hot endpoints (VIN decoding), where a database write per
//! request would cost more than the work. Each API instance limits on its own: N instances allow
//! N times the rate, which still stops one member from scraping the VIN tables.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The sliding window the stored-hit limits count over (logins, resets, contact requests, photos,
/// resumes, find-your-contract, anonymous pageviews): their 429 says this wait, a true upper bound.
pub const HOUR: Duration = Duration::from_secs(3600);

/// Keys tracked before idle buckets are swept.
const SWEEP_AT: usize = 50_000;

/// A token bucket per key: `burst` requests at once, refilled at `per_second`.
#[derive(Clone, Debug)]
pub struct RateLimiter {
    burst: f64,
    per_second: f64,
    buckets: Arc<Mutex<HashMap<String, (f64, Instant)>>>,
}

impl RateLimiter {
    pub fn new(burst: u32, per_second: f64) -> Self {
        Self { burst: f64::from(burst), per_second, buckets: Arc::default() }
    }

    /// Takes one token for `key`; when the bucket is empty, how long until it holds one again.
    pub fn take(&self, key: &str) -> Result<(), Duration> {
        self.take_at(key, Instant::now())
    }

    fn take_at(&self, key: &str, now: Instant) -> Result<(), Duration> {
        let mut buckets = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        if buckets.len() >= SWEEP_AT {
            // A full bucket is the same as no bucket: forget those.
            let (burst, rate) = (self.burst, self.per_second);
            buckets.retain(|_, (tokens, at)| *tokens + now.duration_since(*at).as_secs_f64() * rate < burst);
        }
        let (tokens, at) = buckets.entry(key.to_string()).or_insert((self.burst, now));
        *tokens = (*tokens + now.duration_since(*at).as_secs_f64() * self.per_second).min(self.burst);
        *at = now;
        if *tokens >= 1.0 {
            *tokens -= 1.0;
            Ok(())
        } else {
            Err(Duration::from_secs_f64((1.0 - *tokens) / self.per_second))
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn a_burst_then_the_refill_rate() {
        let limiter = RateLimiter::new(3, 0.5);
        let t0 = Instant::now();
        let at = |ms: u64| t0 + Duration::from_millis(ms);
        assert!((0..3).all(|_| limiter.take_at("m", t0).is_ok()));
        assert_eq!(limiter.take_at("m", t0), Err(Duration::from_secs(2)), "the burst is spent: one token in 2 s");
        assert!(limiter.take_at("other", t0).is_ok(), "buckets are per key");
        let wait = limiter.take_at("m", at(1900)).unwrap_err();
        assert!(wait.abs_diff(Duration::from_millis(100)) < Duration::from_millis(1), "0.95 of a token after 1.9 s: {wait:?}");
        assert!(limiter.take_at("m", at(4100)).is_ok(), "2.05 tokens after 4.1 s");
        assert!(limiter.take_at("m", at(4150)).is_ok());
        let wait = limiter.take_at("m", at(4200)).unwrap_err();
        assert!(wait.abs_diff(Duration::from_millis(1800)) < Duration::from_millis(1), "both spent, 0.1 left: {wait:?}");
    }
}
