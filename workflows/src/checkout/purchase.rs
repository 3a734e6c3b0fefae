//! The checkout's purchase: its state, and the two loops of the workflow's run — the main loop
//! (booking rounds, payment requests, recording and fulfilling the payment, the payment look-ups,
//! the deadline, the reminder, the idle close) and the refund lane (every charge that is not the
//! payment is refunded, however long the gateway takes).

use std::time::Duration;

use coverline_activities::checkout::{
    ChargeSeen, CheckoutActivities, OpenPolicy, PaymentRequestAnswer, PreparePayment, RefundCharge, RefundReason,
};
use coverline_activities::purchase::{
    BOOKING_REJECTED, BookContract, PurchaseActivities, PurchaseEmailKind, RecordBooking, SendPurchaseEmail, SetStatus, VoidPurchase,
};
use coverline_domain::lifecycle::{Lifecycle, PurchaseEvent, PurchaseStatus};
use temporalio_common::{ActivityCloseTimeouts, RetryPolicy};
use temporalio_sdk::{ActivityOptions, WorkflowContext, WorkflowResult, workflows::select};

use super::alarm::Alarm;
use super::{BookingFailure, ChargeVerdict, PaymentRequestOutcome, PurchaseView};
use super::{CheckoutOutcome, CheckoutWorkflow, STATUS_ATTRIBUTE, bounded, unix_now};

/// A request's charge can still land this long after the request expires (the gateway's
/// processor timeout, with room to spare): the look-ups go on until then.
const CHARGE_GRACE_SECS: i64 = 120;

/// The purchase of a checkout, once the member asked to book.
#[derive(Debug)]
pub(super) struct Purchase {
    pub policy_id: Option<String>,
    pub quote_id: String,
    pub rate_id: String,
    pub car_id: String,
    pub lifecycle: Lifecycle,
    pub contract_number: Option<String>,
    pub booking_failure: Option<BookingFailure>,
    /// Booking rounds asked for (the first booking, then each retry) and finished.
    pub rounds_asked: u32,
    pub rounds_done: u32,
    /// Payment requests signed for the contract, oldest first, and the one to pay with now.
    pub requests: Vec<String>,
    pub current_request: Option<(String, i64)>,
    pub request_asks: u32,
    pub request_answers: u32,
    pub request_error: Option<String>,
    /// Until when (UTC unix seconds) a request may still be charged: the look-ups run until then.
    pub watch_until: Option<i64>,
    /// Every charge seen, by any way; the first acceptable one is the payment.
    pub charges: Vec<ChargeSeen>,
    pub payment: Option<ChargeSeen>,
    pub payment_recorded: bool,
    /// Charges to refund, and the tracking numbers refunded.
    pub refunds_due: Vec<(ChargeSeen, RefundReason)>,
    pub refunded: Vec<String>,
    /// The payment deadline's alarm was set (once, at the first booking).
    pub deadline_set: bool,
}

impl Purchase {
    pub fn new(quote_id: &str, rate_id: &str, car_id: &str) -> Self {
        Self {
            policy_id: None,
            quote_id: quote_id.to_string(),
            rate_id: rate_id.to_string(),
            car_id: car_id.to_string(),
            lifecycle: Lifecycle::default(),
            contract_number: None,
            booking_failure: None,
            rounds_asked: 0,
            rounds_done: 0,
            requests: Vec::new(),
            current_request: None,
            request_asks: 0,
            request_answers: 0,
            request_error: None,
            watch_until: None,
            charges: Vec::new(),
            payment: None,
            payment_recorded: false,
            refunds_due: Vec::new(),
            refunded: Vec::new(),
            deadline_set: false,
        }
    }

    pub fn status(&self) -> PurchaseStatus {
        self.lifecycle.status()
    }

    pub fn view(&self) -> PurchaseView {
        PurchaseView {
            policy_id: self.policy_id.clone(),
            quote_id: self.quote_id.clone(),
            rate_id: self.rate_id.clone(),
            status: self.status(),
            contract_number: self.contract_number.clone(),
            booking_failure: self.booking_failure,
            booking_rounds: self.rounds_asked,
            payment_id: self.payment.as_ref().filter(|_| self.payment_recorded).map(|p| p.tracking_number.clone()),
            refunded: self.refunded.clone(),
        }
    }

    /// Asks for a booking round when one is due (the first, or a retry after a failed one) and
    /// returns the round whose outcome answers the member.
    pub fn ask_round(&mut self) -> u32 {
        let due = match self.status() {
            PurchaseStatus::BookingFailed => self.rounds_asked == self.rounds_done,
            PurchaseStatus::Booking => self.rounds_asked == 0,
            _ => false,
        };
        if due {
            self.rounds_asked += 1;
        }
        self.rounds_asked
    }

