//! The provider's contract exchange: `POST /v1/contracts` (idempotent under `Idempotency-Key`),
//! `POST /v1/contracts/{contractNumber}/void`, and the stand-in's own switches under
//! `/_sandbox/provider/`. Every route wants `Authorization: Bearer <provider_api_key>`;
//! errors are `{"error": "..."}`.

use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::store::{Contract, ContractStatus};
use crate::{Shared, auth, now_unix};

/// What the provider needs to register a contract (the client's `ContractRequest`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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

/// Test switches: not persisted, a restart clears them.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Behaviour {
    /// Every booking answer waits this long (the booking itself is already made, as when a
    /// provider books but its answer is late).
    #[serde(default)]
    pub delay_ms: u64,
    /// The next booking fails with this status without booking anything; cleared once used.
    #[serde(default)]
    pub fail_next_with: Option<u16>,
}

const MAX_IDEMPOTENCY_KEY: usize = 255;

pub fn routes() -> Router<Shared> {
    Router::new()
        .route("/v1/contracts", post(book))
        .route("/v1/contracts/{contract_number}/void", post(void))
        .route("/_sandbox/provider/behaviour", post(set_behaviour).get(get_behaviour))
        .route("/_sandbox/provider/contracts", get(list_contracts))
}

fn error(status: StatusCode, message: &str) -> Response {
    (status, axum::Json(json!({ "error": message }))).into_response()
}

fn unauthorized() -> Response {
    error(StatusCode::UNAUTHORIZED, "Missing or invalid API key.")
}

fn contract_json(c: &Contract) -> serde_json::Value {
    json!({ "contractNumber": c.contract_number, "status": c.status.as_str() })
}

fn validate(r: &ContractRequest) -> Result<(), &'static str> {
    if r.provider.is_empty() || !r.provider.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return Err("provider must be a non-empty alphanumeric code");
    }
    if r.dealer_id.trim().is_empty() {
        return Err("dealerId is required");
    }
    if r.quote_id.trim().is_empty() {
        return Err("quoteId is required");
    }
    if r.rate_id.trim().is_empty() {
        return Err("rateId is required");
    }
    if r.vin.len() != 17 || !r.vin.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return Err("vin must be 17 letters and digits");
    }
    if r.coverage_months == 0 {
        return Err("coverageMonths must be positive");
    }
    if r.coverage_miles == 0 {
        return Err("coverageMiles must be positive");
    }
    if r.price_cents <= 0 {
        return Err("priceCents must be positive");
    }
    Ok(())
}

async fn book(State(sandbox): State<Shared>, headers: HeaderMap, body: Bytes) -> Response {
    if !auth::bearer_ok(&headers, &sandbox.config.provider_api_key) {
        return unauthorized();
    }
    let behaviour = {
        let mut b = sandbox.behaviour.lock().unwrap_or_else(|p| p.into_inner());
        let now = b.clone();
        b.fail_next_with = None;
        now
    };
    let response = book_now(&sandbox, &headers, &body, behaviour.fail_next_with);
    if behaviour.delay_ms > 0 {
        tokio::time::sleep(Duration::from_millis(behaviour.delay_ms)).await;
    }
    response
}

