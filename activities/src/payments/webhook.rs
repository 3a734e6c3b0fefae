//! The gateway's webhooks as Coverline receives them: the `Gateway-Signature` check (HMAC-SHA256
//! of `"<t>.<raw body>"`, constant time, a timestamp window against replays) and the events.

use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use sha2::Sha256;
use subtle::ConstantTimeEq;

/// The header the gateway signs its webhooks in: `t=<unix seconds>,v1=<hex HMAC-SHA256>`.
pub const WEBHOOK_SIGNATURE_HEADER: &str = "Gateway-Signature";

/// An event the gateway posted to Coverline's webhook endpoint.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GatewayEvent {
    /// `evt_…`, the same on every delivery attempt: an event seen before is a repeat.
    pub id: String,
    /// UTC unix seconds.
    pub created: i64,
    pub kind: GatewayEventKind,
}

/// What a gateway event tells.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GatewayEventKind {
    /// `charge.approved`.
    ChargeApproved(ChargeApproved),
    /// `charge.refunded`.
    ChargeRefunded(ChargeRefunded),
    /// A type this client does not know, to acknowledge and ignore.
    Other(String),
}

/// A card was charged for a payment request.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ChargeApproved {
    pub tracking_number: String,
    pub request_id: String,
    /// Cents.
    pub amount: i64,
    pub apply_funds_to: String,
    pub payment_account_id: String,
    /// UTC unix seconds.
    pub paid_at: i64,
}

/// Money was given back from a charge.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ChargeRefunded {
    pub tracking_number: String,
    pub refund_id: String,
    /// Cents refunded by this refund.
    pub amount: i64,
    /// Cents refunded from the charge so far, this refund included.
    pub refunded_amount: i64,
    pub apply_funds_to: String,
    pub payment_account_id: String,
    /// UTC unix seconds.
    pub refunded_at: i64,
}

/// Why a webhook was not accepted. None of them should be retried by asking the gateway: the
/// endpoint answers 400 and the gateway retries a genuine event itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum WebhookRefusal {
    /// The signature header or the body cannot be read.
    #[error("the webhook's Gateway-Signature header or its body is malformed")]
    Malformed,
    /// No signature in the header matches the body under Coverline's webhook secret.
    #[error("no signature in the webhook's Gateway-Signature header matches its body")]
    BadSignature,
    /// The signed timestamp is too far from now: possibly a replay.
    #[error("the webhook's signed timestamp is outside the accepted tolerance")]
    Stale,
}

/// Checks a webhook the gateway posted and reads its event. `signature_header` is the
/// `Gateway-Signature` value (`t=…,v1=…`, any one of several `v1` may match), `body` the raw
/// bytes as received; the signature is HMAC-SHA256 of `"<t>.<body>"` under `secret`, compared in
/// constant time. A `t` more than `tolerance_secs` from `now_unix` is refused, so a captured
/// webhook cannot be replayed later.
pub fn verify_webhook(
    secret: &[u8],
    signature_header: &str,
    body: &[u8],
    now_unix: i64,
    tolerance_secs: i64,
) -> Result<GatewayEvent, WebhookRefusal> {
    let (timestamp, candidates) = parse_signature_header(signature_header).ok_or(WebhookRefusal::Malformed)?;
    let mut mac = Hmac::<Sha256>::new_from_slice(secret).expect("HMAC accepts keys of any length");
    mac.update(format!("{timestamp}.").as_bytes());
    mac.update(body);
    let expected = mac.finalize().into_bytes();
    if !candidates.iter().any(|candidate| bool::from(candidate.as_slice().ct_eq(expected.as_slice()))) {
        return Err(WebhookRefusal::BadSignature);
    }
    if now_unix.abs_diff(timestamp) > u64::try_from(tolerance_secs).unwrap_or(0) {
        return Err(WebhookRefusal::Stale);
    }
    parse_event(body).ok_or(WebhookRefusal::Malformed)
}

