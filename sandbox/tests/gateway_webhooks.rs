//! The gateway's signed webhooks, received by a small merchant endpoint on 127.0.0.1.

mod common;

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use common::*;
use coverline_sandbox::{SandboxConfig, WebhookConfig};
use hmac::{Hmac, Mac};
use serde_json::{Value, json};
use sha2::Sha256;

const WEBHOOK_SECRET: &[u8] = b"whsec-sandbox-test-0123456789";

/// One POST the merchant endpoint received.
#[derive(Clone)]
struct Hit {
    signature: String,
    content_type: String,
    body: Bytes,
    at: Instant,
}

impl Hit {
    fn event(&self) -> Value {
        serde_json::from_slice(&self.body).expect("the body is JSON")
    }
}

/// How the endpoint answers its n-th hit (from 0): a status, after a delay.
type Answer = Arc<dyn Fn(usize) -> (StatusCode, Duration) + Send + Sync>;

#[derive(Clone)]
struct Endpoint {
    hits: Arc<Mutex<Vec<Hit>>>,
    answer: Answer,
}

/// A merchant webhook endpoint on 127.0.0.1:0 (stopped on drop).
struct Receiver {
    url: String,
    hits: Arc<Mutex<Vec<Hit>>>,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for Receiver {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl Receiver {
    async fn start(answer: impl Fn(usize) -> (StatusCode, Duration) + Send + Sync + 'static) -> Self {
        let endpoint = Endpoint { hits: Arc::default(), answer: Arc::new(answer) };
        let hits = endpoint.hits.clone();
        let app = axum::Router::new().route("/hooks/gateway", axum::routing::post(receive)).with_state(endpoint);
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let url = format!("http://{}/hooks/gateway", listener.local_addr().unwrap());
        let task = tokio::spawn(async move { axum::serve(listener, app).await.expect("receiver") });
        Self { url, hits, task }
    }

    fn always_ok() -> impl Fn(usize) -> (StatusCode, Duration) {
        |_| (StatusCode::OK, Duration::ZERO)
    }

    fn hits(&self) -> Vec<Hit> {
        self.hits.lock().unwrap().clone()
    }

    /// Waits up to five seconds for at least `n` hits.
    async fn wait_for(&self, n: usize) -> Vec<Hit> {
        eventually(Duration::from_secs(5), || async { Some(self.hits()).filter(|hits| hits.len() >= n) })
            .await
            .unwrap_or_else(|| panic!("expected {n} deliveries, got {}", self.hits().len()))
    }
}

async fn receive(State(endpoint): State<Endpoint>, headers: HeaderMap, body: Bytes) -> StatusCode {
    let header = |name: &str| headers.get(name).and_then(|v| v.to_str().ok()).unwrap_or_default().to_string();
    let hit = Hit { signature: header("gateway-signature"), content_type: header("content-type"), body, at: Instant::now() };
    let n = {
        let mut hits = endpoint.hits.lock().unwrap();
        hits.push(hit);
        hits.len() - 1
    };
    let (status, delay) = (endpoint.answer)(n);
    tokio::time::sleep(delay).await;
    status
}

fn config_for(receiver: &Receiver) -> SandboxConfig {
    let mut config = config();
    let mut webhook = WebhookConfig::new(&receiver.url, WEBHOOK_SECRET);
    webhook.initial_backoff = Duration::from_millis(50);
    webhook.max_backoff = Duration::from_millis(400);
    config.webhook = Some(webhook);
    config
}

fn now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs() as i64
}

/// Checks `Gateway-Signature: t=…,v1=…` against the exact body; returns `t`.
fn assert_signed(hit: &Hit) -> i64 {
    let (t, v1) = hit
        .signature
        .split_once(',')
        .and_then(|(t, v1)| Some((t.strip_prefix("t=")?.parse::<i64>().ok()?, v1.strip_prefix("v1=")?)))
        .unwrap_or_else(|| panic!("malformed signature header {:?}", hit.signature));
    let mut mac = Hmac::<Sha256>::new_from_slice(WEBHOOK_SECRET).unwrap();
    mac.update(format!("{t}.").as_bytes());
    mac.update(&hit.body);
    assert_eq!(v1, hex::encode(mac.finalize().into_bytes()), "signature over the exact body");
    assert!((t - now()).abs() <= 5, "timestamp {t} is now");
    assert_eq!(hit.content_type, "application/json");
    t
}

async fn deliveries(base: &str) -> Vec<Value> {
    let (status, body) = get(&format!("{base}/_sandbox/gateway/webhooks"), Some(MERCHANT_KEY)).await;
    assert_eq!(status, 200, "{body}");
    body.as_array().unwrap().clone()
}

async fn set_paused(base: &str, paused: bool) {
    let (status, body) = post(&format!("{base}/_sandbox/gateway/webhooks"), Some(MERCHANT_KEY), &json!({ "paused": paused })).await;
    assert_eq!((status, body), (200, json!({ "paused": paused })));
}

/// Waits for the sandbox to record the delivery of its only event; returns that delivery.
async fn delivered(base: &str) -> Value {
    eventually(Duration::from_secs(5), || async {
        let all = deliveries(base).await;
        all.first().filter(|d| !d["deliveredAt"].is_null()).cloned()
    })
    .await
    .expect("the sandbox records the delivery")
}

#[tokio::test]
async fn failed_deliveries_are_retried_and_signed_afresh() {
    let receiver = Receiver::start(|n| (if n < 2 { StatusCode::INTERNAL_SERVER_ERROR } else { StatusCode::OK }, Duration::ZERO)).await;
    let state = TempState::new("delivered");
    let mut config = config_for(&receiver);
    config.state_file = Some(state.0.clone());
    let sandbox = start(config).await;
    let base = &sandbox.base;
    let (request_id, tracking) = paid(base, 45_600, "NAC-2026-000201").await;

    let hits = receiver.wait_for(3).await;
    for hit in &hits {
        assert_signed(hit);
        assert_eq!(hit.body, hits[0].body, "every attempt carries the same event");
    }
    assert!(hits[1].at - hits[0].at >= Duration::from_millis(40), "first backoff");
    assert!(hits[2].at - hits[1].at >= Duration::from_millis(90), "the backoff doubles");
    let event = hits[0].event();
    assert!(event["id"].as_str().unwrap().starts_with("evt_"));
    assert_eq!(event["type"], "charge.approved");
    assert!((event["created"].as_i64().unwrap() - now()).abs() <= 5);
    let data = &event["data"];
    assert_eq!(data["trackingNumber"], tracking);
    assert_eq!(data["requestId"], request_id);
    assert_eq!(data["amount"], 45_600);
    assert_eq!(data["applyFundsTo"], "NAC-2026-000201");
    assert_eq!(data["paymentAccountId"], "inst-001");
    assert_eq!(data["cardLast4"], "4242");
    assert!((data["paidAt"].as_i64().unwrap() - now()).abs() <= 5);
    assert!(!String::from_utf8_lossy(&hits[0].body).contains("4242424242424242"));

    let delivery = delivered(base).await;
    assert_eq!(delivery["eventId"], event["id"]);
    assert_eq!(delivery["type"], "charge.approved");
    assert_eq!(delivery["trackingNumber"], tracking);
    assert_eq!(delivery["attempts"], 3);
    assert!(delivery["lastError"].as_str().unwrap().contains("500"), "{delivery}");
    // Nothing is scheduled for it any more (the state file holds what the delivery task plans from)…
    let saved: Value = serde_json::from_slice(&std::fs::read(&state.0).unwrap()).unwrap();
    let saved = saved["deliveries"].as_array().unwrap().iter().find(|d| d["event"]["id"] == event["id"]).cloned().unwrap();
    assert_eq!(saved["nextAttemptAtMs"], Value::Null, "no attempt left for a delivered event: {saved}");
    // …and a later event, delivered at once: the delivery task has planned again since it recorded
    // the first one delivered, and a first event still due would have gone before it (oldest first).
    let (_, later) = paid(base, 45_700, "NAC-2026-000207").await;
    let hits = receiver.wait_for(4).await;
    assert_eq!(hits[3].event()["data"]["trackingNumber"], later, "the fourth POST is the later event, not the delivered one again");
    let all = eventually(Duration::from_secs(5), || async {
        Some(deliveries(base).await).filter(|all| all.len() == 2 && !all[1]["deliveredAt"].is_null())
    })
    .await
    .expect("the sandbox records the later delivery");
    assert_eq!(all[0]["attempts"], 3, "{all:?}");
    assert_eq!(receiver.hits().len(), 4, "a delivered event is not sent again");
}

#[tokio::test]
async fn refunds_are_announced() {
    let receiver = Receiver::start(Receiver::always_ok()).await;
    let sandbox = start(config_for(&receiver)).await;
    let base = &sandbox.base;
    let (_, tracking) = paid(base, 8_000, "NAC-2026-000202").await;
    receiver.wait_for(1).await;
    let (status, refunded) =
        refund(base, Some("refund-hook"), &json!({ "trackingNumber": tracking, "amount": 3_000, "reason": "cancelled" })).await;
    assert_eq!(status, 200, "{refunded}");

    let hits = receiver.wait_for(2).await;
    assert_signed(&hits[1]);
    let event = hits[1].event();
    assert_eq!(event["type"], "charge.refunded");
    assert_ne!(event["id"], hits[0].event()["id"]);
    assert_eq!(
        event["data"],
        json!({
            "trackingNumber": tracking, "refundId": refunded["data"]["refundId"], "amount": 3_000, "refundedAmount": 3_000,
            "applyFundsTo": "NAC-2026-000202", "paymentAccountId": "inst-001", "refundedAt": refunded["data"]["refundedAt"]
        })
    );
}

#[tokio::test]
async fn paused_webhooks_wait_for_unpausing() {
    let receiver = Receiver::start(Receiver::always_ok()).await;
    let sandbox = start(config_for(&receiver)).await;
    let base = &sandbox.base;
    let (status, _) = post(&format!("{base}/_sandbox/gateway/webhooks"), None, &json!({ "paused": true })).await;
    assert_eq!(status, 401);
    let (status, _) = get(&format!("{base}/_sandbox/gateway/webhooks"), None).await;
    assert_eq!(status, 401);

    set_paused(base, true).await;
    let (_, tracking) = paid(base, 1_500, "NAC-2026-000203").await;
    let queued = deliveries(base).await;
    assert_eq!(queued.len(), 1);
    assert_eq!((queued[0]["trackingNumber"].clone(), queued[0]["attempts"].clone()), (json!(tracking), json!(0)));
    assert_eq!((queued[0]["deliveredAt"].clone(), queued[0]["lastError"].clone()), (Value::Null, Value::Null));

    // Unpausing is the positive sign: the one attempt ever made reached the endpoint after it.
    let unpaused = Instant::now();
    set_paused(base, false).await;
    let hits = receiver.wait_for(1).await;
    assert_eq!(hits[0].event()["data"]["trackingNumber"], tracking);
    assert_eq!(delivered(base).await["attempts"], 1);
    let hits = receiver.hits();
    assert_eq!(hits.len(), 1);
    assert!(hits[0].at >= unpaused, "nothing is sent while paused");
}

#[tokio::test]
async fn a_slow_endpoint_does_not_hold_back_other_events() {
    let receiver = Receiver::start(|n| (StatusCode::OK, if n == 0 { Duration::from_secs(3) } else { Duration::ZERO })).await;
    let sandbox = start(config_for(&receiver)).await;
    let base = &sandbox.base;
    paid(base, 1_000, "NAC-2026-000204").await;
    receiver.wait_for(1).await;
    let started = Instant::now();
    let (_, second) = paid(base, 2_000, "NAC-2026-000205").await;
    let hits = receiver.wait_for(2).await;
    assert!(started.elapsed() < Duration::from_secs(2), "the second event went while the first was still being answered");
    assert_eq!(hits[1].event()["data"]["trackingNumber"], second);
}

#[tokio::test]
async fn a_restarted_sandbox_delivers_what_was_pending() {
    let state = TempState::new("webhooks");
    let failing = Receiver::start(|_| (StatusCode::SERVICE_UNAVAILABLE, Duration::ZERO)).await;
    let mut first_config = config_for(&failing);
    first_config.state_file = Some(state.0.clone());
    // The retry falls due well after the failed attempt is seen recorded: no attempt is in flight
    // when the sandbox stops, and the restarted one retries when this one would have.
    first_config.webhook.as_mut().unwrap().initial_backoff = Duration::from_millis(300);

    let (tracking, base) = {
        let sandbox = start(first_config.clone()).await;
        let (_, tracking) = paid(&sandbox.base, 7_700, "NAC-2026-000206").await;
        failing.wait_for(1).await;
        eventually(Duration::from_secs(5), || async { (deliveries(&sandbox.base).await[0]["attempts"].as_i64() >= Some(1)).then_some(()) })
            .await
            .expect("the failed attempt is recorded");
        (tracking, sandbox.base.clone())
    };
    // Stopped: its listener refuses connections (its delivery task went with it).
    eventually(Duration::from_secs(5), || async { client().get(&base).send().await.is_err().then_some(()) })
        .await
        .expect("the first sandbox stops");
    let failed_event = failing.hits()[0].event();
    let attempts_before_restart = failing.hits().len();

    let working = Receiver::start(Receiver::always_ok()).await;
    let mut second_config = config_for(&working);
    second_config.state_file = Some(state.0.clone());
    let sandbox = start(second_config).await;
    let hits = working.wait_for(1).await;
    assert_signed(&hits[0]);
    assert_eq!(hits[0].event(), failed_event, "the same event, id and all");
    assert_eq!(failed_event["data"]["trackingNumber"], tracking);
    let delivery = delivered(&sandbox.base).await;
    assert!(delivery["attempts"].as_i64().unwrap() >= 2, "{delivery}");
    assert!(delivery["lastError"].as_str().unwrap().contains("503"), "{delivery}");
    assert_eq!(failing.hits().len(), attempts_before_restart, "a stopped sandbox delivers nothing more");
}
