//! Bearer-token checks shared by both stand-ins.

use axum::http::HeaderMap;
use axum::http::header::AUTHORIZATION;
use subtle::ConstantTimeEq;

/// Whether `headers` carry `Authorization: Bearer <expected>` (compared in constant time).
pub fn bearer_ok(headers: &HeaderMap, expected: &str) -> bool {
    let Some(value) = headers.get(AUTHORIZATION).and_then(|v| v.to_str().ok()) else { return false };
    let Some((scheme, token)) = value.split_once(' ') else { return false };
    scheme.eq_ignore_ascii_case("bearer") && bool::from(token.trim().as_bytes().ct_eq(expected.as_bytes()))
}
