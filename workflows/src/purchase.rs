//! The purchase workflow: one per quote, started when the member confirms and books.
//!
//! book the contract (no-response timeout, retries, idempotency key = workflow id)
//!   └─ failed → wait for `retry_booking` (member or support) or the payment deadline
//! wait for `payment_verified` (signalled by the API after the gateway verified the card)
//!   └─ deadline first → void the contract (compensation)
//! record the payment → render the contract PDF → email the receipt and the contract → fulfilled

use std::time::Duration;

use coverline_activities::purchase::{
    BOOKING_REJECTED, BookContract, PAYMENT_MISMATCH, PurchaseActivities, PurchaseEmailKind, RecordBooking, SendPurchaseEmail, SetStatus,
    VerifiedPayment, VoidPurchase,
};

/// Patch: the workflow, not the booking activity, marks the policy booked (after it accepted the
/// booking), and a purchase whose booking never succeeded voids whatever contract an unheard-of
/// attempt booked. Purchases started before replay the old path.
pub const BOOKING_RECORDED_BY_WORKFLOW: &str = "booking-recorded-by-workflow";
use coverline_domain::lifecycle::{Lifecycle, PurchaseEvent, PurchaseStatus};
use serde::{Deserialize, Serialize};
use temporalio_common::{ActivityCloseTimeouts, RetryPolicy};
use temporalio_macros::{workflow, workflow_methods};
use temporalio_sdk::{ActivityOptions, CancellableFuture, SyncWorkflowContext, WorkflowContext, WorkflowContextView, WorkflowResult, workflows::select};

/// How a purchase is run; durations are inputs so tests can shorten them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PurchaseInput {
    pub policy_id: String,
    /// The provider must answer a booking within this many seconds, retries included (spec: 120).
    pub booking_timeout_secs: u64,
    /// One booking attempt may take this long before it is retried.
    pub booking_attempt_timeout_secs: u64,
    /// A booked contract nobody pays for is voided after this many seconds.
    pub payment_deadline_secs: u64,
}

/// Why the last booking attempt failed, as the member is told.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum BookingFailure {
    /// The provider refused or failed.
    Failed,
    /// The provider did not answer within the booking timeout.
    NoResponse,
}

impl BookingFailure {
    /// How the read model records it (the start of `policies.last_error`).
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Failed => "failed",
            Self::NoResponse => "noResponse",
        }
    }
}

/// What the `status` query reports.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PurchaseView {
    pub status: PurchaseStatus,
    pub contract_number: Option<String>,
    pub booking_failure: Option<BookingFailure>,
    /// Booking rounds started (1 + retries asked for).
    pub booking_rounds: u32,
    pub payment_id: Option<String>,
}

/// How a purchase ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PurchaseOutcome {
    pub status: PurchaseStatus,
    pub contract_number: Option<String>,
    pub payment_id: Option<String>,
}

/// The purchase workflow's state.
#[workflow]
pub struct PurchaseWorkflow {
    input: PurchaseInput,
    lifecycle: Lifecycle,
    contract_number: Option<String>,
    booking_failure: Option<BookingFailure>,
    booking_rounds: u32,
    retry_requested: bool,
    payment: Option<VerifiedPayment>,
}

fn quick() -> ActivityOptions {
    ActivityOptions::with_start_to_close_timeout(Duration::from_secs(30))
        .retry_policy(
            RetryPolicy::builder()
                .initial_interval(Duration::from_millis(500))
                .backoff_coefficient(2.0)
                .maximum_interval(Duration::from_secs(30))
                .non_retryable_error_types([PAYMENT_MISMATCH])
                .build(),
        )
        .build()
}

#[workflow_methods]
impl PurchaseWorkflow {
    #[init]
    pub fn new(_ctx: &WorkflowContextView, input: PurchaseInput) -> Self {
        Self {
            input,
            lifecycle: Lifecycle::default(),
            contract_number: None,
            booking_failure: None,
            booking_rounds: 0,
            retry_requested: false,
            payment: None,
        }
    }

