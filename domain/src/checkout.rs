//! The checkout: where a member stands between the splash and the contract, and the rule that
//! decides which screen they may be on (the allowed-route gate of spec section 4, on the server).
//!
//! The member's answers ([`Answers`]) come from the browser, checked by the API against the
//! database and the decoders; the facts the server alone knows ([`Facts`]: personal details,
//! membership, email verification) come from the API's own records; the purchase status comes
//! from the checkout workflow. [`Checkout::advance`] takes the member to a screen only when all
//! three allow it, so a step out of order is refused with a reason, never recorded.

use serde::{Deserialize, Serialize};

use crate::lifecycle::PurchaseStatus;
use crate::steps::{self, Milestone};
use crate::vehicle::CarFlags;

/// A screen of the purchase flow (spec section 2), named as the web app names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum Step {
    Splash,
    Lookup,
    VinLookup,
    DescriptionLookup,
    Mileage,
    MilesPerYear,
    /// The combined car-details form (/user/car/details): mileage, miles per year and years to
    /// own on one page, an alternative to their three pages.
    CarDetails,
    YearsToOwn,
    Coverage,
    MissingInfo,
    SendEmail,
    CodeConfirmation,
    Confirm,
    Payment,
    Confirmation,
    NoRates,
    InvalidState,
    BookingError,
    PaymentError,
    UserCreationError,
    InstitutionContact,
    ContactMe,
    ThankYou,
}

impl Step {
    /// The name the web app and the search attribute use (`milesPerYear`).
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Splash => "splash",
            Self::Lookup => "lookup",
            Self::VinLookup => "vinLookup",
            Self::DescriptionLookup => "descriptionLookup",
            Self::Mileage => "mileage",
            Self::MilesPerYear => "milesPerYear",
            Self::CarDetails => "carDetails",
            Self::YearsToOwn => "yearsToOwn",
            Self::Coverage => "coverage",
            Self::MissingInfo => "missingInfo",
            Self::SendEmail => "sendEmail",
            Self::CodeConfirmation => "codeConfirmation",
            Self::Confirm => "confirm",
            Self::Payment => "payment",
            Self::Confirmation => "confirmation",
            Self::NoRates => "noRates",
            Self::InvalidState => "invalidState",
            Self::BookingError => "bookingError",
            Self::PaymentError => "paymentError",
            Self::UserCreationError => "userCreationError",
            Self::InstitutionContact => "institutionContact",
            Self::ContactMe => "contactMe",
            Self::ThankYou => "thankYou",
        }
    }
}

/// The vehicle the member identified: decoded from its VIN, or the catalog's representative
/// ("mock") VIN of a year/make/model/style description.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Vehicle {
    pub vin: String,
    pub year: u16,
    pub make: String,
    pub model: String,
    pub style: String,
    /// Found by description: its prices are estimates until the member gives the real VIN.
    pub is_mock_vin: bool,
}

/// The coverage the member picked on the carousel.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChosenRate {
    pub rate_id: String,
    /// Its position in the quote's filtered list (the carousel's index).
    pub index: u32,
}

/// Why the member left the purchase path for an error or contact page (the contact request's
/// `pageUserBouncedFrom`, and the page contact-me goes back to).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Bounce {
    /// `descriptionLookup`, `mockVinNoRates`, `validCarNoRates`, or empty.
    #[serde(default)]
    pub page_user_bounced_from: Option<String>,
    /// Where contact-me (or an error page's contact request) was opened from.
    #[serde(default)]
    pub contact_origin: Option<Step>,
    /// 'Request payment option' was chosen on the coverage page.
    #[serde(default)]
    pub payment_options_requested: bool,
}

/// What the member has answered so far, as the browser holds it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Answers {
    /// Two-letter state of residence (splash).
    pub state_of_residence: Option<String>,
    pub vehicle: Option<Vehicle>,
    /// Whole miles.
    pub odometer: Option<u32>,
    pub car_flags: CarFlags,
    pub miles_per_year: Option<u32>,
    /// 1 to 7 (7 = 7+ years).
    pub years_to_own: Option<u8>,
    /// The car created at years-to-own, tied to the member.
    pub car_id: Option<String>,
    /// The quote the coverage page shows.
    pub quote_id: Option<String>,
    pub rate: Option<ChosenRate>,
    pub bounce: Option<Bounce>,
}

impl Answers {
    /// The answers that decide the contract (car, quote and coverage) differ.
    fn purchase_terms_differ(&self, other: &Answers) -> bool {
        self.vehicle != other.vehicle
            || self.odometer != other.odometer
            || self.car_flags != other.car_flags
            || self.car_id != other.car_id
            || self.quote_id != other.quote_id
            || self.rate.as_ref().map(|r| &r.rate_id) != other.rate.as_ref().map(|r| &r.rate_id)
    }
}

