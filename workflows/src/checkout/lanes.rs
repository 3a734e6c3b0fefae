//! The checkout's two lanes, run side by side: the main loop (the queued jobs — booking rounds,
//! payment requests, recording and delivering the payment — then the payment look-ups, the
//! deadline, the reminder, the idle close) and the refund lane (every charge that is not the
//! payment is refunded, however long the gateway takes). The purchase's state and rules are in
//! `purchase.rs`; a move its rules refuse fails the workflow task ([`must`]).

use std::time::Duration;

use coverline_activities::checkout::{CheckoutActivities, OpenPolicy, PaymentRequestAnswer, PreparePayment, RefundCharge};
use coverline_activities::purchase::{
    BOOKING_REJECTED, BookContract, PurchaseActivities, PurchaseEmailKind, RecordBooking, SendPurchaseEmail, SetStatus, VoidPurchase,
};
use coverline_domain::lifecycle::{PurchaseStatus, Refused};
use temporalio_common::{ActivityCloseTimeouts, RetryPolicy};
use temporalio_sdk::{ActivityOptions, WorkflowContext, WorkflowResult, workflows::select};

use super::alarm::Alarm;
use super::purchase::{Job, Purchase, Stage};
use super::{BookingFailure, CheckoutOutcome, CheckoutWorkflow, Ending, STATUS_ATTRIBUTE, bounded, unix_now};

/// Short activities, retried until they succeed. An attempt that takes 10 s died with its worker:
/// it is tried again at once rather than after a longer timeout.
fn quick() -> ActivityOptions {
    ActivityOptions::with_start_to_close_timeout(Duration::from_secs(10)).retry_policy(crate::backoff(Duration::from_secs(30))).build()
}

fn purchase<R>(ctx: &WorkflowContext<CheckoutWorkflow>, f: impl FnOnce(&mut Purchase) -> R) -> R {
    ctx.state_mut(|s| f(s.purchase.as_mut().expect("a purchase")))
}

/// A move the lifecycle's rules refuse is a bug in this code, never the member's doing: it fails
/// the workflow task (the SDK turns a panic into a task failure), so the worker logs it, the
/// history shows it, and the task is retried until fixed code runs it. Nothing is ignored.
fn must<T>(moved: Result<T, Refused>) -> T {
    moved.unwrap_or_else(|refused| panic!("the purchase refused a move: {refused}"))
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
    let Some(retry) = purchase(ctx, |p| must(p.start_round())) else {
        return Ok(());
    };
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
    if retry {
        set_status(ctx, PurchaseStatus::Booking, None).await?;
    }
    let round = purchase(ctx, |p| p.rounds());
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
            purchase(ctx, |p| must(p.booked(booked.contract_number.clone())));
            ctx.execute_activity(
                PurchaseActivities::record_booking,
                RecordBooking { policy_id, contract_number: booked.contract_number },
                quick(),
            )
            .await?;
        }
        Err(err) => {
            let failure = if err.as_timeout().is_some() { BookingFailure::NoResponse } else { BookingFailure::Failed };
            purchase(ctx, |p| must(p.booking_failed(failure)));
            set_status(ctx, PurchaseStatus::BookingFailed, Some(format!("{}: {err}", failure.as_str()))).await?;
        }
    }
    set_status_attribute(ctx);
    Ok(())
}

/// Answers a payment request: the gateway is asked first (charged? an open request to reuse?)
/// and only then a new request is signed.
async fn answer_request(ctx: &WorkflowContext<CheckoutWorkflow>) -> WorkflowResult<()> {
    let Some(known_requests) = purchase(ctx, |p| p.requests_to_check()) else {
        return Ok(());
    };
    let input = PreparePayment { policy_id: purchase(ctx, |p| p.policy_id()), known_requests };
    let answer = ctx.execute_activity(CheckoutActivities::prepare_payment_request, input, bounded(Duration::from_secs(30))).await;
    let now = unix_now(ctx.workflow_time());
    purchase(ctx, |p| match answer {
        Ok(PaymentRequestAnswer::Open { request_id, expires_at, reused }) => p.request_open(request_id, expires_at, reused, now),
        Ok(PaymentRequestAnswer::Charged { charges }) => p.request_charged(charges),
        Err(e) => p.request_failed(e.to_string()),
    });
    Ok(())
}

