//! The task that posts queued webhook events to the merchant: each due event is a `POST` of its
//! JSON with `Gateway-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`,
//! signed afresh per attempt. A 2xx delivers it; anything else (another status, no connection,
//! no answer within 10 s) retries after `initial_backoff * 2^(attempts-1)`, at most
//! `max_backoff`, for up to three days after the event. Up to eight attempts run at once, so a
//! slow merchant holds back only its own events. Deliveries are at least once: an attempt cut
//! short by a stop is made again by the restarted sandbox.

use std::collections::HashMap;
use std::time::Duration;

use hmac::{Hmac, Mac};
use reqwest::header::CONTENT_TYPE;
use sha2::Sha256;
use tokio::task::{Id, JoinSet};

use crate::store::State;
use crate::webhooks::{Event, WebhookConfig};
use crate::{Shared, millis, now_unix, now_unix_ms};

const MAX_CONCURRENT_ATTEMPTS: usize = 8;
const ATTEMPT_TIMEOUT: Duration = Duration::from_secs(10);
const RETRY_WINDOW: Duration = Duration::from_secs(3 * 24 * 60 * 60);
const SIGNATURE_HEADER: &str = "Gateway-Signature";

/// Delivers due events until dropped; returns at once when no webhook is configured.
pub async fn run(sandbox: Shared) {
    let Some(config) = sandbox.config.webhook.clone() else { return };
    let http = match reqwest::Client::builder().timeout(ATTEMPT_TIMEOUT).build() {
        Ok(http) => http,
        Err(e) => {
            tracing::error!(error = %e, "building the webhook HTTP client: the gateway will deliver no webhooks");
            return;
        }
    };
    let mut in_flight: HashMap<Id, String> = HashMap::new();
    let mut attempts = JoinSet::new();
    loop {
        let next_wake_ms = if sandbox.webhooks.is_paused() {
            None
        } else {
            let capacity = MAX_CONCURRENT_ATTEMPTS - in_flight.len();
            let plan = sandbox.store.read(|state| plan(state, now_unix_ms(), |id| in_flight.values().any(|busy| busy == id), capacity));
            for event in plan.due {
                let event_id = event.id.clone();
                let task = attempts.spawn(attempt(sandbox.clone(), http.clone(), config.clone(), event));
                in_flight.insert(task.id(), event_id);
            }
            plan.next_wake_ms
        };
        tokio::select! {
            () = sandbox.webhooks.woken() => {}
            Some(finished) = attempts.join_next_with_id() => {
                let id = finished.map_or_else(|e| e.id(), |(id, ())| id);
                in_flight.remove(&id);
            }
            () = sleep_until_ms(next_wake_ms) => {}
        }
    }
}

async fn sleep_until_ms(at_ms: Option<i64>) {
    match at_ms {
        Some(at_ms) => tokio::time::sleep(Duration::from_millis(u64::try_from(at_ms - now_unix_ms()).unwrap_or(0))).await,
        None => std::future::pending().await,
    }
}

/// The events to attempt now and when the next one falls due.
struct Plan {
    due: Vec<Event>,
    next_wake_ms: Option<i64>,
}

/// Due events (oldest due first, at most `capacity`, none `busy`) and the time the first event
/// not yet due falls due. Events left out for want of capacity need no timer: a finishing
/// attempt wakes the task.
fn plan(state: &State, now_ms: i64, busy: impl Fn(&str) -> bool, capacity: usize) -> Plan {
    let mut pending: Vec<(i64, &Event)> =
        state.deliveries.iter().filter_map(|d| Some((d.next_attempt_at_ms?, &d.event))).filter(|(_, event)| !busy(&event.id)).collect();
    pending.sort_by_key(|(at, _)| *at);
    let due_count = pending.iter().take_while(|(at, _)| *at <= now_ms).count();
    Plan {
        due: pending[..due_count.min(capacity)].iter().map(|(_, event)| (*event).clone()).collect(),
        next_wake_ms: pending.get(due_count).map(|(at, _)| *at),
    }
}

/// One attempt, recorded in the state.
async fn attempt(sandbox: Shared, http: reqwest::Client, config: WebhookConfig, event: Event) {
    let outcome = post(&http, &config, &event).await;
    match &outcome {
        Ok(()) => tracing::info!(event_id = %event.id, "gateway delivered a webhook"),
        Err(error) => tracing::warn!(event_id = %event.id, %error, "gateway webhook attempt failed"),
    }
    let recorded = sandbox.store.update(|state| record(state, &config, &event.id, outcome, now_unix_ms()));
    if let Err(e) = recorded {
        tracing::error!(event_id = %event.id, error = %format!("{e:#}"), "gateway could not record a webhook attempt");
        tokio::time::sleep(config.initial_backoff).await;
    }
}

async fn post(http: &reqwest::Client, config: &WebhookConfig, event: &Event) -> Result<(), String> {
    let body = serde_json::to_vec(event).map_err(|e| format!("serialising the event: {e}"))?;
    let signature = signature_header(&config.secret, now_unix(), &body);
    let response = http
        .post(&config.url)
        .header(CONTENT_TYPE, "application/json")
        .header(SIGNATURE_HEADER, signature)
        .body(body)
        .send()
        .await
        .map_err(|e| error_chain(&e))?;
    let status = response.status();
    if status.is_success() { Ok(()) } else { Err(format!("the endpoint answered {status}")) }
}

