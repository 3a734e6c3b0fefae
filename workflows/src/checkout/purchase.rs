//! The checkout's purchase as pure state, without Temporal:
//!
//! - where it stands: one [`Stage`], whose variants hold their data, moved only by the
//!   lifecycle's rules ([`PurchaseStatus::next`]); a move the rules refuse is an error;
//! - the work the Updates asked of the main loop: a queue of typed [`Job`]s, taken in order;
//! - the charges seen, and the refunds they call for (the refund lane's queue).
//!
//! `lanes.rs` runs the jobs with activities; the rules are unit-tested below.

use std::collections::VecDeque;

use coverline_activities::checkout::{ChargeSeen, RefundReason};
use coverline_domain::lifecycle::{PurchaseEvent, PurchaseStatus, Refused};

use super::{BookingFailure, ChargeVerdict, PaymentRequestOutcome, PurchaseView};

/// A request's charge can still land this long after the request expires (the gateway's
/// processor timeout, with room to spare): the look-ups go on until then.
const CHARGE_GRACE_SECS: i64 = 120;

/// The payment requests signed for a booked contract.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct Requests {
    /// Every request signed, oldest first (the gateway is asked about them before a new one).
    pub signed: Vec<String>,
    /// The one to pay with now, and when it expires (UTC unix seconds).
    pub current: Option<(String, i64)>,
    /// Why the gateway could not be asked or could not sign, the last time.
    pub error: Option<String>,
    /// Until when (UTC unix seconds) a request may still be charged: the look-ups run until then.
    pub watch_until: Option<i64>,
}

/// Where the purchase stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Stage {
    /// A booking round is asked for or runs (after `last_failure`, when it is a retry).
    Booking { last_failure: Option<BookingFailure> },
    /// The last booking round failed.
    BookingFailed { failure: BookingFailure },
    /// Booked; its payment is awaited.
    Booked { contract_number: String, requests: Requests },
    /// A charge is taken as the payment and is being recorded (its status is still `booked`: a
    /// charge that does not match the contract goes back to waiting).
    Charged { contract_number: String, requests: Requests, payment: ChargeSeen },
    /// The payment is recorded; the contract is being delivered.
    Paid { contract_number: String, payment: ChargeSeen },
    /// The contract, the receipt and its copy went out.
    Fulfilled { contract_number: String, payment: ChargeSeen },
    /// Not paid before the deadline, or never booked.
    Voided { contract_number: Option<String>, booking_failure: Option<BookingFailure> },
}

impl Stage {
    fn status(&self) -> PurchaseStatus {
        match self {
            Self::Booking { .. } => PurchaseStatus::Booking,
            Self::BookingFailed { .. } => PurchaseStatus::BookingFailed,
            Self::Booked { .. } | Self::Charged { .. } => PurchaseStatus::Booked,
            Self::Paid { .. } => PurchaseStatus::Paid,
            Self::Fulfilled { .. } => PurchaseStatus::Fulfilled,
            Self::Voided { .. } => PurchaseStatus::Voided,
        }
    }

    fn contract_number(&self) -> Option<&str> {
        match self {
            Self::Booked { contract_number, .. }
            | Self::Charged { contract_number, .. }
            | Self::Paid { contract_number, .. }
            | Self::Fulfilled { contract_number, .. } => Some(contract_number),
            Self::Voided { contract_number, .. } => contract_number.as_deref(),
            Self::Booking { .. } | Self::BookingFailed { .. } => None,
        }
    }

    /// The charge taken as the payment (recorded or being recorded).
    fn payment(&self) -> Option<&ChargeSeen> {
        match self {
            Self::Charged { payment, .. } | Self::Paid { payment, .. } | Self::Fulfilled { payment, .. } => Some(payment),
            _ => None,
        }
    }
}

/// Work an Update asks of the main loop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Job {
    /// Book with the provider (the first round, or a retry after a failed one).
    BookingRound,
    /// Ask the gateway for the request to pay with (charged? an open one to reuse? else sign).
    AnswerRequest,
    /// Record the payment, then deliver the contract.
    Fulfil,
}

/// A job's place in the queue: an Update waits until its ticket is done.
pub(super) type Ticket = u32;

/// The main loop's queue: jobs waiting, in order, and the one running.
#[derive(Debug, Default)]
struct Jobs {
    waiting: VecDeque<(Ticket, Job)>,
    running: Option<(Ticket, Job)>,
    issued: Ticket,
}