/// What the server itself knows of the member, read by the API from its records on every step.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Facts {
    /// The state of residence is one the institution sells in.
    pub residence_eligible: bool,
    /// Name, phone and address were given (personal details).
    pub details_given: bool,
    /// The membership answer, once given.
    pub is_member: Option<bool>,
    /// The member entered the emailed code for their current address.
    pub email_verified: bool,
    /// A code was emailed to the member's current address.
    pub code_sent: bool,
}

/// A step the checkout refuses, with the reason the member (or a log) reads.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct StepRefused {
    pub step: Step,
    pub message: &'static str,
}

/// Where a member's checkout stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Checkout {
    /// The screen the member is on.
    pub step: Step,
    pub answers: Answers,
    pub facts: Facts,
}

impl Default for Checkout {
    fn default() -> Self {
        Self { step: Step::Splash, answers: Answers::default(), facts: Facts::default() }
    }
}

const NOT_YET: &str = crate::product::messages::STEP_NOT_AVAILABLE;
const LOCKED: &str = crate::product::messages::COVERAGE_LOCKED;

impl Checkout {
    /// The checkout after the member moved to `to` with `answers` (the API has checked them and
    /// read `facts`), given the purchase's status; the checkout is unchanged when refused.
    pub fn advance(&self, to: Step, answers: Answers, facts: Facts, purchase: Option<PurchaseStatus>) -> Result<Checkout, StepRefused> {
        let locked =
            matches!(purchase, Some(PurchaseStatus::Booking | PurchaseStatus::Booked | PurchaseStatus::Paid | PurchaseStatus::Fulfilled));
        if locked && answers.purchase_terms_differ(&self.answers) {
            return Err(StepRefused { step: to, message: LOCKED });
        }
        let next = Checkout { step: to, answers, facts };
        if !next.may_be_on(to, purchase) {
            return Err(StepRefused { step: to, message: NOT_YET });
        }
        Ok(next)
    }

    /// The allowed-route gate: may the member be on `step` with these answers and facts? Its rule
    /// is the step's row in `domain/steps.json`, which the web's gate (web/src/flow/gate.ts) reads too.
    pub fn may_be_on(&self, step: Step, purchase: Option<PurchaseStatus>) -> bool {
        let facts = steps::of(step);
        facts.recorded && facts.gate.opens(|m| self.reached(m, purchase))
    }

    /// Has the member reached `milestone`? Each one on the way to a coverage needs the one before.
    pub fn reached(&self, milestone: Milestone, purchase: Option<PurchaseStatus>) -> bool {
        let (a, f) = (&self.answers, &self.facts);
        let before = |m| self.reached(m, purchase);
        match milestone {
            Milestone::Residence => a.state_of_residence.is_some(),
            Milestone::Eligible => before(Milestone::Residence) && f.residence_eligible,
            Milestone::Vehicle => before(Milestone::Eligible) && a.vehicle.is_some(),
            Milestone::Mileage => before(Milestone::Vehicle) && a.odometer.is_some(),
            Milestone::Car => before(Milestone::Mileage) && a.car_id.is_some(),
            Milestone::Quoted => before(Milestone::Car) && a.quote_id.is_some(),
            Milestone::Rate => before(Milestone::Quoted) && a.rate.is_some(),
            Milestone::Member => before(Milestone::Rate) && f.details_given && f.is_member == Some(true),
            Milestone::NonMember => before(Milestone::Rate) && f.details_given && f.is_member == Some(false),
            Milestone::Verified => f.email_verified,
            Milestone::CodeSent => f.code_sent,
            Milestone::Booked => purchase == Some(PurchaseStatus::Booked),
            Milestone::BookingFailed => purchase == Some(PurchaseStatus::BookingFailed),
            Milestone::Paid => matches!(purchase, Some(PurchaseStatus::Paid | PurchaseStatus::Fulfilled)),
        }
    }
}

/// Where a checkout stands for ops (the `CoverlineStatus` search attribute).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum CheckoutStatus {
    /// Choosing: no booking asked for yet.
    Shopping,
    Booking,
    BookingFailed,
    Booked,
    Paid,
    Fulfilled,
    Voided,
    /// Cancelled within the money-back period (after the checkout closed).
    Cancelled,
    /// Left without buying; the checkout closed.
    Abandoned,
}

