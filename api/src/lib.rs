//! The `coverline` application, in three layers:
//!
//! - [`http`]: the HTTP API and the web app's page: the router and its state, sessions, errors,
//!   the OpenAPI document, metrics, and one module of handlers per resource (`http::routes`);
//! - [`services`]: the business operations the handlers, the CLI and the integration launch share
//!   (the checkout workflow's client, quoting, the garage, personal details, cancellations, the
//!   captcha, rate limits, the funnel's counters, onboarding institutions and integrators);
//! - [`cli`]: the operators' commands (`serve`, `worker`, `support`, `report`, `cancellation`, ...).
//!
//! Beside them: [`config`] and [`temporal`] (the Temporal client, dev server and worker). This
//! file builds the app's state and the worker's activities from one configuration, so the tests
//! start the same app as `coverline serve`.

pub mod cli;
pub mod config;
pub mod http;
pub mod services;
pub mod temporal;

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use coverline_activities::booking::ProviderExchange;
use coverline_activities::cancellation::CancellationActivities;
use coverline_activities::checkout::CheckoutActivities;
use coverline_activities::documents::{ContractRenderer, PlanTexts};
use coverline_activities::email::Mailer;
use coverline_activities::payments::Gateway;
use coverline_activities::purchase::PurchaseActivities;
use coverline_activities::rating::Rating;
use coverline_activities::retention::RetentionActivities;
use coverline_activities::vehicles::VehicleDecoder;
use coverline_domain::cancellation::CancellationTable;
use coverline_domain::obligor::Obligors;
use coverline_store::Store;

use crate::config::Config;
use crate::http::app::{self, AppState, Clock};
use crate::http::{gauges, routes};
use crate::services::{cache, institutions, integrators, limits, quote_writer};

/// The app's state and the worker's activities, built from one configuration.
pub struct Services {
    pub state: AppState,
    pub activities: Activities,
}

/// The checkout workflow's activities: the purchase's and the checkout's own.
pub struct Activities {
    pub purchase: PurchaseActivities,
    pub checkout: CheckoutActivities,
    pub cancellation: CancellationActivities,
    pub retention: RetentionActivities,
}

/// The SMTP mailer, signing with `COVERLINE_DKIM_DIR`'s keys; in production it sends nothing unsigned.
pub fn mailer(config: &Config) -> anyhow::Result<Mailer> {
    let keys = match &config.dkim_dir {
        Some(dir) => coverline_activities::dkim::DkimKeys::load(dir)?,
        None => Default::default(),
    };
    let required = config.mode == crate::config::Mode::Production;
    Ok(Mailer::new(&config.smtp_url, &config.mail_from)?.with_dkim(keys, required))
}

/// The clients both the API and the worker need.
struct Clients {
    gateway: Gateway,
    mailer: Mailer,
    plan_texts: Arc<PlanTexts>,
    renderer: ContractRenderer,
    cancellation_rules: Arc<CancellationTable>,
    obligors: Arc<Obligors>,
}

impl Clients {
    fn new(config: &Config) -> anyhow::Result<Self> {
        Ok(Self {
            gateway: Gateway::new(
                &config.gateway_url,
                &config.gateway_public_url,
                config.gateway_merchant_key.expose(),
                Duration::from_secs(60),
            )?,
            mailer: mailer(config)?,
            plan_texts: Arc::new(PlanTexts::load(&config.data_dir)?),
            renderer: ContractRenderer::load(&config.data_dir)?,
            cancellation_rules: Arc::new(coverline_activities::cancellation::load_rules(&config.data_dir)?),
            obligors: Arc::new(coverline_activities::documents::load_obligors(&config.providers_dir)?),
        })
    }

    /// The checkout workflow's activities over `store`.
    fn activities(&self, config: &Config, store: &Store) -> anyhow::Result<Activities> {
        Ok(Activities {
            purchase: PurchaseActivities {
                store: store.clone(),
                provider: ProviderExchange::new(&config.provider_url, config.provider_api_key.expose(), Duration::from_secs(300))?,
                mailer: self.mailer.clone(),
                renderer: self.renderer.clone(),
                plan_texts: self.plan_texts.clone(),
                cancellation_rules: self.cancellation_rules.clone(),
                obligors: self.obligors.clone(),
                dealer_id: config.dealer_id.clone(),
                public_url: config.public_url.clone(),
            },
            cancellation: CancellationActivities {
                store: store.clone(),
                rules: self.cancellation_rules.clone(),
                provider: ProviderExchange::new(&config.provider_url, config.provider_api_key.expose(), Duration::from_secs(300))?,
                gateway: self.gateway.clone(),
                mailer: self.mailer.clone(),
            },
            retention: RetentionActivities { store: store.clone(), keep: config.retention_keep },
            checkout: CheckoutActivities {
                store: store.clone(),
                mailer: self.mailer.clone(),
                gateway: self.gateway.clone(),
                signing_key: config.signing_key.expose().as_bytes().to_vec(),
                public_url: config.public_url.clone(),
            },
        })
    }
}

