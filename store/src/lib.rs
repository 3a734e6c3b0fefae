//! Coverline's persistence: one [`Store`] over SQLite (the embedded default) or Postgres, chosen by
//! the database URL. Queries are written once, in SQL both engines accept (`$1` placeholders,
//! BIGINT times in UTC seconds, integer cents); each aggregate has its own module.

use anyhow::Context;
use sqlx::any::{AnyPoolOptions, install_default_drivers};
use sqlx::{AnyPool, migrate::Migrator};

mod captcha;
mod cars;
mod checkouts;
mod consents;
mod contacts;
mod documents;
mod erasure;
mod events;
mod funnel;
mod institutions;
mod integrators;
mod launches;
mod limits;
mod paper;
mod payments;
mod photos;
mod policies;
mod quotes;
mod refunds;
mod sessions;
mod staff;
pub mod users;

pub use cars::CarRecord;
pub use checkouts::{CheckoutRecord, PaymentRequestRecord, RestoreKeyRecord, ResumeLinkRecord, ResumeRefusal};
pub use consents::{Consent, ConsentEvent, ELECTRONIC_DELIVERY, PROMOTIONAL};
pub use contacts::ContactRequestRecord;
pub use erasure::{KeptBecause, erased_email};
pub use events::PolicyEvent;
pub use funnel::{FirstPageview, Viewer};
pub use integrators::{IntegratorRecord, LaunchRecord};
pub use launches::OidcSignIn;
pub use limits::{Bucket, Window};
pub use paper::PaperCopy;
pub use payments::PaymentRecord;
pub use photos::{AnalyticsEvent, AnonymousPageview, VinPhoto};
pub use policies::PolicyRecord;
pub use quotes::{QuoteRecord, RateRecord};
pub use refunds::RefundRecord;
pub use staff::{AuditScope, ProgrammeDay, StaffAction, StaffSession};
pub use users::UserRecord;

/// The schema, written once for both engines.
static MIGRATIONS: Migrator = sqlx::migrate!("./migrations");

/// Which engine a [`Store`] talks to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// The database: a connection pool plus the repositories (methods grouped per aggregate).
#[derive(Clone, Debug)]
pub struct Store {
    /// Reads (and, on Postgres, writes).
    pool: AnyPool,
    /// Writes. On SQLite a single connection: writers queue here in order instead of colliding on
    /// SQLite's one write lock and backing off in busy_timeout sleeps (which cost tens of ms at p99).
    writer: AnyPool,
    backend: Backend,
    /// Cars are never changed once written, so one read serves every later quote and booking.
    cars: cars::CarCache,
}

/// A write that hit a uniqueness rule: the row already exists.
#[derive(Debug, thiserror::Error)]
#[error("already exists")]
pub struct AlreadyExists;

impl Store {
    /// Connects to `url` (`sqlite://path?mode=rwc` or `postgres://...`) and runs the migrations.
    pub async fn connect(url: &str) -> anyhow::Result<Self> {
        install_default_drivers();
        let backend = if url.starts_with("postgres") { Backend::Postgres } else { Backend::Sqlite };
        let url = match backend {
            // WAL lets the API and the worker read while a purchase writes; busy_timeout waits out writers.
            Backend::Sqlite if !url.contains('?') => format!("{url}?mode=rwc"),
            _ => url.to_string(),
        };
        let sqlite_pragmas = |options: AnyPoolOptions| {
            options.after_connect(|conn, _| {
                Box::pin(async move {
                    use sqlx::Executor;
                    conn.execute(
                        "PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 10000; PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;",
                    )
                    .await?;
                    Ok(())
                })
            })
        };
        let (pool, writer) = match backend {
            Backend::Sqlite => {
                let pool = sqlite_pragmas(AnyPoolOptions::new().max_connections(8)).connect(&url).await;
                let pool = pool.with_context(|| format!("connecting to the {backend:?} database"))?;
                let writer = sqlite_pragmas(AnyPoolOptions::new().max_connections(1)).connect(&url).await;
                (pool, writer.with_context(|| format!("connecting to the {backend:?} database"))?)
            }
            Backend::Postgres => {
                let pool = AnyPoolOptions::new().max_connections(16).connect(&url).await;
                let pool = pool.with_context(|| format!("connecting to the {backend:?} database"))?;
                (pool.clone(), pool)
            }
        };
        let store = Self { pool, writer, backend, cars: cars::CarCache::default() };
        store.migrate().await?;
        Ok(store)
    }

    /// Applies pending migrations.
    pub async fn migrate(&self) -> anyhow::Result<()> {
        // Postgres: sqlx holds an advisory lock while migrating. SQLite has none, so an API and a
        // worker starting together on one file can collide; the loser waits and finds them applied.
        let mut attempt = 0;
        loop {
            match MIGRATIONS.run(&self.writer).await {
                Ok(()) => return Ok(()),
                Err(e) if self.backend == Backend::Sqlite && attempt < 40 => {
                    attempt += 1;
                    tracing::debug!(error = %e, attempt, "migrations collided with another process; retrying");
                    tokio::time::sleep(std::time::Duration::from_millis(250)).await;
                }
                Err(e) => return Err(e).context("running database migrations"),
            }
        }
    }

    /// The engine in use.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// The pool, for health checks.
    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }
}

/// Whether an sqlx error is a uniqueness violation (SQLite 2067/1555, Postgres 23505).
pub(crate) fn is_unique_violation(err: &sqlx::Error) -> bool {
    match err {
        sqlx::Error::Database(db) => db.is_unique_violation() || matches!(db.code().as_deref(), Some("23505" | "2067" | "1555")),
        _ => false,
    }
}

/// An idempotent insert: a uniqueness violation means the row is already there, which is fine.
pub(crate) fn inserted_once(result: Result<sqlx::any::AnyQueryResult, sqlx::Error>, what: &'static str) -> anyhow::Result<()> {
    match result {
        Ok(_) => Ok(()),
        Err(e) if is_unique_violation(&e) => Ok(()),
        Err(e) => Err(e).context(what),
    }
}

/// Current time as UTC unix seconds.
pub fn now() -> i64 {
    time::OffsetDateTime::now_utc().unix_timestamp()
}

/// Fresh stores for the crate's own tests: SQLite in a new file, and Postgres too when
/// `COVERLINE_TEST_POSTGRES_URL` names a server (`make test` starts one), in a new database.
#[cfg(test)]
pub(crate) async fn test_stores(name: &str) -> Vec<Store> {
    use rand::RngCore;
    let dir = std::env::temp_dir().join(format!("coverline-test-{name}-{}", rand::rng().next_u64()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut stores = vec![Store::connect(&format!("sqlite://{}?mode=rwc", dir.join("db").display())).await.unwrap()];
    if let Ok(admin) = std::env::var("COVERLINE_TEST_POSTGRES_URL") {
        let db = format!("{name}_{}", rand::rng().next_u64());
        let pool = sqlx::AnyPool::connect(&admin).await.unwrap();
        sqlx::query(&format!("CREATE DATABASE {db}")).execute(&pool).await.unwrap();
        let (base, _) = admin.rsplit_once('/').unwrap();
        stores.push(Store::connect(&format!("{base}/{db}")).await.unwrap());
    }
    stores
}