/// `t` and the decoded `v1` signatures (a `v1` that is not hex never matches); `None` without
/// exactly one numeric `t` or without any `v1`. Other schemes are ignored.
fn parse_signature_header(header: &str) -> Option<(i64, Vec<Vec<u8>>)> {
    let mut timestamp = None;
    let mut candidates = Vec::new();
    let mut any_v1 = false;
    for part in header.split(',') {
        let (key, value) = part.trim().split_once('=')?;
        match key {
            "t" if timestamp.is_none() => timestamp = Some(value.parse::<i64>().ok()?),
            "t" => return None,
            "v1" => {
                any_v1 = true;
                candidates.extend(hex::decode(value).ok());
            }
            _ => {}
        }
    }
    any_v1.then_some((timestamp?, candidates))
}

#[derive(Deserialize)]
struct WireEvent {
    id: String,
    created: i64,
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    data: serde_json::Value,
}

fn parse_event(body: &[u8]) -> Option<GatewayEvent> {
    let wire: WireEvent = serde_json::from_slice(body).ok()?;
    let kind = match wire.kind.as_str() {
        "charge.approved" => GatewayEventKind::ChargeApproved(serde_json::from_value(wire.data).ok()?),
        "charge.refunded" => GatewayEventKind::ChargeRefunded(serde_json::from_value(wire.data).ok()?),
        _ => GatewayEventKind::Other(wire.kind),
    };
    Some(GatewayEvent { id: wire.id, created: wire.created, kind })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const SECRET: &[u8] = b"whsec-coverline-test-0123456789";
    const NOW: i64 = 1_750_000_000;
    const TOLERANCE: i64 = 300;

    fn signature(secret: &[u8], t: i64, body: &[u8]) -> String {
        let mut mac = Hmac::<Sha256>::new_from_slice(secret).unwrap();
        mac.update(format!("{t}.").as_bytes());
        mac.update(body);
        hex::encode(mac.finalize().into_bytes())
    }

    fn header(secret: &[u8], t: i64, body: &[u8]) -> String {
        format!("t={t},v1={}", signature(secret, t, body))
    }

    fn event_body(kind: &str, data: serde_json::Value) -> Vec<u8> {
        json!({ "id": "evt_0a1b2c", "type": kind, "created": NOW - 2, "data": data }).to_string().into_bytes()
    }

    fn approved_body() -> Vec<u8> {
        event_body(
            "charge.approved",
            json!({
                "trackingNumber": "PAY-ABCDEF123456", "requestId": "req_00ff", "amount": 123_456,
                "applyFundsTo": "NAC-2026-000001", "paymentAccountId": "inst-001", "paidAt": NOW - 3, "cardLast4": "4242"
            }),
        )
    }

    #[test]
    fn a_valid_webhook_is_read() {
        let body = approved_body();
        let event = verify_webhook(SECRET, &header(SECRET, NOW, &body), &body, NOW, TOLERANCE).unwrap();
        assert_eq!(
            event,
            GatewayEvent {
                id: "evt_0a1b2c".into(),
                created: NOW - 2,
                kind: GatewayEventKind::ChargeApproved(ChargeApproved {
                    tracking_number: "PAY-ABCDEF123456".into(),
                    request_id: "req_00ff".into(),
                    amount: 123_456,
                    apply_funds_to: "NAC-2026-000001".into(),
                    payment_account_id: "inst-001".into(),
                    paid_at: NOW - 3,
                }),
            }
        );
    }

    #[test]
    fn a_refund_event_is_read() {
        let body = event_body(
            "charge.refunded",
            json!({
                "trackingNumber": "PAY-ABCDEF123456", "refundId": "re_01", "amount": 500, "refundedAmount": 1_500,
                "applyFundsTo": "NAC-2026-000001", "paymentAccountId": "inst-001", "refundedAt": NOW
            }),
        );
        let event = verify_webhook(SECRET, &header(SECRET, NOW, &body), &body, NOW, TOLERANCE).unwrap();
        let GatewayEventKind::ChargeRefunded(refunded) = event.kind else { panic!("{event:?}") };
        assert_eq!((refunded.refund_id.as_str(), refunded.amount, refunded.refunded_amount), ("re_01", 500, 1_500));
    }

    #[test]
    fn any_of_several_signatures_may_match() {
        let body = approved_body();
        let rotated = format!(
            "t={NOW},v1={},v1=not-hex,v0=ignored,v1={}",
            signature(b"the-old-secret-0123456789", NOW, &body),
            signature(SECRET, NOW, &body)
        );
        assert!(verify_webhook(SECRET, &rotated, &body, NOW, TOLERANCE).is_ok());
    }

    #[test]
    fn a_wrong_secret_is_refused() {
        let body = approved_body();
        let signed = header(b"another-secret-0123456789", NOW, &body);
        assert_eq!(verify_webhook(SECRET, &signed, &body, NOW, TOLERANCE), Err(WebhookRefusal::BadSignature));
    }

    #[test]
    fn a_tampered_body_or_timestamp_is_refused() {
        let body = approved_body();
        let signed = header(SECRET, NOW, &body);
        let tampered = String::from_utf8(body.clone()).unwrap().replace("123456,", "1,").into_bytes();
        assert_ne!(tampered, body);
        assert_eq!(verify_webhook(SECRET, &signed, &tampered, NOW, TOLERANCE), Err(WebhookRefusal::BadSignature));
        let moved = signed.replace(&format!("t={NOW}"), &format!("t={}", NOW + 1));
        assert_eq!(verify_webhook(SECRET, &moved, &body, NOW, TOLERANCE), Err(WebhookRefusal::BadSignature));
    }

    #[test]
    fn a_stale_or_future_timestamp_is_refused() {
        let body = approved_body();
        for t in [NOW - TOLERANCE - 1, NOW + TOLERANCE + 1, 0] {
            assert_eq!(verify_webhook(SECRET, &header(SECRET, t, &body), &body, NOW, TOLERANCE), Err(WebhookRefusal::Stale), "t={t}");
        }
        for t in [NOW - TOLERANCE, NOW + TOLERANCE] {
            assert!(verify_webhook(SECRET, &header(SECRET, t, &body), &body, NOW, TOLERANCE).is_ok(), "t={t}");
        }
    }

    #[test]
    fn a_malformed_header_or_body_is_refused() {
        let body = approved_body();
        let v1 = signature(SECRET, NOW, &body);
        for bad in [
            String::new(),
            "garbage".into(),
            format!("v1={v1}"),
            format!("t={NOW}"),
            format!("t=soon,v1={v1}"),
            format!("t={NOW},t={NOW},v1={v1}"),
            format!("t={NOW},v1={v1},junk"),
        ] {
            assert_eq!(verify_webhook(SECRET, &bad, &body, NOW, TOLERANCE), Err(WebhookRefusal::Malformed), "{bad:?}");
        }
        for bad_body in [b"not json".to_vec(), event_body("charge.approved", json!({ "trackingNumber": "PAY-1" }))] {
            assert_eq!(verify_webhook(SECRET, &header(SECRET, NOW, &bad_body), &bad_body, NOW, TOLERANCE), Err(WebhookRefusal::Malformed));
        }
    }

    #[test]
    fn an_unknown_type_is_other() {
        let body = event_body("charge.disputed", json!({ "trackingNumber": "PAY-1" }));
        let event = verify_webhook(SECRET, &header(SECRET, NOW, &body), &body, NOW, TOLERANCE).unwrap();
        assert_eq!(event.kind, GatewayEventKind::Other("charge.disputed".into()));
        assert!(!WebhookRefusal::Stale.to_string().is_empty());
    }
}
