//! One member's whole purchase over HTTP, as the web app makes it: sign up, the car and its quote,
//! the coverage, personal details, verify the email (the code read from wherever the stack
//! delivers mail), book, pay at the sandbox gateway, verify, confirm — every screen recorded in the
//! checkout (PUT …/checkout) as the web app records it. Every call is retried while the server is away, so the chaos
//! harness can kill it mid-purchase; the overhead benchmark drives the same flow on a quiet stack.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use serde_json::{Value, json};

use crate::smtp;

const PASSWORD: &str = "Bench-harness-password-1!";
/// The sandbox gateway's merchant key (the stacks the harness drives use the sandbox's default).
pub const MERCHANT_KEY: &str = "sandbox-merchant-key";
pub const INSTITUTION: &str = "summit-cu";
const VIN: &str = "5XYRLDLC3NG097496";

/// Where the stack delivers its emails, read for the verification codes.
#[derive(Clone)]
pub enum Mailbox {
    /// The harness's own SMTP receiver.
    Receiver(smtp::Inbox),
    /// A maildev inbox's web API (`make run`, `scripts/lib.sh` start_stack), at this origin.
    Maildev(String),
}

impl Mailbox {
    /// The subjects of the messages sent to `email`, oldest first.
    async fn subjects_to(&self, http: &reqwest::Client, email: &str) -> anyhow::Result<Vec<String>> {
        match self {
            Self::Receiver(inbox) => Ok(inbox.to(email).iter().map(|m| smtp::header(&m.data, "Subject").unwrap_or_default()).collect()),
            Self::Maildev(url) => {
                let all: Vec<Value> = http.get(format!("{url}/email")).send().await?.error_for_status()?.json().await?;
                Ok(all
                    .iter()
                    .filter(|m| {
                        m["to"]
                            .as_array()
                            .is_some_and(|to| to.iter().any(|t| t["address"].as_str().is_some_and(|a| a.eq_ignore_ascii_case(email))))
                    })
                    .map(|m| m["subject"].as_str().unwrap_or_default().to_string())
                    .collect())
            }
        }
    }
}

/// One member's way through the flow, retrying as a browser would when the server is away.
pub struct Client {
    pub http: reqwest::Client,
    /// The API's base, `http://host:port/api`.
    pub api: String,
    /// The sandbox gateway's origin (where the card is charged).
    pub sandbox: String,
    pub mailbox: Mailbox,
    /// How long each recorded step took (PUT …/checkout, an Update of the checkout workflow).
    pub step_latencies: std::sync::Mutex<Vec<Duration>>,
    /// The answers the member's device sent its call again after.
    pub retried: Retried,
    /// The harness's own work inside the purchases, not Coverline's.
    pub harness: HarnessTime,
}

/// Time the harness spends on its own work during purchases: solving captchas (the member's
/// browser does it) and reading the inbox for codes (the member's mail app). Coverline's part of a
/// code email is done when the API answers the send (the send waits for SMTP to take it).
#[derive(Debug, Default)]
pub struct HarnessTime {
    captcha_micros: std::sync::atomic::AtomicU64,
    inbox_micros: std::sync::atomic::AtomicU64,
}

impl HarnessTime {
    fn add(counter: &std::sync::atomic::AtomicU64, since: Instant) {
        counter.fetch_add(since.elapsed().as_micros() as u64, Ordering::Relaxed);
    }

    /// Forgets what was counted so far (the warm-up purchase's).
    pub fn reset(&self) {
        self.captcha_micros.store(0, Ordering::Relaxed);
        self.inbox_micros.store(0, Ordering::Relaxed);
    }

    /// Captcha solving and inbox reading, summed over every purchase.
    pub fn total(&self) -> (Duration, Duration) {
        (
            Duration::from_micros(self.captcha_micros.load(Ordering::Relaxed)),
            Duration::from_micros(self.inbox_micros.load(Ordering::Relaxed)),
        )
    }
}

