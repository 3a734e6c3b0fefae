//! The API routes, one module per resource; paths and fields as spec section 7.

use axum::Router;

use crate::app::AppState;

mod cars;
mod institutions;
mod payments;
mod policies;
mod quotes;
mod users;

/// All `/api` routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .merge(institutions::router())
        .merge(users::router())
        .merge(cars::router())
        .merge(quotes::router())
        .merge(policies::router())
        .merge(payments::router())
        .route("/health", axum::routing::get(|| async { "ok" }))
}
