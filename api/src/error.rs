//! The API's one error type: a status, a code the web app switches on, and a message a member can
//! read (the spec's text where it has one). Internal errors are logged with context and their
//! details never reach the client.

use axum::Json;
use axum::http::StatusCode;
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

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let error = ErrorDetail { code: self.code, message: self.message, field: self.field.map(str::to_string) };
        (self.status, Json(ErrorBody { error })).into_response()
    }
}

/// Result of a handler.
pub type ApiResult<T> = Result<T, ApiError>;
