//! The checkout workflow: one per member (`checkout-<userId>`), from the splash to the contract.
//!
//! ```text
//! advance (Update, each completed step) ──▶ the screen the member is on, checked by the gate
//! send_code (Update) ──▶ the verification email, sent at least once, counted once
//! book (Update) ──▶ open the policy, book (120 s no-response timeout, retries) ──▶ the outcome
//! payment_request (Update) ──▶ ask the gateway first: charged? reuse an open request? else sign
//! report_charge (Update: page or webhook) ─┐
//! look-up while a request may be charged ──┴▶ the first charge is the payment, any other refunded
//! payment recorded ──▶ contract PDF ──▶ receipt and contract emails ──▶ fulfilled
//! deadline ──▶ look up once more, then void the contract; idle ──▶ abandoned; one reminder
//! ```
//!
//! The workflow is the one owner of the purchase status: it decides, its activities write the
//! read model (`policies`, `payments`), and the API asks it with Updates.

mod alarm;
mod lanes;
mod purchase;
mod types;

use coverline_domain::ErrorCode;
use std::time::{Duration, UNIX_EPOCH};

use coverline_activities::checkout::{CheckoutActivities, SendCode};
use coverline_domain::checkout::{Checkout, CheckoutStatus, Step};
use coverline_domain::lifecycle::{PurchaseEvent, PurchaseStatus};
use temporalio_common::ActivityCloseTimeouts;
use temporalio_common::search_attributes::SearchAttributeKey;
use temporalio_macros::{workflow, workflow_methods};
use temporalio_sdk::{ActivityOptions, SyncWorkflowContext, WorkflowContext, WorkflowContextView, WorkflowResult, workflows::join};

use self::purchase::Purchase;
pub use self::types::*;

/// Search attribute: the institution of the checkout (set at start).
pub const INSTITUTION_ATTRIBUTE: SearchAttributeKey<String> = SearchAttributeKey::keyword("CoverlineInstitution");
/// Search attribute: the screen the member is on (`payment`, ...).
pub const STEP_ATTRIBUTE: SearchAttributeKey<String> = SearchAttributeKey::keyword("CoverlineStep");
/// Search attribute: the checkout's status (`shopping`, `booked`, `fulfilled`, ...).
pub const STATUS_ATTRIBUTE: SearchAttributeKey<String> = SearchAttributeKey::keyword("CoverlineStatus");

/// Code emails per hour.
const CODES_PER_HOUR: usize = 6;

/// The checkout workflow's state.
#[workflow]
pub struct CheckoutWorkflow {
    input: CheckoutInput,
    checkout: Checkout,
    version: u64,
    /// When the last step was recorded (UTC unix seconds, workflow time).
    last_step_at: i64,
    /// When each verification code was asked for (UTC unix seconds); a send's number is its place.
    code_sends: Vec<i64>,
    /// Sends whose email never went out (the mail server failed for two minutes): not counted.
    failed_code_sends: Vec<u32>,
    reminder_sent: bool,
    purchase: Option<Purchase>,
    /// The checkout is ending: the refund lane finishes what is due, then stops.
    ending: Option<Ending>,
}

/// How a checkout ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ending {
    /// No purchase, and no step for too long.
    Abandoned,
    /// Its purchase ended, and the time for late charges passed.
    Settled,
}

/// Seconds since the epoch of the workflow's clock.
fn unix_now(time: Option<std::time::SystemTime>) -> i64 {
    time.and_then(|t| t.duration_since(UNIX_EPOCH).ok()).map_or(0, |d| d.as_secs() as i64)
}

/// Retries that give up: for work whose failure the workflow answers itself.
fn bounded(limit: Duration) -> ActivityOptions {
    ActivityOptions::with_close_timeouts(ActivityCloseTimeouts::ScheduleAndStartToClose {
        schedule_to_close: limit,
        start_to_close: Duration::from_secs(10),
    })
    .retry_policy(crate::backoff(Duration::from_secs(10)))
    .build()
}

