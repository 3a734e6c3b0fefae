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

pub async fn sign(base: &str, amount: i64, contract: &str) -> String {
    let (status, body) = post(&format!("{base}/v1/sign"), Some(MERCHANT_KEY), &sign_body(amount, contract)).await;
    assert_eq!(status, 200, "{body}");
    body["data"]["signedRequest"].as_str().expect("signedRequest").to_string()
}

pub fn card(request: &str, number: &str) -> Value {
    json!({ "request": request, "cardNumber": number, "expiry": "12/99", "cvc": "123", "zip": "30301" })
}
