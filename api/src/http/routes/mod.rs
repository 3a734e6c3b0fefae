//! The API routes, one module per resource, named as its path segment (`user`, `car`, `quote`,
//! `policy`: singular, as spec section 7 writes the paths); paths and fields as spec section 7.

use axum::Router;
use utoipa_axum::router::OpenApiRouter;

use crate::http::app::AppState;

mod analytics;
pub(crate) mod cancellation;
mod captcha;
mod car;
pub(crate) mod checkout;
mod contact;
pub(crate) mod document;
pub mod gateway;
pub(crate) mod institution;
mod integration;
mod launch;
mod payment;
pub mod photo;
mod policy;
mod quote;
mod session;
mod staff;
mod unsubscribe;
mod user;

/// The `Set-Cookie` header of an answer that starts a session (the restore cookie).
pub(crate) type SetCookie = axum::response::AppendHeaders<[(axum::http::HeaderName, axum::http::HeaderValue); 1]>;

/// All `/api` routes and their OpenAPI document, which is served at `/api/openapi.json`.
/// Request bodies are capped at 64 kB, except the VIN photo upload (10 MB).
pub fn router() -> Router<AppState> {
    let (routes, doc) = documented();
    let doc = axum::body::Bytes::from(serde_json::to_vec(&doc).expect("the OpenAPI document serializes"));
    routes
        .route("/openapi.json", axum::routing::get(move || std::future::ready(crate::http::openapi::json_response(doc.clone()))))
        // An unknown /api path is the API's 404, not the web app's index page.
        .fallback(|| async { crate::http::error::ApiError::not_found() })
        .layer(axum::middleware::from_fn(crate::http::openapi::json_errors))
}

/// The version of the review page's E-SIGN disclosure recorded with each answer.
pub fn esign_version() -> String {
    policy::esign_version()
}

/// The OpenAPI document of `/api` (paths relative to `/api`'s parent, i.e. starting `/api/`).
pub fn openapi() -> utoipa::openapi::OpenApi {
    documented().1
}

fn documented() -> (Router<AppState>, utoipa::openapi::OpenApi) {
    let api = OpenApiRouter::new()
        .merge(institution::router())
        .merge(analytics::router())
        .merge(contact::router())
        .merge(photo::router())
        .merge(captcha::router())
        .merge(user::router())
        .merge(car::router())
        .merge(quote::router())
        .merge(policy::router())
        .merge(checkout::router())
        .merge(payment::router())
        .merge(gateway::router())
        .merge(document::router())
        .merge(cancellation::router())
        .merge(session::router())
        .merge(integration::router())
        .merge(launch::router())
        .merge(unsubscribe::router())
        .merge(staff::router())
        .routes(utoipa_axum::routes!(health))
        .route_layer(axum::middleware::from_fn(crate::http::metrics::track))
        .layer(tower_http::limit::RequestBodyLimitLayer::new(64 * 1024))
        .merge(photo::upload_router());
    let (routes, mut doc) = api.split_for_parts();
    // The app nests these routes under /api (so that an unknown /api path is this router's 404,
    // not the web app's); the document names them with the prefix.
    doc.paths.paths = std::mem::take(&mut doc.paths.paths).into_iter().map(|(path, item)| (format!("/api{path}"), item)).collect();
    (routes, crate::http::openapi::document(doc))
}

/// Reads a JSON object into `T`, refusing other JSON (serde's derive would also read a struct
/// from an array of its fields in order, which no client of this API sends on purpose).
pub(crate) fn object<'de, D: serde::Deserializer<'de>, T: serde::de::DeserializeOwned>(deserializer: D) -> Result<T, D::Error> {
    use serde::Deserialize;
    let map = serde_json::Map::deserialize(deserializer)?;
    serde_json::from_value(serde_json::Value::Object(map)).map_err(serde::de::Error::custom)
}

/// Liveness: the process answers.
#[utoipa::path(get, path = "/health", tag = "operations", responses((status = 200, description = "The API is up", body = String, content_type = "text/plain")))]
#[tracing::instrument(skip_all)]
async fn health() -> &'static str {
    "ok"
}
