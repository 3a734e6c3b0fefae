//! Coverline's Temporal workflows. Only deterministic code lives here: side effects are the
//! activities of `coverline_activities::{checkout, purchase}`, time comes from workflow timers,
//! and the rules come from `coverline_domain` (the checkout's gate, the purchase lifecycle).

pub mod cancellation;
pub mod checkout;

/// The task queue the checkout worker polls.
pub const TASK_QUEUE: &str = "coverline-purchase";

/// The workflow id of a member's checkout: `checkout-<userId>` (never PII).
pub fn checkout_workflow_id(user_id: &str) -> String {
    format!("checkout-{user_id}")
}