impl Jobs {
    fn push(&mut self, job: Job) -> Ticket {
        self.issued += 1;
        self.waiting.push_back((self.issued, job));
        self.issued
    }

    fn waiting(&self, job: Job) -> Option<Ticket> {
        self.waiting.iter().find(|(_, j)| *j == job).map(|(t, _)| *t)
    }

    fn running(&self, job: Job) -> Option<Ticket> {
        self.running.filter(|(_, j)| *j == job).map(|(t, _)| t)
    }
}

/// The charges seen, and what became of them.
#[derive(Debug, Default)]
struct Ledger {
    /// Every charge seen, by any way.
    seen: Vec<ChargeSeen>,
    /// Charges to refund, in order.
    refunds_due: VecDeque<(ChargeSeen, RefundReason)>,
    /// Tracking numbers refunded.
    refunded: Vec<String>,
}

/// The purchase of a checkout, once the member asked to book.
#[derive(Debug)]
pub(super) struct Purchase {
    pub policy_id: Option<String>,
    pub quote_id: String,
    pub rate_id: String,
    pub car_id: String,
    stage: Stage,
    /// Booking rounds asked for: the first booking, then each retry.
    rounds: u32,
    jobs: Jobs,
    ledger: Ledger,
}

impl Purchase {
    pub fn new(quote_id: &str, rate_id: &str, car_id: &str) -> Self {
        Self {
            policy_id: None,
            quote_id: quote_id.to_string(),
            rate_id: rate_id.to_string(),
            car_id: car_id.to_string(),
            stage: Stage::Booking { last_failure: None },
            rounds: 0,
            jobs: Jobs::default(),
            ledger: Ledger::default(),
        }
    }

    pub fn stage(&self) -> &Stage {
        &self.stage
    }

    pub fn status(&self) -> PurchaseStatus {
        self.stage.status()
    }

    pub fn view(&self) -> PurchaseView {
        PurchaseView {
            policy_id: self.policy_id.clone(),
            quote_id: self.quote_id.clone(),
            rate_id: self.rate_id.clone(),
            status: self.status(),
            contract_number: self.stage.contract_number().map(str::to_string),
            booking_failure: self.booking_failure(),
            booking_rounds: self.rounds,
            payment_id: match &self.stage {
                Stage::Paid { payment, .. } | Stage::Fulfilled { payment, .. } => Some(payment.tracking_number.clone()),
                _ => None,
            },
            refunded: self.ledger.refunded.clone(),
        }
    }

    /// Why the last booking round failed, until a round books the contract.
    fn booking_failure(&self) -> Option<BookingFailure> {
        match &self.stage {
            Stage::Booking { last_failure: failure } | Stage::Voided { booking_failure: failure, .. } => *failure,
            Stage::BookingFailed { failure } => Some(*failure),
            _ => None,
        }
    }

    /// Booking rounds asked for.
    pub fn rounds(&self) -> u32 {
        self.rounds
    }

    pub fn policy_id(&self) -> String {
        self.policy_id.clone().unwrap_or_default()
    }

    // The queue.

    /// Asks for a booking round when one is due (the first, or a retry after a failed one): the
    /// ticket of the round whose outcome answers the member, or none when there is nothing to
    /// wait for (booked already, or voided).
    pub fn ask_booking(&mut self) -> Option<Ticket> {
        if let Some(ticket) = self.jobs.running(Job::BookingRound).or(self.jobs.waiting(Job::BookingRound)) {
            return Some(ticket);
        }
        let due = match self.stage {
            Stage::Booking { .. } => self.rounds == 0,
            Stage::BookingFailed { .. } => true,
            _ => false,
        };
        due.then(|| {
            self.rounds += 1;
            self.jobs.push(Job::BookingRound)
        })
    }

    /// Asks for the request to pay with: the ticket to wait for when the gateway must be asked,
    /// none when the answer is known now ([`Purchase::request_outcome`]).
    pub fn ask_request(&mut self) -> Option<Ticket> {
        if !matches!(self.stage, Stage::Booked { .. }) {
            return None;
        }
        Some(self.jobs.waiting(Job::AnswerRequest).unwrap_or_else(|| self.jobs.push(Job::AnswerRequest)))
    }

    /// Whether the job of `ticket` is still to do.
    pub fn pending(&self, ticket: Ticket) -> bool {
        self.jobs.running.is_some_and(|(t, _)| t == ticket) || self.jobs.waiting.iter().any(|(t, _)| *t == ticket)
    }

