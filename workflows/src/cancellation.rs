//! The cancellation workflow: one per purchase (`cancellation-<policyId>`), started by the member
//! from find-your-contract or by support (`coverline support cancel`). Its id makes it happen once:
//! asking again answers the first run's outcome.
//!
//! ```text
//! purchase_terms ──▶ not paid / already cancelled ──▶ NotCancellable / AlreadyCancelled
//!        │
//!        └─ cancel_under_state_rules (refund recorded, void, card refunded in the free look)
//!               ──▶ email with the figures ──▶ Cancelled (card) / RefundByCheck (check, due by)
//! ```
//!
//! A purchase's checkout workflow closes once its contract is delivered, so the cancellation, which
//! may come at any time, is its own short workflow instead of keeping that one open. What the member
//! gets back is worked out from the time the request was made and the odometer they attested (both
//! inputs), so a retried or replayed run decides the same. A check refund is tracked in the database
//! until support records the check (its deadline is watched by an alert), not by a workflow left open.
//!
//! Histories recorded before the state rules (no `STATE_RULES` patch marker) replay the flat 30-day
//! rule they ran: within it `cancel_purchase`, after it `record_cancellation_request` (Requested).

use std::time::Duration;

use coverline_activities::cancellation::{Cancel, CancelUnderRules, CancellationActivities, CancelledBy};
use coverline_domain::cancellation::RefundBy;
use coverline_domain::cancellation::{money_back_deadline, within_money_back};
use coverline_domain::lifecycle::PurchaseStatus;
use serde::{Deserialize, Serialize};
use temporalio_macros::{workflow, workflow_methods};
use temporalio_sdk::{ActivityOptions, WorkflowContext, WorkflowContextView, WorkflowResult};

/// The patch that brought the state rules: recorded histories without its marker run the flat rule.
pub const STATE_RULES: &str = "cancellation-state-rules";

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
    /// The odometer reading the member attested (none: support cancelled without one; time counts).
    #[serde(default)]
    pub odometer_now: Option<u32>,
}

/// What became of a request to cancel.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "outcome")]
pub enum CancellationOutcome {
    /// Voided and refunded to the card (cents).
    Cancelled { refunded_cents: i64 },
    /// Voided; a check for `refund_cents` is due by `due_by` (`YYYY-MM-DD`).
    RefundByCheck { refund_cents: i64, due_by: String },
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
        if ctx.patched(STATE_RULES) {
            let under_rules = CancelUnderRules {
                policy_id: input.policy_id.clone(),
                by: input.by.clone(),
                requested_at: input.requested_at,
                odometer_now: input.odometer_now,
            };
            let refund = ctx.execute_activity(CancellationActivities::cancel_under_state_rules, under_rules, patient()).await?;
            ctx.execute_activity(CancellationActivities::send_cancellation_email, cancel, patient()).await?;
            return Ok(match refund.refund_by {
                RefundBy::Card => CancellationOutcome::Cancelled { refunded_cents: refund.refund_cents },
                RefundBy::Check => CancellationOutcome::RefundByCheck { refund_cents: refund.refund_cents, due_by: refund.due_by },
            });
        }
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
