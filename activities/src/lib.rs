//! Coverline's outside world. Each concern sits behind a small type with a real implementation:
//!
//! - [`vehicles`]: VIN decode against NHTSA vPIC tables (corgi-rs, check digit required);
//! - [`catalog`]: the year/make/model/style catalog from vPIC (`data/catalog/`) and its mock VINs;
//! - [`rating`]: the providers' rate books and the sales-tax table from `data/`;
//! - [`booking`]: the provider's contract exchange over HTTP (book with an idempotency key, void);
//! - [`payments`]: the card gateway over HTTP (sign, verify, request status, charges, refunds, webhooks);
//! - [`email`]: SMTP through lettre (verification code, receipt, contract copy);
//! - [`documents`]: the contract PDF, rendered with typst;
//! - [`checkout`]: the checkout workflow's activities before and around the purchase (policy, code
//!   and reminder emails with resume links, payment requests, the gateway's charges, refunds);
//! - [`purchase`]: the checkout workflow's purchase activities (booking, payment, contract, emails);
//! - [`cancellation`]: cancelling a bought contract (void, refund, emails) or recording a late request.

pub mod booking;
pub mod cancellation;
pub mod catalog;
pub mod checkout;
pub mod dkim;
pub mod documents;
pub mod email;
pub mod metrics;
pub mod payments;
pub mod purchase;
pub mod rating;
pub mod retention;
pub mod vehicles;
