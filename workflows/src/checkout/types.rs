//! What the checkout workflow takes and answers: its input and timings, the inputs of its
//! Updates, its views, and its refusals.

use coverline_activities::checkout::{ChargeSeen, RefundReason};
use coverline_domain::ErrorCode;
use coverline_domain::checkout::{Answers, Checkout, CheckoutStatus, Facts, Step};
use coverline_domain::lifecycle::PurchaseStatus;
use serde::{Deserialize, Serialize};

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

/// A step or request the checkout refuses. Its text carries a code the API maps to its answer:
/// `[refused:<code>] <message>`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("[refused:{code}] {message}")]
pub struct Refused {
    pub code: ErrorCode,
    pub message: String,
}

impl Refused {
    /// A refusal with `code` (the API's error code) and the member's `message`.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        Self { code, message: message.into() }
    }

    /// The refusal inside a failure's text, however the layers above wrapped it.
    pub fn find(text: &str) -> Option<Self> {
        let start = text.find("[refused:")?;
        let rest = &text[start + "[refused:".len()..];
        let (code, message) = rest.split_once("] ")?;
        Some(Self { code: code.parse().ok()?, message: message.lines().next().unwrap_or_default().to_string() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refusal_is_found_in_wrapped_text() {
        let refused = Refused::new(ErrorCode::Voided, "This contract was voided.");
        let wrapped = format!("Workflow execution error: update failed: {refused}");
        assert_eq!(Refused::find(&wrapped), Some(refused));
        assert_eq!(Refused::find("some other failure"), None);
    }
}
