//! The card widget the member's browser frames: a self-contained HTML page (inline CSS, no
//! external resources) and its script, served separately so the page's CSP needs no
//! `unsafe-inline` for scripts. The page may only be framed by the parent origin it was
//! opened for, and it talks to that origin only, through `postMessage`. The page is written in
//! one language, and carries the texts its script shows in that language (`data-texts`).

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use coverline_domain::money::Cents;

use crate::gateway::SignRequest;
use crate::texts::{Locale, Text};

/// `scheme://host[:port]` when `raw` is an http(s) origin (a trailing `/` is tolerated), else `None`.
/// The result is safe to place in a CSP header and an HTML attribute.
pub fn parse_origin(raw: &str) -> Option<String> {
    let raw = raw.strip_suffix('/').unwrap_or(raw);
    let (scheme, rest) = raw.split_once("://")?;
    if !matches!(scheme, "http" | "https") || rest.is_empty() {
        return None;
    }
    let (host_ok, port) = if let Some(v6) = rest.strip_prefix('[') {
        let (addr, after) = v6.split_once(']')?;
        let port = match after {
            "" => None,
            p => Some(p.strip_prefix(':')?),
        };
        (!addr.is_empty() && addr.bytes().all(|b| b.is_ascii_hexdigit() || b == b':' || b == b'.'), port)
    } else {
        let (host, port) = match rest.split_once(':') {
            Some((h, p)) => (h, Some(p)),
            None => (rest, None),
        };
        (!host.is_empty() && host.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'-'), port)
    };
    let port_ok = port.is_none_or(|p| !p.is_empty() && p.len() <= 5 && p.bytes().all(|b| b.is_ascii_digit()));
    (host_ok && port_ok).then(|| raw.to_string())
}

fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