impl CheckoutWorkflow {
    /// The purchase's status, if a booking was asked for.
    fn purchase_status(&self) -> Option<PurchaseStatus> {
        self.purchase.as_ref().map(Purchase::status)
    }

    /// The checkout's status, for ops and the API.
    fn status(&self) -> CheckoutStatus {
        if self.ending == Some(Ending::Abandoned) { CheckoutStatus::Abandoned } else { CheckoutStatus::of(self.purchase_status()) }
    }

    fn view(&self) -> CheckoutView {
        CheckoutView {
            version: self.version,
            checkout: self.checkout.clone(),
            status: self.status(),
            purchase: self.purchase.as_ref().map(Purchase::view),
            code_sends: (self.code_sends.len() - self.failed_code_sends.len()) as u32,
        }
    }

    /// A coverage is chosen, nothing is paid, no reminder went out yet.
    fn wants_reminder(&self) -> bool {
        !self.reminder_sent
            && self.checkout.answers.rate.is_some()
            && !matches!(self.purchase_status(), Some(PurchaseStatus::Paid | PurchaseStatus::Fulfilled | PurchaseStatus::Voided))
    }

    /// The code-send limits at `now`: one per `code_resend_secs` (20 s), six an hour.
    fn code_limit(&self, now: i64) -> Result<(), Refused> {
        let counted: Vec<i64> =
            (1..).zip(&self.code_sends).filter(|(send_no, _)| !self.failed_code_sends.contains(send_no)).map(|(_, at)| *at).collect();
        if counted.last().is_some_and(|last| now - last < self.input.timings.code_resend_secs as i64) {
            return Err(Refused::new(ErrorCode::RateLimited, "Please wait a few seconds before asking for another code."));
        }
        if counted.iter().filter(|at| **at > now - 3600).count() >= CODES_PER_HOUR {
            return Err(Refused::new(
                ErrorCode::RateLimited,
                "You have asked for several codes in a short time. Please use the last code we sent, or try again in an hour.",
            ));
        }
        Ok(())
    }
}

#[workflow_methods]
impl CheckoutWorkflow {
    #[init]
    pub fn new(_ctx: &WorkflowContextView, input: CheckoutInput) -> Self {
        Self {
            input,
            checkout: Checkout::default(),
            version: 0,
            last_step_at: 0,
            code_sends: Vec::new(),
            failed_code_sends: Vec::new(),
            reminder_sent: false,
            purchase: None,
            ending: None,
        }
    }

    #[run]
    pub async fn run(ctx: &mut WorkflowContext<Self>) -> WorkflowResult<CheckoutOutcome> {
        let started = unix_now(ctx.workflow_time());
        ctx.state_mut(|s| s.last_step_at = started);
        ctx.upsert_search_attributes([
            STEP_ATTRIBUTE.value_set(Step::Splash.as_str().to_string()),
            STATUS_ATTRIBUTE.value_set(CheckoutStatus::Shopping.as_str().to_string()),
        ]);
        let ctx = &*ctx;
        let (outcome, refunds) = join!(lanes::main_loop(ctx), lanes::refund_lane(ctx));
        refunds?;
        outcome
    }

