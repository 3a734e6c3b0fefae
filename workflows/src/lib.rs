//! Coverline's Temporal workflows. Only deterministic code lives here: side effects are the
//! activities of `coverline_activities::purchase`, time comes from workflow timers, and the
//! purchase lifecycle rules come from `coverline_domain::lifecycle`.

pub mod purchase;

/// The task queue the purchase worker polls.
pub const TASK_QUEUE: &str = "coverline-purchase";

/// The workflow id of the purchase of a quote: `purchase-<quoteId>` (never PII).
pub fn purchase_workflow_id(quote_id: &str) -> String {
    format!("purchase-{quote_id}")
}