    /// Asks for a payment request; returns the answer to wait for.
    pub fn ask_request(&mut self) -> u32 {
        self.request_asks += 1;
        self.request_asks
    }

    pub fn request_outcome(&self) -> PaymentRequestOutcome {
        if let Some(p) = self.payment.as_ref() {
            return PaymentRequestOutcome::Paid { payment_id: p.tracking_number.clone() };
        }
        match (&self.current_request, &self.request_error) {
            (_, Some(reason)) => PaymentRequestOutcome::Unavailable { reason: reason.clone() },
            (Some((request_id, expires_at)), None) => {
                PaymentRequestOutcome::Open { request_id: request_id.clone(), expires_at: *expires_at }
            }
            (None, None) => PaymentRequestOutcome::Unavailable { reason: "no request".into() },
        }
    }

    pub fn has_work(&self) -> bool {
        self.rounds_asked > self.rounds_done
            || self.request_asks > self.request_answers
            || (self.payment.is_some() && !self.payment_recorded)
            || (self.payment_recorded && self.status() == PurchaseStatus::Paid)
    }

    /// Takes a charge in: the payment when the contract waits for one, else a refund.
    pub fn note_charge(&mut self, charge: ChargeSeen) {
        if self.charges.iter().any(|c| c.tracking_number == charge.tracking_number) {
            return;
        }
        self.charges.push(charge.clone());
        if charge.amount - charge.refunded_amount <= 0 {
            self.refunded.push(charge.tracking_number);
            return;
        }
        match self.status() {
            PurchaseStatus::Booked if self.payment.is_none() => self.payment = Some(charge),
            PurchaseStatus::Voided => self.refunds_due.push((charge, RefundReason::ContractVoided)),
            _ => self.refunds_due.push((charge, RefundReason::SecondCharge)),
        }
    }

    /// What became of a charge, once decided.
    pub fn verdict(&self, tracking: &str) -> Option<ChargeVerdict> {
        if self.payment_recorded && self.payment.as_ref().is_some_and(|p| p.tracking_number == tracking) {
            return Some(ChargeVerdict::Paid { payment_id: tracking.to_string() });
        }
        let reason = self
            .refunds_due
            .iter()
            .find(|(c, _)| c.tracking_number == tracking)
            .map(|(_, r)| *r)
            .or_else(|| self.refunded.iter().any(|t| t == tracking).then_some(RefundReason::SecondCharge))?;
        Some(ChargeVerdict::Refunded { tracking_number: tracking.to_string(), reason })
    }

    fn policy_id(&self) -> String {
        self.policy_id.clone().unwrap_or_default()
    }
}

/// Short activities, retried until they succeed. An attempt that takes 10 s died with its worker:
/// it is tried again at once rather than after a longer timeout.
fn quick() -> ActivityOptions {
    ActivityOptions::with_start_to_close_timeout(Duration::from_secs(10)).retry_policy(crate::backoff(Duration::from_secs(30))).build()
}

fn purchase<R>(ctx: &WorkflowContext<CheckoutWorkflow>, f: impl FnOnce(&mut Purchase) -> R) -> R {
    ctx.state_mut(|s| f(s.purchase.as_mut().expect("a purchase")))
}

fn set_status_attribute(ctx: &WorkflowContext<CheckoutWorkflow>) {
    let status = ctx.state(|s| s.status());
    ctx.upsert_search_attributes([STATUS_ATTRIBUTE.value_set(status.as_str().to_string())]);
}

async fn set_status(ctx: &WorkflowContext<CheckoutWorkflow>, status: PurchaseStatus, reason: Option<String>) -> WorkflowResult<()> {
    let policy_id = purchase(ctx, |p| p.policy_id());
    ctx.execute_activity(PurchaseActivities::set_status, SetStatus { policy_id, status, reason }, quick()).await?;
    Ok(())
}

