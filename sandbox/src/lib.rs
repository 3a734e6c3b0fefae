//! Stand-ins for the two third parties Coverline cannot reach from here, speaking their real
//! protocols so the app's clients (`coverline_activities::payments` and
//! `coverline_activities::booking`) run unchanged against them:
//!
//! - the **card gateway**: signs payment requests (HMAC-SHA256, single use, expiring), serves
//!   the card widget the member's browser frames (in English or Spanish, as the widget's start
//!   or the signed request asks), charges test cards and verifies signed results,
//!   answers the merchant's look-ups (a request's status, a contract's charges), refunds, and
//!   tells the merchant of every charge and refund server to server with signed webhooks, with
//!   switches (`/_sandbox/gateway/behaviour`) that let tests delay, fail or drop the connection
//!   of the merchant's calls, all of them or one operation (the refunds, say);
//! - the **provider's contract exchange**: books contracts under an `Idempotency-Key` and voids
//!   them, with switches that let tests delay or fail bookings.
//!
//! Both run on one router on their own port, a separate origin from the app, as a real
//! processor's iframe is. State lives in memory and, when [`SandboxConfig::state_file`] is set,
//! in a JSON file rewritten atomically after every change, so a restarted sandbox still
//! refuses a reused payment request, still answers a retried booking with the same contract and
//! still delivers the webhooks it had not delivered. Webhooks are delivered only under [`serve`].

mod auth;
mod card;
mod delivery;
mod gateway;
mod lookups;
pub mod partner;
mod provider;
mod refunds;
mod signing;
mod store;
mod switches;
mod texts;
mod webhooks;
mod widget;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, ensure};
use axum::Router;

pub use card::test_cards;
pub use webhooks::WebhookConfig;

/// How the sandbox authenticates its callers, signs for the gateway, and keeps its state.
#[derive(Clone)]
pub struct SandboxConfig {
    /// Bearer token Coverline's servers present to the gateway (`/v1/sign`, `/v1/verify`, the
    /// look-ups, refunds, and the gateway's `/_sandbox` switches).
    pub merchant_key: String,
    /// Bearer token Coverline presents to the provider exchange (and to its `/_sandbox` switches).
    pub provider_api_key: String,
    /// The gateway's HMAC-SHA256 key for signed requests and signed results.
    pub signing_secret: Vec<u8>,
    /// Where to persist state as JSON across restarts; `None` keeps it in memory only.
    pub state_file: Option<PathBuf>,
    /// How long the gateway waits on a card processor that never answers (test card
    /// `4000000000000119`) before giving up with a 504. A request is `expired` for good this
    /// long after its expiry, since a charge begun just before it may take this long.
    pub processor_timeout: Duration,
    /// How long a signed payment request stays valid. Zero makes every request born expired,
    /// which is how tests exercise expiry.
    pub request_ttl: Duration,
    /// The demo partner page (`/partner-demo`), when configured.
    pub partner_demo: Option<partner::PartnerDemo>,
    /// Where the gateway posts its signed events; `None` queues no events at all.
    pub webhook: Option<WebhookConfig>,
}

impl SandboxConfig {
    /// Default processor timeout: long enough that the app's own HTTP timeout fires first.
    pub const DEFAULT_PROCESSOR_TIMEOUT: Duration = Duration::from_secs(30);
    /// Default lifetime of a signed payment request.
    pub const DEFAULT_REQUEST_TTL: Duration = Duration::from_secs(15 * 60);

    /// A configuration with the given credentials, no state file and the default timings.
    pub fn new(merchant_key: impl Into<String>, provider_api_key: impl Into<String>, signing_secret: impl Into<Vec<u8>>) -> Self {
        Self {
            merchant_key: merchant_key.into(),
            provider_api_key: provider_api_key.into(),
            signing_secret: signing_secret.into(),
            state_file: None,
            processor_timeout: Self::DEFAULT_PROCESSOR_TIMEOUT,
            request_ttl: Self::DEFAULT_REQUEST_TTL,
            partner_demo: None,
            webhook: None,
        }
    }

