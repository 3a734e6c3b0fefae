//! The API's one error type: a status, a code the web app switches on, and a message a member can
//! read (the spec's text where it has one). Internal errors are logged with context and their
//! details never reach the client.

use std::cell::Cell;
use std::time::Duration;

use axum::Json;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use coverline_domain::{ErrorCode, ValidationError};

use crate::openapi::{ErrorBody, ErrorDetail};

/// An error answered to the client.
#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: ErrorCode,
    pub message: String,
    pub field: Option<&'static str>,
}

impl ApiError {
    /// A 4xx/5xx with a code and member-facing message.
    pub fn new(status: StatusCode, code: ErrorCode, message: impl Into<String>) -> Self {
        Self { status, code, message: message.into(), field: None }
    }

    /// 404: the resource does not exist or is not the caller's (never tells which).
    pub fn not_found() -> Self {
        Self::new(StatusCode::NOT_FOUND, ErrorCode::NotFound, "Not found")
    }

    /// 401: no valid session.
    pub fn unauthorized() -> Self {
        Self::new(StatusCode::UNAUTHORIZED, ErrorCode::Unauthorized, "Please start again.")
    }

    /// 401: the session was idle too long.
    pub fn session_expired() -> Self {
        Self::new(StatusCode::UNAUTHORIZED, ErrorCode::SessionExpired, coverline_domain::product::messages::SESSION_EXPIRED)
    }

    /// 400 for a malformed request.
    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, ErrorCode::Validation, message)
    }

    /// 429 `rateLimited`: the caller may try again after `wait`, which the answer's `Retry-After`
    /// says in whole seconds (rounded up, at least 1).
    pub fn rate_limited(message: impl Into<String>, wait: Duration) -> Self {
        let seconds = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
        // Outside a request (a unit test) there is no answer to carry it.
        let _ = RETRY_AFTER.try_with(|w| w.set(Some(seconds.max(1))));
        Self::new(StatusCode::TOO_MANY_REQUESTS, ErrorCode::RateLimited, message)
    }

    /// 500, logging the cause.
    pub fn internal(err: anyhow::Error) -> Self {
        tracing::error!(error = ?err, "internal error");
        Self::new(StatusCode::INTERNAL_SERVER_ERROR, ErrorCode::Internal, "Something went wrong on our side. Please try again.")
    }
}

impl From<ValidationError> for ApiError {
    fn from(err: ValidationError) -> Self {
        Self { status: StatusCode::BAD_REQUEST, code: ErrorCode::Validation, message: err.message.to_string(), field: Some(err.field) }
    }
}

impl From<anyhow::Error> for ApiError {
    fn from(err: anyhow::Error) -> Self {
        Self::internal(err)
    }
}

/// A 429 whose limiter did not say when it lets the caller in again is over by then: no limiter
/// counts over a longer window.
pub const LONGEST_RATE_WINDOW: Duration = Duration::from_secs(3600);

tokio::task_local! {
    /// The wait of this request's 429, from `ApiError::rate_limited` (the error type has no room for
    /// it: its fields are built literally across the routes). Scoped per request by `retry_after_scope`.
    static RETRY_AFTER: Cell<Option<u64>>;
}

/// Middleware: a request's scope for the wait of its 429 (see `RETRY_AFTER`).
pub async fn retry_after_scope(request: axum::extract::Request, next: axum::middleware::Next) -> Response {
    RETRY_AFTER.scope(Cell::new(None), next.run(request)).await
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let error = ErrorDetail { code: self.code, message: self.message, field: self.field.map(str::to_string) };
        let mut response = (self.status, Json(ErrorBody { error })).into_response();
        // Every 429 says when to try again (the web app tells the member "try again in N s").
        if self.status == StatusCode::TOO_MANY_REQUESTS {
            let seconds = RETRY_AFTER.try_with(Cell::get).ok().flatten().unwrap_or(LONGEST_RATE_WINDOW.as_secs());
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        response
    }
}

/// Result of a handler.
pub type ApiResult<T> = Result<T, ApiError>;
