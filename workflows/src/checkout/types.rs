//! What the checkout workflow takes and answers: its input and timings, the inputs of its
//! Updates, its views, and its refusals.

use coverline_activities::checkout::{ChargeSeen, RefundReason};
use coverline_domain::ErrorCode;
use coverline_domain::checkout::{Answers, Checkout, CheckoutStatus, Facts, Step};
use coverline_domain::lifecycle::PurchaseStatus;
use serde::{Deserialize, Serialize};
use temporalio_common::error::{ApplicationErrorCategory, ApplicationFailure};
use temporalio_common::protos::temporal::api::failure::v1::Failure;
use temporalio_common::protos::temporal::api::failure::v1::failure::FailureInfo;

/// How long things take; inputs, so tests can shorten them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Timings {
    /// The provider must answer a booking within this many seconds, retries included (spec: 120).
    pub booking_timeout_secs: u64,
    /// One booking attempt may take this long before it is retried.
    pub booking_attempt_timeout_secs: u64,
    /// A booked contract nobody pays for is voided this long after the member first booked.
    pub payment_deadline_secs: u64,
    /// While a payment request may be charged, the workflow asks the gateway this often.
    pub payment_check_secs: u64,
    /// A coverage chosen and left unpaid this long gets one reminder email (with consent).
    pub reminder_after_secs: u64,
    /// A checkout with no purchase and no step for this long closes (abandoned).
    pub idle_close_secs: u64,
    /// After its purchase ended, the checkout stays this long to refund charges that arrive late.
    pub settle_secs: u64,
    /// Verification code emails go at most this often (spec: 20). Checkouts started before it was
    /// a setting have none in their input: 20.
    #[serde(default = "Timings::spec_code_resend_secs")]
    pub code_resend_secs: u64,
}

impl Timings {
    fn spec_code_resend_secs() -> u64 {
        20
    }
}

/// The checkout of one member (one user, created at the splash).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CheckoutInput {
    pub user_id: String,
    pub institution_id: String,
    pub timings: Timings,
}

/// A completed step: the screen the member moved to, their answers (checked by the API) and
/// what the server knows of them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AdvanceInput {
    pub to: Step,
    pub answers: Answers,
    pub facts: Facts,
}

/// Send a verification code; `now` (UTC unix seconds, the API's clock) is when it was asked for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SendCodeInput {
    pub now: i64,
}

/// The code went out: the checkout's send number.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CodeSent {
    pub send_no: u32,
}

/// Book the chosen rate (the API checked that quote, rate and car are the member's).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BookInput {
    pub quote_id: String,
    pub rate_id: String,
    pub car_id: String,
    pub facts: Facts,
}

/// Who reported a charge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum ChargeSource {
    /// The member's page, after the gateway verified the widget's signed result.
    Page,
    /// The gateway's signed webhook.
    Webhook,
}

/// A charge the gateway approved for this checkout's contract.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ChargeReport {
    pub charge: ChargeSeen,
    pub source: ChargeSource,
}

/// What became of a reported charge.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum ChargeVerdict {
    /// It is the contract's payment, recorded.
    Paid { payment_id: String },
    /// It is refunded (or was already): the contract is paid by another charge, or voided.
    Refunded { tracking_number: String, reason: RefundReason },
}

/// The request the member pays with, or why there is none.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum PaymentRequestOutcome {
    /// Pay with this request (open at the gateway: reused, or new).
    Open { request_id: String, expires_at: i64 },
    /// The contract is already paid.
    Paid { payment_id: String },
    /// The gateway could not be asked or could not sign.
    Unavailable { reason: String },
}

/// Why the last booking attempt failed, as the member is told.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
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

/// The purchase as the workflow knows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PurchaseView {
    pub policy_id: Option<String>,
    pub quote_id: String,
    pub rate_id: String,
    pub status: PurchaseStatus,
    pub contract_number: Option<String>,
    pub booking_failure: Option<BookingFailure>,
    /// Booking rounds started (1 + retries asked for).
    pub booking_rounds: u32,
    /// The gateway's tracking number of the recorded payment.
    pub payment_id: Option<String>,
    /// Tracking numbers of the charges refunded (a second charge, or one for a voided contract).
    pub refunded: Vec<String>,
}

/// Where a checkout stands: its answer to every Update and to the `view` query.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckoutView {
    /// Steps recorded so far (the read model keeps the newest).
    pub version: u64,
    pub checkout: Checkout,
    pub status: CheckoutStatus,
    pub purchase: Option<PurchaseView>,
    /// Verification codes sent.
    pub code_sends: u32,
}

