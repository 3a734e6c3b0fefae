//! One time-to-live cache for what every request reads and rarely changes (institutions, the
//! origins allowed to frame an institution's pages): moka's concurrent cache, bounded, with
//! concurrent misses of one key coalesced into one load.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

/// Values by key, each reused for the cache's time to live after it was loaded.
#[derive(Clone)]
pub struct TtlCache<V: Clone + Send + Sync + 'static> {
    inner: moka::future::Cache<String, V>,
}

impl<V: Clone + Send + Sync + 'static> TtlCache<V> {
    /// At most `capacity` entries (unknown keys from a scan cannot grow it without bound).
    pub fn new(ttl: Duration, capacity: u64) -> Self {
        Self { inner: moka::future::Cache::builder().time_to_live(ttl).max_capacity(capacity).build() }
    }

    /// The value of `key`, loading it when missing or expired. A failed load is not cached.
    pub async fn get_or_load<F>(&self, key: &str, load: F) -> anyhow::Result<V>
    where
        F: Future<Output = anyhow::Result<V>>,
    {
        self.inner.try_get_with_by_ref(key, load).await.map_err(|e: Arc<anyhow::Error>| anyhow::anyhow!("{e:#}"))
    }

    /// Forgets `key`: this instance reads it again at once (the others when their copy expires).
    pub async fn invalidate(&self, key: &str) {
        self.inner.invalidate(key).await;
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;

    #[tokio::test]
    async fn loads_once_within_the_ttl_and_again_after_it() {
        let cache = TtlCache::new(Duration::from_millis(200), 10);
        let loads = AtomicUsize::new(0);
        let load = || async {
            loads.fetch_add(1, Ordering::SeqCst);
            Ok::<_, anyhow::Error>(7)
        };
        assert_eq!(cache.get_or_load("a", load()).await.unwrap(), 7);
        assert_eq!(cache.get_or_load("a", load()).await.unwrap(), 7);
        assert_eq!(loads.load(Ordering::SeqCst), 1);
        tokio::time::sleep(Duration::from_millis(300)).await;
        cache.get_or_load("a", load()).await.unwrap();
        assert_eq!(loads.load(Ordering::SeqCst), 2);
    }

    #[tokio::test]
    async fn a_failed_load_is_not_kept() {
        let cache: TtlCache<u8> = TtlCache::new(Duration::from_secs(60), 10);
        assert!(cache.get_or_load("a", async { Err(anyhow::anyhow!("store down")) }).await.is_err());
        assert_eq!(cache.get_or_load("a", async { Ok(1) }).await.unwrap(), 1);
    }
}