/// Connects the database (migrating it), loads the data files and builds every client: the API's
/// state and the worker's activities (`coverline serve`).
pub async fn build(config: Config, temporal: temporalio_client::Client) -> anyhow::Result<Services> {
    temporal::register_search_attributes(&temporal, &config.temporal_namespace).await?;
    let store = Store::connect(&config.database_url).await?;
    if let Some(dir) = &config.institutions_dir {
        institutions::import_dir(&store, dir).await?;
    }
    if let Some(dir) = &config.integrators_dir {
        integrators::import_dir(&store, dir).await?;
    }
    let rating = Rating::load(&config.data_dir)?;
    let vehicles = VehicleDecoder::open(&config.data_dir)?;
    let clients = Clients::new(&config)?;
    rating.check_obligors(&clients.obligors, &clients.cancellation_rules)?;
    let activities = clients.activities(&config, &store)?;
    let Clients { gateway, mailer, plan_texts, renderer, cancellation_rules, obligors } = clients;
    let quotes = quote_writer::QuoteWriter::start(store.clone());
    let state = AppState::new(app::Shared {
        config: Arc::new(config),
        store,
        institutions: cache::TtlCache::new(app::INSTITUTION_TTL, app::CACHE_CAPACITY),
        framing: cache::TtlCache::new(app::INSTITUTION_TTL, app::CACHE_CAPACITY),
        vin_lookups: limits::RateLimiter::new("vin", app::VIN_LOOKUP_BURST, app::VIN_LOOKUPS_PER_SECOND),
        sample_contracts: limits::RateLimiter::new("sample-contract", app::SAMPLE_CONTRACT_BURST, app::SAMPLE_CONTRACTS_PER_SECOND),
        quotes,
        rating,
        vehicles,
        plan_texts,
        renderer,
        cancellation_rules,
        obligors,
        gateway,
        mailer,
        temporal,
        clock: Clock::default(),
        gauges: gauges::Gauges::new(),
        photo_slots: routes::photo::PhotoSlots::default(),
    });
    Ok(Services { state, activities })
}

/// Only what `coverline worker` runs: the checkout workflow's activities (no rate books, no VIN
/// tables, no HTTP state), so a restarted worker polls again at once.
pub async fn build_worker(config: &Config, temporal: &temporalio_client::Client) -> anyhow::Result<Activities> {
    temporal::register_search_attributes(temporal, &config.temporal_namespace).await?;
    let store = Store::connect(&config.database_url).await?;
    Clients::new(config)?.activities(config, &store)
}

/// Serves HTTP on `listener` and the metrics on `metrics` (and runs the worker when given),
/// refreshing the alert gauges, until `shutdown` resolves.
pub async fn run(
    listener: tokio::net::TcpListener,
    metrics: Option<tokio::net::TcpListener>,
    services: Services,
    with_worker: bool,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
    let mut http_stop = stop_rx.clone();
    let mut worker_stop = stop_rx.clone();
    let mut gauges_stop = stop_rx;
    let client = services.state.temporal.clone();
    let task_queue = services.state.config.task_queue.clone();
    let gauges = gauges::run_refresher(services.state.clone(), async move {
        let _ = gauges_stop.wait_for(|s| *s).await;
    });
    if let Some(metrics) = metrics {
        let router = app::metrics_router(services.state.clone());
        let mut metrics_stop = http_stop.clone();
        tokio::spawn(async move {
            let served = axum::serve(metrics, router).with_graceful_shutdown(async move {
                let _ = metrics_stop.wait_for(|s| *s).await;
            });
            if let Err(e) = served.await {
                tracing::error!(error = ?e, "metrics listener stopped");
            }
        });
    }
    let router = app::router(services.state);
    let http = async move {
        axum::serve(listener, router.into_make_service_with_connect_info::<std::net::SocketAddr>())
            .with_graceful_shutdown(async move {
                let _ = http_stop.wait_for(|s| *s).await;
            })
            .await
            .context("HTTP server")
    };
    let worker = async move {
        if with_worker {
            temporal::run_worker(client, &task_queue, services.activities, async move {
                let _ = worker_stop.wait_for(|s| *s).await;
            })
            .await
        } else {
            Ok(())
        }
    };
    let trigger = async move {
        shutdown.await;
        let _ = stop_tx.send(true);
    };
    let (http, worker, (), ()) = tokio::join!(http, worker, trigger, gauges);
    http.and(worker)
}
