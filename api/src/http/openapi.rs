//! The OpenAPI document of `/api`, generated from the handlers themselves: every route is
//! registered through `utoipa_axum::routes!`, so a handler cannot be served without being
//! documented. Served at `GET /api/openapi.json`; fuzzed by schemathesis (`scripts/fuzz.sh`).
//!
//! Conventions shared by every operation:
//! - a member's calls carry `Authorization: Bearer <token>` (the `session` scheme);
//! - every 4xx answer is an [`ErrorBody`] (handlers answer [`crate::http::error::ApiError`]; the
//!   framework's own rejections — malformed JSON, wrong types, unknown routes, too-large bodies —
//!   are rewritten into the same shape by [`json_errors`]);
//! - every answer says when it is sent (`description`, required by OpenAPI), and an operation that
//!   names no security scheme says `security: []`;
//! - every integer states its Rust type's range (`minimum`, `maximum`, and a registry `format`
//!   such as `uint16`), and every `pattern` is the rule the server's parser applies (tests below).
//!
//! `make test` runs the document through openapi-spec-validator and Redocly's recommended rules.

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
    servers((url = "/", description = "The origin that serves this document (`/api/openapi.json`): every path starts with `/api`")),
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
    let mut json = serde_json::to_value(&doc).expect("the OpenAPI document serializes");
    answers_carry_every_field(&mut json);
    integers_say_their_range(&mut json);
    no_scheme_is_no_credentials(&mut json);
    serde_json::from_value(json).expect("the adjusted OpenAPI document reads back")
}

/// Fields of an answer that are left out when empty (`skip_serializing_if`), as `(schema, field)`.
const SOMETIMES_ABSENT: [(&str, &str); 1] = [("ErrorDetail", "field")];

/// utoipa declares an `Option` field optional, which is right for a request (serde reads a missing
/// one as `None`) but not for an answer: the server always sends it, `null` when empty. A schema
/// no request body reaches therefore lists its nullable fields as required too, so the web's
/// generated types say `T | null`, not `T | null | undefined`.
fn answers_carry_every_field(json: &mut serde_json::Value) {
    use serde_json::Value;
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
    let Some(schemas) = json["components"]["schemas"].as_object_mut() else { return };
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
}

/// The values a Rust integer type holds, by the `format` utoipa writes for it (with utoipa's
/// `non_strict_integers`, one per type: `u8` is `uint8`, `u32` is `uint32`).
fn integer_range(format: &str) -> Option<(i128, i128)> {
    Some(match format {
        "int8" => (i8::MIN.into(), i8::MAX.into()),
        "int16" => (i16::MIN.into(), i16::MAX.into()),
        "int32" => (i32::MIN.into(), i32::MAX.into()),
        "int64" => (i64::MIN.into(), i64::MAX.into()),
        "uint8" => (0, u8::MAX.into()),
        "uint16" => (0, u16::MAX.into()),
        "uint32" => (0, u32::MAX.into()),
        "uint64" => (0, u64::MAX.into()),
        _ => return None,
    })
}

/// Whether a schema is an integer's: `type: integer`, or `[integer, null]` for an `Option`.
fn is_integer(schema: &serde_json::Map<String, serde_json::Value>) -> bool {
    match schema.get("type") {
        Some(serde_json::Value::String(t)) => t == "integer",
        Some(serde_json::Value::Array(types)) => types.iter().any(|t| t == "integer"),
        _ => false,
    }
}