    fn validate(&self) -> anyhow::Result<()> {
        ensure!(!self.merchant_key.is_empty(), "sandbox merchant_key must not be empty");
        ensure!(!self.provider_api_key.is_empty(), "sandbox provider_api_key must not be empty");
        ensure!(self.signing_secret.len() >= 16, "sandbox signing_secret must be at least 16 bytes");
        if let Some(webhook) = &self.webhook {
            webhook.validate()?;
        }
        Ok(())
    }
}

impl std::fmt::Debug for SandboxConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SandboxConfig")
            .field("merchant_key", &"<redacted>")
            .field("provider_api_key", &"<redacted>")
            .field("signing_secret", &"<redacted>")
            .field("state_file", &self.state_file)
            .field("processor_timeout", &self.processor_timeout)
            .field("request_ttl", &self.request_ttl)
            .field("webhook", &self.webhook)
            .finish()
    }
}

/// Shared by every handler: the configuration, the persisted state and the test switches.
pub(crate) struct Sandbox {
    pub config: SandboxConfig,
    pub store: store::Store,
    pub behaviour: std::sync::Mutex<provider::Behaviour>,
    pub gateway_behaviour: std::sync::Mutex<switches::GatewayBehaviour>,
    pub webhooks: webhooks::Switch,
}

pub(crate) type Shared = Arc<Sandbox>;

/// Both stand-ins on one router. Loads `state_file` when it exists; fails when the
/// configuration is unusable or the state file cannot be read. Delivers no webhooks: [`serve`]
/// does.
pub fn router(config: SandboxConfig) -> anyhow::Result<Router> {
    build(config).map(|(router, _)| router)
}

fn build(config: SandboxConfig) -> anyhow::Result<(Router, Shared)> {
    config.validate()?;
    let store = store::Store::open(config.state_file.clone()).context("loading the sandbox state")?;
    let shared: Shared = Arc::new(Sandbox {
        config,
        store,
        behaviour: Default::default(),
        gateway_behaviour: Default::default(),
        webhooks: Default::default(),
    });
    let partner = config_partner(&shared)?;
    let merchant = Router::new().merge(gateway::merchant_routes()).merge(lookups::routes()).merge(refunds::routes());
    let router = Router::new()
        .merge(switches::layered(merchant, &shared))
        .merge(gateway::routes())
        .merge(switches::routes())
        .merge(webhooks::routes())
        .merge(provider::routes())
        .with_state(shared.clone())
        .merge(partner);
    Ok((router, shared))
}

fn config_partner(shared: &Shared) -> anyhow::Result<Router> {
    match &shared.config.partner_demo {
        Some(demo) => partner::routes(demo.clone()),
        None => Ok(Router::new()),
    }
}

/// Serves [`router`] on `listener` and delivers the gateway's webhooks (when configured) until
/// the task is dropped or the listener fails; the deliveries stop with it.
pub async fn serve(listener: tokio::net::TcpListener, config: SandboxConfig) -> anyhow::Result<()> {
    let (app, shared) = build(config)?;
    let _deliveries = AbortOnDrop(tokio::spawn(delivery::run(shared)));
    if let Ok(addr) = listener.local_addr() {
        tracing::info!(%addr, "sandbox gateway and provider listening");
    }
    axum::serve(listener, app).await.context("serving the sandbox")
}

struct AbortOnDrop(tokio::task::JoinHandle<()>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// Current UTC time in unix seconds.
pub(crate) fn now_unix() -> i64 {
    time::OffsetDateTime::now_utc().unix_timestamp()
}

/// Current UTC time in unix milliseconds.
pub(crate) fn now_unix_ms() -> i64 {
    i64::try_from(time::OffsetDateTime::now_utc().unix_timestamp_nanos() / 1_000_000).unwrap_or(i64::MAX)
}

/// `duration` in whole milliseconds, saturating far beyond any real timing.
pub(crate) fn millis(duration: Duration) -> i64 {
    i64::try_from(duration.as_millis()).unwrap_or(i64::MAX / 4)
}