    /// Whether a job waits for the main loop.
    pub fn has_work(&self) -> bool {
        !self.jobs.waiting.is_empty()
    }

    /// The next job, now running.
    pub fn take_job(&mut self) -> Option<Job> {
        self.jobs.running = self.jobs.waiting.pop_front();
        self.jobs.running.map(|(_, job)| job)
    }

    /// The running job is done: the Updates waiting for it answer.
    pub fn job_done(&mut self) {
        self.jobs.running = None;
    }

    // Booking.

    /// A booking round starts: true when it is a retry (the status goes back to `booking`); none
    /// when there is nothing to book any more (the deadline voided the purchase meanwhile).
    pub fn start_round(&mut self) -> Result<Option<bool>, Refused> {
        match self.stage {
            Stage::Booking { .. } => Ok(Some(false)),
            Stage::BookingFailed { failure } => {
                self.move_to(PurchaseEvent::RetryBooking, Stage::Booking { last_failure: Some(failure) })?;
                Ok(Some(true))
            }
            Stage::Voided { .. } => Ok(None),
            _ => Err(Refused { status: self.status(), event: PurchaseEvent::RetryBooking }),
        }
    }

    /// The provider booked the contract.
    pub fn booked(&mut self, contract_number: String) -> Result<(), Refused> {
        self.move_to(PurchaseEvent::Booked, Stage::Booked { contract_number, requests: Requests::default() })
    }

    /// The provider refused, failed or did not answer in time.
    pub fn booking_failed(&mut self, failure: BookingFailure) -> Result<(), Refused> {
        self.move_to(PurchaseEvent::BookingFailed, Stage::BookingFailed { failure })
    }

    // Payment requests.

    /// The gateway's open request to pay with (`reused` when it was signed before).
    pub fn request_open(&mut self, request_id: String, expires_at: i64, reused: bool, now: i64) {
        if let Some(requests) = self.requests_mut() {
            if !reused {
                requests.signed.push(request_id.clone());
            }
            requests.current = Some((request_id, expires_at));
            requests.error = None;
            requests.watch_until = Some(requests.watch_until.unwrap_or(now).max(expires_at + CHARGE_GRACE_SECS));
        }
    }

    /// The gateway says the contract is charged already: these are its charges.
    pub fn request_charged(&mut self, charges: Vec<ChargeSeen>) {
        if let Some(requests) = self.requests_mut() {
            requests.error = None;
        }
        charges.into_iter().for_each(|c| self.note_charge(c));
    }

    /// The gateway could not be asked or could not sign.
    pub fn request_failed(&mut self, reason: String) {
        if let Some(requests) = self.requests_mut() {
            requests.error = Some(reason);
        }
    }

    fn requests_mut(&mut self) -> Option<&mut Requests> {
        match &mut self.stage {
            Stage::Booked { requests, .. } | Stage::Charged { requests, .. } => Some(requests),
            _ => None,
        }
    }

    /// The requests known for the contract (to ask the gateway about), when it awaits its payment.
    pub fn requests_to_check(&self) -> Option<Vec<String>> {
        match &self.stage {
            Stage::Booked { requests, .. } => Some(requests.signed.clone()),
            _ => None,
        }
    }

    /// Until when the gateway is to be asked for charges: while the contract awaits its payment
    /// and a request may still be charged.
    pub fn watch_until(&self) -> Option<i64> {
        match &self.stage {
            Stage::Booked { requests, .. } => requests.watch_until,
            _ => None,
        }
    }

    /// The answer to the member's payment request.
    pub fn request_outcome(&self) -> PaymentRequestOutcome {
        if let Some(p) = self.stage.payment() {
            return PaymentRequestOutcome::Paid { payment_id: p.tracking_number.clone() };
        }
        match &self.stage {
            Stage::Booked { requests: Requests { error: Some(reason), .. }, .. } => {
                PaymentRequestOutcome::Unavailable { reason: reason.clone() }
            }
            Stage::Booked { requests: Requests { current: Some((request_id, expires_at)), .. }, .. } => {
                PaymentRequestOutcome::Open { request_id: request_id.clone(), expires_at: *expires_at }
            }
            _ => PaymentRequestOutcome::Unavailable { reason: "no request".into() },
        }
    }

    // Charges.

