//! The API integration tests, one test binary (one link step): each module is the former test
//! file of that name. Over real HTTP: the app on a random port with a fresh database, the real
//! Temporal server (TEMPORAL_ADDRESS, or an ephemeral one in `workflow`), the sandbox
//! gateway/provider and a real SMTP receiver. Every scenario that reads or writes the store runs
//! on SQLite and on Postgres (COVERLINE_TEST_POSTGRES_URL) through [`support::on_both_databases`]:
//! `module::scenario::sqlite` and `module::scenario::postgres`.
//!
//! `cargo test -p coverline-api --test it` runs them; `… --test it postgres` only the Postgres runs,
//! `… --test it checkout_durable::` one module.

// The harness lives beside this directory: bench/ includes its SMTP receiver by path.
#[path = "../support/mod.rs"]
mod support;

mod alerts;
mod api;
mod cancellation;
mod captcha;
mod checkout;
mod checkout_durable;
mod consent;
mod contract_language;
mod coverage;
mod durability;
mod email_sender;
mod funnel;
mod global_settings;
mod languages;
mod launch;
mod limits;
mod personal_details;
mod production;
mod rate_amounts;
mod retention;
mod sample_contract;
mod security;
mod sessions;
mod staff;
mod support_cli;
mod vehicles;
mod web_page;
mod worker;
mod workflow;