/// One booking round: open the policy (first round), book with the provider, record the outcome.
async fn booking_round(ctx: &WorkflowContext<CheckoutWorkflow>) -> WorkflowResult<()> {
    let t = ctx.state(|s| s.input.timings.clone());
    if purchase(ctx, |p| p.policy_id.is_none()) {
        let open = ctx.state(|s| {
            let p = s.purchase.as_ref().expect("a purchase");
            OpenPolicy {
                user_id: s.input.user_id.clone(),
                quote_id: p.quote_id.clone(),
                rate_id: p.rate_id.clone(),
                car_id: p.car_id.clone(),
                workflow_id: ctx.workflow_id().to_string(),
            }
        });
        let policy_id = ctx.execute_activity(CheckoutActivities::open_policy, open, quick()).await?;
        purchase(ctx, |p| p.policy_id = Some(policy_id));
    }
    if purchase(ctx, |p| p.lifecycle.apply(PurchaseEvent::RetryBooking).is_ok()) {
        set_status(ctx, PurchaseStatus::Booking, None).await?;
    }
    let round = purchase(ctx, |p| p.rounds_asked);
    let options = ActivityOptions::with_close_timeouts(ActivityCloseTimeouts::ScheduleAndStartToClose {
        schedule_to_close: Duration::from_secs(t.booking_timeout_secs),
        start_to_close: Duration::from_secs(t.booking_attempt_timeout_secs),
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
    let policy_id = purchase(ctx, |p| p.policy_id());
    let booked = ctx
        .execute_activity(
            PurchaseActivities::book_contract,
            BookContract { policy_id: policy_id.clone(), idempotency_key: ctx.workflow_id().to_string(), round },
            options,
        )
        .await;
    match booked {
        Ok(booked) => {
            // Booked first in the workflow's own state, then in the read model.
            purchase(ctx, |p| {
                p.contract_number = Some(booked.contract_number.clone());
                p.booking_failure = None;
                let _ = p.lifecycle.apply(PurchaseEvent::Booked);
            });
            ctx.execute_activity(
                PurchaseActivities::record_booking,
                RecordBooking { policy_id, contract_number: booked.contract_number },
                quick(),
            )
            .await?;
        }
        Err(err) => {
            let failure = if err.as_timeout().is_some() { BookingFailure::NoResponse } else { BookingFailure::Failed };
            purchase(ctx, |p| {
                p.booking_failure = Some(failure);
                let _ = p.lifecycle.apply(PurchaseEvent::BookingFailed);
            });
            set_status(ctx, PurchaseStatus::BookingFailed, Some(format!("{}: {err}", failure.as_str()))).await?;
        }
    }
    purchase(ctx, |p| p.rounds_done = round);
    set_status_attribute(ctx);
    Ok(())
}

/// Answers the payment requests asked for: the gateway is asked first (charged? an open request
/// to reuse?) and only then a new request is signed.
async fn answer_requests(ctx: &WorkflowContext<CheckoutWorkflow>) -> WorkflowResult<()> {
    let asks = purchase(ctx, |p| p.request_asks);
    if purchase(ctx, |p| p.status() == PurchaseStatus::Booked && p.payment.is_none()) {
        let input = purchase(ctx, |p| PreparePayment { policy_id: p.policy_id(), known_requests: p.requests.clone() });
        let answer = ctx.execute_activity(CheckoutActivities::prepare_payment_request, input, bounded(Duration::from_secs(30))).await;
        let now = unix_now(ctx.workflow_time());
        purchase(ctx, |p| match answer {
            Ok(PaymentRequestAnswer::Open { request_id, expires_at, reused }) => {
                if !reused {
                    p.requests.push(request_id.clone());
                }
                p.current_request = Some((request_id, expires_at));
                p.request_error = None;
                p.watch_until = Some(p.watch_until.unwrap_or(now).max(expires_at + CHARGE_GRACE_SECS));
            }
            Ok(PaymentRequestAnswer::Charged { charges }) => {
                p.request_error = None;
                charges.into_iter().for_each(|c| p.note_charge(c));
            }
            Err(e) => p.request_error = Some(e.to_string()),
        });
    }
    purchase(ctx, |p| p.request_answers = asks);
    Ok(())
}

/// Records the payment, then the contract, the receipt and the contract copy; a charge that does
/// not match the contract is refunded instead.
async fn fulfil(ctx: &WorkflowContext<CheckoutWorkflow>) -> WorkflowResult<()> {
    let policy_id = purchase(ctx, |p| p.policy_id());
    if !purchase(ctx, |p| p.payment_recorded) {
        let payment = purchase(ctx, |p| p.payment.clone()).expect("a payment to record");
        let recorded = ctx.execute_activity(PurchaseActivities::record_payment, payment.payment(&policy_id), quick()).await?;
        if !recorded {
            purchase(ctx, |p| {
                p.payment = None;
                p.refunds_due.push((payment, RefundReason::AmountMismatch));
            });
            return Ok(());
        }
        purchase(ctx, |p| {
            p.payment_recorded = true;
            p.watch_until = None;
            let _ = p.lifecycle.apply(PurchaseEvent::PaymentVerified);
        });
        set_status_attribute(ctx);
    }
    ctx.execute_activity(PurchaseActivities::render_contract, policy_id.clone(), quick()).await?;
    for kind in [PurchaseEmailKind::Receipt, PurchaseEmailKind::Contract] {
        ctx.execute_activity(PurchaseActivities::send_purchase_email, SendPurchaseEmail { policy_id: policy_id.clone(), kind }, quick())
            .await?;
    }
    set_status(ctx, PurchaseStatus::Fulfilled, None).await?;
    purchase(ctx, |p| {
        let _ = p.lifecycle.apply(PurchaseEvent::ContractDelivered);
    });
    set_status_attribute(ctx);
    Ok(())
}

/// Looks up the contract's charges at the gateway and takes in any not seen yet.
async fn look_up_charges(ctx: &WorkflowContext<CheckoutWorkflow>) -> WorkflowResult<()> {
    let policy_id = purchase(ctx, |p| p.policy_id());
    if let Ok(charges) = ctx.execute_activity(CheckoutActivities::check_payments, policy_id, bounded(Duration::from_secs(60))).await {
        purchase(ctx, |p| charges.into_iter().for_each(|c| p.note_charge(c)));
    }
    Ok(())
}

/// The payment deadline: one last look-up (a charge found is honoured), then the contract is voided.
async fn deadline_passed(ctx: &WorkflowContext<CheckoutWorkflow>) -> WorkflowResult<()> {
    let status = purchase(ctx, |p| p.status());
    if status == PurchaseStatus::Booked {
        // Never void a contract the member paid for: the gateway has the last word.
        let policy_id = purchase(ctx, |p| p.policy_id());
        let charges = ctx.execute_activity(CheckoutActivities::check_payments, policy_id, quick()).await?;
        purchase(ctx, |p| charges.into_iter().for_each(|c| p.note_charge(c)));
        if purchase(ctx, |p| p.payment.is_some()) {
            return Ok(());
        }
    }
    if !matches!(status, PurchaseStatus::Booked | PurchaseStatus::BookingFailed) {
        return Ok(());
    }
    let reason = if status == PurchaseStatus::Booked { "not paid before the deadline" } else { "booking never succeeded" };
    let policy_id = purchase(ctx, |p| p.policy_id());
    if !policy_id.is_empty() {
        ctx.execute_activity(PurchaseActivities::void_purchase, VoidPurchase { policy_id, reason: reason.into() }, quick()).await?;
    }
    purchase(ctx, |p| {
        let _ = p.lifecycle.apply(PurchaseEvent::PaymentDeadlinePassed);
        p.watch_until = None;
    });
    set_status_attribute(ctx);
    Ok(())
}

/// Why the main loop woke.
enum Wake {
    Work,
    /// A coverage was chosen: the reminder is to be set.
    Rearm,
    Idle,
    Reminder,
    Deadline,
    Check,
    Settled,
}

/// The checkout's main loop, until it closes: abandoned, or settled after its purchase ended.
pub(super) async fn main_loop(ctx: &WorkflowContext<CheckoutWorkflow>) -> WorkflowResult<CheckoutOutcome> {
    let t = ctx.state(|s| s.input.timings.clone());
    let mut idle = Alarm::after(ctx, Duration::from_secs(t.idle_close_secs));
    let mut reminder = Alarm::default();
    let mut deadline = Alarm::default();
    let mut check = Alarm::default();
    let mut settle = Alarm::default();
    loop {
        let now = unix_now(ctx.workflow_time());
        let (quiet, wants_reminder, status, arm_deadline, watching) = ctx.state(|s| {
            let p = s.purchase.as_ref();
            (
                now - s.last_step_at,
                s.wants_reminder(),
                p.map(Purchase::status),
                p.is_some_and(|p| !p.deadline_set && p.rounds_asked > 0),
                p.and_then(|p| p.watch_until.filter(|_| p.payment.is_none())),
            )
        });
        if wants_reminder && !reminder.is_set() {
            reminder = Alarm::after(ctx, Duration::from_secs(t.reminder_after_secs.saturating_sub(quiet.max(0) as u64)));
        }
        if arm_deadline {
            deadline = Alarm::after(ctx, Duration::from_secs(t.payment_deadline_secs));
            purchase(ctx, |p| p.deadline_set = true);
        }
        if watching.is_some_and(|until| until > now) && !check.is_set() {
            check = Alarm::after(ctx, Duration::from_secs(t.payment_check_secs));
        }
        if status.is_some_and(PurchaseStatus::is_final) && !settle.is_set() {
            deadline.clear();
            check.clear();
            reminder.clear();
            idle.clear();
            settle = Alarm::after(ctx, Duration::from_secs(t.settle_secs));
        }
        let reminder_set = reminder.is_set();
        let wake = select! {
            _ = ctx.wait_condition(CheckoutWorkflow::has_work) => Wake::Work,
            _ = ctx.wait_condition(move |s| !reminder_set && s.wants_reminder()) => Wake::Rearm,
            _ = &mut idle => Wake::Idle,
            _ = &mut reminder => Wake::Reminder,
            _ = &mut deadline => Wake::Deadline,
            _ = &mut check => Wake::Check,
            _ = &mut settle => Wake::Settled,
        };
        match wake {
            Wake::Work => {
                let (round, asks, record) = ctx.state(|s| {
                    let p = s.purchase.as_ref().expect("work needs a purchase");
                    (p.rounds_asked > p.rounds_done, p.request_asks > p.request_answers, p.payment.is_some())
                });
                if round {
                    booking_round(ctx).await?;
                } else if asks {
                    answer_requests(ctx).await?;
                } else if record {
                    fulfil(ctx).await?;
                }
            }
            Wake::Idle => {
                let (quiet, has_purchase) = ctx.state(|s| (unix_now(ctx.workflow_time()) - s.last_step_at, s.purchase.is_some()));
                if has_purchase {
                    continue;
                }
                if quiet >= t.idle_close_secs as i64 {
                    ctx.state_mut(|s| s.abandoned = true);
                    set_status_attribute(ctx);
                    break;
                }
                idle = Alarm::after(ctx, Duration::from_secs(t.idle_close_secs - quiet.max(0) as u64));
            }
            Wake::Reminder => {
                let (quiet, wants, user_id) =
                    ctx.state(|s| (unix_now(ctx.workflow_time()) - s.last_step_at, s.wants_reminder(), s.input.user_id.clone()));
                if wants && quiet >= t.reminder_after_secs as i64 {
                    ctx.execute_activity(CheckoutActivities::send_reminder, user_id, quick()).await?;
                    ctx.state_mut(|s| s.reminder_sent = true);
                }
            }
            Wake::Rearm => {}
            Wake::Deadline => deadline_passed(ctx).await?,
            Wake::Check => look_up_charges(ctx).await?,
            Wake::Settled => break,
        }
    }
    ctx.state_mut(|s| s.closing = true);
    ctx.wait_condition(|s| s.purchase.as_ref().is_none_or(|p| p.refunds_due.is_empty())).await?;
    Ok(ctx.state(|s| CheckoutOutcome {
        status: s.status(),
        policy_id: s.purchase.as_ref().and_then(|p| p.policy_id.clone()),
        contract_number: s.purchase.as_ref().and_then(|p| p.contract_number.clone()),
        payment_id: s.purchase.as_ref().and_then(|p| p.view().payment_id),
    }))
}

/// Refunds every charge that is not the payment, one at a time, retrying until the gateway
/// answers; ends when the checkout closes with nothing left to refund.
pub(super) async fn refund_lane(ctx: &WorkflowContext<CheckoutWorkflow>) -> WorkflowResult<()> {
    let forever = ActivityOptions::with_start_to_close_timeout(Duration::from_secs(60))
        .retry_policy(
            RetryPolicy::builder()
                .initial_interval(Duration::from_secs(1))
                .backoff_coefficient(2.0)
                .maximum_interval(Duration::from_secs(600))
                .build(),
        )
        .build();
    loop {
        ctx.wait_condition(|s| s.closing || s.purchase.as_ref().is_some_and(|p| !p.refunds_due.is_empty())).await?;
        let Some((charge, reason, policy_id)) = ctx.state(|s| {
            let p = s.purchase.as_ref()?;
            p.refunds_due.first().map(|(c, r)| (c.clone(), *r, p.policy_id()))
        }) else {
            return Ok(());
        };
        let refund = RefundCharge {
            policy_id,
            tracking_number: charge.tracking_number.clone(),
            amount: charge.amount - charge.refunded_amount,
            reason,
        };
        ctx.execute_activity(CheckoutActivities::refund_charge, refund, forever.clone()).await?;
        purchase(ctx, |p| {
            p.refunds_due.retain(|(c, _)| c.tracking_number != charge.tracking_number);
            p.refunded.push(charge.tracking_number);
        });
    }
}