const STYLE: &str = r#"
*{box-sizing:border-box}
body{margin:0;font:16px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2733;background:#fff}
main{max-width:28rem;margin:0 auto;padding:1rem}
.summary{margin:0 0 .25rem;color:#4a5868}
.amount{margin:0 0 1rem;font-size:1.75rem;font-weight:700}
.field{margin:0 0 .75rem}
.row{display:flex;gap:.75rem}.row .field{flex:1}
label{display:block;margin:0 0 .25rem;font-weight:600}
input{width:100%;padding:.6rem .7rem;font:inherit;border:1px solid #8796a8;border-radius:6px}
input:focus{outline:3px solid #8cb4ff;outline-offset:1px;border-color:#2456c7}
input[aria-invalid=true]{border-color:#b42318}
.field-error,.form-message{margin:.25rem 0 0;color:#b42318;font-size:.9rem}
.form-message{margin:0 0 .75rem;padding:.6rem .7rem;border:1px solid #f1b0aa;border-radius:6px;background:#fef3f2}
button{width:100%;padding:.75rem;font:inherit;font-weight:700;color:#fff;background:#2456c7;border:0;border-radius:6px;cursor:pointer}
button:disabled{opacity:.6;cursor:progress}
.approved{padding:1rem;font-size:1.25rem;font-weight:700;color:#067647;text-align:center;border:1px solid #abefc6;border-radius:6px;background:#ecfdf3}
.failure{padding:1rem;color:#b42318;border:1px solid #f1b0aa;border-radius:6px;background:#fef3f2}
[hidden]{display:none!important}
"#;

fn page(status: StatusCode, parent_origin: Option<&str>, locale: Locale, title: Text, body: &str) -> Response {
    let ancestors = parent_origin.unwrap_or("'none'");
    let csp = format!("default-src 'self'; style-src 'self' 'unsafe-inline'; frame-ancestors {ancestors}");
    let html = format!(
        "<!doctype html>\n<html lang=\"{lang}\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{title}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<main>\n{body}\n</main>\n<script src=\"widget.js\"></script>\n</body>\n</html>\n",
        lang = locale.tag(),
        title = escape(locale.text(title))
    );
    let mut response = (status, html).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
    if let Ok(v) = HeaderValue::from_str(&csp) {
        headers.insert(header::CONTENT_SECURITY_POLICY, v);
    }
    // The URL carries the signed request: keep it out of caches and Referer headers.
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    response
}

/// The page for a request that cannot be paid (bad signature, expired, used, no parent
/// origin, a wrong start), in `locale`. Its script posts `{source, type: "error", message}` to
/// the parent when it knows it.
pub fn failure_page(parent_origin: Option<&str>, locale: Locale, problem: Text) -> Response {
    let origin_attr = parent_origin.map(|o| format!(" data-parent-origin=\"{}\"", escape(o))).unwrap_or_default();
    let body = format!(
        "<div id=\"gateway-failure\" class=\"failure\" role=\"alert\"{origin_attr} data-message=\"{m}\">{m}</div>",
        m = escape(locale.text(problem))
    );
    page(StatusCode::BAD_REQUEST, parent_origin, locale, Text::FailureTitle, &body)
}

/// The card form for a verified, unexpired request, in `locale`.
pub fn form_page(parent_origin: &str, signed_request: &str, request: &SignRequest, locale: Locale) -> Response {
    let line = &request.payment_information[0];
    let product = if line.kind.trim().is_empty() { locale.text(Text::DefaultProduct) } else { line.kind.as_str() };
    let field = |id: &str, name: &str, label: Text, extra: &str| {
        format!(
            "<div class=\"field\"><label for=\"{id}\">{label}</label><input id=\"{id}\" name=\"{name}\" {extra} aria-describedby=\"{id}-error\" required><p class=\"field-error\" id=\"{id}-error\" hidden></p></div>",
            label = escape(locale.text(label))
        )
    };
    let body = format!(
        concat!(
            "<form id=\"payment-form\" novalidate data-parent-origin=\"{origin}\" data-request=\"{request}\" data-texts=\"{texts}\">\n",
            "<p class=\"summary\"><span class=\"product\">{product}</span> &middot; <span class=\"contract\">{contract}</span></p>\n",
            "<p class=\"amount\">{amount}</p>\n",
            "<p id=\"form-message\" class=\"form-message\" role=\"alert\" hidden></p>\n",
            "{number}\n<div class=\"row\">{expiry}{cvc}</div>\n{zip}\n",
            "<button type=\"submit\" id=\"pay-button\">{pay}</button>\n",
            "</form>\n",
            "<div id=\"approved\" class=\"approved\" role=\"status\" hidden>{approved}</div>"
        ),
        origin = escape(parent_origin),
        request = escape(signed_request),
        texts = escape(&locale.script_texts()),
        product = escape(product),
        contract = escape(&line.apply_funds_to),
        amount = escape(&Cents(line.amount).dollar_sign()),
        number = field("card-number", "cardNumber", Text::CardNumberLabel, "inputmode=\"numeric\" autocomplete=\"cc-number\""),
        expiry = field(
            "card-expiry",
            "expiry",
            Text::ExpiryLabel,
            &format!("inputmode=\"numeric\" autocomplete=\"cc-exp\" placeholder=\"{}\"", escape(locale.text(Text::ExpiryPlaceholder)))
        ),
        cvc = field("card-cvc", "cvc", Text::CvcLabel, "inputmode=\"numeric\" autocomplete=\"cc-csc\""),
        zip = field("card-zip", "zip", Text::ZipLabel, "inputmode=\"numeric\" autocomplete=\"postal-code\""),
        pay = escape(locale.text(Text::Pay)),
        approved = escape(locale.text(Text::Approved)),
    );
    page(StatusCode::OK, Some(parent_origin), locale, Text::FormTitle, &body)
}

const SCRIPT: &str = include_str!("widget.js");

/// `GET /widget.js`.
pub async fn script() -> Response {
    let mut response = SCRIPT.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/javascript; charset=utf-8"));
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins() {
        assert_eq!(parse_origin("http://localhost:3000").as_deref(), Some("http://localhost:3000"));
        assert_eq!(parse_origin("https://app.example.com/").as_deref(), Some("https://app.example.com"));
        assert_eq!(parse_origin("http://[::1]:8080").as_deref(), Some("http://[::1]:8080"));
        for bad in [
            "",
            "localhost:3000",
            "javascript://x",
            "https://a.com/path",
            "https://a.com; script-src *",
            "https://a.com:x",
            "http://[::1]x",
        ] {
            assert_eq!(parse_origin(bad), None, "{bad}");
        }
    }
}
