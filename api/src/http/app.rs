//! The application: shared state, the router (API + web app), and the institution lookup every
//! route starts with.

use coverline_domain::ErrorCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use axum::Router;
use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, header};
use coverline_activities::email::Mailer;
use coverline_activities::payments::Gateway;
use coverline_activities::rating::Rating;
use coverline_activities::vehicles::VehicleDecoder;
use coverline_domain::institution::Institution;
use coverline_store::Store;
use tower_http::services::ServeDir;
use tower_http::set_header::SetResponseHeaderLayer;

use crate::config::Config;
use crate::http::error::{ApiError, ApiResult};
use crate::http::routes;
use crate::services::cache::TtlCache;

/// Wall-clock seconds, shiftable in tests (idle timeouts) without sleeping.
#[derive(Debug, Clone, Default)]
pub struct Clock {
    offset: Arc<AtomicI64>,
}

impl Clock {
    /// UTC unix seconds.
    pub fn now(&self) -> i64 {
        coverline_store::now() + self.offset.load(Ordering::Relaxed)
    }
    /// UTC unix milliseconds.
    pub fn now_ms(&self) -> i64 {
        let ms = (time::OffsetDateTime::now_utc().unix_timestamp_nanos() / 1_000_000) as i64;
        ms + self.offset.load(Ordering::Relaxed) * 1000
    }
    /// Today's UTC date.
    pub fn today(&self) -> time::Date {
        time::OffsetDateTime::from_unix_timestamp(self.now()).map_or_else(|_| time::OffsetDateTime::now_utc().date(), |t| t.date())
    }
    /// Moves the clock forward (tests).
    pub fn advance(&self, secs: i64) {
        self.offset.fetch_add(secs, Ordering::Relaxed);
    }
    /// Sets the clock `secs` from the real time (the lab clock: `POST /lab/clock`).
    pub fn set_offset(&self, secs: i64) {
        self.offset.store(secs, Ordering::Relaxed);
    }
    /// Seconds from the real time.
    pub fn offset(&self) -> i64 {
        self.offset.load(Ordering::Relaxed)
    }
}

/// VIN lookups a member may make at once, and the refill (one per 6 s: 600 an hour).
pub const VIN_LOOKUP_BURST: u32 = 30;
pub const VIN_LOOKUPS_PER_SECOND: f64 = 1.0 / 6.0;
/// Sample contracts a member may open at once, and after that one per 10 s.
pub const SAMPLE_CONTRACT_BURST: u32 = 6;
pub const SAMPLE_CONTRACTS_PER_SECOND: f64 = 1.0 / 10.0;

/// What every handler can reach: one shared [`Shared`], so the per-request clone axum makes
/// of the state is one reference count (cloning every pool and client was ~4% of a quote's CPU).
#[derive(Clone)]
pub struct AppState(Arc<Shared>);

impl AppState {
    pub fn new(shared: Shared) -> Self {
        Self(Arc::new(shared))
    }
}

impl std::ops::Deref for AppState {
    type Target = Shared;
    fn deref(&self) -> &Shared {
        &self.0
    }
}

/// What the handlers share, behind [`AppState`].
pub struct Shared {
    pub config: Arc<Config>,
    pub store: Store,
    /// Institutions as recently read from the store (`None`: no such institution). An import
    /// (`coverline institution import`, or a restart) reaches every API instance within
    /// `INSTITUTION_TTL`; a deactivation too.
    pub institutions: TtlCache<Option<Institution>>,
    /// Integrator origins allowed to frame each institution's pages, read in the last few seconds.
    pub framing: TtlCache<Vec<String>>,
    /// VIN decodes (by VIN or by description) per member.
    pub vin_lookups: crate::services::limits::RateLimiter,
    /// Sample contracts rendered per member (each takes a render slot for a fraction of a second).
    pub sample_contracts: crate::services::limits::RateLimiter,
    /// Quote inserts, group-committed.
    pub quotes: crate::services::quote_writer::QuoteWriter,
    pub rating: Rating,
    pub vehicles: VehicleDecoder,
    pub plan_texts: Arc<coverline_activities::documents::PlanTexts>,
    /// The contract template, for the review page's sample (the worker renders bought contracts
    /// with the same one; a process serving both shares its render slots).
    pub renderer: coverline_activities::documents::ContractRenderer,
    /// Cancellation and refunds by state (`data/cancellation/states.toml`).
    pub cancellation_rules: Arc<coverline_domain::cancellation::CancellationTable>,
    /// Who owes each provider's coverage (`COVERLINE_PROVIDERS_DIR`).
    pub obligors: Arc<coverline_domain::obligor::Obligors>,
    pub gateway: Gateway,
    pub mailer: Mailer,
    pub temporal: temporalio_client::Client,
    pub clock: Clock,
    /// The alert gauges this instance exports (refreshed in the background: crate::http::gauges).
    pub gauges: crate::http::gauges::Gauges,
    /// This instance's VIN-photo uploads and readings at once (crate::http::routes::photo).
    pub photo_slots: crate::http::routes::photo::PhotoSlots,
}

