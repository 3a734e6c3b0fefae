//! The alert gauges of `coverline serve`: what the database and Temporal say about purchases, charges
//! and the cluster, recomputed by a background task every [`REFRESH_EVERY`] (never per scrape, so a
//! scraper cannot load the database) and served with the rest at `GET /metrics`. Every API instance
//! exports the same values: the rules in `ops/prometheus/alerts.yml` take `max()` across instances.

use std::time::Duration;

use coverline_domain::lifecycle::PurchaseStatus;
use prometheus::{IntGauge, IntGaugeVec, Opts, Registry};

use crate::config::Config;
use crate::http::app::AppState;

/// How often the background task recomputes the gauges.
pub const REFRESH_EVERY: Duration = Duration::from_secs(20);
/// How long Temporal may take to describe the namespace before it counts as unreachable.
pub const TEMPORAL_PROBE_TIMEOUT: Duration = Duration::from_secs(5);
/// A charge not recorded as a payment nor refunded this long after its webhook counts as
/// unconfirmed: the checkout records a webhook's charge within seconds (its Update), and looks the
/// contract's charges up itself every `COVERLINE_PAYMENT_CHECK_SECS` (2 minutes by default).
pub const CHARGE_CONFIRM_WITHIN: Duration = Duration::from_secs(10 * 60);
/// Charges older than this are not counted any more (they keep the query to a recent index range,
/// and a charge nobody could confirm for a week is support's, not the pager's).
pub const CHARGE_LOOKBACK: Duration = Duration::from_secs(7 * 86_400);

/// The statuses the checkout has not finished with (`coverline_purchases_stuck`'s `state` label).
const NOT_FINAL: [PurchaseStatus; 4] =
    [PurchaseStatus::Booking, PurchaseStatus::BookingFailed, PurchaseStatus::Booked, PurchaseStatus::Paid];

/// How long a purchase may stay in each status that is not final before it counts as stuck.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StuckThresholds {
    /// Booking: the provider's whole budget (`COVERLINE_BOOKING_TIMEOUT_SECS`, retries included),
    /// then 3 minutes for the workflow to record the outcome (a worker restart, the record
    /// activity's retries). 5 minutes with the default 120 s.
    pub booking: Duration,
    /// Booking failed: the member can retry from the page; an hour without a retry is support's
    /// (`coverline support retry-booking`).
    pub booking_failed: Duration,
    /// Booked, waiting for the payment: the checkout voids an unpaid contract at the payment
    /// deadline (`COVERLINE_PAYMENT_DEADLINE_SECS`, counted from the first booking); still booked 15
    /// minutes after it means the deadline never ran.
    pub booked: Duration,
    /// Paid: rendering the contract and sending the emails takes seconds; 15 minutes means the
    /// delivery is failing.
    pub paid: Duration,
}

impl StuckThresholds {
    /// The thresholds for a provider booking timeout and a payment deadline.
    pub fn new(booking_timeout: Duration, payment_deadline: Duration) -> Self {
        Self {
            booking: booking_timeout + Duration::from_secs(3 * 60),
            booking_failed: Duration::from_secs(60 * 60),
            booked: payment_deadline + Duration::from_secs(15 * 60),
            paid: Duration::from_secs(15 * 60),
        }
    }

    /// The thresholds of a configuration.
    pub fn of(config: &Config) -> Self {
        Self::new(config.booking_timeout, config.payment_deadline)
    }

    /// How long a purchase may stay in `status`; `None` for a final status (never stuck).
    pub fn of_status(&self, status: PurchaseStatus) -> Option<Duration> {
        match status {
            PurchaseStatus::Booking => Some(self.booking),
            PurchaseStatus::BookingFailed => Some(self.booking_failed),
            PurchaseStatus::Booked => Some(self.booked),
            PurchaseStatus::Paid => Some(self.paid),
            PurchaseStatus::Fulfilled | PurchaseStatus::Voided | PurchaseStatus::Cancelled => None,
        }
    }

    /// Every status that can be stuck, with its threshold.
    pub fn all(&self) -> impl Iterator<Item = (PurchaseStatus, Duration)> + '_ {
        NOT_FINAL.into_iter().filter_map(|status| self.of_status(status).map(|threshold| (status, threshold)))
    }
}