/// Every integer says the values its Rust type holds, as `minimum` and `maximum` (a bound of the
/// field's own, e.g. `yearsToOwn` 1 to 7, stays when it is narrower): a format alone (`uint32`)
/// is one a generator or validator may not know, and utoipa's default wrote `u8`, `u16` and `u32`
/// alike as `int32`, so schemathesis took values a field cannot hold (256 for a `u8`) for valid
/// ones, and ones it holds (2^31 for a `u32`) for invalid. A `usize`, which utoipa writes with
/// `minimum: 0` and no format, gets the format of its width.
fn integers_say_their_range(value: &mut serde_json::Value) {
    match value {
        serde_json::Value::Object(schema) => {
            if is_integer(schema) {
                // utoipa 6 spells its unsigned formats `u-int8` .. `u-int64` (a kebab-case rename of
                // `UInt8`); the OpenAPI format registry's names are `uint8` .. `uint64`.
                if let Some(unsigned) = schema.get("format").and_then(|f| f.as_str()).and_then(|f| f.strip_prefix("u-int")) {
                    let registered = format!("uint{unsigned}");
                    schema.insert("format".into(), registered.into());
                }
                if !schema.contains_key("format") && schema.get("minimum").and_then(serde_json::Value::as_i64) == Some(0) {
                    let usize_format = if usize::BITS == 64 { "uint64" } else { "uint32" };
                    schema.insert("format".into(), usize_format.into());
                }
                if let Some((min, max)) = schema.get("format").and_then(|f| f.as_str()).and_then(integer_range) {
                    let own = |key: &str| schema.get(key).and_then(as_i128);
                    let min = own("minimum").map_or(min, |own| own.max(min));
                    let max = own("maximum").map_or(max, |own| own.min(max));
                    schema.insert("minimum".into(), json_integer(min));
                    schema.insert("maximum".into(), json_integer(max));
                }
            }
            schema.values_mut().for_each(integers_say_their_range);
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(integers_say_their_range),
        _ => {}
    }
}

/// A JSON number as an integer (a bound written `7.0` reads as 7).
fn as_i128(value: &serde_json::Value) -> Option<i128> {
    value.as_i64().map(i128::from).or_else(|| value.as_u64().map(i128::from)).or_else(|| value.as_f64().map(|f| f as i128))
}

/// An integer bound as JSON: within `i64` or `u64`, which every integer format's range is.
fn json_integer(n: i128) -> serde_json::Value {
    match (i64::try_from(n), u64::try_from(n)) {
        (Ok(n), _) => n.into(),
        (_, Ok(n)) => n.into(),
        _ => unreachable!("integer ranges fit i64 or u64"),
    }
}

/// An operation that names no security scheme needs no credentials (a public call, or one whose
/// proof is its own: the webhook's signature, a signed link's token): it says so with an empty
/// `security`, as partners' linters ask every operation to.
fn no_scheme_is_no_credentials(json: &mut serde_json::Value) {
    for path in json["paths"].as_object_mut().into_iter().flat_map(|p| p.values_mut()) {
        for operation in path.as_object_mut().into_iter().flat_map(|o| o.values_mut()) {
            if let Some(operation) = operation.as_object_mut() {
                operation.entry("security").or_insert_with(|| serde_json::Value::Array(vec![]));
            }
        }
    }
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
        StatusCode::NOT_FOUND => (ErrorCode::NotFound, coverline_domain::product::messages::NOT_FOUND.to_string()),
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
        let doc = serde_json::to_value(crate::http::routes::openapi()).unwrap();
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

    /// Every operation of the document: `(method path, operation)`.
    fn operations(doc: &serde_json::Value) -> Vec<(String, &serde_json::Value)> {
        let paths = doc["paths"].as_object().expect("paths");
        paths
            .iter()
            .flat_map(|(path, item)| item.as_object().expect("a path item").iter().map(move |(m, op)| (format!("{m} {path}"), op)))
            .collect()
    }

    #[test]
    fn every_openapi_answer_says_when_it_is_sent_and_every_operation_its_security() {
        let doc = serde_json::to_value(crate::http::routes::openapi()).unwrap();
        let mut undescribed = Vec::new();
        for (operation, op) in operations(&doc) {
            let responses = op["responses"].as_object().expect("responses");
            assert!(!responses.is_empty(), "{operation} documents no answer");
            for (status, response) in responses {
                if response["description"].as_str().is_none_or(|d| d.trim().is_empty()) {
                    undescribed.push(format!("{operation} {status}"));
                }
            }
            // An empty list where no scheme applies: partners' linters want it said.
            assert!(op["security"].is_array(), "{operation} says nothing of its security");
        }
        assert!(undescribed.is_empty(), "answers without a description (required by OpenAPI): {undescribed:#?}");
        assert_eq!(doc["servers"][0]["url"], "/");
    }

    /// Every integer schema of the document, with where it is.
    fn integers<'a>(value: &'a serde_json::Value, at: String, out: &mut Vec<(String, &'a serde_json::Map<String, serde_json::Value>)>) {
        match value {
            serde_json::Value::Object(map) => {
                if is_integer(map) {
                    out.push((at.clone(), map));
                }
                map.iter().for_each(|(k, v)| integers(v, format!("{at}/{k}"), out));
            }
            serde_json::Value::Array(items) => items.iter().enumerate().for_each(|(i, v)| integers(v, format!("{at}/{i}"), out)),
            _ => {}
        }
    }

    #[test]
    fn every_openapi_integer_says_the_range_its_rust_type_holds() {
        let doc = serde_json::to_value(crate::http::routes::openapi()).unwrap();
        let mut found = Vec::new();
        integers(&doc, String::new(), &mut found);
        assert!(found.len() > 50, "{}", found.len());
        for (at, schema) in &found {
            let format = schema.get("format").and_then(|f| f.as_str()).unwrap_or_else(|| panic!("{at}: an integer without a format"));
            let (lowest, highest) = integer_range(format).unwrap_or_else(|| panic!("{at}: an unknown integer format {format}"));
            let bound = |key: &str| schema.get(key).and_then(as_i128).unwrap_or_else(|| panic!("{at}: no {key}"));
            let (min, max) = (bound("minimum"), bound("maximum"));
            assert!(lowest <= min && min <= max && max <= highest, "{at}: {min}..={max} is not within {format}'s {lowest}..={highest}");
            if format.starts_with("uint") {
                assert!(min >= 0, "{at}: an unsigned integer below 0");
            }
        }
        let field = |schema: &str, name: &str| doc["components"]["schemas"][schema]["properties"][name].clone();
        let range = |v: serde_json::Value| (v["format"].as_str().map(str::to_string), v["minimum"].clone(), v["maximum"].clone());
        let expect = |format: &str, min: serde_json::Value, max: serde_json::Value| (Some(format.to_string()), min, max);
        // Each unsigned type at its true range (u8, u16, u32, u64, usize) ...
        assert_eq!(
            range(doc["components"]["schemas"]["CatalogList_u16"]["properties"]["data"]["items"].clone()),
            expect("uint16", 0.into(), 65535.into())
        );
        assert_eq!(range(field("CreateCar", "milesPerYear")), expect("uint32", 0.into(), u32::MAX.into()));
        assert_eq!(range(field("CheckoutView", "version")), expect("uint64", 0.into(), u64::MAX.into()));
        assert_eq!(range(field("GlobalLimits", "maxRates")), expect("uint64", 0.into(), (usize::MAX as u64).into()));
        // ... and a field's own bounds, where narrower, kept.
        assert_eq!(range(field("CreateCar", "yearsToOwn")), expect("uint8", 1.into(), 7.into()));
        assert_eq!(range(field("AnswersBody", "odometer")), expect("uint32", 0.into(), 999_999.into()));
        assert_eq!(range(field("RateSummary", "coverageMonths")), expect("uint32", 0.into(), 240.into()));
        // Signed types too.
        assert_eq!(range(field("CarView", "year")), expect("int64", i64::MIN.into(), i64::MAX.into()));
    }

    /// A schema property's `pattern`, compiled.
    fn pattern(doc: &serde_json::Value, schema: &str, field: &str) -> regex::Regex {
        let pattern = doc["components"]["schemas"][schema]["properties"][field]["pattern"].as_str();
        regex::Regex::new(pattern.unwrap_or_else(|| panic!("{schema}.{field} has no pattern"))).unwrap()
    }

    #[test]
    fn every_openapi_pattern_is_the_rule_the_server_applies() {
        use coverline_domain::vehicle::Odometer;
        use coverline_domain::{StateCode, Vin};
        let doc = serde_json::to_value(crate::http::routes::openapi()).unwrap();
        // The VIN: exactly `Vin::parse`'s rule (either case, spaces around ignored).
        let vins = [
            "5XYRLDLC3NG097496",
            " 5xyrldlc3ng097496\t",
            "5XYRLDLC3NG09749",
            "5XYRLDLC3NG0974961",
            "5XYRLDLC3NG09749I",
            "5XYRLDLC3NG09749o",
            "5XYRLDLC3NG09749Q",
            "",
            "5XYRLDLC3NG09749\u{e9}",
            "5XYRLDLC3NG 97496",
            "\u{a0}5XYRLDLC3NG097496",
        ];
        for (schema, field) in [("CreateCar", "vin"), ("VehicleAnswer", "vin")] {
            let rule = pattern(&doc, schema, field);
            for vin in vins {
                assert_eq!(rule.is_match(vin), Vin::parse(vin).is_ok(), "{schema}.{field}: {vin:?}");
            }
        }
        // The odometer: the shape `Odometer::parse` checks (matches exactly what it does not refuse
        // for its characters or length); the miles (1 to 999,999) it checks after.
        let rule = pattern(&doc, "CreateCar", "odometer");
        for (text, shape) in [
            ("45,000", true),
            (" 45000 ", true),
            ("999,999", true),
            (",5", true),
            ("0", true),
            ("1234567", true),
            ("", false),
            ("1,234,567", false),
            ("12345678", false),
            ("12.5", false),
            ("-5", false),
            ("4 5", false),
            ("abc", false),
        ] {
            assert_eq!(rule.is_match(text), shape, "odometer {text:?}");
            assert!(shape || Odometer::parse(text).is_err(), "the server takes {text:?}, which the pattern refuses");
        }
        // The state: the shape `StateCode::parse` checks (two letters, either case, spaces around).
        for (schema, field) in [("CreateQuote", "state"), ("UpdateQuote", "state"), ("AnswersBody", "stateOfResidence")] {
            let rule = pattern(&doc, schema, field);
            for code in coverline_domain::contact::STATE_CODES {
                for sent in [code.to_string(), code.to_lowercase(), format!(" {code} ")] {
                    assert!(StateCode::parse(&sent).is_ok() && rule.is_match(&sent), "{schema}.{field}: {sent:?}");
                }
            }
            for sent in ["", "C", "COL", "C0", "C O"] {
                assert!(!rule.is_match(sent) && StateCode::parse(sent).is_err(), "{schema}.{field}: {sent:?}");
            }
        }
        // No format the server does not check: its email rule is `EmailAddress::parse`, not JSON Schema's.
        assert!(!doc.to_string().contains(r#""format":"email""#));
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