    /// Validates a step before it is recorded (a refused step writes nothing to the history).
    #[update_validator(advance)]
    pub fn validate_advance(
        &self,
        _ctx: &WorkflowContextView,
        input: &AdvanceInput,
    ) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
        self.checkout
            .advance(input.to, input.answers.clone(), input.facts, self.purchase_status())
            .map(|_| ())
            .map_err(|refused| Refused::new(ErrorCode::StepOutOfOrder, refused.message).into_failure())
    }

    /// Records a completed step: the screen the member moved to and their answers.
    #[update(name = "advance")]
    pub fn advance(
        &mut self,
        ctx: &mut SyncWorkflowContext<Self>,
        input: AdvanceInput,
    ) -> Result<CheckoutView, Box<dyn std::error::Error + Send + Sync>> {
        let next = self
            .checkout
            .advance(input.to, input.answers, input.facts, self.purchase_status())
            .map_err(|refused| Refused::new(ErrorCode::StepOutOfOrder, refused.message).into_failure())?;
        let moved = next.step != self.checkout.step;
        self.checkout = next;
        self.version += 1;
        self.last_step_at = unix_now(ctx.workflow_time());
        if moved {
            ctx.upsert_search_attributes([STEP_ATTRIBUTE.value_set(self.checkout.step.as_str().to_string())]);
        }
        Ok(self.view())
    }

    /// Refuses a code asked for too soon after the last, or past the hourly limit (without a
    /// trace in the history).
    #[update_validator(send_code)]
    pub fn validate_send_code(
        &self,
        _ctx: &WorkflowContextView,
        input: &SendCodeInput,
    ) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
        self.code_limit(input.now).map_err(Refused::into_failure)
    }

    /// Emails a verification code (durably: a crash never loses it, and a retried send is one send).
    #[update(name = "send_code")]
    pub async fn send_code(
        ctx: &mut WorkflowContext<Self>,
        input: SendCodeInput,
    ) -> Result<CodeSent, Box<dyn std::error::Error + Send + Sync>> {
        // Several sends can pass their validators in one workflow task before any handler runs:
        // the limit is checked again, in order, as each is counted.
        let (user_id, send_no) = ctx
            .state_mut(|s| {
                s.code_limit(input.now)?;
                s.code_sends.push(input.now);
                Ok::<_, Refused>((s.input.user_id.clone(), s.code_sends.len() as u32))
            })
            .map_err(Refused::into_failure)?;
        let sent = ctx
            .execute_activity(
                CheckoutActivities::send_verification_code,
                SendCode { user_id, send_no, asked_at: input.now },
                bounded(Duration::from_secs(120)),
            )
            .await;
        if let Err(e) = sent {
            ctx.state_mut(|s| s.failed_code_sends.push(send_no));
            return Err(Refused::new(ErrorCode::EmailFailed, format!("{} ({e})", coverline_domain::product::messages::RESEND_FAILED))
                .into_failure());
        }
        Ok(CodeSent { send_no })
    }

    /// Refuses a booking the member may not ask for: details, membership and a verified email
    /// first; one purchase per checkout; a voided purchase cannot be booked again.
    #[update_validator(book)]
    pub fn validate_book(&self, _ctx: &WorkflowContextView, input: &BookInput) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
        let facts = input.facts;
        if !facts.details_given || facts.is_member != Some(true) {
            return Err(Refused::new(ErrorCode::Validation, coverline_domain::product::messages::DETAILS_FIRST).into_failure());
        }
        if !facts.email_verified {
            return Err(Refused::new(ErrorCode::EmailNotVerified, coverline_domain::product::messages::VERIFY_EMAIL_FIRST).into_failure());
        }
        match &self.purchase {
            Some(p) if p.status() == PurchaseStatus::Voided => {
                Err(Refused::new(ErrorCode::Voided, "This contract was voided.").into_failure())
            }
            Some(p) if p.quote_id != input.quote_id || p.rate_id != input.rate_id => {
                Err(Refused::new(ErrorCode::Conflict, "This quote is already being purchased with another coverage.").into_failure())
            }
            _ => Ok(()),
        }
    }

    /// Books the chosen rate (or, after a failed round, books again) and answers the round's outcome.
    #[update(name = "book")]
    pub async fn book(ctx: &mut WorkflowContext<Self>, input: BookInput) -> Result<CheckoutView, Box<dyn std::error::Error + Send + Sync>> {
        let round = ctx.state_mut(|s| {
            s.checkout.facts = input.facts;
            let purchase = s.purchase.get_or_insert_with(|| Purchase::new(&input.quote_id, &input.rate_id, &input.car_id));
            purchase.ask_booking()
        });
        ctx.upsert_search_attributes([STATUS_ATTRIBUTE.value_set(CheckoutStatus::Booking.as_str().to_string())]);
        if let Some(round) = round {
            ctx.wait_condition(|s| s.purchase.as_ref().is_some_and(|p| !p.pending(round))).await?;
        }
        Ok(ctx.state(Self::view))
    }

    /// Refuses a payment request for a purchase that is not waiting for its payment.
    #[update_validator(payment_request)]
    pub fn validate_payment_request(
        &self,
        _ctx: &WorkflowContextView,
        _input: &(),
    ) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
        match self.purchase_status() {
            Some(PurchaseStatus::Booked | PurchaseStatus::Paid | PurchaseStatus::Fulfilled) => Ok(()),
            Some(PurchaseStatus::Voided) => Err(Refused::new(ErrorCode::Voided, "This contract was voided.").into_failure()),
            _ => Err(Refused::new(ErrorCode::Conflict, coverline_domain::product::messages::POLICY_NOT_BOOKED).into_failure()),
        }
    }

    /// The request to pay with: the gateway is asked first, so a contract never has two
    /// chargeable requests (an open one is reused; a charged contract gets none).
    #[update(name = "payment_request")]
    pub async fn payment_request(
        ctx: &mut WorkflowContext<Self>,
    ) -> Result<PaymentRequestOutcome, Box<dyn std::error::Error + Send + Sync>> {
        if let Some(ask) = ctx.state_mut(|s| s.purchase.as_mut().and_then(Purchase::ask_request)) {
            ctx.wait_condition(|s| s.purchase.as_ref().is_some_and(|p| !p.pending(ask))).await?;
        }
        Ok(ctx
            .state(|s| s.purchase.as_ref().map(Purchase::request_outcome))
            .unwrap_or(PaymentRequestOutcome::Unavailable { reason: "no purchase".into() }))
    }

    /// A charge the gateway approved (the page's verified result or the webhook): the first is the
    /// payment, answered once recorded; any other is refunded.
    #[update(name = "report_charge")]
    pub async fn report_charge(
        ctx: &mut WorkflowContext<Self>,
        input: ChargeReport,
    ) -> Result<ChargeVerdict, Box<dyn std::error::Error + Send + Sync>> {
        let tracking = input.charge.tracking_number.clone();
        let noted = ctx.state_mut(|s| s.purchase.as_mut().map(|p| p.note_charge(input.charge)));
        if noted.is_none() {
            return Err(Refused::new(ErrorCode::NotFound, "No contract of this checkout was charged.").into_failure());
        }
        ctx.wait_condition(|s| s.purchase.as_ref().is_some_and(|p| p.verdict(&tracking).is_some())).await?;
        Ok(ctx.state(|s| s.purchase.as_ref().and_then(|p| p.verdict(&tracking))).expect("verdict reached"))
    }

    /// Waits until the payment is recorded (or the purchase voided) and answers the checkout.
    #[update(name = "await_payment")]
    pub async fn await_payment(ctx: &mut WorkflowContext<Self>) -> Result<CheckoutView, Box<dyn std::error::Error + Send + Sync>> {
        ctx.wait_condition(|s| {
            s.purchase
                .as_ref()
                .is_none_or(|p| matches!(p.status(), PurchaseStatus::Paid | PurchaseStatus::Fulfilled | PurchaseStatus::Voided))
        })
        .await?;
        Ok(ctx.state(Self::view))
    }

    /// Support asks to book again after a failed round (the member's 'Retry Booking' uses `book`).
    #[signal(name = "retry_booking")]
    pub fn retry_booking(&mut self, _ctx: &mut SyncWorkflowContext<Self>, _reason: String) {
        if let Some(p) = self.purchase.as_mut().filter(|p| p.status().accepts(PurchaseEvent::RetryBooking)) {
            p.ask_booking();
        }
    }

    /// Where the checkout stands.
    #[query(name = "view")]
    pub fn current(&self, _ctx: &WorkflowContextView) -> CheckoutView {
        self.view()
    }
}