/// How a checkout ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CheckoutOutcome {
    pub status: CheckoutStatus,
    pub policy_id: Option<String>,
    pub contract_number: Option<String>,
    pub payment_id: Option<String>,
}

/// A step or request the checkout refuses. It crosses Temporal as an `ApplicationFailure` whose
/// type is the code (`rateLimited`, ...) and whose details are a [`Refusal`]; the API reads it
/// back with [`Refused::from_failure`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct Refused {
    pub code: ErrorCode,
    pub message: String,
    /// The request's field the refusal is about, if one.
    pub field: Option<String>,
}

/// A refusal's details, as its failure carries them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Refusal {
    pub message: String,
    pub field: Option<String>,
}

/// The error an Update handler or validator returns for a refusal. The SDK wraps a handler's error
/// in an untyped `ApplicationFailure` of its own and encodes the error's source as that failure's
/// cause, so the typed failure is this error's source: it arrives as the cause.
#[derive(Debug, thiserror::Error)]
#[error("{message}")]
struct RefusalError {
    message: String,
    #[source]
    failure: ApplicationFailure,
}

impl Refused {
    /// A refusal with `code` (the API's error code) and the member's `message`.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        Self { code, message: message.into(), field: None }
    }

    /// The refusal as an Update's error: a non-retryable `ApplicationFailure` typed by its code.
    pub fn into_failure(self) -> Box<dyn std::error::Error + Send + Sync> {
        let failure = ApplicationFailure::builder(self.message.clone())
            .type_name(self.code.to_string())
            .non_retryable(true)
            .category(ApplicationErrorCategory::Benign)
            .details(Refusal { message: self.message.clone(), field: self.field })
            .build();
        Box::new(RefusalError { message: self.message, failure })
    }

    /// The refusal in an Update's failure (itself or a cause): an application failure whose type
    /// is an [`ErrorCode`] and whose details are a [`Refusal`].
    pub fn from_failure(failure: &Failure) -> Option<Self> {
        std::iter::successors(Some(failure), |f| f.cause.as_deref()).find_map(|f| {
            let Some(FailureInfo::ApplicationFailureInfo(info)) = &f.failure_info else {
                return None;
            };
            let code = info.r#type.parse::<ErrorCode>().ok()?;
            let details = info.details.as_ref()?.payloads.first()?;
            let refusal: Refusal = serde_json::from_slice(&details.data).ok()?;
            Some(Self { code, message: refusal.message, field: refusal.field })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use temporalio_common::data_converters::{DefaultFailureConverter, FailureConverter, PayloadConverter, SerializationContextData};
    use temporalio_common::error::{OutgoingError, OutgoingWorkflowError};

    /// The failure the SDK makes of an Update handler's error (temporalio-workflow's
    /// `workflow_error_to_failure`: the error wrapped in an untyped `ApplicationFailure`).
    fn as_the_sdk_sends_it(error: Box<dyn std::error::Error + Send + Sync>) -> Failure {
        DefaultFailureConverter::default().to_failure(
            OutgoingError::Workflow(OutgoingWorkflowError::Application(Box::new(ApplicationFailure::new(error)))),
            &PayloadConverter::default(),
            &SerializationContextData::None,
        )
    }

    #[test]
    fn a_refusal_crosses_as_a_typed_failure() {
        let refused = Refused { field: Some("email".into()), ..Refused::new(ErrorCode::RateLimited, "Please wait a few seconds.") };
        let failure = as_the_sdk_sends_it(refused.clone().into_failure());
        assert_eq!(failure.message, "Please wait a few seconds.");
        let cause = failure.cause.as_deref().expect("the typed failure is the cause");
        let Some(FailureInfo::ApplicationFailureInfo(info)) = &cause.failure_info else { panic!("an application failure") };
        assert_eq!(info.r#type, "rateLimited");
        assert!(info.non_retryable);
        assert_eq!(Refused::from_failure(&failure), Some(refused));
    }

    #[test]
    fn other_failures_are_not_refusals() {
        let failure = as_the_sdk_sends_it("voided: This contract was voided.".into());
        assert_eq!(Refused::from_failure(&failure), None, "text is not a refusal");
        let untyped = ApplicationFailure::builder("boom").type_name("NotAnErrorCode".to_string()).build();
        assert_eq!(Refused::from_failure(&as_the_sdk_sends_it(Box::new(RefusalError { message: "x".into(), failure: untyped }))), None);
    }
}