impl Shared {
    /// An institution, active or not (404 when unknown), as read in the last `INSTITUTION_TTL`.
    pub async fn institution(&self, institution_id: &str) -> ApiResult<Institution> {
        self.institutions.get_or_load(institution_id, self.store.institution(institution_id)).await?.ok_or_else(ApiError::not_found)
    }

    /// The institution of a request: 404 when unknown, 403 when inactive.
    pub async fn active_institution(&self, institution_id: &str) -> ApiResult<Institution> {
        let institution = self.institution(institution_id).await?;
        if !institution.is_active {
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                ErrorCode::InstitutionInactive,
                coverline_domain::product::messages::INACTIVE,
            ));
        }
        Ok(institution)
    }
}

/// The whole HTTP surface: `/api/...` and the web app (SPA fallback to index.html).
pub fn router(state: AppState) -> Router {
    let web_dir = state.config.web_dir.clone();
    Router::new()
        .nest(
            "/api",
            routes::router()
                .layer(axum::middleware::from_fn_with_state(state.clone(), crate::http::error_language::in_the_member_s_language)),
        )
        .nest_service("/assets", web_assets(&web_dir))
        .fallback_service(web_pages(&web_dir, state.clone()))
        .layer(axum::middleware::from_fn_with_state(state.clone(), frame_policy))
        .layer(tower_http::trace::TraceLayer::new_for_http().make_span_with(request_span))
        .layer(SetResponseHeaderLayer::overriding(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")))
        .layer(SetResponseHeaderLayer::overriding(header::REFERRER_POLICY, HeaderValue::from_static("strict-origin-when-cross-origin")))
        .layer(SetResponseHeaderLayer::overriding(
            header::HeaderName::from_static("permissions-policy"),
            HeaderValue::from_static("camera=(), microphone=(), geolocation=(), payment=()"),
        ))
        .with_state(state)
}

/// `GET /metrics` on the metrics listener (`COVERLINE_METRICS_ADDR`, never the members' port, so
/// the load balancer does not route it): the process's metrics and this instance's alert gauges.
pub fn metrics_router(state: AppState) -> Router {
    let mut router = Router::new().route(
        "/metrics",
        axum::routing::get(|State(state): State<AppState>| async move { crate::http::metrics::render(&state.gauges.gather()) }),
    );
    if state.config.lab_clock {
        router = router.route("/lab/clock", axum::routing::get(lab_clock).post(set_lab_clock));
    }
    router.with_state(state)
}

/// The lab clock's offset from the real time.
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct LabClock {
    offset_secs: i64,
}

async fn lab_clock(State(state): State<AppState>) -> axum::Json<LabClock> {
    axum::Json(LabClock { offset_secs: state.clock.offset() })
}

/// Sets this instance's clock `offsetSecs` from the real time (0: back to the real time). What the
/// API decides by its clock follows (a cancellation's day); the database's and Temporal's times do not.
async fn set_lab_clock(State(state): State<AppState>, axum::Json(body): axum::Json<LabClock>) -> axum::Json<LabClock> {
    tracing::warn!(offset_secs = body.offset_secs, "the lab clock moved");
    state.clock.set_offset(body.offset_secs);
    axum::Json(LabClock { offset_secs: state.clock.offset() })
}

/// The span of one request: every log line it causes names the method and path, and for a member's
/// call the institution and the user (recorded by the `InstitutionMember` extractor). The path holds
/// ids only; tokens travel in headers and document links' query, which are left out.
fn request_span(request: &axum::http::Request<axum::body::Body>) -> tracing::Span {
    tracing::info_span!(
        "request",
        method = %request.method(),
        path = %request.uri().path(),
        institution = tracing::field::Empty,
        user = tracing::field::Empty,
    )
}

/// The web build's hashed files (`/assets/…`: a new name whenever the content changes), cached for a
/// year without revalidation. Like every web file, sent as the `.br` or `.gz` copy the web build writes
/// beside it when the browser takes that encoding. A missing file is a 404, not the app's page.
fn web_assets(web_dir: &std::path::Path) -> Router {
    let files = ServeDir::new(web_dir.join("assets")).precompressed_br().precompressed_gzip();
    Router::new()
        .fallback_service(files)
        .layer(SetResponseHeaderLayer::overriding(header::CACHE_CONTROL, cache_for_a_year))
        .layer(vary_on_encoding())
}

/// The app's page for every other path (index.html, filled per institution: crate::http::web_page) and the
/// build's unhashed files: revalidated on every use, so a new release is picked up at once.
fn web_pages(web_dir: &std::path::Path, state: AppState) -> Router {
    let template = std::sync::Arc::new(crate::http::web_page::PageTemplate::load(web_dir));
    let page =
        axum::routing::get(move |state, uri, headers| crate::http::web_page::page(state, template.clone(), uri, headers)).with_state(state);
    // `/` and `/index.html` too are the app's page (filled, with its texts), never index.html as built.
    let files =
        ServeDir::new(web_dir).append_index_html_on_directories(false).precompressed_br().precompressed_gzip().fallback(page.clone());
    Router::new()
        .route("/index.html", page)
        .fallback_service(files)
        .layer(SetResponseHeaderLayer::if_not_present(header::CACHE_CONTROL, HeaderValue::from_static("no-cache")))
        // A page is in the language of the device's cookie or the browser's Accept-Language.
        .layer(SetResponseHeaderLayer::overriding(header::VARY, HeaderValue::from_static("accept-encoding, accept-language, cookie")))
}

/// `Cache-Control` for a found hashed file; none for an error (a 404 must not stick for a year).
fn cache_for_a_year(response: &axum::response::Response) -> Option<HeaderValue> {
    response.status().is_success().then(|| HeaderValue::from_static("public, max-age=31536000, immutable"))
}

/// Caches keep the brotli, gzip and plain copies of a web file apart.
fn vary_on_encoding() -> SetResponseHeaderLayer<HeaderValue> {
    SetResponseHeaderLayer::overriding(header::VARY, HeaderValue::from_static("accept-encoding"))
}

/// The Content-Security-Policy of every response. API responses: nobody may frame them. The web
/// app's pages: scripts only from the app itself (and the page's one inline script, by its hash), styles from the app and the
/// style elements the component library inserts, frames only of the app itself (the staff console's
/// branding preview) and the payment gateway (the card widget), and framing only by the app itself and the registered origins of the institution's
/// active integrators (integration mode). Behind https, HSTS too.
async fn frame_policy(
    axum::extract::State(state): axum::extract::State<AppState>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    let path = request.uri().path().to_string();
    let mut response = next.run(request).await;
    let policy = if path == "/api" || path.starts_with("/api/") {
        "frame-ancestors 'none'".to_string()
    } else {
        let institution_id = path.trim_start_matches('/').split('/').next().unwrap_or_default();
        let origins = framing_origins(&state.framing, &state.store, institution_id).await.unwrap_or_else(|e| {
            tracing::warn!(error = ?e, "reading integrator origins");
            Vec::new()
        });
        let gateway = origin_of(&state.config.gateway_public_url);
        format!(
            "default-src 'self'; script-src 'self' {mode_script}; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; \
             connect-src 'self'; frame-src 'self' {gateway}; form-action 'self'; base-uri 'self'; object-src 'none'; frame-ancestors {}",
            std::iter::once("'self'".to_string()).chain(origins).collect::<Vec<_>>().join(" "),
            mode_script = *crate::http::web_page::INLINE_SCRIPT_HASHES,
        )
    };
    if let Ok(value) = HeaderValue::from_str(&policy) {
        response.headers_mut().insert(header::CONTENT_SECURITY_POLICY, value);
    }
    if state.config.serves_https() {
        response.headers_mut().insert(header::STRICT_TRANSPORT_SECURITY, HeaderValue::from_static("max-age=31536000; includeSubDomains"));
    }
    response
}

/// `scheme://host[:port]` of a URL (`'none'` when it has none).
fn origin_of(url: &str) -> String {
    match url.split_once("://") {
        Some((scheme, rest)) if !rest.is_empty() => format!("{scheme}://{}", rest.split('/').next().unwrap_or_default()),
        _ => "'none'".to_string(),
    }
}

/// The origins allowed to frame an institution's pages (its active integrators', validated when
/// imported), reused for `INSTITUTION_TTL`.
pub async fn framing_origins(cache: &TtlCache<Vec<String>>, store: &Store, institution_id: &str) -> anyhow::Result<Vec<String>> {
    cache
        .get_or_load(institution_id, async {
            let mut origins: Vec<String> = store
                .active_integrators(institution_id)
                .await?
                .iter()
                .flat_map(|i| i.origins())
                .filter(|o| crate::services::integrators::valid_origin(o))
                .collect();
            origins.sort();
            origins.dedup();
            Ok(origins)
        })
        .await
}

/// How long an institution read from the store is reused.
pub const INSTITUTION_TTL: std::time::Duration = std::time::Duration::from_secs(5);

/// The most institutions (or unknown ids) a cache keeps.
pub const CACHE_CAPACITY: u64 = 10_000;