impl Client {
    /// A member's device talking to the API at `api` (`http://host:port/api`), paying at `sandbox`
    /// and reading its email from `mailbox`; no step timed and no call sent again yet.
    pub fn new(http: reqwest::Client, api: String, sandbox: String, mailbox: Mailbox) -> Self {
        Self { http, api, sandbox, mailbox, step_latencies: Default::default(), retried: Default::default(), harness: Default::default() }
    }
}

/// Calls sent again, by why (each counts one failed attempt).
#[derive(Debug, Default)]
pub struct Retried {
    /// 502-504 answered by a load balancer (not JSON: no API instance answered).
    pub load_balancer: AtomicUsize,
    /// 502-504 answered by an API instance (JSON: Temporal or the database away, a busy checkout).
    pub api: AtomicUsize,
    /// No answer at all (connection refused or cut).
    pub connection: AtomicUsize,
}

/// The response header a load balancer names its chosen API instance in (`make scale`'s HAProxy).
pub const INSTANCE_HEADER: &str = "x-coverline-instance";

/// Which purchase's steps are recorded (their Idempotency-Keys).
struct StepRecorder<'a> {
    run: &'a str,
    n: usize,
}

#[derive(Debug, Default)]
struct Member {
    email: String,
    user_id: String,
    token: String,
    /// The restore cookie (`coverline_restore=…`) the splash set, as a browser keeps it.
    restore_cookie: String,
    /// The API instances that answered this member's session (behind a load balancer).
    instances: std::collections::BTreeSet<String>,
}

/// What a member's device does to a purchase (the chaos harness's member faults).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MemberFault {
    /// Nothing: the page reports the charge and confirms.
    None,
    /// The page's report of the charge (verifyresponse) never reaches Coverline; the page then
    /// asks for the confirmation: the webhook or the workflow's look-up must record the payment.
    LostReport,
    /// The tab closes right after the charge: no report, no confirmation. The contract must be
    /// fulfilled without the member.
    ClosedTab,
    /// The report is lost and the member presses Retry Payment: no second chargeable request.
    RetryPayment,
    /// The page reloads after booking: the session is found again through the restore cookie
    /// (a new token) and the purchase goes on.
    Reload,
    /// Two tabs pay at once: both get the payment request and both press Pay.
    TwoTabs,
}

impl MemberFault {
    /// Every fault, cycled through by the purchases that get one.
    pub const ALL: [MemberFault; 5] = [Self::LostReport, Self::ClosedTab, Self::RetryPayment, Self::Reload, Self::TwoTabs];

    /// The fault of purchase `n` when `percent` of purchases get one (spread over the run).
    pub fn of(n: usize, percent: usize) -> Self {
        if (n * 37) % 100 < percent { Self::ALL[n % Self::ALL.len()] } else { Self::None }
    }
}

/// A completed purchase.
#[derive(Debug, Clone)]
pub struct Bought {
    pub user_id: String,
    pub policy_id: String,
    /// The gateway's tracking number of the charge.
    pub tracking: String,
    /// How many API instances answered the member's session calls (1 without a load balancer).
    pub instances: usize,
}

/// A call's answer: its status, the cookie it set (name=value), its body.
struct Answer {
    status: u16,
    cookie: String,
    body: Value,
}

/// Whether an answer is the API's JSON (an error page of a load balancer is not).
fn is_json(res: &reqwest::Response) -> bool {
    res.headers().get(reqwest::header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).is_some_and(|v| v.starts_with("application/json"))
}

fn retryable(status: u16) -> bool {
    matches!(status, 502..=504) || status == 429
}

impl Client {
    /// One call, retried while the server is down or restarting (connection errors, 502-504) and
    /// after a lost answer rotated the token (401: log in again). Gives up after 5 minutes.
    async fn call(&self, m: &mut Member, method: reqwest::Method, path: &str, body: Option<&Value>) -> anyhow::Result<(u16, Value)> {
        self.call_keyed(m, method, path, body, None).await
    }