fn book_now(sandbox: &Shared, headers: &HeaderMap, body: &[u8], fail_with: Option<u16>) -> Response {
    if let Some(status) = fail_with.and_then(|s| StatusCode::from_u16(s).ok()) {
        tracing::info!(%status, "provider failing a booking on request");
        return error(status, "Failure forced by the sandbox behaviour switch.");
    }
    let Some(key) = headers.get("idempotency-key").and_then(|v| v.to_str().ok()).map(str::trim).filter(|k| !k.is_empty()) else {
        return error(StatusCode::BAD_REQUEST, "The Idempotency-Key header is required.");
    };
    if key.len() > MAX_IDEMPOTENCY_KEY {
        return error(StatusCode::BAD_REQUEST, "The Idempotency-Key header is too long.");
    }
    let request: ContractRequest = match serde_json::from_slice(body) {
        Ok(r) => r,
        Err(e) => return error(StatusCode::UNPROCESSABLE_ENTITY, &format!("Malformed contract request: {e}")),
    };
    if let Err(message) = validate(&request) {
        return error(StatusCode::UNPROCESSABLE_ENTITY, message);
    }
    let outcome = sandbox.store.update(|state| {
        if let Some(existing) = state.contracts.iter().find(|c| c.idempotency_key == key) {
            return if existing.request == request { Ok((StatusCode::OK, existing.clone())) } else { Err(()) };
        }
        let today = time::OffsetDateTime::now_utc();
        let prefix = format!("{}-{}", request.provider.to_ascii_uppercase(), today.year());
        let sequence = state.sequences.entry(prefix.clone()).or_insert(0);
        *sequence += 1;
        let contract = Contract {
            idempotency_key: key.to_string(),
            contract_number: format!("{prefix}-{:06}", *sequence),
            status: ContractStatus::Booked,
            request: request.clone(),
            booked_at: today.unix_timestamp(),
            voided_at: None,
        };
        state.contracts.push(contract.clone());
        Ok((StatusCode::CREATED, contract))
    });
    match outcome {
        Ok(Ok((status, contract))) => {
            if status == StatusCode::CREATED {
                tracing::info!(contract_number = %contract.contract_number, idempotency_key = %key, "provider booked a contract");
            }
            (status, axum::Json(contract_json(&contract))).into_response()
        }
        Ok(Err(())) => error(StatusCode::UNPROCESSABLE_ENTITY, "Idempotency-Key reused with a different request"),
        Err(e) => {
            tracing::error!(error = %format!("{e:#}"), "provider could not persist a booking");
            error(StatusCode::INTERNAL_SERVER_ERROR, "The contract could not be recorded.")
        }
    }
}

async fn void(State(sandbox): State<Shared>, headers: HeaderMap, Path(contract_number): Path<String>) -> Response {
    if !auth::bearer_ok(&headers, &sandbox.config.provider_api_key) {
        return unauthorized();
    }
    let outcome = sandbox.store.update(|state| {
        let contract = state.contracts.iter_mut().find(|c| c.contract_number == contract_number)?;
        if contract.status != ContractStatus::Voided {
            contract.status = ContractStatus::Voided;
            contract.voided_at = Some(now_unix());
        }
        Some(contract.clone())
    });
    match outcome {
        Ok(Some(contract)) => {
            tracing::info!(contract_number = %contract.contract_number, "provider voided a contract");
            axum::Json(contract_json(&contract)).into_response()
        }
        Ok(None) => error(StatusCode::NOT_FOUND, "No such contract."),
        Err(e) => {
            tracing::error!(error = %format!("{e:#}"), "provider could not persist a void");
            error(StatusCode::INTERNAL_SERVER_ERROR, "The void could not be recorded.")
        }
    }
}

async fn set_behaviour(State(sandbox): State<Shared>, headers: HeaderMap, body: Bytes) -> Response {
    if !auth::bearer_ok(&headers, &sandbox.config.provider_api_key) {
        return unauthorized();
    }
    let behaviour: Behaviour = match serde_json::from_slice(&body) {
        Ok(b) => b,
        Err(e) => return error(StatusCode::UNPROCESSABLE_ENTITY, &format!("Malformed behaviour: {e}")),
    };
    if behaviour.fail_next_with.is_some_and(|s| !(400..=599).contains(&s)) {
        return error(StatusCode::UNPROCESSABLE_ENTITY, "failNextWith must be an HTTP error status (400-599).");
    }
    tracing::info!(delay_ms = behaviour.delay_ms, fail_next_with = ?behaviour.fail_next_with, "provider behaviour changed");
    *sandbox.behaviour.lock().unwrap_or_else(|p| p.into_inner()) = behaviour.clone();
    axum::Json(behaviour).into_response()
}

async fn get_behaviour(State(sandbox): State<Shared>, headers: HeaderMap) -> Response {
    if !auth::bearer_ok(&headers, &sandbox.config.provider_api_key) {
        return unauthorized();
    }
    let behaviour = sandbox.behaviour.lock().unwrap_or_else(|p| p.into_inner()).clone();
    axum::Json(behaviour).into_response()
}

async fn list_contracts(State(sandbox): State<Shared>, headers: HeaderMap) -> Response {
    if !auth::bearer_ok(&headers, &sandbox.config.provider_api_key) {
        return unauthorized();
    }
    let contracts: Vec<_> = sandbox.store.read(|s| {
        s.contracts
            .iter()
            .map(|c| {
                json!({
                    "idempotencyKey": c.idempotency_key,
                    "contractNumber": c.contract_number,
                    "status": c.status.as_str(),
                    "bookedAt": c.booked_at,
                    "voidedAt": c.voided_at,
                })
            })
            .collect()
    });
    axum::Json(contracts).into_response()
}
