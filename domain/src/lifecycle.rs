//! The purchase lifecycle as a statig state machine: which states a purchase goes through and
//! which events each state accepts. The checkout workflow keeps the purchase (its status and the
//! data of it) and asks [`PurchaseStatus::next`] before every move, so the rules are the same (and
//! unit-tested) with or without Temporal.
//!
//! ```text
//! booking ──booked──▶ booked ──paymentVerified──▶ paid ──contractDelivered──▶ fulfilled
//!    ▲  │                 │
//!    │  bookingFailed     paymentDeadlinePassed ──▶ voided
//!    │  ▼
//! bookingFailed ──retryBooking──▶ booking      (bookingFailed ──paymentDeadlinePassed──▶ voided)
//! paid, fulfilled ──cancelled (within the money-back period)──▶ cancelled
//! ```

use serde::{Deserialize, Serialize};
use statig::prelude::*;

/// Something that happened to a purchase.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum PurchaseEvent {
    /// The provider booked the contract.
    Booked,
    /// The provider refused, failed or did not answer in time.
    BookingFailed,
    /// The member or support asked to try booking again.
    RetryBooking,
    /// The gateway verified the card payment.
    PaymentVerified,
    /// The contract PDF and the receipt went out.
    ContractDelivered,
    /// Nobody paid before the deadline: the booked contract is voided.
    PaymentDeadlinePassed,
    /// The member (or support for them) cancelled within the money-back period: the contract is
    /// voided with the provider and the payment refunded.
    Cancelled,
}

/// Where a purchase stands; the names are what the API and `support` show.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum PurchaseStatus {
    Booking,
    BookingFailed,
    Booked,
    Paid,
    Fulfilled,
    Voided,
    Cancelled,
}

impl std::fmt::Display for PurchaseStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl TryFrom<String> for PurchaseStatus {
    type Error = String;

    fn try_from(stored: String) -> Result<Self, String> {
        Self::parse(&stored).ok_or_else(|| format!("unknown purchase status {stored:?}"))
    }
}

impl PurchaseStatus {
    /// The status as stored and shown (`bookingFailed`, ...).
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Booking => "booking",
            Self::BookingFailed => "bookingFailed",
            Self::Booked => "booked",
            Self::Paid => "paid",
            Self::Fulfilled => "fulfilled",
            Self::Voided => "voided",
            Self::Cancelled => "cancelled",
        }
    }

    /// Parses a stored status.
    pub fn parse(s: &str) -> Option<Self> {
        [Self::Booking, Self::BookingFailed, Self::Booked, Self::Paid, Self::Fulfilled, Self::Voided, Self::Cancelled]
            .into_iter()
            .find(|st| st.as_str() == s)
    }

    /// The checkout is done with the purchase: no checkout event changes it. (A fulfilled contract
    /// can still be cancelled later, by the purchase's cancellation workflow.)
    pub fn is_final(self) -> bool {
        matches!(self, Self::Fulfilled | Self::Voided | Self::Cancelled)
    }

    /// Whether a member may cancel the purchase (a paid contract, delivered or not).
    pub fn is_cancellable(self) -> bool {
        matches!(self, Self::Paid | Self::Fulfilled)
    }
}

/// The lifecycle's rules as a statig machine (no storage: the checkout workflow keeps the purchase).
#[derive(Debug, Default, Clone)]
pub struct Rules;

#[state_machine(initial = "State::booking()", state(derive(Debug, Clone, Copy, PartialEq, Eq)))]
impl Rules {
    #[state]
    fn booking(event: &PurchaseEvent) -> Outcome<State> {
        match event {
            PurchaseEvent::Booked => Transition(State::booked()),
            PurchaseEvent::BookingFailed => Transition(State::booking_failed()),
            _ => Handled,
        }
    }

    #[state]
    fn booking_failed(event: &PurchaseEvent) -> Outcome<State> {
        match event {
            PurchaseEvent::RetryBooking => Transition(State::booking()),
            PurchaseEvent::PaymentDeadlinePassed => Transition(State::voided()),
            _ => Handled,
        }
    }

    #[state]
    fn booked(event: &PurchaseEvent) -> Outcome<State> {
        match event {
            PurchaseEvent::PaymentVerified => Transition(State::paid()),
            PurchaseEvent::PaymentDeadlinePassed => Transition(State::voided()),
            _ => Handled,
        }
    }

    #[state]
    fn paid(event: &PurchaseEvent) -> Outcome<State> {
        match event {
            PurchaseEvent::ContractDelivered => Transition(State::fulfilled()),
            PurchaseEvent::Cancelled => Transition(State::cancelled()),
            _ => Handled,
        }
    }

    #[state]
    fn fulfilled(event: &PurchaseEvent) -> Outcome<State> {
        match event {
            PurchaseEvent::Cancelled => Transition(State::cancelled()),
            _ => Handled,
        }
    }

    #[state]
    fn cancelled(event: &PurchaseEvent) -> Outcome<State> {
        let _ = event;
        Handled
    }

    #[state]
    fn voided(event: &PurchaseEvent) -> Outcome<State> {
        let _ = event;
        Handled
    }
}

/// An event the current status does not accept.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{event:?} is not allowed while the purchase is {status:?}")]
pub struct Refused {
    pub status: PurchaseStatus,
    pub event: PurchaseEvent,
}

