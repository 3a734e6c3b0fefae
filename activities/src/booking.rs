//! The provider's contract exchange (PEN-style eContracting) over HTTP: book a contract with an
//! idempotency key so a retried booking never makes a second contract, and void one.

use std::time::Duration;

use anyhow::Context;
use serde::{Deserialize, Serialize};

/// What the provider needs to register a contract.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ContractRequest {
    pub provider: String,
    pub dealer_id: String,
    pub quote_id: String,
    pub rate_id: String,
    pub coverage_name: String,
    pub coverage_months: u16,
    pub coverage_miles: u32,
    pub deductible_cents: i64,
    pub price_cents: i64,
    pub vin: String,
    pub odometer: u32,
    pub customer_first_name: String,
    pub customer_last_name: String,
    pub customer_state: String,
}

/// The provider's answer to a booking.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BookedContract {
    pub contract_number: String,
    pub status: String,
}

/// Why a booking did not succeed.
#[derive(Debug, thiserror::Error)]
pub enum BookingError {
    /// The provider refused the contract (4xx): retrying the same request will not help.
    #[error("provider rejected the contract: {0}")]
    Rejected(String),
    /// The provider failed or could not be reached (5xx, network): worth retrying.
    #[error("provider unavailable: {0}")]
    Unavailable(String),
}

/// HTTP client of the provider exchange.
#[derive(Debug, Clone)]
pub struct ProviderExchange {
    http: reqwest::Client,
    base_url: String,
    api_key: String,
}

impl ProviderExchange {
    /// A client for the exchange at `base_url`, authenticating with `api_key`. `timeout` bounds
    /// one HTTP call; the workflow's activity timeout bounds the whole attempt.
    pub fn new(base_url: &str, api_key: &str, timeout: Duration) -> anyhow::Result<Self> {
        let http = reqwest::Client::builder().timeout(timeout).build().context("building provider HTTP client")?;
        Ok(Self { http, base_url: base_url.trim_end_matches('/').to_string(), api_key: api_key.to_string() })
    }

    /// Books a contract. The same `idempotency_key` always yields the same contract.
    pub async fn book(&self, idempotency_key: &str, request: &ContractRequest) -> Result<BookedContract, BookingError> {
        let response = self
            .http
            .post(format!("{}/v1/contracts", self.base_url))
            .bearer_auth(&self.api_key)
            .header("Idempotency-Key", idempotency_key)
            .json(request)
            .send()
            .await
            .map_err(|e| BookingError::Unavailable(e.to_string()))?;
        let status = response.status();
        if status.is_success() {
            return response.json().await.map_err(|e| BookingError::Unavailable(format!("bad provider response: {e}")));
        }
        let body = response.text().await.unwrap_or_default();
        if status.is_client_error() && status != reqwest::StatusCode::TOO_MANY_REQUESTS {
            Err(BookingError::Rejected(format!("{status}: {body}")))
        } else {
            Err(BookingError::Unavailable(format!("{status}: {body}")))
        }
    }

    /// Voids a booked contract (compensation for a contract never paid). Voiding twice is fine.
    pub async fn void(&self, contract_number: &str) -> Result<(), BookingError> {
        let response = self
            .http
            .post(format!("{}/v1/contracts/{contract_number}/void", self.base_url))
            .bearer_auth(&self.api_key)
            .send()
            .await
            .map_err(|e| BookingError::Unavailable(e.to_string()))?;
        match response.status() {
            s if s.is_success() => Ok(()),
            s if s.is_client_error() => Err(BookingError::Rejected(s.to_string())),
            s => Err(BookingError::Unavailable(s.to_string())),
        }
    }
}