/// Records the payment, then the contract, the receipt and the contract copy; a charge that does
/// not match the contract is refunded instead.
async fn fulfil(ctx: &WorkflowContext<CheckoutWorkflow>) -> WorkflowResult<()> {
    let policy_id = purchase(ctx, |p| p.policy_id());
    if let Some(payment) = purchase(ctx, |p| p.payment_to_record().cloned()) {
        let recorded = ctx.execute_activity(PurchaseActivities::record_payment, payment.payment(&policy_id), quick()).await?;
        if !recorded {
            purchase(ctx, Purchase::payment_mismatched);
            return Ok(());
        }
        purchase(ctx, |p| must(p.payment_recorded()));
        set_status_attribute(ctx);
    }
    ctx.execute_activity(PurchaseActivities::render_contract, policy_id.clone(), quick()).await?;
    for kind in [PurchaseEmailKind::Receipt, PurchaseEmailKind::Contract] {
        ctx.execute_activity(PurchaseActivities::send_purchase_email, SendPurchaseEmail { policy_id: policy_id.clone(), kind }, quick())
            .await?;
    }
    set_status(ctx, PurchaseStatus::Fulfilled, None).await?;
    purchase(ctx, |p| must(p.delivered()));
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
        if purchase(ctx, |p| matches!(p.stage(), Stage::Charged { .. })) {
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
    purchase(ctx, |p| must(p.voided()));
    set_status_attribute(ctx);
    Ok(())
}

/// Why the main loop woke.
enum Wake {
    /// A job waits in the purchase's queue.
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
    let mut deadline_armed = false;
    let mut check = Alarm::default();
    let mut settle = Alarm::default();
    loop {
        let now = unix_now(ctx.workflow_time());
        let (quiet, wants_reminder, status, booking_asked, watching) = ctx.state(|s| {
            let p = s.purchase.as_ref();
            (
                now - s.last_step_at,
                s.wants_reminder(),
                p.map(Purchase::status),
                p.is_some_and(|p| p.rounds() > 0),
                p.and_then(Purchase::watch_until),
            )
        });
        if wants_reminder && !reminder.is_set() {
            reminder = Alarm::after(ctx, Duration::from_secs(t.reminder_after_secs.saturating_sub(quiet.max(0) as u64)));
        }
        // The payment deadline runs from the first booking asked for.
        if booking_asked && !deadline_armed {
            deadline = Alarm::after(ctx, Duration::from_secs(t.payment_deadline_secs));
            deadline_armed = true;
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
            _ = ctx.wait_condition(|s| s.purchase.as_ref().is_some_and(Purchase::has_work)) => Wake::Work,
            _ = ctx.wait_condition(move |s| !reminder_set && s.wants_reminder()) => Wake::Rearm,
            _ = &mut idle => Wake::Idle,
            _ = &mut reminder => Wake::Reminder,
            _ = &mut deadline => Wake::Deadline,
            _ = &mut check => Wake::Check,
            _ = &mut settle => Wake::Settled,
        };
        match wake {
            Wake::Work => {
                match purchase(ctx, Purchase::take_job) {
                    Some(Job::BookingRound) => booking_round(ctx).await?,
                    Some(Job::AnswerRequest) => answer_request(ctx).await?,
                    Some(Job::Fulfil) => fulfil(ctx).await?,
                    None => {}
                }
                purchase(ctx, Purchase::job_done);
            }
            Wake::Idle => {
                let (quiet, has_purchase) = ctx.state(|s| (unix_now(ctx.workflow_time()) - s.last_step_at, s.purchase.is_some()));
                if has_purchase {
                    continue;
                }
                if quiet >= t.idle_close_secs as i64 {
                    ctx.state_mut(|s| s.ending = Some(Ending::Abandoned));
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
    ctx.state_mut(|s| {
        s.ending.get_or_insert(Ending::Settled);
    });
    ctx.wait_condition(|s| s.purchase.as_ref().is_none_or(|p| !p.refunds_due())).await?;
    Ok(ctx.state(|s| {
        let view = s.purchase.as_ref().map(Purchase::view);
        CheckoutOutcome {
            status: s.status(),
            policy_id: view.as_ref().and_then(|v| v.policy_id.clone()),
            contract_number: view.as_ref().and_then(|v| v.contract_number.clone()),
            payment_id: view.and_then(|v| v.payment_id),
        }
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
        ctx.wait_condition(|s| s.ending.is_some() || s.purchase.as_ref().is_some_and(Purchase::refunds_due)).await?;
        let Some((charge, reason, policy_id)) = ctx.state(|s| {
            let p = s.purchase.as_ref()?;
            p.next_refund().map(|(c, r)| (c, r, p.policy_id()))
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
        purchase(ctx, |p| p.refunded(&charge.tracking_number));
    }
}
