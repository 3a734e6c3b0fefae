//! One member's whole purchase over HTTP, as the web app makes it: sign up, verify the email (the
//! code read from wherever the stack delivers mail), personal details, car, quote, book, pay at the
//! sandbox gateway, verify, confirm. Every call is retried while the server is away, so the chaos
//! harness can kill it mid-purchase; the overhead benchmark drives the same flow on a quiet stack.

use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use serde_json::{Value, json};

use crate::smtp;

const PASSWORD: &str = "Bench-harness-password-1!";
const INSTITUTION: &str = "summit-cu";
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
            Self::Receiver(inbox) => Ok(inbox.to(email).iter().map(|m| header(&m.data, "Subject").unwrap_or_default()).collect()),
            Self::Maildev(url) => {
                let all: Vec<Value> = http.get(format!("{url}/email")).send().await?.error_for_status()?.json().await?;
                Ok(all
                    .iter()
                    .filter(|m| m["to"].as_array().is_some_and(|to| to.iter().any(|t| t["address"].as_str().is_some_and(|a| a.eq_ignore_ascii_case(email)))))
                    .map(|m| m["subject"].as_str().unwrap_or_default().to_string())
                    .collect())
            }
        }
    }
}

/// A header's value in a raw message (its first line; folded continuations are not read).
pub fn header(data: &str, name: &str) -> Option<String> {
    let prefix = format!("{}:", name.to_ascii_lowercase());
    data.lines().find(|l| l.to_ascii_lowercase().starts_with(&prefix)).map(|l| l[prefix.len()..].trim().to_string())
}

/// One member's way through the flow, retrying as a browser would when the server is away.
pub struct Client {
    pub http: reqwest::Client,
    /// The API's base, `http://host:port/api`.
    pub api: String,
    /// The sandbox gateway's origin (where the card is charged).
    pub sandbox: String,
    pub mailbox: Mailbox,
}

#[derive(Debug, Default)]
struct Member {
    email: String,
    user_id: String,
    token: String,
}

/// A completed purchase.
#[derive(Debug, Clone)]
pub struct Bought {
    pub quote_id: String,
    pub policy_id: String,
    /// The gateway's tracking number of the charge.
    pub tracking: String,
}

fn retryable(status: u16) -> bool {
    matches!(status, 502..=504) || status == 429
}

impl Client {
    /// One call, retried while the server is down or restarting (connection errors, 502-504) and
    /// after a lost answer rotated the token (401: log in again). Gives up after 5 minutes.
    async fn call(&self, m: &mut Member, method: reqwest::Method, path: &str, body: Option<&Value>) -> anyhow::Result<(u16, Value)> {
        let until = Instant::now() + Duration::from_secs(300);
        loop {
            let mut req = self.http.request(method.clone(), format!("{}{path}", self.api));
            if !m.token.is_empty() {
                req = req.bearer_auth(&m.token);
            }
            if let Some(b) = body {
                req = req.json(b);
            }
            let outcome = match req.send().await {
                Ok(res) => {
                    let status = res.status().as_u16();
                    let value = res.json::<Value>().await.unwrap_or(Value::Null);
                    Some((status, value))
                }
                Err(_) => None,
            };
            match outcome {
                Some((401, body)) if !m.email.is_empty() && body["error"]["code"] != "invalidCredentials" => self.login(m).await?,
                Some((status, body)) if !retryable(status) => return Ok((status, body)),
                _ if Instant::now() > until => bail!("{method} {path}: the server did not answer for 5 minutes"),
                _ => tokio::time::sleep(Duration::from_millis(250)).await,
            }
        }
    }

    async fn login(&self, m: &mut Member) -> anyhow::Result<()> {
        let url = format!("{}/institution/{INSTITUTION}/login?emailAddress={}", self.api, m.email);
        let until = Instant::now() + Duration::from_secs(300);
        loop {
            if let Ok(res) = self.http.post(&url).json(&json!({ "password": PASSWORD })).send().await {
                let status = res.status().as_u16();
                let body = res.json::<Value>().await.unwrap_or(Value::Null);
                if status == 200 {
                    m.token = body["token"].as_str().unwrap_or_default().to_string();
                    return Ok(());
                }
                if !retryable(status) {
                    bail!("login after a rotated token: {status} {body}");
                }
            }
            if Instant::now() > until {
                bail!("login: the server did not answer for 5 minutes");
            }
            tokio::time::sleep(Duration::from_millis(250)).await;
        }
    }

    fn user(&self, user_id: &str, suffix: &str) -> String {
        format!("/institution/{INSTITUTION}/user/{user_id}{suffix}")
    }

    async fn expect(&self, m: &mut Member, method: reqwest::Method, path: &str, body: Option<Value>, want: &[u16]) -> anyhow::Result<Value> {
        let (s, b) = self.call(m, method.clone(), path, body.as_ref()).await?;
        if !want.contains(&s) {
            bail!("{method} {path}: {s} {b}");
        }
        Ok(b)
    }

