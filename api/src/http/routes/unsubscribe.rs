//! Stopping the promotional reminder from its email (CAN-SPAM; RFC 8058 one-click): the reminder's
//! `List-Unsubscribe` URL takes a `POST` (the mailbox's one-click button, `List-Unsubscribe=One-Click`)
//! and withdraws the member's promotional consent at once, recorded with the time and the client's
//! address. The same URL opened from the email's visible link shows a page in the institution's name
//! with one button that posts it: a link scanner's `GET` changes nothing. The link carries an HMAC of
//! the signing key over the institution and the member; a forged one is the API's 404 (JSON). Transactional email
//! (codes, receipts, contracts, refunds) is not affected.

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use coverline_activities::checkout::unsubscribe_token_matches;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::http::app::AppState;
use crate::http::error::{ApiError, ApiResult};
use crate::http::openapi::ErrorBody;
use crate::http::web_page::escape;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(unsubscribe_page, unsubscribe))
}

/// The link's token.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UnsubscribeToken {
    /// The `token` of the reminder's unsubscribe link (without it: 404, as a forged one).
    token: Option<String>,
}

fn page(status: StatusCode, title: &str, body: &str) -> Response {
    let html = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{title}</title><style>body{{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5}}\
         button{{font:inherit;padding:.6rem 1.2rem;border-radius:.4rem;border:1px solid #333;background:#fff;cursor:pointer}}</style></head>\
         <body><main><h1>{title}</h1>{body}</main></body></html>",
        title = escape(title),
    );
    (status, Html(html)).into_response()
}

/// A forged, altered or unknown link: the API's 404, as for any unknown id.
fn not_valid() -> Response {
    ApiError::not_found().into_response()
}

/// Whose link it is: the institution's name, or `None` for a forged or unknown link.
async fn linked(state: &AppState, iid: &str, uid: &str, token: Option<&str>) -> ApiResult<Option<String>> {
    let Some(token) = token else { return Ok(None) };
    if !unsubscribe_token_matches(state.config.signing_key.expose().as_bytes(), iid, uid, token) {
        return Ok(None);
    }
    let Some(user) = state.store.user(uid).await? else { return Ok(None) };
    if user.institution_id != iid {
        return Ok(None);
    }
    Ok(state.store.institution(iid).await?.map(|i| i.name))
}

/// The page the email's visible link opens: one button that stops the reminders (a `GET` changes nothing).
#[utoipa::path(get, path = "/institution/{iid}/unsubscribe/{uid}", tag = "users",
    params(("iid" = String, Path), ("uid" = String, Path), UnsubscribeToken),
    responses((status = 200, description = "The page with the button", content_type = "text/html", body = String),
        (status = 404, description = "A forged, altered or unknown link", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn unsubscribe_page(
    State(state): State<AppState>,
    Path((iid, uid)): Path<(String, String)>,
    Query(query): Query<UnsubscribeToken>,
) -> ApiResult<Response> {
    let Some(institution) = linked(&state, &iid, &uid, query.token.as_deref()).await? else { return Ok(not_valid()) };
    let token = query.token.unwrap_or_default();
    let action = format!("/api/institution/{}/unsubscribe/{}?token={}", escape(&iid), escape(&uid), escape(&token));
    let body = format!(
        "<p>Stop the reminder emails {name} sends when a purchase is left unfinished. Your receipts, contracts and \
         verification codes keep coming.</p><form method=\"post\" action=\"{action}\"><input type=\"hidden\" \
         name=\"List-Unsubscribe\" value=\"One-Click\"><button type=\"submit\">Stop reminder emails</button></form>",
        name = escape(&institution),
    );
    Ok(page(StatusCode::OK, &format!("Reminder emails from {institution}"), &body))
}

/// Stops the reminders at once (RFC 8058 one-click; any body is accepted): the member's
/// promotional consent is withdrawn and recorded. Asking again changes nothing.
#[utoipa::path(post, path = "/institution/{iid}/unsubscribe/{uid}", tag = "users",
    params(("iid" = String, Path), ("uid" = String, Path), UnsubscribeToken),
    responses((status = 200, description = "Unsubscribed (or already)", content_type = "text/html", body = String),
        (status = 404, description = "A forged, altered or unknown link: nothing changes", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn unsubscribe(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path((iid, uid)): Path<(String, String)>,
    Query(query): Query<UnsubscribeToken>,
) -> ApiResult<Response> {
    let Some(institution) = linked(&state, &iid, &uid, query.token.as_deref()).await? else { return Ok(not_valid()) };
    let client = super::document::client_address(&state, &headers, peer);
    let changed = state.store.withdraw_promotional_consent(&uid, state.clock.now(), "unsubscribe-link", Some(&client)).await?;
    tracing::info!(changed, "promotional consent withdrawn by the unsubscribe link");
    Ok(page(StatusCode::OK, "You are unsubscribed", &format!("<p>{} will send you no more reminder emails.</p>", escape(&institution))))
}