    #[run]
    pub async fn run(ctx: &mut WorkflowContext<Self>) -> WorkflowResult<PurchaseOutcome> {
        let input = ctx.state(|s| s.input.clone());
        let policy_id = input.policy_id.clone();
        let records_booking = ctx.patched(BOOKING_RECORDED_BY_WORKFLOW);
        let deadline = ctx.timer(Duration::from_secs(input.payment_deadline_secs));
        let mut deadline = std::pin::pin!(deadline);

        // Book, and on failure wait for a retry (or the deadline).
        loop {
            ctx.state_mut(|s| {
                s.booking_rounds += 1;
                s.retry_requested = false;
            });
            let options = ActivityOptions::with_close_timeouts(ActivityCloseTimeouts::ScheduleAndStartToClose {
                schedule_to_close: Duration::from_secs(input.booking_timeout_secs),
                start_to_close: Duration::from_secs(input.booking_attempt_timeout_secs),
            })
            .retry_policy(
                RetryPolicy::builder()
                    .initial_interval(Duration::from_secs(1))
                    .backoff_coefficient(2.0)
                    .maximum_interval(Duration::from_secs(20))
                    .non_retryable_error_types([BOOKING_REJECTED])
                    .build(),
            )
            .build();
            let round = ctx.state(|s| s.booking_rounds);
            let booked = ctx
                .execute_activity(
                    PurchaseActivities::book_contract,
                    BookContract { policy_id: policy_id.clone(), idempotency_key: ctx.workflow_id().to_string(), round, workflow_records_booking: records_booking },
                    options,
                )
                .await;
            match booked {
                Ok(booked) => {
                    // Booked first in the workflow's own state (so a payment signalled as soon as
                    // the member sees "booked" is accepted), then in the read model.
                    ctx.state_mut(|s| {
                        s.contract_number = Some(booked.contract_number.clone());
                        s.booking_failure = None;
                        let _ = s.lifecycle.apply(PurchaseEvent::Booked);
                    });
                    if records_booking {
                        ctx.execute_activity(
                            PurchaseActivities::record_booking,
                            RecordBooking { policy_id: policy_id.clone(), contract_number: booked.contract_number },
                            quick(),
                        )
                        .await?;
                    }
                    break;
                }
                Err(err) => {
                    let failure = if err.as_timeout().is_some() { BookingFailure::NoResponse } else { BookingFailure::Failed };
                    ctx.state_mut(|s| {
                        s.booking_failure = Some(failure);
                        let _ = s.lifecycle.apply(PurchaseEvent::BookingFailed);
                    });
                    ctx.execute_activity(
                        PurchaseActivities::set_status,
                        SetStatus { policy_id: policy_id.clone(), status: PurchaseStatus::BookingFailed, reason: Some(format!("{}: {err}", failure.as_str())) },
                        quick(),
                    )
                    .await?;
                    let retry = select! {
                        r = ctx.wait_condition(|s: &Self| s.retry_requested) => { r?; true }
                        _ = deadline.as_mut() => false,
                    };
                    if !retry {
                        ctx.state_mut(|s| {
                            let _ = s.lifecycle.apply(PurchaseEvent::PaymentDeadlinePassed);
                        });
                        if records_booking {
                            ctx.execute_activity(
                                PurchaseActivities::void_purchase,
                                VoidPurchase { policy_id: policy_id.clone(), reason: "booking never succeeded".into() },
                                quick(),
                            )
                            .await?;
                        } else {
                            ctx.execute_activity(
                                PurchaseActivities::set_status,
                                SetStatus { policy_id: policy_id.clone(), status: PurchaseStatus::Voided, reason: Some("booking never succeeded".into()) },
                                quick(),
                            )
                            .await?;
                        }
                        return Ok(Self::outcome(ctx));
                    }
                    ctx.state_mut(|s| {
                        let _ = s.lifecycle.apply(PurchaseEvent::RetryBooking);
                    });
                    ctx.execute_activity(
                        PurchaseActivities::set_status,
                        SetStatus { policy_id: policy_id.clone(), status: PurchaseStatus::Booking, reason: None },
                        quick(),
                    )
                    .await?;
                }
            }
        }

        // Wait for the verified payment, or void the contract at the deadline.
        let paid = select! {
            r = ctx.wait_condition(|s: &Self| s.payment.is_some()) => { r?; true }
            _ = deadline.as_mut() => false,
        };
        if !paid {
            ctx.execute_activity(PurchaseActivities::void_contract, policy_id.clone(), quick()).await?;
            ctx.state_mut(|s| {
                let _ = s.lifecycle.apply(PurchaseEvent::PaymentDeadlinePassed);
            });
            return Ok(Self::outcome(ctx));
        }
        deadline.cancel();

        let payment = ctx.state(|s| s.payment.clone()).expect("paid");
        ctx.execute_activity(PurchaseActivities::record_payment, payment, quick()).await?;
        ctx.state_mut(|s| {
            let _ = s.lifecycle.apply(PurchaseEvent::PaymentVerified);
        });
        ctx.execute_activity(PurchaseActivities::render_contract, policy_id.clone(), quick()).await?;
        for kind in [PurchaseEmailKind::Receipt, PurchaseEmailKind::Contract] {
            ctx.execute_activity(PurchaseActivities::send_purchase_email, SendPurchaseEmail { policy_id: policy_id.clone(), kind }, quick())
                .await?;
        }
        ctx.execute_activity(
            PurchaseActivities::set_status,
            SetStatus { policy_id: policy_id.clone(), status: PurchaseStatus::Fulfilled, reason: None },
            quick(),
        )
        .await?;
        ctx.state_mut(|s| {
            let _ = s.lifecycle.apply(PurchaseEvent::ContractDelivered);
        });
        Ok(Self::outcome(ctx))
    }

    /// The gateway verified the member's card payment. Only the first verified payment counts,
    /// and only once the contract is booked.
    #[signal(name = "payment_verified")]
    pub fn payment_verified(&mut self, _ctx: &mut SyncWorkflowContext<Self>, payment: VerifiedPayment) {
        if self.payment.is_none() && self.lifecycle.status() == PurchaseStatus::Booked {
            self.payment = Some(payment);
        }
    }

    /// The member ('Retry Booking') or support asks to book again after a failure.
    #[signal(name = "retry_booking")]
    pub fn retry_booking(&mut self, _ctx: &mut SyncWorkflowContext<Self>, _reason: String) {
        if self.lifecycle.accepts(PurchaseEvent::RetryBooking) {
            self.retry_requested = true;
        }
    }

    /// Where the purchase stands.
    #[query(name = "status")]
    pub fn status(&self, _ctx: &WorkflowContextView) -> PurchaseView {
        PurchaseView {
            status: self.lifecycle.status(),
            contract_number: self.contract_number.clone(),
            booking_failure: self.booking_failure,
            booking_rounds: self.booking_rounds,
            payment_id: self.payment.as_ref().map(|p| p.tracking_number.clone()),
        }
    }
}

impl PurchaseWorkflow {
    fn outcome(ctx: &WorkflowContext<Self>) -> PurchaseOutcome {
        ctx.state(|s| PurchaseOutcome {
            status: s.lifecycle.status(),
            contract_number: s.contract_number.clone(),
            payment_id: s.payment.as_ref().map(|p| p.tracking_number.clone()),
        })
    }
}