impl CheckoutStatus {
    /// The status of a checkout whose purchase is `purchase` (none yet: shopping).
    pub fn of(purchase: Option<PurchaseStatus>) -> Self {
        match purchase {
            None => Self::Shopping,
            Some(PurchaseStatus::Booking) => Self::Booking,
            Some(PurchaseStatus::BookingFailed) => Self::BookingFailed,
            Some(PurchaseStatus::Booked) => Self::Booked,
            Some(PurchaseStatus::Paid) => Self::Paid,
            Some(PurchaseStatus::Fulfilled) => Self::Fulfilled,
            Some(PurchaseStatus::Voided) => Self::Voided,
            Some(PurchaseStatus::Cancelled) => Self::Cancelled,
        }
    }

    /// The name ops query by (`bookingFailed`).
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Shopping => "shopping",
            Self::Abandoned => "abandoned",
            Self::Booking => PurchaseStatus::Booking.as_str(),
            Self::BookingFailed => PurchaseStatus::BookingFailed.as_str(),
            Self::Booked => PurchaseStatus::Booked.as_str(),
            Self::Paid => PurchaseStatus::Paid.as_str(),
            Self::Fulfilled => PurchaseStatus::Fulfilled.as_str(),
            Self::Voided => PurchaseStatus::Voided.as_str(),
            Self::Cancelled => PurchaseStatus::Cancelled.as_str(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vehicle() -> Vehicle {
        Vehicle {
            vin: "5XYRLDLC3NG097496".into(),
            year: 2022,
            make: "Kia".into(),
            model: "Sorento".into(),
            style: "LX".into(),
            is_mock_vin: false,
        }
    }

    /// Answers up to and including the chosen coverage.
    fn chosen() -> Answers {
        Answers {
            state_of_residence: Some("CO".into()),
            vehicle: Some(vehicle()),
            odometer: Some(45_000),
            miles_per_year: Some(15_000),
            years_to_own: Some(6),
            car_id: Some("car_1".into()),
            quote_id: Some("quo_1".into()),
            rate: Some(ChosenRate { rate_id: "rat_1".into(), index: 1 }),
            ..Answers::default()
        }
    }

    fn eligible() -> Facts {
        Facts { residence_eligible: true, ..Facts::default() }
    }

    #[test]
    fn each_car_step_needs_the_answer_before_it() {
        let start = Checkout::default();
        let residence = Answers { state_of_residence: Some("CO".into()), ..Answers::default() };
        let at_lookup = start.advance(Step::Lookup, residence.clone(), eligible(), None).unwrap();
        assert_eq!(at_lookup.step, Step::Lookup);
        assert_eq!(at_lookup.advance(Step::Mileage, residence.clone(), eligible(), None).unwrap_err().message, NOT_YET);

        let found = Answers { vehicle: Some(vehicle()), ..residence };
        let at_mileage = at_lookup.advance(Step::Mileage, found.clone(), eligible(), None).unwrap();
        assert!(at_mileage.advance(Step::MilesPerYear, found.clone(), eligible(), None).is_err(), "miles per year before the odometer");
        assert!(
            at_mileage.advance(Step::Coverage, Answers { odometer: Some(1), ..found.clone() }, eligible(), None).is_err(),
            "coverage before the car"
        );
        let with_odometer = Answers { odometer: Some(45_000), ..found };
        assert!(at_mileage.advance(Step::YearsToOwn, with_odometer, eligible(), None).is_ok());
    }

    #[test]
    fn the_car_details_form_needs_the_vehicle_like_mileage() {
        let residence = Answers { state_of_residence: Some("CO".into()), ..Answers::default() };
        let at_lookup = Checkout::default().advance(Step::Lookup, residence.clone(), eligible(), None).unwrap();
        assert_eq!(at_lookup.advance(Step::CarDetails, residence.clone(), eligible(), None).unwrap_err().message, NOT_YET);
        let found = Answers { vehicle: Some(vehicle()), ..residence };
        let at_details = at_lookup.advance(Step::CarDetails, found.clone(), eligible(), None).unwrap();
        assert_eq!(at_details.step, Step::CarDetails);
        assert_eq!(serde_json::to_value(Step::CarDetails).unwrap(), serde_json::Value::String("carDetails".into()));
        assert!(at_details.advance(Step::Coverage, found, eligible(), None).is_err(), "coverage before the car");
    }

    #[test]
    fn an_ineligible_state_only_reaches_invalid_state_and_contact() {
        let answers = Answers { state_of_residence: Some("NY".into()), ..Answers::default() };
        let start = Checkout::default();
        assert!(start.advance(Step::Lookup, answers.clone(), Facts::default(), None).is_err());
        let invalid = start.advance(Step::InvalidState, answers.clone(), Facts::default(), None).unwrap();
        assert!(invalid.advance(Step::ContactMe, answers.clone(), Facts::default(), None).is_ok());
        assert!(start.advance(Step::InvalidState, answers, eligible(), None).is_err(), "an eligible state is not invalid");
    }

    #[test]
    fn email_steps_follow_details_and_the_code() {
        let at_rate = Checkout { step: Step::MissingInfo, answers: chosen(), facts: eligible() };
        assert!(at_rate.advance(Step::SendEmail, chosen(), eligible(), None).is_err(), "no personal details yet");
        let member = Facts { details_given: true, is_member: Some(true), ..eligible() };
        assert!(at_rate.advance(Step::SendEmail, chosen(), member, None).is_ok());
        assert!(at_rate.advance(Step::CodeConfirmation, chosen(), member, None).is_err(), "no code sent");
        assert!(at_rate.advance(Step::CodeConfirmation, chosen(), Facts { code_sent: true, ..member }, None).is_ok());
        assert!(at_rate.advance(Step::Confirm, chosen(), member, None).is_err(), "email not verified");
        let verified = Facts { email_verified: true, ..member };
        assert!(at_rate.advance(Step::Confirm, chosen(), verified, None).is_ok());
        assert!(at_rate.advance(Step::SendEmail, chosen(), verified, None).is_err(), "verified: no second code");
        let not_member = Facts { details_given: true, is_member: Some(false), ..eligible() };
        assert!(at_rate.advance(Step::InstitutionContact, chosen(), not_member, None).is_ok());
        assert!(at_rate.advance(Step::SendEmail, chosen(), not_member, None).is_err());
    }

    #[test]
    fn payment_and_error_pages_follow_the_purchase() {
        let verified = Facts { details_given: true, is_member: Some(true), email_verified: true, ..eligible() };
        let at_confirm = Checkout { step: Step::Confirm, answers: chosen(), facts: verified };
        assert!(at_confirm.advance(Step::Payment, chosen(), verified, None).is_err(), "not booked");
        assert!(at_confirm.advance(Step::Payment, chosen(), verified, Some(PurchaseStatus::Booked)).is_ok());
        assert!(at_confirm.advance(Step::BookingError, chosen(), verified, Some(PurchaseStatus::Booked)).is_err());
        assert!(at_confirm.advance(Step::BookingError, chosen(), verified, Some(PurchaseStatus::BookingFailed)).is_ok());
        let paid = Some(PurchaseStatus::Paid);
        assert!(at_confirm.advance(Step::Confirmation, chosen(), verified, paid).is_ok());
        assert!(at_confirm.advance(Step::Coverage, chosen(), verified, paid).is_err(), "a paid checkout stays on its confirmation");
    }

    #[test]
    fn a_booked_purchase_locks_the_car_and_the_coverage() {
        let verified = Facts { details_given: true, is_member: Some(true), email_verified: true, ..eligible() };
        let at_payment = Checkout { step: Step::Payment, answers: chosen(), facts: verified };
        let booked = Some(PurchaseStatus::Booked);
        assert!(at_payment.advance(Step::Coverage, chosen(), verified, booked).is_ok(), "looking back is fine");
        let other_rate = Answers { rate: Some(ChosenRate { rate_id: "rat_2".into(), index: 2 }), ..chosen() };
        assert_eq!(at_payment.advance(Step::MissingInfo, other_rate.clone(), verified, booked).unwrap_err().message, LOCKED);
        assert!(
            at_payment.advance(Step::MissingInfo, other_rate.clone(), verified, Some(PurchaseStatus::BookingFailed)).is_ok(),
            "a failed booking may be changed"
        );
        assert!(at_payment.advance(Step::MissingInfo, other_rate, verified, Some(PurchaseStatus::Voided)).is_ok());
    }

    #[test]
    fn splash_and_user_creation_error_are_never_recorded() {
        let c = Checkout { step: Step::Coverage, answers: chosen(), facts: eligible() };
        assert!(c.advance(Step::Splash, chosen(), eligible(), None).is_err());
        assert!(c.advance(Step::UserCreationError, chosen(), eligible(), None).is_err());
    }

    #[test]
    fn names_match_the_web_app() {
        for step in [Step::VinLookup, Step::MilesPerYear, Step::CodeConfirmation, Step::ThankYou] {
            assert_eq!(serde_json::to_value(step).unwrap(), serde_json::Value::String(step.as_str().into()));
        }
        assert_eq!(CheckoutStatus::of(Some(PurchaseStatus::BookingFailed)).as_str(), "bookingFailed");
    }
}