/// `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`.
pub fn signature_header(secret: &[u8], t: i64, body: &[u8]) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret).expect("HMAC accepts keys of any length");
    mac.update(format!("{t}.").as_bytes());
    mac.update(body);
    format!("t={t},v1={}", hex::encode(mac.finalize().into_bytes()))
}

fn error_chain(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}

/// Counts the attempt: delivered, or due again after the backoff, or given up once the next
/// attempt would fall past the retry window.
fn record(state: &mut State, config: &WebhookConfig, event_id: &str, outcome: Result<(), String>, now_ms: i64) {
    let Some(delivery) = state.deliveries.iter_mut().find(|d| d.event.id == event_id) else { return };
    delivery.attempts = delivery.attempts.saturating_add(1);
    match outcome {
        Ok(()) => {
            delivery.delivered_at = Some(now_ms.div_euclid(1000));
            delivery.next_attempt_at_ms = None;
        }
        Err(error) => {
            delivery.last_error = Some(error);
            let next_ms = now_ms.saturating_add(millis(backoff(config, delivery.attempts)));
            let give_up_ms = delivery.event.created.saturating_mul(1000).saturating_add(millis(RETRY_WINDOW));
            delivery.next_attempt_at_ms = (next_ms <= give_up_ms).then_some(next_ms);
            if delivery.next_attempt_at_ms.is_none() {
                tracing::warn!(event_id, attempts = delivery.attempts, "gateway gave up on a webhook");
            }
        }
    }
}

/// `initial_backoff * 2^(attempts-1)`, at most `max_backoff`.
fn backoff(config: &WebhookConfig, attempts: u32) -> Duration {
    let factor = 1u32.checked_shl(attempts.saturating_sub(1)).unwrap_or(u32::MAX);
    config.initial_backoff.saturating_mul(factor).min(config.max_backoff)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::webhooks::{ChargeApproved, Delivery, EventBody};

    fn config() -> WebhookConfig {
        WebhookConfig::new("http://127.0.0.1:9/hook", b"webhook-secret-0123456789".to_vec())
    }

    fn delivery(id: &str, next_attempt_at_ms: Option<i64>) -> Delivery {
        let body = EventBody::ChargeApproved(ChargeApproved {
            tracking_number: "PAY-1".into(),
            request_id: "req_1".into(),
            amount: 100,
            apply_funds_to: "NAC-1".into(),
            payment_account_id: "inst-1".into(),
            paid_at: 1_000,
            card_last4: "4242".into(),
        });
        Delivery {
            event: Event { id: id.into(), created: 1_000, body },
            attempts: 0,
            next_attempt_at_ms,
            delivered_at: None,
            last_error: None,
        }
    }

    #[test]
    fn backoff_doubles_up_to_the_ceiling() {
        let waits: Vec<u64> = (1..=9).map(|n| backoff(&config(), n).as_secs()).collect();
        assert_eq!(waits, [1, 2, 4, 8, 16, 32, 60, 60, 60]);
        assert_eq!(backoff(&config(), u32::MAX), Duration::from_secs(60));
    }

    #[test]
    fn plan_takes_due_events_oldest_first_within_capacity() {
        let state = State {
            deliveries: vec![
                delivery("evt_late", Some(5_000)),
                delivery("evt_b", Some(2_000)),
                delivery("evt_done", None),
                delivery("evt_a", Some(1_000)),
                delivery("evt_busy", Some(500)),
            ],
            ..State::default()
        };
        let busy = |id: &str| id == "evt_busy";
        let plan_now = plan(&state, 3_000, busy, 8);
        assert_eq!(plan_now.due.iter().map(|e| e.id.as_str()).collect::<Vec<_>>(), ["evt_a", "evt_b"]);
        assert_eq!(plan_now.next_wake_ms, Some(5_000));
        let full = plan(&state, 3_000, busy, 1);
        assert_eq!(full.due.len(), 1);
        assert_eq!(full.next_wake_ms, Some(5_000));
    }

    #[test]
    fn record_delivers_retries_and_gives_up() {
        let mut state = State { deliveries: vec![delivery("evt_1", Some(1_000_000))], ..State::default() };
        record(&mut state, &config(), "evt_1", Err("the endpoint answered 500".into()), 1_000_000);
        let d = &state.deliveries[0];
        assert_eq!((d.attempts, d.next_attempt_at_ms, d.last_error.as_deref()), (1, Some(1_001_000), Some("the endpoint answered 500")));
        record(&mut state, &config(), "evt_1", Ok(()), 1_001_500);
        let d = &state.deliveries[0];
        assert_eq!((d.attempts, d.next_attempt_at_ms, d.delivered_at), (2, None, Some(1_001)));

        let mut late = State { deliveries: vec![delivery("evt_2", Some(0))], ..State::default() };
        let past_window = millis(RETRY_WINDOW) + 1_000_000;
        record(&mut late, &config(), "evt_2", Err("no answer".into()), past_window);
        assert_eq!(late.deliveries[0].next_attempt_at_ms, None, "no attempt after three days");
        assert_eq!(late.deliveries[0].delivered_at, None);
    }

    #[test]
    fn signature_is_hmac_of_timestamp_dot_body() {
        let header = signature_header(b"key", 1_700_000_000, b"{}");
        let mut mac = Hmac::<Sha256>::new_from_slice(b"key").unwrap();
        mac.update(b"1700000000.{}");
        assert_eq!(header, format!("t=1700000000,v1={}", hex::encode(mac.finalize().into_bytes())));
    }
}
