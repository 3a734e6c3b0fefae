//! The cancellation workflow: one per purchase (`cancellation-<policyId>`), started by the member
//! from find-your-contract or by support (`coverline support cancel`). Its id makes it happen once:
//! asking again answers the first run's outcome.
//!
//! ```text
//! purchase_terms ──▶ not paid / already cancelled ──▶ NotCancellable / AlreadyCancelled
//!        │
//!        ├─ within the money-back period ──▶ cancel_purchase (void, refund) ──▶ email ──▶ Cancelled
//!        └─ after it ──▶ record_cancellation_request (timeline, institution, member) ──▶ Requested
//! ```
//!
//! A purchase's checkout workflow closes once its contract is delivered, so the cancellation, which
//! may come up to 30 days later, is its own short workflow instead of keeping that one open. Whether
//! the request is within the period is decided on the time the request was made (an input), so a
//! retried or replayed run decides the same.

use std::time::Duration;

use coverline_activities::cancellation::{Cancel, CancellationActivities, CancelledBy};
use coverline_domain::cancellation::{money_back_deadline, within_money_back};
use coverline_domain::lifecycle::PurchaseStatus;
use serde::{Deserialize, Serialize};
use temporalio_macros::{workflow, workflow_methods};
use temporalio_sdk::{ActivityOptions, WorkflowContext, WorkflowContextView, WorkflowResult};

/// The workflow id of a purchase's cancellation (never PII).
pub fn cancellation_workflow_id(policy_id: &str) -> String {
    format!("cancellation-{policy_id}")
}

/// A request to cancel.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CancellationInput {
    pub policy_id: String,
    pub by: CancelledBy,
    /// When the request was made (UTC unix seconds, the API's clock).
    pub requested_at: i64,
}

/// What became of a request to cancel.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "outcome")]
pub enum CancellationOutcome {
    /// Voided and refunded in full (cents).
    Cancelled { refunded_cents: i64 },
    /// After the money-back period: sent to the institution. `deadline` is when the period ended.
    Requested { deadline: i64 },
    /// Cancelled before (by an earlier request under another id, or by hand).
    AlreadyCancelled,
    /// Nothing paid to cancel (booking, unpaid, voided).
    NotCancellable { status: PurchaseStatus },
}

/// The cancellation workflow's state (its input).
#[workflow]
pub struct CancellationWorkflow {
    input: CancellationInput,
}

/// The provider and the gateway may be down for a while: keep trying (the member was told it is
/// under way; ops see a long-running cancellation in the Temporal UI).
fn patient() -> ActivityOptions {
    ActivityOptions::with_start_to_close_timeout(Duration::from_secs(30)).retry_policy(crate::backoff(Duration::from_secs(300))).build()
}

#[workflow_methods]
impl CancellationWorkflow {
    #[init]
    pub fn new(_ctx: &WorkflowContextView, input: CancellationInput) -> Self {
        Self { input }
    }

    #[run]
    pub async fn run(ctx: &mut WorkflowContext<Self>) -> WorkflowResult<CancellationOutcome> {
        let input = ctx.state(|s| s.input.clone());
        let terms = ctx.execute_activity(CancellationActivities::purchase_terms, input.policy_id.clone(), patient()).await?;
        if terms.status == PurchaseStatus::Cancelled {
            return Ok(CancellationOutcome::AlreadyCancelled);
        }
        let Some(paid_at) = terms.paid_at.filter(|_| terms.status.is_cancellable()) else {
            return Ok(CancellationOutcome::NotCancellable { status: terms.status });
        };
        let cancel = Cancel { policy_id: input.policy_id.clone(), by: input.by.clone() };
        if within_money_back(paid_at, input.requested_at) {
            let refunded_cents = ctx.execute_activity(CancellationActivities::cancel_purchase, cancel.clone(), patient()).await?;
            ctx.execute_activity(CancellationActivities::send_cancellation_email, cancel, patient()).await?;
            Ok(CancellationOutcome::Cancelled { refunded_cents })
        } else {
            ctx.execute_activity(CancellationActivities::record_cancellation_request, cancel, patient()).await?;
            Ok(CancellationOutcome::Requested { deadline: money_back_deadline(paid_at) })
        }
    }
}