/// One API instance's alert gauges, in a registry of their own (so `coverline worker`, which
/// computes none, exports none).
#[derive(Clone)]
pub struct Gauges {
    registry: Registry,
    purchases_stuck: IntGaugeVec,
    charges_unconfirmed: IntGauge,
    check_refunds_unpaid: IntGaugeVec,
    temporal_up: IntGauge,
}

/// A check refund due within this many days counts as `soon`: the alert fires then, before the
/// state's deadline (and its late penalty).
pub const CHECK_REFUND_WARN_DAYS: i64 = 7;

/// `coverline_check_refunds_unpaid`'s `due` labels.
const REFUND_DUE: [&str; 3] = ["overdue", "soon", "later"];

impl Default for Gauges {
    fn default() -> Self {
        Self::new()
    }
}

impl Gauges {
    /// The gauges, registered and at zero (`coverline_temporal_up` too, until the first refresh).
    pub fn new() -> Self {
        let registry = Registry::new();
        let purchases_stuck = IntGaugeVec::new(
            Opts::new("coverline_purchases_stuck", "Purchases in a status that is not final for longer than its threshold"),
            &["state"],
        )
        .expect("valid gauge");
        let charges_unconfirmed = IntGauge::new(
            "coverline_charges_unconfirmed",
            "Charges approved by the gateway more than 10 minutes ago that are neither a recorded payment nor refunded",
        )
        .expect("valid gauge");
        let check_refunds_unpaid = IntGaugeVec::new(
            Opts::new(
                "coverline_check_refunds_unpaid",
                "Check refunds of cancelled contracts not recorded as paid, by due date: overdue, soon (within 7 days), later",
            ),
            &["due"],
        )
        .expect("valid gauge");
        let temporal_up = IntGauge::new("coverline_temporal_up", "1 when Temporal described the namespace within 5 s at the last refresh")
            .expect("valid gauge");
        registry.register(Box::new(purchases_stuck.clone())).expect("gauge registers once");
        registry.register(Box::new(charges_unconfirmed.clone())).expect("gauge registers once");
        registry.register(Box::new(temporal_up.clone())).expect("gauge registers once");
        registry.register(Box::new(check_refunds_unpaid.clone())).expect("gauge registers once");
        for status in NOT_FINAL {
            purchases_stuck.with_label_values(&[status.as_str()]).set(0);
        }
        for due in REFUND_DUE {
            check_refunds_unpaid.with_label_values(&[due]).set(0);
        }
        Self { registry, purchases_stuck, charges_unconfirmed, check_refunds_unpaid, temporal_up }
    }

    /// The gauges' current values, for `GET /metrics`.
    pub fn gather(&self) -> Vec<prometheus::proto::MetricFamily> {
        self.registry.gather()
    }
}

/// Recomputes the gauges now: Temporal first (it does not need the database), then the counts.
/// An error leaves the database gauges at their last values (logged by the caller).
pub async fn refresh(state: &AppState) -> anyhow::Result<()> {
    let gauges = &state.gauges;
    let up = temporal_answers(&state.temporal, &state.config.temporal_namespace).await;
    gauges.temporal_up.set(i64::from(up));
    let now = state.clock.now();
    for (status, threshold) in StuckThresholds::of(&state.config).all() {
        let before = now - threshold.as_secs() as i64;
        let stuck = state.store.count_policies_in_status_since(status, before).await?;
        gauges.purchases_stuck.with_label_values(&[status.as_str()]).set(stuck);
    }
    let until = now - CHARGE_CONFIRM_WITHIN.as_secs() as i64;
    let from = now - CHARGE_LOOKBACK.as_secs() as i64;
    gauges.charges_unconfirmed.set(state.store.count_unconfirmed_charges(from, until).await?);
    let mut due = [0i64; 3];
    for refund in crate::services::refunds::unpaid_refunds(&state.store, &state.cancellation_rules, now).await? {
        due[refund_due_bucket(refund.days_left)] += 1;
    }
    for (label, count) in REFUND_DUE.iter().zip(due) {
        gauges.check_refunds_unpaid.with_label_values(&[label]).set(count);
    }
    Ok(())
}

/// The `due` label of a check refund due in `days_left` days: 0 `overdue`, 1 `soon`, 2 `later`.
fn refund_due_bucket(days_left: i64) -> usize {
    match days_left {
        d if d < 0 => 0,
        d if d <= CHECK_REFUND_WARN_DAYS => 1,
        _ => 2,
    }
}

