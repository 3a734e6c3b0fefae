//! Prometheus metrics of the purchase worker (the default registry; `/metrics` serves it).

use std::future::Future;
use std::sync::LazyLock;
use std::time::Instant;

use prometheus::{HistogramOpts, HistogramVec, IntCounterVec, Opts, register_histogram_vec, register_int_counter_vec};
use temporalio_sdk::activities::ActivityContext;
use tracing::Instrument;

/// Activity runs by activity and result (`ok`, `error`).
pub static ACTIVITY_RUNS: LazyLock<IntCounterVec> = LazyLock::new(|| {
    register_int_counter_vec!(Opts::new("coverline_activity_runs_total", "Purchase activity attempts by result"), &["activity", "result"])
        .expect("metric registers once")
});

/// Activity durations by activity.
pub static ACTIVITY_SECONDS: LazyLock<HistogramVec> = LazyLock::new(|| {
    register_histogram_vec!(
        HistogramOpts::new("coverline_activity_duration_seconds", "Purchase activity attempt durations")
            .buckets(vec![0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0]),
        &["activity"]
    )
    .expect("metric registers once")
});

/// Purchase outcomes as the workflow records them: `fulfilled`, `voided`, `bookingFailed`.
pub static PURCHASE_OUTCOMES: LazyLock<IntCounterVec> = LazyLock::new(|| {
    register_int_counter_vec!(Opts::new("coverline_purchase_outcomes_total", "Purchase workflow outcomes recorded"), &["outcome"])
        .expect("metric registers once")
});

/// Contracts paid per institution (a payment recorded once, however often the activity runs): the
/// end of the checkout funnel, after `coverline_funnel_reached_total{step="payment"}` (the API's).
pub static FUNNEL_PURCHASES: LazyLock<IntCounterVec> = LazyLock::new(|| {
    register_int_counter_vec!(
        Opts::new("coverline_funnel_purchases_total", "Contracts paid (payments recorded) per institution"),
        &["institution"]
    )
    .expect("metric registers once")
});

/// Runs one activity attempt inside a span carrying its workflow id (so every log line of a
/// purchase names it), counting its result and timing it.
pub async fn observe<T, E>(ctx: &ActivityContext, activity: &'static str, work: impl Future<Output = Result<T, E>>) -> Result<T, E> {
    let info = ctx.info();
    let span =
        tracing::info_span!("activity", workflow_id = info.workflow_id.as_deref().unwrap_or_default(), activity, attempt = info.attempt);
    let started = Instant::now();
    let result = work.instrument(span).await;
    ACTIVITY_SECONDS.with_label_values(&[activity]).observe(started.elapsed().as_secs_f64());
    ACTIVITY_RUNS.with_label_values(&[activity, if result.is_ok() { "ok" } else { "error" }]).inc();
    result
}
