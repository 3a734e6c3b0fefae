//! The API's one error type: a status, a code the web app switches on, and a message a member can
//! read (the spec's text where it has one). Internal errors are logged with context and their
//! details never reach the client.

use std::borrow::Cow;
use std::time::Duration;

use axum::Json;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use coverline_domain::{ErrorCode, ValidationError};

use crate::http::openapi::{ErrorBody, ErrorDetail};

/// An error answered to the client.
#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: ErrorCode,
    pub message: String,
    pub field: Option<Cow<'static, str>>,
    /// A 429's or 503's wait: sent as `Retry-After` in whole seconds (rounded up, at least 1).
    pub retry_after: Option<Duration>,
}

impl ApiError {
    /// A 4xx/5xx with a code and member-facing message.
    pub fn new(status: StatusCode, code: ErrorCode, message: impl Into<String>) -> Self {
        Self { status, code, message: message.into(), field: None, retry_after: None }
    }

    /// 404: the resource does not exist or is not the caller's (never tells which).
    pub fn not_found() -> Self {
        Self::new(StatusCode::NOT_FOUND, ErrorCode::NotFound, coverline_domain::product::messages::NOT_FOUND)
    }

    /// 401: no valid session.
    pub fn unauthorized() -> Self {
        Self::new(StatusCode::UNAUTHORIZED, ErrorCode::Unauthorized, coverline_domain::product::messages::START_AGAIN)
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
    /// says: the time left in a full window, or until a token bucket holds a token again.
    pub fn rate_limited(message: impl Into<String>, wait: Duration) -> Self {
        Self { retry_after: Some(wait), ..Self::new(StatusCode::TOO_MANY_REQUESTS, ErrorCode::RateLimited, message) }
    }

    /// 400 for one field of the request (the web shows `message` under it).
    pub fn field(code: ErrorCode, message: impl Into<String>, field: &'static str) -> Self {
        Self { field: Some(field.into()), ..Self::new(StatusCode::BAD_REQUEST, code, message) }
    }

    /// 500, logging the cause.
    pub fn internal(err: anyhow::Error) -> Self {
        tracing::error!(error = ?err, "internal error");
        Self::new(StatusCode::INTERNAL_SERVER_ERROR, ErrorCode::Internal, coverline_domain::product::messages::FAILED_ON_OUR_SIDE)
    }
}

impl From<ValidationError> for ApiError {
    fn from(err: ValidationError) -> Self {
        Self::field(ErrorCode::Validation, err.message, err.field)
    }
}

impl From<anyhow::Error> for ApiError {
    fn from(err: anyhow::Error) -> Self {
        if database_unreachable(&err) {
            // A database restart or failover: the statement did not run (or its transaction rolled
            // back), so the client sends the call again, as it does through a load balancer's 503.
            tracing::warn!(error = %format!("{err:#}"), "database unreachable: answering 503");
            let mut unavailable =
                Self::new(StatusCode::SERVICE_UNAVAILABLE, ErrorCode::Unavailable, coverline_domain::product::messages::NOT_TAKEN_NOW);
            unavailable.retry_after = Some(Duration::from_secs(1));
            return unavailable;
        }
        Self::internal(err)
    }
}

/// Whether `err` is the database being away (connection refused or lost, the pool unable to
/// connect, the server shutting down or starting up) rather than a fault of the request or the code.
pub fn database_unreachable(err: &anyhow::Error) -> bool {
    err.chain().filter_map(|cause| cause.downcast_ref::<sqlx::Error>()).any(|e| match e {
        sqlx::Error::PoolTimedOut | sqlx::Error::PoolClosed | sqlx::Error::Io(_) | sqlx::Error::Tls(_) | sqlx::Error::WorkerCrashed => true,
        // SQLSTATE class 08 (connection exception) and 57P (admin/crash shutdown, cannot connect now).
        sqlx::Error::Database(db) => db.code().is_some_and(|c| c.starts_with("08") || c.starts_with("57P")),
        _ => false,
    })
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let error = ErrorDetail { code: self.code, message: self.message, field: self.field.map(Cow::into_owned) };
        let mut response = (self.status, Json(ErrorBody { error })).into_response();
        // A 429 or 503 that knows says when to try again (the web app tells the member "try again in N s").
        if let Some(wait) = self.retry_after {
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(retry_after_seconds(wait)));
        }
        response
    }
}

/// A wait as `Retry-After` says it: whole seconds, rounded up, at least 1.
pub fn retry_after_seconds(wait: Duration) -> u64 {
    (wait.as_secs() + u64::from(wait.subsec_nanos() > 0)).max(1)
}

/// Result of a handler.
pub type ApiResult<T> = Result<T, ApiError>;

#[cfg(test)]
mod tests {
    use anyhow::Context;

    use super::*;

    #[test]
    fn a_database_away_is_a_503_to_send_again_and_other_faults_stay_500() {
        let away: anyhow::Result<()> = Err(sqlx::Error::PoolTimedOut).context("reading a policy");
        let err = ApiError::from(away.unwrap_err());
        assert_eq!(
            (err.status, err.code, err.retry_after),
            (StatusCode::SERVICE_UNAVAILABLE, ErrorCode::Unavailable, Some(Duration::from_secs(1)))
        );
        let reset = std::io::Error::new(std::io::ErrorKind::ConnectionReset, "reset by peer");
        assert!(database_unreachable(&anyhow::Error::new(sqlx::Error::Io(reset)).context("a write")));
        let missing: anyhow::Result<()> = Err(sqlx::Error::RowNotFound).context("reading a policy");
        assert_eq!(ApiError::from(missing.unwrap_err()).status, StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(ApiError::from(anyhow::anyhow!("a bug")).status, StatusCode::INTERNAL_SERVER_ERROR);
    }
}
