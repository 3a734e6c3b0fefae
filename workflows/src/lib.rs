//! Coverline's Temporal workflows. Only deterministic code lives here: side effects are the
//! activities of `coverline_activities::{checkout, purchase}`, time comes from workflow timers,
//! and the rules come from `coverline_domain` (the checkout's gate, the purchase lifecycle).

pub mod cancellation;
pub mod checkout;
pub mod retention;

/// The project's retry: from 500 ms, doubling, at most `max_interval` apart, with no attempt limit
/// (the activity options' timeouts bound it where a workflow needs an answer).
pub(crate) fn backoff(max_interval: std::time::Duration) -> temporalio_common::RetryPolicy {
    temporalio_common::RetryPolicy::builder()
        .initial_interval(std::time::Duration::from_millis(500))
        .backoff_coefficient(2.0)
        .maximum_interval(max_interval)
        .build()
}

/// The task queue the checkout worker polls.
pub const TASK_QUEUE: &str = "coverline-purchase";

/// The workflow id of a member's checkout: `checkout-<userId>` (never PII).
pub fn checkout_workflow_id(user_id: &str) -> String {
    format!("checkout-{user_id}")
}
