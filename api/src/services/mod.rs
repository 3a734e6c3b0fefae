//! The business operations, shared by the HTTP handlers, the operators' CLI and the integration
//! launch: the checkout workflow's client ([`checkouts`]), quoting and its group-committed writer,
//! the garage (cars from VINs), personal details, cancellations, the splash's captcha, rate limits
//! kept in the database, the funnel's counters and report, onboarding institutions and integrators,
//! support's look-ups and actions, refunds by state law, the staff console's sign-in and roles,
//! and the small pieces they share (a TTL cache, opaque ids).

pub mod cache;
pub mod cancellations;
pub mod captcha;
pub mod checkouts;
pub mod funnel;
pub mod funnel_report;
pub mod garage;
pub mod ids;
pub mod institutions;
pub mod integrators;
pub mod launch;
pub mod limits;
pub mod oidc;
pub mod personal_details;
pub mod quote_writer;
pub mod quoting;
pub mod refunds;
pub mod staff;
pub mod support;
