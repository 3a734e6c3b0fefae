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
    answers_carry_every_field(doc)
}

/// Fields of an answer that are left out when empty (`skip_serializing_if`), as `(schema, field)`.
const SOMETIMES_ABSENT: [(&str, &str); 1] = [("ErrorDetail", "field")];

/// utoipa declares an `Option` field optional, which is right for a request (serde reads a missing
/// one as `None`) but not for an answer: the server always sends it, `null` when empty. A schema
/// no request body reaches therefore lists its nullable fields as required too, so the web's
/// generated types say `T | null`, not `T | null | undefined`.
fn answers_carry_every_field(doc: utoipa::openapi::OpenApi) -> utoipa::openapi::OpenApi {
    use serde_json::Value;
    let Ok(mut json) = serde_json::to_value(&doc) else { return doc };
    let mut in_requests = std::collections::BTreeSet::new();
    let mut pending: Vec<String> = Vec::new();
    for path in json["paths"].as_object().into_iter().flat_map(|p| p.values()) {
        for operation in path.as_object().into_iter().flat_map(|o| o.values()) {
            collect_refs(&operation["requestBody"], &mut pending);
        }
    }
    while let Some(name) = pending.pop() {
        if in_requests.insert(name.clone()) {
            collect_refs(&json["components"]["schemas"][&name], &mut pending);
        }
    }
    let Some(schemas) = json["components"]["schemas"].as_object_mut() else { return doc };
    for (name, schema) in schemas.iter_mut().filter(|(name, _)| !in_requests.contains(*name)) {
        let nullable: Vec<String> = schema["properties"]
            .as_object()
            .into_iter()
            .flatten()
            .filter(|(field, property)| is_nullable(property) && !SOMETIMES_ABSENT.contains(&(name.as_str(), field.as_str())))
            .map(|(field, _)| field.clone())
            .collect();
        if nullable.is_empty() {
            continue;
        }
        let required = schema.as_object_mut().and_then(|o| o.entry("required").or_insert_with(|| Value::Array(vec![])).as_array_mut());
        if let Some(required) = required {
            for field in nullable {
                if !required.iter().any(|r| r == &Value::String(field.clone())) {
                    required.push(Value::String(field));
                }
            }
        }
    }
    serde_json::from_value(json).unwrap_or(doc)
}

/// Every `#/components/schemas/<name>` referenced inside `value`.
fn collect_refs(value: &serde_json::Value, out: &mut Vec<String>) {
    match value {
        serde_json::Value::Object(map) => {
            if let Some(name) = map.get("$ref").and_then(|r| r.as_str()).and_then(|r| r.strip_prefix("#/components/schemas/")) {
                out.push(name.to_string());
            }
            map.values().for_each(|v| collect_refs(v, out));
        }
        serde_json::Value::Array(items) => items.iter().for_each(|v| collect_refs(v, out)),
        _ => {}
    }
}

/// A property that may be `null`: `type: [T, "null"]`, or `oneOf`/`anyOf` with a `null` branch.
fn is_nullable(property: &serde_json::Value) -> bool {
    let null = serde_json::Value::String("null".into());
    property["type"].as_array().is_some_and(|types| types.contains(&null))
        || ["oneOf", "anyOf"].iter().any(|k| property[*k].as_array().is_some_and(|branches| branches.iter().any(|b| b["type"] == null)))
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
    // An unknown enum value lists every allowed one: the field and the value are what matter.
    let text = text.split_once(", expected one of").map_or(text, |(head, _)| head);
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

    fn required(doc: &serde_json::Value, schema: &str) -> Vec<String> {
        doc["components"]["schemas"][schema]["required"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|r| r.as_str().map(str::to_string))
            .collect()
    }

    #[test]
    fn answers_list_their_nullable_fields_as_required_and_requests_leave_them_optional() {
        let doc = serde_json::to_value(crate::routes::openapi()).unwrap();
        // An answer only: the contract number is sent as null until booked.
        assert!(required(&doc, "PolicyView").contains(&"mmpContractNumber".to_string()));
        assert!(required(&doc, "Resumed").contains(&"confirmation".to_string()));
        // A request body: a missing optional answer is read as none.
        assert!(!required(&doc, "AnswersBody").contains(&"carId".to_string()));
        assert!(!required(&doc, "CollectedInfo").contains(&"firstName".to_string()));
        // Left out when empty.
        assert!(!required(&doc, "ErrorDetail").contains(&"field".to_string()));
        assert!(required(&doc, "ErrorDetail").contains(&"code".to_string()));
    }

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