    /// Takes a charge in: the payment when the contract waits for one, else a refund.
    pub fn note_charge(&mut self, charge: ChargeSeen) {
        if self.ledger.seen.iter().any(|c| c.tracking_number == charge.tracking_number) {
            return;
        }
        self.ledger.seen.push(charge.clone());
        if charge.amount - charge.refunded_amount <= 0 {
            self.ledger.refunded.push(charge.tracking_number);
            return;
        }
        let stage = std::mem::replace(&mut self.stage, Stage::Booking { last_failure: None });
        self.stage = match stage {
            Stage::Booked { contract_number, requests } => {
                self.jobs.push(Job::Fulfil);
                Stage::Charged { contract_number, requests, payment: charge }
            }
            stage => {
                let reason = if matches!(stage, Stage::Voided { .. }) { RefundReason::ContractVoided } else { RefundReason::SecondCharge };
                self.ledger.refunds_due.push_back((charge, reason));
                stage
            }
        };
    }

    /// The charge taken as the payment, to record.
    pub fn payment_to_record(&self) -> Option<&ChargeSeen> {
        match &self.stage {
            Stage::Charged { payment, .. } => Some(payment),
            _ => None,
        }
    }

    /// The payment is recorded: the contract is paid.
    pub fn payment_recorded(&mut self) -> Result<(), Refused> {
        let Stage::Charged { contract_number, payment, .. } = &self.stage else {
            return Err(Refused { status: self.status(), event: PurchaseEvent::PaymentVerified });
        };
        let paid = Stage::Paid { contract_number: contract_number.clone(), payment: payment.clone() };
        self.move_to(PurchaseEvent::PaymentVerified, paid)
    }

    /// The charge does not match the contract: it is refunded, and the contract awaits its
    /// payment again.
    pub fn payment_mismatched(&mut self) {
        let stage = std::mem::replace(&mut self.stage, Stage::Booking { last_failure: None });
        self.stage = match stage {
            Stage::Charged { contract_number, requests, payment } => {
                self.ledger.refunds_due.push_back((payment, RefundReason::AmountMismatch));
                Stage::Booked { contract_number, requests }
            }
            stage => stage,
        };
    }

    /// The contract, the receipt and the contract copy went out.
    pub fn delivered(&mut self) -> Result<(), Refused> {
        let Stage::Paid { contract_number, payment } = &self.stage else {
            return Err(Refused { status: self.status(), event: PurchaseEvent::ContractDelivered });
        };
        let fulfilled = Stage::Fulfilled { contract_number: contract_number.clone(), payment: payment.clone() };
        self.move_to(PurchaseEvent::ContractDelivered, fulfilled)
    }

    /// Nobody paid before the deadline (or booking never succeeded): the purchase is voided.
    pub fn voided(&mut self) -> Result<(), Refused> {
        if matches!(self.stage, Stage::Charged { .. }) {
            return Err(Refused { status: self.status(), event: PurchaseEvent::PaymentDeadlinePassed });
        }
        let voided =
            Stage::Voided { contract_number: self.stage.contract_number().map(str::to_string), booking_failure: self.booking_failure() };
        self.move_to(PurchaseEvent::PaymentDeadlinePassed, voided)
    }

    /// What became of a charge, once decided.
    pub fn verdict(&self, tracking: &str) -> Option<ChargeVerdict> {
        if matches!(self.stage, Stage::Paid { .. } | Stage::Fulfilled { .. })
            && self.stage.payment().is_some_and(|p| p.tracking_number == tracking)
        {
            return Some(ChargeVerdict::Paid { payment_id: tracking.to_string() });
        }
        let reason = self
            .ledger
            .refunds_due
            .iter()
            .find(|(c, _)| c.tracking_number == tracking)
            .map(|(_, r)| *r)
            .or_else(|| self.ledger.refunded.iter().any(|t| t == tracking).then_some(RefundReason::SecondCharge))?;
        Some(ChargeVerdict::Refunded { tracking_number: tracking.to_string(), reason })
    }

    // Refunds.

    /// The next charge to refund, and why.
    pub fn next_refund(&self) -> Option<(ChargeSeen, RefundReason)> {
        self.ledger.refunds_due.front().cloned()
    }

    /// A charge is refunded.
    pub fn refunded(&mut self, tracking: &str) {
        self.ledger.refunds_due.retain(|(c, _)| c.tracking_number != tracking);
        self.ledger.refunded.push(tracking.to_string());
    }

