//! The API's error codes: the one list the server answers with (`{ error: { code, message, field } }`)
//! and the web app switches on. The OpenAPI document carries it as a string enum, so the web's
//! generated types know every code the server can send (web/src/api/schema.gen.ts).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

macro_rules! error_codes {
    ($($(#[doc = $doc:literal])* $variant:ident = $name:literal,)*) => {
        /// A stable code of an error answer; its JSON form is the camelCase name (the unit test
        /// checks that serde's `rename_all` and the listed names agree).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
        #[serde(rename_all = "camelCase")]
        pub enum ErrorCode {
            $($(#[doc = $doc])* $variant,)*
        }

        impl ErrorCode {
            /// Every code, in declaration order.
            pub const ALL: &'static [ErrorCode] = &[$(ErrorCode::$variant,)*];

            /// The JSON form.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(ErrorCode::$variant => $name,)*
                }
            }
        }

        impl FromStr for ErrorCode {
            type Err = UnknownErrorCode;

            fn from_str(s: &str) -> Result<Self, Self::Err> {
                match s {
                    $($name => Ok(ErrorCode::$variant),)*
                    _ => Err(UnknownErrorCode),
                }
            }
        }
    };
}

error_codes! {
    /// A field or the body is not valid (`field` names the field when there is one).
    Validation = "validation",
    /// The body is not JSON, or JSON of the wrong shape the framework refused.
    BadRequest = "badRequest",
    /// The resource does not exist or is not the caller's (never tells which).
    NotFound = "notFound",
    /// The route exists but not with this method.
    MethodNotAllowed = "methodNotAllowed",
    /// The body is over the route's limit.
    TooLarge = "tooLarge",
    /// The body is not of a type the route takes.
    UnsupportedMediaType = "unsupportedMediaType",
    /// No valid session, or a token of another member.
    Unauthorized = "unauthorized",
    /// A staff role that may not do this, or a staff call without its CSRF token.
    Forbidden = "forbidden",
    /// The session was idle too long.
    SessionExpired = "sessionExpired",
    /// The e-mail address and password do not match.
    InvalidCredentials = "invalidCredentials",
    /// The institution has been switched off.
    InstitutionInactive = "institutionInactive",
    /// The partner's integrator token is unknown or revoked.
    InvalidIntegrator = "invalidIntegrator",
    /// The partner's integration is switched off.
    IntegratorInactive = "integratorInactive",
    /// The VIN decodes to no vehicle.
    VehicleNotFound = "vehicleNotFound",
    /// The member described a vehicle and holds a representative VIN; the action needs a real one.
    MockVin = "mockVin",
    /// No provider offers coverage for this vehicle and answers.
    NoQuotes = "noQuotes",
    /// The e-mail or reset code is wrong or expired.
    InvalidCode = "invalidCode",
    /// The e-mail address must be verified first.
    EmailNotVerified = "emailNotVerified",
    /// The e-mail could not be sent.
    EmailFailed = "emailFailed",
    /// The provider refused the booking.
    BookingFailed = "bookingFailed",
    /// The provider did not answer the booking in time.
    BookingNoResponse = "bookingNoResponse",
    /// The card was not charged (refused, or the processor failed).
    PaymentFailed = "paymentFailed",
    /// The payment gateway could not be reached.
    GatewayUnavailable = "gatewayUnavailable",
    /// A charge is being recorded; ask again shortly.
    PaymentPending = "paymentPending",
    /// The contract is paid already.
    AlreadyPaid = "alreadyPaid",
    /// A charge was taken but the contract was paid already: it is refunded.
    SecondChargeRefunded = "secondChargeRefunded",
    /// A charge was taken but did not match the contract: it is refunded.
    ChargeRefunded = "chargeRefunded",
    /// The contract was voided (not paid in time).
    Voided = "voided",
    /// Cancelling from find-your-contract needs the code emailed to the member (or their session).
    ConfirmationRequired = "confirmationRequired",
    /// The member's address is in another state than the one their prices were for: they are
    /// priced again in the address's state and choose again.
    QuoteStateChanged = "quoteStateChanged",
    /// The contract is not ready (not booked or not yet written).
    NotReady = "notReady",
    /// The last name and zip match no contract of the member.
    NoPolicies = "noPolicies",
    /// The request conflicts with the state of the resource.
    Conflict = "conflict",
    /// The step does not follow from the checkout's state.
    StepOutOfOrder = "stepOutOfOrder",
    /// The checkout could not record the step just now; try again.
    CheckoutBusy = "checkoutBusy",
    /// The checkout is closed: nothing more can be recorded.
    CheckoutClosed = "checkoutClosed",
    /// A continue link was used or is out of date.
    LinkExpired = "linkExpired",
    /// User creation without the splash's captcha solution.
    CaptchaRequired = "captchaRequired",
    /// The captcha solution is not one of this server's challenges solved.
    CaptchaInvalid = "captchaInvalid",
    /// The captcha's challenge expired before the solution was used.
    CaptchaExpired = "captchaExpired",
    /// The captcha solution created a user already (each is used once).
    CaptchaUsed = "captchaUsed",
    /// Too many requests; `Retry-After` says when to try again.
    RateLimited = "rateLimited",
    /// A gateway webhook whose signature does not verify.
    BadSignature = "badSignature",
    /// The server could not reach its database just now (a restart, a failover); nothing was
    /// recorded by the failed statement: send the call again (`Retry-After` says when).
    Unavailable = "unavailable",
    /// Something failed on the server's side (logged there with its cause).
    Internal = "internal",
}

/// A string that is not an [`ErrorCode`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("unknown error code")]
pub struct UnknownErrorCode;

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_round_trips_through_its_json_form() {
        for code in ErrorCode::ALL {
            let json = serde_json::to_string(code).unwrap();
            assert_eq!(json, format!("\"{}\"", code.as_str()));
            assert_eq!(serde_json::from_str::<ErrorCode>(&json).unwrap(), *code);
            assert_eq!(code.as_str().parse::<ErrorCode>(), Ok(*code));
        }
        assert_eq!("tooManyRequests".parse::<ErrorCode>(), Err(UnknownErrorCode));
    }

    #[test]
    fn names_are_unique_camel_case() {
        let mut names: Vec<&str> = ErrorCode::ALL.iter().map(|c| c.as_str()).collect();
        assert!(
            names.iter().all(|n| n.chars().next().is_some_and(|c| c.is_ascii_lowercase()) && n.chars().all(|c| c.is_ascii_alphanumeric()))
        );
        let before = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), before);
    }
}
