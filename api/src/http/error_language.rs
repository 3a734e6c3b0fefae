//! An API error in the member's language: the answer's message, written in English by the code
//! that refused (the catalogues' `messages.*` and `fieldErrors.*`), is read back to its key and
//! answered in the language of the member's page (`web_page::request_language`: the device's
//! choice, else `Accept-Language`, among the institution's languages). Only a member's calls
//! (`/api/institution/{iid}/…`) are translated: the staff console, the integrators' and the
//! operators' calls answer in English.

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use coverline_domain::Language;
use serde_json::Value;

use crate::http::app::AppState;
use crate::http::error::ApiError;
use crate::http::web_page::request_language;

/// The largest error answer read: every error body is a few hundred bytes.
const MAX_ERROR_BODY: usize = 64 * 1024;

/// Answers a member's call's error in their page's language.
pub async fn in_the_member_s_language(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let institution = institution_of(request.uri().path()).map(str::to_owned);
    let headers = language_headers(request.headers());
    let response = next.run(request).await;
    let json = response.headers().get(header::CONTENT_TYPE).is_some_and(|t| t.as_bytes().starts_with(b"application/json"));
    let (Some(institution), true, true) = (institution, response.status().as_u16() >= 400, json) else {
        return response;
    };
    let Ok(institution) = state.institution(&institution).await else {
        return response;
    };
    let language = request_language(&institution, &headers);
    if language == Language::En {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let Ok(bytes) = axum::body::to_bytes(body, MAX_ERROR_BODY).await else {
        return ApiError::internal(anyhow::anyhow!("an error answer over {MAX_ERROR_BODY} bytes")).into_response();
    };
    let Ok(mut answer) = serde_json::from_slice::<Value>(&bytes) else {
        return Response::from_parts(parts, Body::from(bytes));
    };
    // The API's `{error: {message}}`, and verifyresponse's gateway-style `{data: {error: {error_message}}}`.
    for pointer in ["/error/message", "/data/error/error_message"] {
        if let Some(message) = answer.pointer_mut(pointer)
            && let Some(translated) = message.as_str().and_then(|english| language.translate(english))
        {
            *message = Value::String(translated);
        }
    }
    parts.headers.remove(header::CONTENT_LENGTH);
    Response::from_parts(parts, Body::from(serde_json::to_vec(&answer).unwrap_or_else(|_| bytes.to_vec())))
}

/// `{iid}` of `/institution/{iid}/…` (the path under `/api`, or the whole one).
fn institution_of(path: &str) -> Option<&str> {
    let path = path.strip_prefix("/api").unwrap_or(path);
    path.strip_prefix("/institution/")?.split('/').next().filter(|iid| !iid.is_empty())
}

/// The request's headers the language is read from (the cookie and `Accept-Language`).
fn language_headers(headers: &HeaderMap) -> HeaderMap {
    [header::COOKIE, header::ACCEPT_LANGUAGE]
        .into_iter()
        .flat_map(|name| headers.get_all(&name).iter().map(move |value| (name.clone(), value.clone())).collect::<Vec<_>>())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_member_s_call_names_its_institution() {
        assert_eq!(institution_of("/institution/summit-cu/user/u1/policy"), Some("summit-cu"));
        assert_eq!(institution_of("/api/institution/summit-cu"), Some("summit-cu"));
        for other in ["/staff/me", "/integration/i1/launch", "/institution/", "/health"] {
            assert_eq!(institution_of(other), None, "{other}");
        }
    }
}