    /// [`Self::call`] with an `Idempotency-Key`, the same on every retry, as the web app sends it:
    /// a retried code send or booking is the same one, however often the server died meanwhile.
    async fn call_keyed(
        &self,
        m: &mut Member,
        method: reqwest::Method,
        path: &str,
        body: Option<&Value>,
        key: Option<&str>,
    ) -> anyhow::Result<(u16, Value)> {
        self.call_retrying(m, method, path, body, key, retryable).await
    }

    /// [`Self::call_keyed`], retrying the statuses `retry` says (and connection errors).
    async fn call_retrying(
        &self,
        m: &mut Member,
        method: reqwest::Method,
        path: &str,
        body: Option<&Value>,
        key: Option<&str>,
        retry: fn(u16) -> bool,
    ) -> anyhow::Result<(u16, Value)> {
        let until = Instant::now() + Duration::from_secs(300);
        loop {
            let mut req = self.http.request(method.clone(), format!("{}{path}", self.api));
            if !m.token.is_empty() {
                req = req.bearer_auth(&m.token);
            }
            if let Some(key) = key {
                req = req.header("idempotency-key", key);
            }
            if let Some(b) = body {
                req = req.json(b);
            }
            let outcome = match req.send().await {
                Ok(res) => {
                    let status = res.status().as_u16();
                    if let Some(instance) = res.headers().get(INSTANCE_HEADER).and_then(|v| v.to_str().ok())
                        && !m.token.is_empty()
                    {
                        m.instances.insert(instance.to_string());
                    }
                    let json = is_json(&res);
                    let value = res.json::<Value>().await.unwrap_or(Value::Null);
                    if retry(status) {
                        self.count_retry(Some((status, json)));
                    }
                    Some((status, value))
                }
                Err(_) => {
                    self.count_retry(None);
                    None
                }
            };
            match outcome {
                Some((401, body)) if !m.email.is_empty() && body["error"]["code"] != "invalidCredentials" => self.login(m).await?,
                Some((status, body)) if !retry(status) => return Ok((status, body)),
                _ if Instant::now() > until => bail!("{method} {path}: the server did not answer for 5 minutes"),
                _ => tokio::time::sleep(Duration::from_millis(250)).await,
            }
        }
    }

    /// Counts an attempt sent again: its status and whether its body was the API's JSON, or no
    /// answer at all.
    fn count_retry(&self, answer: Option<(u16, bool)>) {
        let counter = match answer {
            None => &self.retried.connection,
            Some((502..=504, false)) => &self.retried.load_balancer,
            Some((502..=504, true)) => &self.retried.api,
            Some(_) => return,
        };
        counter.fetch_add(1, Ordering::Relaxed);
    }

    async fn login(&self, m: &mut Member) -> anyhow::Result<()> {
        let url = format!("{}/institution/{INSTITUTION}/login?emailAddress={}", self.api, m.email);
        match self.answer(|| self.http.post(&url).json(&json!({ "password": PASSWORD }))).await {
            Some(a) if a.status == 200 => {
                m.token = a.body["token"].as_str().unwrap_or_default().to_string();
                Ok(())
            }
            Some(a) => bail!("login after a rotated token: {} {}", a.status, a.body),
            None => bail!("login: the server did not answer for 5 minutes"),
        }
    }

    /// A call without a member's token, sent again while the server is away (connection errors,
    /// 502-504, 429): its first real answer, or `None` after 5 minutes.
    async fn answer(&self, request: impl Fn() -> reqwest::RequestBuilder) -> Option<Answer> {
        let until = Instant::now() + Duration::from_secs(300);
        loop {
            let sent = request().send().await;
            if sent.is_err() {
                self.count_retry(None);
            }
            if let Ok(res) = sent {
                let status = res.status().as_u16();
                let json = is_json(&res);
                let cookie = res
                    .headers()
                    .get("set-cookie")
                    .and_then(|v| v.to_str().ok())
                    .and_then(|v| v.split(';').next())
                    .unwrap_or_default()
                    .to_string();
                let body = res.json::<Value>().await.unwrap_or(Value::Null);
                if !retryable(status) {
                    return Some(Answer { status, cookie, body });
                }
                self.count_retry(Some((status, json)));
            }
            if Instant::now() > until {
                return None;
            }
            tokio::time::sleep(Duration::from_millis(250)).await;
        }
    }

