//! The API routes, one module per resource; paths and fields as spec section 7.

use axum::Router;

use crate::app::AppState;

mod analytics;
mod cars;
mod contact;
pub(crate) mod documents;
mod institutions;
mod integration;
mod payments;
mod photos;
mod policies;
mod quotes;
mod sessions;
mod users;

/// All `/api` routes. Request bodies are capped at 64 kB, except the VIN photo upload (10 MB).
pub fn router() -> Router<AppState> {
    Router::new()
        .merge(institutions::router())
        .merge(analytics::router())
        .merge(contact::router())
        .merge(photos::router())
        .merge(users::router())
        .merge(cars::router())
        .merge(quotes::router())
        .merge(policies::router())
        .merge(payments::router())
        .merge(documents::router())
        .merge(sessions::router())
        .merge(integration::router())
        .route("/health", axum::routing::get(|| async { "ok" }))
        .route_layer(axum::middleware::from_fn(crate::metrics::track))
        .layer(tower_http::limit::RequestBodyLimitLayer::new(64 * 1024))
        .merge(photos::upload_router())
}
