//! Runs the sandbox on 127.0.0.1 port 0 for the integration tests.
#![allow(dead_code)]

use std::path::PathBuf;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use coverline_sandbox::SandboxConfig;
use serde_json::{Value, json};

pub const MERCHANT_KEY: &str = "merchant-test-key";
pub const PROVIDER_KEY: &str = "provider-test-key";
pub const SECRET: &[u8] = b"sandbox-test-signing-secret-0123";
pub const PARENT_ORIGIN: &str = "http://localhost:3000";

pub fn config() -> SandboxConfig {
    let mut config = SandboxConfig::new(MERCHANT_KEY, PROVIDER_KEY, SECRET);
    config.processor_timeout = Duration::from_millis(200);
    config
}

/// A running sandbox: its base URL and the server task (aborted on drop).
pub struct Running {
    pub base: String,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for Running {
    fn drop(&mut self) {
        self.task.abort();
    }
}

pub async fn start(config: SandboxConfig) -> Running {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let base = format!("http://{}", listener.local_addr().unwrap());
    let task = tokio::spawn(async move {
        coverline_sandbox::serve(listener, config).await.expect("serve");
    });
    Running { base, task }
}

/// A state file path unique to this test run (removed by [`TempState`]'s drop).
pub struct TempState(pub PathBuf);

impl TempState {
    pub fn new(name: &str) -> Self {
        static COUNTER: AtomicU32 = AtomicU32::new(0);
        let n = COUNTER.fetch_add(1, Ordering::SeqCst);
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos();
        Self(std::env::temp_dir().join(format!("coverline-sandbox-{name}-{}-{nanos}-{n}.json", std::process::id())))
    }
}

impl Drop for TempState {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

pub fn client() -> reqwest::Client {
    reqwest::Client::new()
}

pub fn sign_body(amount: i64, contract: &str) -> Value {
    json!({
        "experience": "NAO_CC_ONLY",
        "user": {
            "firstName": "Ada", "lastName": "Lovelace", "emailAddress": "ada@example.com",
            "address": "1 Main St", "city": "Atlanta", "state": "GA", "zipCode": "30301"
        },
        "paymentInformation": [{ "amount": amount, "applyFundsTo": contract, "type": "Vehicle Service Contract" }],
        "PaymentAccountId": "inst-001"
    })
}

/// POSTs JSON with an optional bearer; returns (HTTP status, JSON body).
pub async fn post(url: &str, bearer: Option<&str>, body: &Value) -> (u16, Value) {
    let mut request = client().post(url).json(body);
    if let Some(token) = bearer {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.expect("send");
    let status = response.status().as_u16();
    (status, response.json().await.expect("json body"))
}

/// GETs with an optional bearer; returns (HTTP status, JSON body).
pub async fn get(url: &str, bearer: Option<&str>) -> (u16, Value) {
    let mut request = client().get(url);
    if let Some(token) = bearer {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.expect("send");
    let status = response.status().as_u16();
    (status, response.json().await.expect("json body"))
}

pub async fn sign(base: &str, amount: i64, contract: &str) -> String {
    sign_answer(base, amount, contract).await["signedRequest"].as_str().expect("signedRequest").to_string()
}

/// The `data` of a sign answer: `signedRequest`, `requestId`, `expiresAt`.
pub async fn sign_answer(base: &str, amount: i64, contract: &str) -> Value {
    let (status, body) = post(&format!("{base}/v1/sign"), Some(MERCHANT_KEY), &sign_body(amount, contract)).await;
    assert_eq!(status, 200, "{body}");
    body["data"].clone()
}

/// Charges `request` with the 4242 test card; returns the tracking number the gateway verified.
pub async fn charge(base: &str, request: &str) -> String {
    let (status, body) = post(&format!("{base}/v1/charge"), None, &card(request, "4242424242424242")).await;
    assert_eq!(status, 200, "{body}");
    let (status, verified) = post(&format!("{base}/v1/verify"), Some(MERCHANT_KEY), &json!({ "result": body["data"]["result"] })).await;
    assert_eq!(status, 200, "{verified}");
    verified["data"]["trackingNumber"].as_str().expect("trackingNumber").to_string()
}

/// Signs and charges a payment of `amount` cents for `contract`; returns (request id, tracking number).
pub async fn paid(base: &str, amount: i64, contract: &str) -> (String, String) {
    let signed = sign_answer(base, amount, contract).await;
    let tracking = charge(base, signed["signedRequest"].as_str().unwrap()).await;
    (signed["requestId"].as_str().unwrap().to_string(), tracking)
}

/// POSTs a refund under `key` (none when `None`); returns (HTTP status, JSON body).
pub async fn refund(base: &str, key: Option<&str>, body: &Value) -> (u16, Value) {
    let mut request = client().post(format!("{base}/v1/refunds")).bearer_auth(MERCHANT_KEY).json(body);
    if let Some(key) = key {
        request = request.header("Idempotency-Key", key);
    }
    let response = request.send().await.expect("send");
    let status = response.status().as_u16();
    (status, response.json().await.expect("json body"))
}

/// Polls `check` every 20 ms until it returns `Some`, for at most `within`.
pub async fn eventually<T, F: Future<Output = Option<T>>>(within: Duration, mut check: impl FnMut() -> F) -> Option<T> {
    let deadline = tokio::time::Instant::now() + within;
    loop {
        if let Some(found) = check().await {
            return Some(found);
        }
        if tokio::time::Instant::now() >= deadline {
            return None;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The widget's page as the payment page starts it: the request, the parent origin and the
/// start parameters (mode selection, integration id DICE, the payment account, NAO_CC_ONLY; no
/// locale).
pub fn widget_url(base: &str, request: &str) -> String {
    widget_url_with(base, request, &[])
}

/// [`widget_url`] with some start parameters replaced or added (an empty value leaves one out).
pub fn widget_url_with(base: &str, request: &str, changed: &[(&str, &str)]) -> String {
    let mut url = reqwest::Url::parse(&format!("{base}/widget")).unwrap();
    url.query_pairs_mut().append_pair("request", request).append_pair("parentOrigin", PARENT_ORIGIN);
    for (name, value) in
        [("mode", "selection"), ("integrationId", "DICE"), ("paymentAccountId", "inst-001"), ("experience", "NAO_CC_ONLY"), ("locale", "")]
    {
        let value = changed.iter().find(|(n, _)| *n == name).map_or(value, |(_, v)| *v);
        if !value.is_empty() {
            url.query_pairs_mut().append_pair(name, value);
        }
    }
    url.to_string()
}

/// GETs the widget's page as [`widget_url`] starts it: (HTTP status, headers, HTML).
pub async fn get_widget(base: &str, request: &str) -> (u16, reqwest::header::HeaderMap, String) {
    get_page(&widget_url(base, request)).await
}

/// GETs a page: (HTTP status, headers, HTML).
pub async fn get_page(url: &str) -> (u16, reqwest::header::HeaderMap, String) {
    let response = client().get(url).send().await.unwrap();
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    (status, headers, response.text().await.unwrap())
}

pub fn card(request: &str, number: &str) -> Value {
    json!({ "request": request, "cardNumber": number, "expiry": "12/99", "cvc": "123", "zip": "30301" })
}
