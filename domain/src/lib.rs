//! Coverline's domain: the product's rules and types, free of I/O, async, SQL, HTTP and Temporal.
//!
//! Values from the outside world enter through a `parse` that returns the spec's exact member-facing
//! text on failure ([`ValidationError`]); after that the rest of the code never re-validates.

pub mod cancellation;
pub mod checkout;
pub mod collected;
pub mod contact;
pub mod error_code;
pub mod institution;
pub mod language;
pub mod lifecycle;
pub mod money;
pub mod obligor;
pub mod product;
pub mod quote;
pub mod rating;
pub mod reference;
pub mod steps;
pub mod tax;
pub mod vehicle;
pub mod vin;

pub use contact::{EmailAddress, PersonName, PhoneNumber, StateCode, ZipCode};
pub use error_code::ErrorCode;
pub use language::Language;
pub use money::Cents;
pub use vin::Vin;

/// A value refused at the edge, carrying the spec's exact text for the member.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct ValidationError {
    /// The input field, in the API's camelCase (`emailAddress`, `vin`, ...).
    pub field: &'static str,
    /// The spec's member-facing message.
    pub message: &'static str,
}

impl ValidationError {
    /// The spec's text for an empty required field.
    pub const REQUIRED: &'static str = product::field_errors::REQUIRED;

    pub const fn new(field: &'static str, message: &'static str) -> Self {
        Self { field, message }
    }
}