impl PurchaseStatus {
    /// The status after `event`, by the lifecycle's rules (the statig machine, started in this
    /// status); an event this status does not accept is refused.
    pub fn next(self, event: PurchaseEvent) -> Result<PurchaseStatus, Refused> {
        let mut machine = Rules.uninitialized_state_machine();
        *machine.state_mut() = match self {
            Self::Booking => State::booking(),
            Self::BookingFailed => State::booking_failed(),
            Self::Booked => State::booked(),
            Self::Paid => State::paid(),
            Self::Fulfilled => State::fulfilled(),
            Self::Voided => State::voided(),
            Self::Cancelled => State::cancelled(),
        };
        let mut machine = machine.init();
        machine.handle(&event);
        let next = match machine.state() {
            State::Booking { .. } => Self::Booking,
            State::BookingFailed { .. } => Self::BookingFailed,
            State::Booked { .. } => Self::Booked,
            State::Paid { .. } => Self::Paid,
            State::Fulfilled { .. } => Self::Fulfilled,
            State::Voided { .. } => Self::Voided,
            State::Cancelled { .. } => Self::Cancelled,
        };
        if next == self { Err(Refused { status: self, event }) } else { Ok(next) }
    }

    /// Whether this status accepts `event`.
    pub fn accepts(self, event: PurchaseEvent) -> bool {
        self.next(event).is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use PurchaseEvent::*;

    /// A purchase walked through events, as the checkout workflow walks its own.
    struct Lifecycle(PurchaseStatus);

    impl Default for Lifecycle {
        fn default() -> Self {
            Self(PurchaseStatus::Booking)
        }
    }

    impl Lifecycle {
        fn status(&self) -> PurchaseStatus {
            self.0
        }

        fn accepts(&self, event: PurchaseEvent) -> bool {
            self.0.accepts(event)
        }

        fn apply(&mut self, event: PurchaseEvent) -> Result<PurchaseStatus, Refused> {
            self.0 = self.0.next(event)?;
            Ok(self.0)
        }
    }

    #[test]
    fn happy_path() {
        let mut l = Lifecycle::default();
        assert_eq!(l.status(), PurchaseStatus::Booking);
        assert_eq!(l.apply(Booked), Ok(PurchaseStatus::Booked));
        assert_eq!(l.apply(PaymentVerified), Ok(PurchaseStatus::Paid));
        assert_eq!(l.apply(ContractDelivered), Ok(PurchaseStatus::Fulfilled));
        assert!(l.status().is_final());
    }

    #[test]
    fn only_a_paid_contract_is_cancelled_and_then_nothing_moves_it() {
        let mut l = Lifecycle::default();
        assert!(l.apply(Cancelled).is_err(), "nothing to cancel while booking");
        l.apply(Booked).unwrap();
        assert!(!l.status().is_cancellable());
        assert!(l.apply(Cancelled).is_err(), "an unpaid contract is voided, not cancelled");
        l.apply(PaymentVerified).unwrap();
        assert!(l.status().is_cancellable());
        l.apply(ContractDelivered).unwrap();
        assert_eq!(l.apply(Cancelled), Ok(PurchaseStatus::Cancelled));
        assert!(l.status().is_final());
        for event in [Booked, PaymentVerified, ContractDelivered, PaymentDeadlinePassed, Cancelled] {
            assert!(l.apply(event).is_err(), "{event:?} after cancelling");
        }
    }

    #[test]
    fn failed_booking_can_be_retried_but_not_paid() {
        let mut l = Lifecycle::default();
        l.apply(BookingFailed).unwrap();
        assert_eq!(l.apply(PaymentVerified), Err(Refused { status: PurchaseStatus::BookingFailed, event: PaymentVerified }));
        assert!(l.accepts(RetryBooking));
        assert_eq!(l.apply(RetryBooking), Ok(PurchaseStatus::Booking));
        assert_eq!(l.apply(Booked), Ok(PurchaseStatus::Booked));
    }

    #[test]
    fn unpaid_contracts_are_voided_and_stay_voided() {
        let mut l = Lifecycle::default();
        l.apply(Booked).unwrap();
        assert_eq!(l.apply(PaymentDeadlinePassed), Ok(PurchaseStatus::Voided));
        assert!(l.apply(PaymentVerified).is_err());
        assert!(l.apply(RetryBooking).is_err());
        assert!(!l.accepts(Booked));
    }

    #[test]
    fn a_paid_purchase_is_never_voided_nor_rebooked() {
        let mut l = Lifecycle::default();
        l.apply(Booked).unwrap();
        l.apply(PaymentVerified).unwrap();
        assert!(l.apply(PaymentDeadlinePassed).is_err());
        assert!(l.apply(RetryBooking).is_err());
        assert!(l.apply(PaymentVerified).is_err(), "a second payment is refused");
    }

    #[test]
    fn status_names_round_trip() {
        for s in [
            PurchaseStatus::Booking,
            PurchaseStatus::BookingFailed,
            PurchaseStatus::Booked,
            PurchaseStatus::Paid,
            PurchaseStatus::Fulfilled,
            PurchaseStatus::Voided,
            PurchaseStatus::Cancelled,
        ] {
            assert_eq!(PurchaseStatus::parse(s.as_str()), Some(s));
        }
    }
}
