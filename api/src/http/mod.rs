//! The HTTP layer: the router and its state ([`app`]), sessions ([`auth`]), the client's address
//! behind proxies, the one error type and its answer in the member's language ([`error_language`]), the OpenAPI document, the app's page per institution,
//! metrics and alert gauges, the browser's half of an OpenID Connect sign-in ([`sign_in`]), and the handlers ([`routes`]), one module per resource. Handlers
//! parse and answer; the work is in `crate::services`.

pub mod app;
pub mod auth;
pub mod client_address;
pub mod error;
pub mod error_language;
pub mod gauges;
pub mod metrics;
pub mod openapi;
pub mod routes;
pub mod sign_in;
pub mod web_page;
