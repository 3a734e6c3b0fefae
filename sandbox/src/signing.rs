//! The gateway's signed tokens: `base64url(json) "." base64url(HMAC-SHA256(secret, first part))`.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;
use hmac::{Hmac, Mac};
use serde::Serialize;
use serde::de::DeserializeOwned;
use sha2::Sha256;

type HmacSha256 = Hmac<Sha256>;

fn mac(secret: &[u8]) -> HmacSha256 {
    HmacSha256::new_from_slice(secret).expect("HMAC accepts keys of any length")
}

/// Signs `claims` as a token.
pub fn seal(secret: &[u8], claims: &impl Serialize) -> String {
    let body = B64.encode(serde_json::to_vec(claims).expect("claims serialise"));
    let mut m = mac(secret);
    m.update(body.as_bytes());
    let sig = B64.encode(m.finalize().into_bytes());
    format!("{body}.{sig}")
}

/// Checks a token's signature (in constant time) and decodes its claims; `None` when the token
/// is malformed, tampered with, or signed with another key.
pub fn open<T: DeserializeOwned>(secret: &[u8], token: &str) -> Option<T> {
    let (body, sig) = token.split_once('.')?;
    let sig = B64.decode(sig).ok()?;
    let mut m = mac(secret);
    m.update(body.as_bytes());
    m.verify_slice(&sig).ok()?;
    serde_json::from_slice(&B64.decode(body).ok()?).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_refuses_tampering() {
        let token = seal(b"0123456789abcdef", &serde_json::json!({"a": 1}));
        assert_eq!(open::<serde_json::Value>(b"0123456789abcdef", &token), Some(serde_json::json!({"a": 1})));
        assert_eq!(open::<serde_json::Value>(b"another key 1234", &token), None);
        let (body, sig) = token.split_once('.').unwrap();
        let forged_body = B64.encode(br#"{"a":2}"#);
        assert_eq!(open::<serde_json::Value>(b"0123456789abcdef", &format!("{forged_body}.{sig}")), None);
        assert_eq!(open::<serde_json::Value>(b"0123456789abcdef", body), None);
    }
}
