//! The OpenAPI document of `/api`, generated from the handlers themselves: every route is
//! registered through `utoipa_axum::routes!`, so a handler cannot be served without being
//! documented. Served at `GET /api/openapi.json`; fuzzed by schemathesis (`scripts/fuzz.sh`).
//!
//! Conventions shared by every operation:
//! - a member's calls carry `Authorization: Bearer <token>` (the `session` scheme);
//! - every 4xx answer is an [`ErrorBody`] (handlers answer [`crate::error::ApiError`]; the
//!   framework's own rejections — malformed JSON, wrong types, unknown routes, too-large bodies —
//!   are rewritten into the same shape by [`json_errors`]).

use axum::body::Body;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use coverline_domain::ErrorCode;
use serde::Serialize;
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{IntoParams, Modify, OpenApi, ToSchema};

/// The document's fixed parts; the paths come from the routers.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "Coverline API",
        description = "Vehicle service contracts for a credit union's members: vehicle lookup, quotes, \
                       booking, payment and documents (product spec section 7).",
    ),
    components(schemas(ErrorBody, ErrorDetail)),
    modifiers(&SessionScheme),
)]
pub struct ApiDoc;

/// The `session` security scheme: the bearer token a member gets from creating, updating or
/// logging in as a user, rotated by `refresh`.
struct SessionScheme;

impl Modify for SessionScheme {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "session",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).description(Some("A member's session token")).build()),
        );
        components.add_security_scheme(
            "integrator",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .description(Some("A partner's integrator token (server to server)"))
                    .build(),
            ),
        );
    }
}

/// Every error answer of `/api`.
#[derive(Serialize, ToSchema)]
pub struct ErrorBody {
    pub error: ErrorDetail,
}

/// What went wrong: a code the web app switches on and a message a member can read.
#[derive(Serialize, ToSchema)]
pub struct ErrorDetail {
    /// A stable code the client switches on.
    pub code: ErrorCode,
    /// The member-facing text (the spec's text where it has one).
    pub message: String,
    /// The request field at fault, for validation errors.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
}

/// `{iid}`: an institution.
#[derive(IntoParams)]
#[into_params(parameter_in = Path)]
#[allow(dead_code)] // read by the derive only: it documents the path's parameters
pub struct InstitutionPath {
    /// The institution's id, e.g. `summit-cu`.
    iid: String,
}

/// `{iid}/user/{uid}`: a member of an institution; the bearer token must be this member's.
#[derive(IntoParams)]
#[into_params(parameter_in = Path)]
#[allow(dead_code)] // read by the derive only
pub struct MemberPath {
    /// The institution's id.
    iid: String,
    /// The member's user id.
    uid: String,
}

/// The document as served, with `/api` in front of every path.
pub fn document(paths: utoipa::openapi::OpenApi) -> utoipa::openapi::OpenApi {
    let mut doc = ApiDoc::openapi();
    doc.merge(paths);
    doc.info.version = env!("CARGO_PKG_VERSION").to_string();
    doc
}

/// Rewrites the framework's own 4xx answers under `/api` (rejections: malformed or wrongly
/// typed JSON, a missing content type, a bad path or query, an unknown route, a disallowed
/// method, a body over the limit) from plain text into an [`ErrorBody`], so every client error
/// of the API has one shape. Handlers' own errors are JSON already and pass through.
pub async fn json_errors(request: axum::extract::Request, next: axum::middleware::Next) -> Response {
    let response = next.run(request).await;
    let status = response.status();
    let is_json =
        response.headers().get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).is_some_and(|v| v.starts_with("application/json"));
    if !status.is_client_error() || is_json {
        return response;
    }
    let (parts, body) = response.into_parts();
    let text = match axum::body::to_bytes(body, 4096).await {
        Ok(bytes) => String::from_utf8_lossy(&bytes).trim().to_string(),
        Err(_) => String::new(),
    };
    let (code, message) = rejection_text(status, &text);
    let mut rewritten = (status, axum::Json(ErrorBody { error: ErrorDetail { code, message, field: None } })).into_response();
    for (name, value) in parts.headers.iter() {
        if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
            rewritten.headers_mut().insert(name.clone(), value.clone());
        }
    }
    rewritten.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    rewritten
}

/// The code and member-readable message of a framework rejection.
fn rejection_text(status: StatusCode, text: &str) -> (ErrorCode, String) {
    match status {
        StatusCode::NOT_FOUND => (ErrorCode::NotFound, "Not found".to_string()),
        StatusCode::METHOD_NOT_ALLOWED => (ErrorCode::MethodNotAllowed, "This method is not allowed here.".to_string()),
        StatusCode::PAYLOAD_TOO_LARGE => (ErrorCode::TooLarge, "The request is too large.".to_string()),
        StatusCode::UNSUPPORTED_MEDIA_TYPE => {
            (ErrorCode::UnsupportedMediaType, "Send the request body as JSON (Content-Type: application/json).".to_string())
        }
        StatusCode::UNPROCESSABLE_ENTITY => {
            (ErrorCode::Validation, readable(text, "The request body has a field of the wrong type or is missing one."))
        }
        _ => (ErrorCode::BadRequest, readable(text, "The request is malformed.")),
    }
}

/// The framework's text when it is short and printable (it names the field at fault), else
/// `fallback`.
fn readable(text: &str, fallback: &str) -> String {
    if text.is_empty() || text.len() > 300 || text.chars().any(char::is_control) { fallback.to_string() } else { text.to_string() }
}

/// The served document, rendered once (a clone of `doc` shares its bytes).
pub fn json_response(doc: axum::body::Bytes) -> Response {
    Response::builder()
        .header(header::CONTENT_TYPE, "application/json")
        .header(header::CACHE_CONTROL, "public, max-age=300")
        .body(Body::from(doc))
        .unwrap_or_else(|_| StatusCode::INTERNAL_SERVER_ERROR.into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rejections_get_a_code_and_a_readable_message() {
        let (code, message) = rejection_text(
            StatusCode::UNPROCESSABLE_ENTITY,
            "Failed to deserialize the JSON body into the target type: carId: invalid type: integer `1`, expected a string at line 1 column 11",
        );
        assert_eq!(code, ErrorCode::Validation);
        assert!(message.contains("carId"), "{message}");
        let (code, message) = rejection_text(StatusCode::BAD_REQUEST, "bad\u{0}bytes");
        assert_eq!((code, message.as_str()), (ErrorCode::BadRequest, "The request is malformed."));
        assert_eq!(rejection_text(StatusCode::PAYLOAD_TOO_LARGE, "").0, ErrorCode::TooLarge);
    }
}