    pub fn refunds_due(&self) -> bool {
        !self.ledger.refunds_due.is_empty()
    }

    /// Moves to `next` when the lifecycle's rules let `event` move the status there.
    fn move_to(&mut self, event: PurchaseEvent, next: Stage) -> Result<(), Refused> {
        let status = self.status().next(event)?;
        debug_assert_eq!(status, next.status(), "{event:?} leads to {status:?}");
        self.stage = next;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn charge(tracking: &str, amount: i64) -> ChargeSeen {
        ChargeSeen { tracking_number: tracking.into(), amount, apply_funds_to: "P1".into(), paid_at: 1_700_000_000, refunded_amount: 0 }
    }

    /// A purchase booked with contract C-1, its first round done.
    fn booked() -> Purchase {
        let mut p = Purchase::new("q", "r", "c");
        let ticket = p.ask_booking().expect("the first round is due");
        assert_eq!(p.take_job(), Some(Job::BookingRound));
        assert_eq!(p.start_round(), Ok(Some(false)));
        p.booked("C-1".into()).unwrap();
        p.job_done();
        assert!(!p.pending(ticket));
        p
    }

    #[test]
    fn the_first_booking_is_one_round_and_asking_again_joins_it() {
        let mut p = Purchase::new("q", "r", "c");
        let first = p.ask_booking().unwrap();
        assert_eq!(p.ask_booking(), Some(first), "a second book waits for the same round");
        assert_eq!(p.take_job(), Some(Job::BookingRound));
        assert_eq!(p.ask_booking(), Some(first), "also while it runs");
        assert!(!p.has_work());
        p.booked("C-1".into()).unwrap();
        p.job_done();
        assert_eq!(p.ask_booking(), None, "booked: nothing to wait for");
        assert_eq!(p.view().booking_rounds, 1);
        assert_eq!(p.view().contract_number.as_deref(), Some("C-1"));
    }

    #[test]
    fn a_failed_round_is_retried_once_per_ask_and_keeps_its_failure_until_booked() {
        let mut p = Purchase::new("q", "r", "c");
        p.ask_booking();
        p.take_job();
        p.booking_failed(BookingFailure::NoResponse).unwrap();
        p.job_done();
        assert_eq!(p.status(), PurchaseStatus::BookingFailed);
        let retry = p.ask_booking().unwrap();
        assert_eq!(p.ask_booking(), Some(retry), "support's retry and the member's join");
        assert_eq!(p.status(), PurchaseStatus::BookingFailed, "until the loop starts the round");
        p.take_job();
        assert_eq!(p.start_round(), Ok(Some(true)));
        assert_eq!(p.status(), PurchaseStatus::Booking);
        assert_eq!(p.view().booking_failure, Some(BookingFailure::NoResponse));
        p.booked("C-2".into()).unwrap();
        assert_eq!(p.view().booking_failure, None);
        assert_eq!(p.view().booking_rounds, 2);
    }

    #[test]
    fn a_round_voided_while_it_waited_books_nothing() {
        let mut p = Purchase::new("q", "r", "c");
        p.ask_booking();
        p.take_job();
        p.booking_failed(BookingFailure::Failed).unwrap();
        p.job_done();
        p.ask_booking();
        p.voided().unwrap();
        p.take_job();
        assert_eq!(p.start_round(), Ok(None));
        assert_eq!(p.view().booking_failure, Some(BookingFailure::Failed));
    }

    #[test]
    fn the_lifecycle_refuses_what_the_stage_cannot_do() {
        let mut p = Purchase::new("q", "r", "c");
        assert!(p.payment_recorded().is_err());
        assert!(p.delivered().is_err());
        let mut p = booked();
        assert_eq!(p.booked("C-9".into()), Err(Refused { status: PurchaseStatus::Booked, event: PurchaseEvent::Booked }));
        assert!(p.booking_failed(BookingFailure::Failed).is_err(), "a booked contract does not fail booking");
        assert!(p.start_round().is_err());
        p.voided().unwrap();
        assert!(p.voided().is_err(), "voided once");
        assert!(p.booked("C-9".into()).is_err());
    }

    #[test]
    fn the_first_charge_is_the_payment_and_any_other_is_refunded() {
        let mut p = booked();
        let ask = p.ask_request().unwrap();
        assert_eq!(p.take_job(), Some(Job::AnswerRequest));
        p.request_open("REQ-1".into(), 2_000, false, 1_000);
        p.job_done();
        assert!(!p.pending(ask));
        assert_eq!(p.request_outcome(), PaymentRequestOutcome::Open { request_id: "REQ-1".into(), expires_at: 2_000 });
        assert_eq!(p.watch_until(), Some(2_000 + CHARGE_GRACE_SECS));

        p.note_charge(charge("T1", 10_000));
        assert_eq!(p.watch_until(), None, "a payment is being recorded: no more look-ups");
        assert_eq!(p.verdict("T1"), None, "decided once recorded");
        p.note_charge(charge("T1", 10_000));
        p.note_charge(charge("T2", 10_000));
        assert_eq!(p.verdict("T2"), Some(ChargeVerdict::Refunded { tracking_number: "T2".into(), reason: RefundReason::SecondCharge }));
        assert_eq!(p.take_job(), Some(Job::Fulfil));
        assert_eq!(p.payment_to_record().map(|c| c.tracking_number.as_str()), Some("T1"));
        p.payment_recorded().unwrap();
        assert_eq!(p.verdict("T1"), Some(ChargeVerdict::Paid { payment_id: "T1".into() }));
        assert_eq!(p.ask_request(), None, "paid: the answer is known");
        assert_eq!(p.request_outcome(), PaymentRequestOutcome::Paid { payment_id: "T1".into() });
        p.delivered().unwrap();
        assert!(p.status().is_final());
        assert_eq!(p.view().payment_id.as_deref(), Some("T1"));
        assert_eq!(p.next_refund().map(|(c, _)| c.tracking_number), Some("T2".into()));
        p.refunded("T2");
        assert!(!p.refunds_due());
        assert_eq!(p.view().refunded, ["T2"]);
    }

    #[test]
    fn a_charge_that_does_not_match_is_refunded_and_the_contract_waits_again() {
        let mut p = booked();
        p.ask_request();
        p.take_job();
        p.request_open("REQ-1".into(), 2_000, false, 1_000);
        p.job_done();
        p.note_charge(charge("T1", 1));
        p.take_job();
        p.payment_mismatched();
        assert_eq!(p.status(), PurchaseStatus::Booked);
        assert_eq!(p.verdict("T1"), Some(ChargeVerdict::Refunded { tracking_number: "T1".into(), reason: RefundReason::AmountMismatch }));
        assert_eq!(p.watch_until(), Some(2_000 + CHARGE_GRACE_SECS), "the look-ups go on");
        p.note_charge(charge("T2", 10_000));
        assert!(p.payment_to_record().is_some(), "the next charge is the payment");
        assert!(p.voided().is_err(), "a charged contract is never voided");
    }

    #[test]
    fn a_charge_for_a_voided_contract_is_refunded_and_a_refunded_one_is_only_noted() {
        let mut p = booked();
        p.voided().unwrap();
        assert_eq!(p.ask_request(), None);
        assert_eq!(p.request_outcome(), PaymentRequestOutcome::Unavailable { reason: "no request".into() });
        p.note_charge(charge("T1", 10_000));
        assert_eq!(p.verdict("T1"), Some(ChargeVerdict::Refunded { tracking_number: "T1".into(), reason: RefundReason::ContractVoided }));
        p.note_charge(ChargeSeen { refunded_amount: 10_000, ..charge("T0", 10_000) });
        assert_eq!(p.verdict("T0"), Some(ChargeVerdict::Refunded { tracking_number: "T0".into(), reason: RefundReason::SecondCharge }));
        assert_eq!(p.next_refund().map(|(c, _)| c.tracking_number), Some("T1".into()), "only the live charge is refunded");
    }

    #[test]
    fn requests_asked_while_one_waits_share_its_answer() {
        let mut p = booked();
        let first = p.ask_request().unwrap();
        assert_eq!(p.ask_request(), Some(first));
        p.take_job();
        let second = p.ask_request().unwrap();
        assert_ne!(second, first, "the running answer may be out of date: another is asked");
        p.request_failed("gateway down".into());
        p.job_done();
        assert!(p.pending(second) && !p.pending(first));
        assert_eq!(p.request_outcome(), PaymentRequestOutcome::Unavailable { reason: "gateway down".into() });
        p.take_job();
        p.request_charged(vec![charge("T1", 10_000)]);
        p.job_done();
        assert_eq!(p.request_outcome(), PaymentRequestOutcome::Paid { payment_id: "T1".into() });
        assert_eq!(p.take_job(), Some(Job::Fulfil));
    }
}
