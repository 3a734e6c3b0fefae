//! Prometheus metrics: HTTP requests by route template and status, their latencies, the checkout
//! funnel (crate::services::funnel), and (from the activities crate) the purchase worker's activity runs,
//! purchase outcomes and contracts paid. `GET /metrics` on the API (with its alert gauges,
//! crate::http::gauges); `coverline worker` serves the same, without those gauges, at
//! `COVERLINE_METRICS_ADDR`.

use std::sync::LazyLock;
use std::time::Instant;

use axum::extract::{MatchedPath, Request};
use axum::http::{HeaderValue, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use prometheus::{
    Encoder, HistogramOpts, HistogramVec, IntCounterVec, Opts, TextEncoder, register_histogram_vec, register_int_counter_vec,
};

static REQUESTS: LazyLock<IntCounterVec> = LazyLock::new(|| {
    register_int_counter_vec!(
        Opts::new("coverline_http_requests_total", "HTTP requests by method, route and status"),
        &["method", "route", "status"]
    )
    .expect("metric registers once")
});

static LATENCY: LazyLock<HistogramVec> = LazyLock::new(|| {
    register_histogram_vec!(
        HistogramOpts::new("coverline_http_request_duration_seconds", "HTTP request durations by method and route")
            .buckets(vec![0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 10.0, 60.0, 150.0]),
        &["method", "route"]
    )
    .expect("metric registers once")
});

/// Counts and times a routed API request under its route template (never the raw path: ids
/// would make a series per member).
pub async fn track(request: Request, next: Next) -> Response {
    let route = request.extensions().get::<MatchedPath>().map_or_else(|| "unmatched".to_string(), |p| p.as_str().to_string());
    let method = request.method().as_str().to_string();
    let started = Instant::now();
    let response = next.run(request).await;
    LATENCY.with_label_values(&[&method, &route]).observe(started.elapsed().as_secs_f64());
    REQUESTS.with_label_values(&[&method, &route, response.status().as_str()]).inc();
    response
}

/// The default registry and `own` (an API instance's alert gauges: crate::http::gauges) in Prometheus'
/// text format.
pub fn render(own: &[prometheus::proto::MetricFamily]) -> Response {
    // Touch the worker's metrics so they are listed (at zero) before the first purchase.
    LazyLock::force(&coverline_activities::metrics::ACTIVITY_RUNS);
    LazyLock::force(&coverline_activities::metrics::PURCHASE_OUTCOMES);
    LazyLock::force(&coverline_activities::metrics::FUNNEL_PURCHASES);
    LazyLock::force(&crate::services::funnel::REACHED);
    LazyLock::force(&crate::http::routes::gateway::UNCONFIRMED_CHARGES);
    LazyLock::force(&REQUESTS);
    let mut out = Vec::new();
    let encoder = TextEncoder::new();
    let mut families = prometheus::gather();
    families.extend_from_slice(own);
    if let Err(e) = encoder.encode(&families, &mut out) {
        tracing::warn!(error = %e, "encoding metrics");
    }
    ([(header::CONTENT_TYPE, HeaderValue::from_static("text/plain; version=0.0.4"))], out).into_response()
}

/// `coverline worker`'s metrics listener.
pub async fn serve(listener: tokio::net::TcpListener) -> anyhow::Result<()> {
    let app = axum::Router::new().route("/metrics", axum::routing::get(|| async { render(&[]) }));
    axum::serve(listener, app).await.map_err(Into::into)
}