    /// The newest verification code emailed to `email` after `seen` messages.
    async fn code(&self, email: &str, seen: usize) -> Option<String> {
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

    /// Buys one contract as member `{run}-{n}@example.com` (another address per retried sign-up).
    pub async fn purchase(&self, run: &str, n: usize) -> anyhow::Result<Bought> {
        use reqwest::Method;
        let mut m = Member::default();
        // A user per attempt: a retried creation must not leave two users behind one address.
        for attempt in 0.. {
            let email = format!("{run}-{n}-{attempt}@example.com");
            let mut anonymous = Member::default();
            let (s, b) = self
                .call(&mut anonymous, Method::POST, &format!("/institution/{INSTITUTION}/user"), Some(&json!({ "emailAddress": email, "password": PASSWORD })))
                .await?;
            if s == 201 {
                m = Member { email, user_id: b["user"]["userId"].as_str().unwrap_or_default().into(), token: b["token"].as_str().unwrap_or_default().into() };
                break;
            }
            if attempt > 5 {
                bail!("creating a user: {s} {b}");
            }
        }

        let uid = m.user_id.clone();

        // Verify the email: send (a lost send is sent again after 21 s), read, enter.
        loop {
            let (_, me) = self.call(&mut m, Method::GET, &self.user(&uid, ""), None).await?;
            if me["user"]["isEmailVerified"] == true {
                break;
            }
            let seen = self.seen(&m.email).await;
            let path = self.user(&uid, &format!("/verifyemail?emailAddress={}", m.email));
            let (s, _) = self.call(&mut m, Method::GET, &path, None).await?;
            let code = if s == 200 || s == 429 { self.code(&m.email, if s == 200 { seen } else { seen.saturating_sub(1) }).await } else { None };
            match code {
                Some(code) => {
                    let (s, b) = self.call(&mut m, Method::PUT, &self.user(&uid, ""), Some(&json!({ "verificationCode": code }))).await?;
                    if s == 200 {
                        m.token = b["token"].as_str().unwrap_or_default().into();
                    }
                }
                None => tokio::time::sleep(Duration::from_secs(21)).await,
            }
        }
        let details = json!({ "firstName": "Casey", "lastName": "Chaos", "phoneNumber": "3035550142",
            "address": { "street": "100 Main St", "city": "Denver", "state": "CO", "zip": "80202" }, "isMember": true });
        let b = self.expect(&mut m, Method::PUT, &self.user(&uid, ""), Some(details), &[200]).await?;
        m.token = b["token"].as_str().unwrap_or_default().into();

        let car = json!({ "vin": VIN, "odometer": "45000", "milesPerYear": 15000, "yearsToOwn": 6 });
        let b = self.expect(&mut m, Method::POST, &self.user(&uid, "/car"), Some(car), &[201]).await?;
        let car_id = b["car"]["carId"].as_str().unwrap_or_default().to_string();
        let quote = json!({ "carId": car_id, "milesPerYear": 15000, "yearsToOwn": 6, "state": "CO" });
        let q = self.expect(&mut m, Method::POST, &self.user(&uid, "/quote"), Some(quote), &[201]).await?;
        let quote_id = q["quoteId"].as_str().unwrap_or_default().to_string();
        let rate = &q["rates"][0];
        let booking = json!({ "rateId": rate["rateId"], "rateCollectionId": rate["rateCollectionId"], "carId": car_id, "emailAddress": m.email, "quoteId": quote_id });
        let b = self.expect(&mut m, Method::POST, &self.user(&uid, "/policy"), Some(booking), &[200]).await?;
        let policy_id = b["policy"]["policyId"].as_str().unwrap_or_default().to_string();

        // Pay once: sign (again after a lost answer; an unused signed request costs nothing),
        // charge at the gateway once, then verify that one result until it sticks.
        let (s, signed) = self.call(&mut m, Method::POST, &self.user(&uid, "/signrequest"), Some(&json!({ "policyId": policy_id }))).await?;
        if s != 200 {
            bail!("sign request: {s} {signed}");
        }
        let widget = signed["data"]["widgetUrl"].as_str().unwrap_or_default();
        let request = reqwest::Url::parse(widget)?.query_pairs().find(|(k, _)| k == "request").map(|(_, v)| v.to_string()).unwrap_or_default();
        let charged: Value = self
            .http
            .post(format!("{}/v1/charge", self.sandbox))
            .json(&json!({ "request": request, "cardNumber": "4242424242424242", "expiry": "12/34", "cvc": "123", "zip": "80202" }))
            .send()
            .await?
            .json()
            .await?;
        let result = charged["data"]["result"].as_str().with_context(|| format!("charge: {charged}"))?.to_string();
        let v = self
            .expect(&mut m, Method::POST, &self.user(&uid, "/verifyresponse"), Some(json!({ "policyId": policy_id, "result": result })), &[200])
            .await?;
        let tracking = v["data"]["data"]["trackingNumber"].as_str().unwrap_or_default().to_string();
        self.expect(&mut m, Method::POST, &self.user(&uid, "/payment/confirmation"), Some(json!({ "policyId": policy_id })), &[200]).await?;
        Ok(Bought { quote_id, policy_id, tracking })
    }
}