/// Whether Temporal describes `namespace` within [`TEMPORAL_PROBE_TIMEOUT`] (`coverline_temporal_up`).
pub async fn temporal_answers(client: &temporalio_client::Client, namespace: &str) -> bool {
    use temporalio_client::tonic;
    use temporalio_common::protos::temporal::api::workflowservice::v1::DescribeNamespaceRequest;
    let request = DescribeNamespaceRequest { namespace: namespace.to_string(), ..Default::default() };
    let mut service = client.connection().workflow_service();
    match tokio::time::timeout(TEMPORAL_PROBE_TIMEOUT, service.describe_namespace(tonic::Request::new(request))).await {
        Ok(Ok(_)) => true,
        Ok(Err(status)) => {
            tracing::warn!(%status, "Temporal did not describe the namespace");
            false
        }
        Err(_) => {
            tracing::warn!(timeout = ?TEMPORAL_PROBE_TIMEOUT, "Temporal did not answer");
            false
        }
    }
}

/// Refreshes the gauges every [`REFRESH_EVERY`] until `stop` resolves.
pub async fn run_refresher(state: AppState, stop: impl Future<Output = ()>) {
    let mut every = tokio::time::interval(REFRESH_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let refreshing = async {
        loop {
            every.tick().await;
            if let Err(e) = refresh(&state).await {
                tracing::warn!(error = ?e, "refreshing the alert gauges");
            }
        }
    };
    tokio::select! {
        () = refreshing => {},
        () = stop => {},
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thresholds_follow_the_booking_timeout_and_the_payment_deadline() {
        let t = StuckThresholds::new(Duration::from_secs(120), Duration::from_secs(86_400));
        assert_eq!(t.of_status(PurchaseStatus::Booking), Some(Duration::from_secs(300)), "120 s of booking, then 3 minutes");
        assert_eq!(t.of_status(PurchaseStatus::BookingFailed), Some(Duration::from_secs(3600)));
        assert_eq!(t.of_status(PurchaseStatus::Booked), Some(Duration::from_secs(86_400 + 900)), "past the payment deadline");
        assert_eq!(t.of_status(PurchaseStatus::Paid), Some(Duration::from_secs(900)));
        let shorter = StuckThresholds::new(Duration::from_secs(30), Duration::from_secs(3600));
        assert_eq!((shorter.booking, shorter.booked), (Duration::from_secs(210), Duration::from_secs(4500)));
    }

    #[test]
    fn final_statuses_are_never_stuck() {
        let t = StuckThresholds::new(Duration::from_secs(120), Duration::from_secs(86_400));
        for status in [PurchaseStatus::Fulfilled, PurchaseStatus::Voided, PurchaseStatus::Cancelled] {
            assert!(status.is_final());
            assert_eq!(t.of_status(status), None, "{status}");
        }
        let counted: Vec<PurchaseStatus> = t.all().map(|(s, _)| s).collect();
        assert_eq!(counted.len(), 4);
        assert!(counted.iter().all(|s| !s.is_final()), "{counted:?}");
    }

    #[test]
    fn every_state_is_exported_at_zero_before_the_first_refresh() {
        let text = prometheus::TextEncoder::new().encode_to_string(&Gauges::new().gather()).unwrap();
        for state in ["booking", "bookingFailed", "booked", "paid"] {
            assert!(text.contains(&format!("coverline_purchases_stuck{{state=\"{state}\"}} 0")), "{text}");
        }
        assert!(text.contains("coverline_charges_unconfirmed 0") && text.contains("coverline_temporal_up 0"), "{text}");
        for due in ["overdue", "soon", "later"] {
            assert!(text.contains(&format!("coverline_check_refunds_unpaid{{due=\"{due}\"}} 0")), "{text}");
        }
    }

    #[test]
    fn a_check_refund_is_soon_a_week_before_its_due_date_and_overdue_the_day_after() {
        assert_eq!(refund_due_bucket(8), 2);
        assert_eq!(refund_due_bucket(7), 1);
        assert_eq!(refund_due_bucket(0), 1, "due today is not late yet");
        assert_eq!(refund_due_bucket(-1), 0);
    }
}