    fn user(&self, user_id: &str, suffix: &str) -> String {
        format!("/institution/{INSTITUTION}/user/{user_id}{suffix}")
    }

    async fn expect(
        &self,
        m: &mut Member,
        method: reqwest::Method,
        path: &str,
        body: Option<Value>,
        want: &[u16],
    ) -> anyhow::Result<Value> {
        let (s, b) = self.call(m, method.clone(), path, body.as_ref()).await?;
        if !want.contains(&s) {
            bail!("{method} {path}: {s} {b}");
        }
        Ok(b)
    }

    /// The newest verification code emailed to `email` after `seen` messages.
    async fn code(&self, email: &str, seen: usize) -> Option<String> {
        let started = Instant::now();
        let code = self.read_code(email, seen).await;
        HarnessTime::add(&self.harness.inbox_micros, started);
        code
    }

    async fn read_code(&self, email: &str, seen: usize) -> Option<String> {
        for _ in 0..100 {
            let subjects = self.mailbox.subjects_to(&self.http, email).await.unwrap_or_default();
            if subjects.len() > seen {
                return subjects.last().map(|s| s.chars().filter(char::is_ascii_digit).collect());
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        None
    }

    /// The number of messages sent to `email` so far.
    async fn seen(&self, email: &str) -> usize {
        self.mailbox.subjects_to(&self.http, email).await.map_or(0, |s| s.len())
    }

    /// Records a step of the member's checkout (PUT …/checkout), its key the same on every retry,
    /// as the web app records each screen it lands on; the latency of each is kept.
    async fn advance(&self, m: &mut Member, step: &StepRecorder<'_>, name: &str, answers: &Value) -> anyhow::Result<()> {
        let key = format!("step-{}-{}-{name}", step.run, step.n);
        let started = Instant::now();
        let (s, b) = self
            .call_keyed(
                m,
                reqwest::Method::PUT,
                &self.user(&m.user_id.clone(), "/checkout"),
                Some(&json!({ "step": name, "answers": answers })),
                Some(&key),
            )
            .await?;
        if s != 200 {
            bail!("step {name}: {s} {b}");
        }
        self.step_latencies.lock().expect("latencies lock").push(started.elapsed());
        Ok(())
    }

    /// The splash's user creation with a solved captcha, retried while the server is away; `None`
    /// after 5 minutes of no answer. A retry that reached the server before is refused (the captcha
    /// is spent: 400 captchaUsed), and the caller starts over with a new address.
    async fn create_user(&self, email: &str) -> Option<Answer> {
        let challenge_url = format!("{}/institution/{INSTITUTION}/captcha", self.api);
        let challenge = self.answer(|| self.http.get(&challenge_url)).await?;
        if challenge.status != 200 {
            return Some(challenge);
        }
        let solving = Instant::now();
        let solved = crate::captcha::solve(challenge.body.clone()).await;
        HarnessTime::add(&self.harness.captcha_micros, solving);
        let Ok(captcha) = solved else { return Some(challenge) };
        let url = format!("{}/institution/{INSTITUTION}/user", self.api);
        self.answer(|| self.http.post(&url).json(&json!({ "emailAddress": email, "password": PASSWORD, "captchaToken": captcha }))).await
    }

    /// A reload: the tab lost its token; the restore cookie finds the session again.
    async fn reload(&self, m: &mut Member) -> anyhow::Result<()> {
        let url = format!("{}/institution/{INSTITUTION}/session/restore", self.api);
        match self.answer(|| self.http.post(&url).header("cookie", &m.restore_cookie)).await {
            Some(a) if a.status == 200 => {
                m.token = a.body["token"].as_str().unwrap_or_default().to_string();
                Ok(())
            }
            Some(a) => bail!("restore after a reload: {} {}", a.status, a.body),
            None => bail!("restore: the server did not answer for 5 minutes"),
        }
    }

    /// The card widget's Pay: charges `widget_url`'s request with the test card. The gateway's
    /// answer: the signed result, or `None` when it refused (a request already used).
    async fn charge(&self, widget_url: &str) -> anyhow::Result<Option<String>> {
        let request =
            reqwest::Url::parse(widget_url)?.query_pairs().find(|(k, _)| k == "request").map(|(_, v)| v.to_string()).unwrap_or_default();
        let charged: Value = self
            .http
            .post(format!("{}/v1/charge", self.sandbox))
            .json(&json!({ "request": request, "cardNumber": "4242424242424242", "expiry": "12/34", "cvc": "123", "zip": "80202" }))
            .send()
            .await?
            .json()
            .await?;
        Ok(charged["data"]["result"].as_str().map(str::to_string))
    }

    /// The gateway's verification of a widget result (the merchant's own call), for the tracking
    /// number of a charge the page never reported.
    async fn tracking_of(&self, result: &str) -> anyhow::Result<String> {
        let verified: Value = self
            .http
            .post(format!("{}/v1/verify", self.sandbox))
            .bearer_auth(MERCHANT_KEY)
            .json(&json!({ "result": result }))
            .send()
            .await?
            .json()
            .await?;
        verified["data"]["trackingNumber"].as_str().map(str::to_string).with_context(|| format!("verify at the gateway: {verified}"))
    }

    /// The confirmation, asked again while the payment is still being recorded (409 paymentPending).
    async fn confirm(&self, m: &mut Member, policy_id: &str) -> anyhow::Result<()> {
        let until = Instant::now() + Duration::from_secs(300);
        loop {
            let (s, b) = self
                .call(
                    m,
                    reqwest::Method::POST,
                    &self.user(&m.user_id.clone(), "/payment/confirmation"),
                    Some(&json!({ "policyId": policy_id })),
                )
                .await?;
            match s {
                200 => return Ok(()),
                409 if b["error"]["code"] == "paymentPending" && Instant::now() < until => {
                    tokio::time::sleep(Duration::from_millis(500)).await
                }
                _ => bail!("confirmation: {s} {b}"),
            }
        }
    }

    /// Buys one contract as member `{run}-{n}@example.com` (another address per retried sign-up).
    pub async fn purchase(&self, run: &str, n: usize) -> anyhow::Result<Bought> {
        self.purchase_with(run, n, MemberFault::None).await
    }

    /// [`Self::purchase`] while the member's device does `fault`.
    pub async fn purchase_with(&self, run: &str, n: usize, fault: MemberFault) -> anyhow::Result<Bought> {
        use reqwest::Method;
        let mut m = Member::default();
        // A user per attempt: a retried creation must not leave two users behind one address.
        for attempt in 0.. {
            let email = format!("{run}-{n}-{attempt}@example.com");
            let Some(Answer { status: s, cookie, body: b }) = self.create_user(&email).await else {
                bail!("creating a user: the server did not answer for 5 minutes")
            };
            if s == 201 {
                m = Member {
                    email,
                    user_id: b["user"]["userId"].as_str().unwrap_or_default().into(),
                    token: b["token"].as_str().unwrap_or_default().into(),
                    restore_cookie: cookie,
                    instances: Default::default(),
                };
                break;
            }
            if attempt > 5 {
                bail!("creating a user: {s} {b}");
            }
        }

        let uid = m.user_id.clone();
        let step = StepRecorder { run, n };

        // The car and its quote, each step recorded in the checkout as the web app records it.
        let residence = json!({ "stateOfResidence": "CO" });
        self.advance(&mut m, &step, "lookup", &residence).await?;
        self.advance(&mut m, &step, "vinLookup", &residence).await?;
        let vehicle = json!({ "stateOfResidence": "CO", "vehicle": { "vin": VIN } });
        self.advance(&mut m, &step, "mileage", &vehicle).await?;
        let mut answers = json!({ "stateOfResidence": "CO", "vehicle": { "vin": VIN }, "odometer": 45000, "milesPerYear": 15000 });
        self.advance(&mut m, &step, "milesPerYear", &answers).await?;
        answers["yearsToOwn"] = json!(6);
        self.advance(&mut m, &step, "yearsToOwn", &answers).await?;
        let car = json!({ "vin": VIN, "odometer": "45000", "milesPerYear": 15000, "yearsToOwn": 6 });
        let b = self.expect(&mut m, Method::POST, &self.user(&uid, "/car"), Some(car), &[201]).await?;
        let car_id = b["car"]["carId"].as_str().unwrap_or_default().to_string();
        let quote = json!({ "carId": car_id, "milesPerYear": 15000, "yearsToOwn": 6, "state": "CO" });
        let q = self.expect(&mut m, Method::POST, &self.user(&uid, "/quote"), Some(quote), &[201]).await?;
        let quote_id = q["quoteId"].as_str().unwrap_or_default().to_string();
        let rate = &q["rates"][0];
        answers["carId"] = json!(car_id);
        answers["quoteId"] = json!(quote_id);
        self.advance(&mut m, &step, "coverage", &answers).await?;
        answers["rate"] = json!({ "rateId": rate["rateId"], "index": 0 });
        self.advance(&mut m, &step, "missingInfo", &answers).await?;

        let details = json!({ "firstName": "Casey", "lastName": "Chaos", "phoneNumber": "3035550142",
            "address": { "street": "100 Main St", "city": "Denver", "state": "CO", "zip": "80202" }, "isMember": true });
        let b = self.expect(&mut m, Method::PUT, &self.user(&uid, ""), Some(details), &[200]).await?;
        m.token = b["token"].as_str().unwrap_or_default().into();
        self.advance(&mut m, &step, "sendEmail", &answers).await?;

        // Verify the email: send (one key per send however often it is retried; a code that never
        // came is asked for again after 21 s), read, enter.
        for send in 0.. {
            let (_, me) = self.call(&mut m, Method::GET, &self.user(&uid, ""), None).await?;
            if me["user"]["isEmailVerified"] == true {
                break;
            }
            let seen = self.seen(&m.email).await;
            let path = self.user(&uid, &format!("/verifyemail?emailAddress={}", m.email));
            let key = format!("code-{run}-{n}-{send}");
            let (s, _) = self.call_keyed(&mut m, Method::GET, &path, None, Some(&key)).await?;
            let code =
                if s == 200 || s == 429 { self.code(&m.email, if s == 200 { seen } else { seen.saturating_sub(1) }).await } else { None };
            match code {
                Some(code) => {
                    self.advance(&mut m, &step, "codeConfirmation", &answers).await?;
                    let (s, b) = self.call(&mut m, Method::PUT, &self.user(&uid, ""), Some(&json!({ "verificationCode": code }))).await?;
                    if s == 200 {
                        m.token = b["token"].as_str().unwrap_or_default().into();
                    }
                }
                None => tokio::time::sleep(Duration::from_secs(21)).await,
            }
        }
        self.advance(&mut m, &step, "confirm", &answers).await?;

        let booking = json!({ "rateId": rate["rateId"], "rateCollectionId": rate["rateCollectionId"], "carId": car_id, "emailAddress": m.email, "quoteId": quote_id });
        // Book; a booking that failed or got no answer (502, 504) is retried as the member's 'Retry
        // Booking' does: a new click, a new key. A lost answer (503, no connection) keeps its key.
        let mut b = Value::Null;
        for round in 0..10 {
            let key = format!("book-{run}-{n}-{round}");
            let (s, answer) = self
                .call_retrying(&mut m, Method::POST, &self.user(&uid, "/policy"), Some(&booking), Some(&key), |s| s == 503 || s == 429)
                .await?;
            b = answer;
            match s {
                200 => break,
                502 | 504 => tokio::time::sleep(Duration::from_secs(1)).await,
                _ => bail!("booking: {s} {b}"),
            }
        }
        if b["policy"]["policyId"].as_str().is_none() {
            bail!("booking never succeeded: {b}");
        }
        let policy_id = b["policy"]["policyId"].as_str().unwrap_or_default().to_string();
        self.advance(&mut m, &step, "payment", &answers).await?;

        if fault == MemberFault::Reload {
            self.reload(&mut m).await?;
        }

        // Pay once: sign (again after a lost answer: the open request is reused), charge at the
        // gateway once, then report that one result until it sticks — unless the device fails.
        let (s, signed) =
            self.call(&mut m, Method::POST, &self.user(&uid, "/signrequest"), Some(&json!({ "policyId": policy_id }))).await?;
        if s != 200 {
            bail!("sign request: {s} {signed}");
        }
        let widget = signed["data"]["widgetUrl"].as_str().unwrap_or_default().to_string();
        let result = if fault == MemberFault::TwoTabs {
            let (s, other) =
                self.call(&mut m, Method::POST, &self.user(&uid, "/signrequest"), Some(&json!({ "policyId": policy_id }))).await?;
            if s != 200 || other["data"]["requestId"] != signed["data"]["requestId"] {
                bail!("a second tab got another chargeable request: {s} {other}");
            }
            let other_widget = other["data"]["widgetUrl"].as_str().unwrap_or_default().to_string();
            let (a, b) = tokio::join!(self.charge(&widget), self.charge(&other_widget));
            match (a?, b?) {
                (Some(r), None) | (None, Some(r)) => r,
                (Some(_), Some(_)) => bail!("both tabs were charged for one request"),
                (None, None) => bail!("neither tab was charged"),
            }
        } else {
            self.charge(&widget).await?.context("charge refused")?
        };
        let tracking = match fault {
            MemberFault::None | MemberFault::Reload | MemberFault::TwoTabs => {
                let v = self
                    .expect(
                        &mut m,
                        Method::POST,
                        &self.user(&uid, "/verifyresponse"),
                        Some(json!({ "policyId": policy_id, "result": result })),
                        &[200],
                    )
                    .await?;
                v["data"]["data"]["trackingNumber"].as_str().unwrap_or_default().to_string()
            }
            MemberFault::LostReport | MemberFault::ClosedTab | MemberFault::RetryPayment => self.tracking_of(&result).await?,
        };
        match fault {
            MemberFault::ClosedTab => {}
            MemberFault::RetryPayment => {
                // Retry Payment: the gateway is asked first; a charged contract gets no request.
                let (s, b) =
                    self.call(&mut m, Method::POST, &self.user(&uid, "/signrequest"), Some(&json!({ "policyId": policy_id }))).await?;
                if s != 409 || b["error"]["code"] != "alreadyPaid" {
                    bail!("a payment retry after a charge: {s} {b}");
                }
                self.confirm(&mut m, &policy_id).await?;
            }
            _ => {
                self.confirm(&mut m, &policy_id).await?;
                self.advance(&mut m, &step, "confirmation", &answers).await?;
            }
        }
        Ok(Bought { user_id: uid, policy_id, tracking, instances: m.instances.len().max(1) })
    }

    /// A new member's VIN lookups, one after another until the first 429 (at most `limit`): how
    /// many were allowed, and how many API instances answered them.
    pub async fn vin_burst(&self, email: &str, limit: usize) -> anyhow::Result<(usize, usize)> {
        let Some(Answer { status: 201, body, .. }) = self.create_user(email).await else { bail!("creating the probe's user") };
        let mut m = Member { email: email.into(), token: body["token"].as_str().unwrap_or_default().into(), ..Member::default() };
        let path = format!("/institution/{INSTITUTION}/car/vin/{VIN}");
        for allowed in 0..limit {
            // A 429 is the answer sought here, not a reason to wait and send again.
            let (s, b) = self.call_retrying(&mut m, reqwest::Method::GET, &path, None, None, |s| matches!(s, 502..=504)).await?;
            match s {
                200 => {}
                429 => return Ok((allowed, m.instances.len().max(1))),
                _ => bail!("VIN lookup: {s} {b}"),
            }
        }
        Ok((limit, m.instances.len().max(1)))
    }
}
