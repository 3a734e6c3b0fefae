//! Configuration: defaults in code, overridden by `COVERLINE_*` environment variables.
//! Secrets are wrapped so they never print.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

/// A secret value: `Debug` prints `[redacted]`.
#[derive(Clone)]
pub struct Secret(String);

impl Secret {
    /// Wraps a secret.
    pub fn new(s: impl Into<String>) -> Self {
        Self(s.into())
    }
    /// The secret itself, for the one place that needs it.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("[redacted]")
    }
}

/// Everything `coverline serve` and `coverline worker` need.
#[derive(Debug, Clone)]
pub struct Config {
    /// `COVERLINE_ADDR` (default 127.0.0.1:8080).
    pub addr: SocketAddr,
    /// `COVERLINE_PUBLIC_URL`: the origin members load the app from (the payment widget posts to it).
    pub public_url: String,
    /// `DATABASE_URL` (default sqlite://data/coverline.db).
    pub database_url: String,
    /// `COVERLINE_DATA_DIR` (default ./data): institutions, rate books, templates.
    pub data_dir: PathBuf,
    /// `COVERLINE_WEB_DIR` (default ./web/dist): the built web app.
    pub web_dir: PathBuf,
    /// `TEMPORAL_ADDRESS` (host:port). Unset: `serve` starts a local dev server.
    pub temporal_address: Option<String>,
    /// `COVERLINE_TEMPORAL_CLI` (default .venv/bin/temporal): the dev server binary.
    pub temporal_cli: PathBuf,
    /// `COVERLINE_TEMPORAL_DB` (default data/temporal.db).
    pub temporal_db: PathBuf,
    /// `TEMPORAL_NAMESPACE` (default `default`).
    pub temporal_namespace: String,
    /// `COVERLINE_SMTP_URL` (default smtp://127.0.0.1:1025).
    pub smtp_url: String,
    /// `COVERLINE_MAIL_FROM`.
    pub mail_from: String,
    /// `COVERLINE_GATEWAY_URL`: the payment gateway as the servers reach it.
    pub gateway_url: String,
    /// `COVERLINE_GATEWAY_PUBLIC_URL`: the gateway as browsers reach it (default: gateway_url).
    pub gateway_public_url: String,
    /// `COVERLINE_GATEWAY_MERCHANT_KEY`.
    pub gateway_merchant_key: Secret,
    /// `COVERLINE_PROVIDER_URL`: the provider's contract exchange.
    pub provider_url: String,
    /// `COVERLINE_PROVIDER_API_KEY`.
    pub provider_api_key: Secret,
    /// `COVERLINE_SIGNING_KEY`: signs the VIN-photo upload URLs. Every API instance behind one load
    /// balancer must share it; unset, each process draws a random key (links die with a restart).
    pub signing_key: Secret,
    /// `COVERLINE_DEALER_ID`: Coverline's dealer id at the provider.
    pub dealer_id: String,
    /// `COVERLINE_SANDBOX_ADDR`: where `serve` runs the sandbox gateway/provider when their URLs are local (default 127.0.0.1:8081).
    pub sandbox_addr: Option<SocketAddr>,
    /// `COVERLINE_BOOKING_TIMEOUT_SECS` (default 120): the provider's no-response timeout.
    pub booking_timeout: Duration,
    /// `COVERLINE_BOOKING_ATTEMPT_TIMEOUT_SECS` (default 40).
    pub booking_attempt_timeout: Duration,
    /// `COVERLINE_PAYMENT_DEADLINE_SECS` (default 86400): unpaid contracts are voided after it.
    pub payment_deadline: Duration,
    /// `COVERLINE_PAYMENT_CHECK_SECS` (default 120): while a payment request may be charged, the
    /// checkout asks the gateway this often (the webhook's safety net).
    pub payment_check: Duration,
    /// `COVERLINE_REMINDER_AFTER_SECS` (default 3600): a coverage chosen and left unpaid this long
    /// gets one reminder email, when the member consented to emails.
    pub reminder_after: Duration,
    /// `COVERLINE_CHECKOUT_IDLE_CLOSE_SECS` (default 604800): a checkout with no purchase and no
    /// step for this long closes (its resume links live as long).
    pub checkout_idle_close: Duration,
    /// `COVERLINE_CHECKOUT_SETTLE_SECS` (default 259200): after its purchase ended, a checkout stays
    /// this long to refund charges that arrive late (the gateway retries webhooks for 3 days).
    pub checkout_settle: Duration,
    /// `COVERLINE_QUOTE_VALID_SECS` (default 86400): a quote older than this is re-rated when a
    /// member resumes it from an emailed link (the member is told when the price changed).
    pub quote_valid: Duration,
    /// `COVERLINE_GATEWAY_WEBHOOK_SECRET`: the secret the gateway signs its webhooks with.
    pub gateway_webhook_secret: Secret,
    /// `COVERLINE_IDLE_TIMEOUT_SECS` (default 900): sessions die after this much inactivity.
    pub idle_timeout: Duration,
    /// `COVERLINE_SESSION_MAX_SECS` (default 14400): a session is not refreshed past this age. The
    /// browser resets after 15 refreshes of 4 minutes, but 'Continue' on its warning and the
    /// payment page restart its count, so the server's bound is an absolute one: 4 hours.
    pub session_max: Duration,
    /// `COVERLINE_WORKER` (default `inprocess`; `off` when workers run as `coverline worker`).
    pub run_worker: bool,
    /// `COVERLINE_TASK_QUEUE` (default `coverline-purchase`): the checkout workflows' task queue.
    pub task_queue: String,
    /// `COVERLINE_TRUST_FORWARDED_FOR` (default off): behind a reverse proxy, rate limits per client
    /// read the client's address from the proxy's `X-Forwarded-For` instead of the connection.
    pub trust_forwarded_for: bool,
    /// The splash's captcha (ALTCHA proof of work) before a user is created.
    pub captcha: CaptchaConfig,
}

/// The captcha's settings: `COVERLINE_CAPTCHA_*`.
#[derive(Debug, Clone)]
pub struct CaptchaConfig {
    /// `COVERLINE_CAPTCHA_SECRET`: signs the challenges. Every API instance must share it; unset,
    /// the signing key (`COVERLINE_SIGNING_KEY`) is used.
    pub secret: Secret,
    /// `COVERLINE_CAPTCHA_COST` (default 1000): PBKDF2-SHA-256 iterations per try.
    pub cost: u32,
    /// `COVERLINE_CAPTCHA_MAX_NUMBER` (default 10000): a challenge's answer is a counter drawn between
    /// half this and this; the browser tries every counter up to it (the work a visitor pays).
    pub max_number: u32,
    /// `COVERLINE_CAPTCHA_TTL_SECS` (default 600): a challenge must be solved and used within this.
    pub ttl: Duration,
}

impl CaptchaConfig {
    /// The cheapest challenges (tests and harnesses that create many users).
    pub fn easy(secret: Secret) -> Self {
        Self { secret, cost: 1, max_number: 4, ttl: Duration::from_secs(600) }
    }
}

fn env(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.trim().is_empty())
}

fn number(name: &str, default: u32) -> anyhow::Result<u32> {
    match env(name) {
        Some(v) => v.parse().ok().filter(|n| *n >= 1).ok_or_else(|| anyhow::anyhow!("{name} must be a whole number from 1")),
        None => Ok(default),
    }
}

fn secs(name: &str, default: u64) -> anyhow::Result<Duration> {
    Ok(Duration::from_secs(match env(name) {
        Some(v) => v.parse().map_err(|_| anyhow::anyhow!("{name} must be a number of seconds"))?,
        None => default,
    }))
}

impl Config {
    /// Reads the environment over the defaults.
    pub fn from_env() -> anyhow::Result<Self> {
        let addr: SocketAddr = env("COVERLINE_ADDR").unwrap_or_else(|| "127.0.0.1:8080".into()).parse()?;
        let sandbox_addr: Option<SocketAddr> = match env("COVERLINE_SANDBOX_ADDR").as_deref() {
            Some("off") => None,
            Some(a) => Some(a.parse()?),
            None => Some("127.0.0.1:8081".parse()?),
        };
        let sandbox_url = sandbox_addr.map(|a| format!("http://{a}")).unwrap_or_default();
        let gateway_url = env("COVERLINE_GATEWAY_URL").unwrap_or_else(|| sandbox_url.clone());
        let signing_key = env("COVERLINE_SIGNING_KEY").unwrap_or_else(|| {
            use rand::RngCore;
            let mut key = [0u8; 32];
            rand::rng().fill_bytes(&mut key);
            hex::encode(key)
        });
        Ok(Self {
            addr,
            public_url: env("COVERLINE_PUBLIC_URL").unwrap_or_else(|| format!("http://localhost:{}", addr.port())),
            database_url: env("DATABASE_URL").unwrap_or_else(|| "sqlite://data/coverline.db".into()),
            data_dir: env("COVERLINE_DATA_DIR").unwrap_or_else(|| "data".into()).into(),
            web_dir: env("COVERLINE_WEB_DIR").unwrap_or_else(|| "web/dist".into()).into(),
            temporal_address: env("TEMPORAL_ADDRESS"),
            temporal_cli: env("COVERLINE_TEMPORAL_CLI").unwrap_or_else(|| ".venv/bin/temporal".into()).into(),
            temporal_db: env("COVERLINE_TEMPORAL_DB").unwrap_or_else(|| "data/temporal.db".into()).into(),
            temporal_namespace: env("TEMPORAL_NAMESPACE").unwrap_or_else(|| "default".into()),
            smtp_url: env("COVERLINE_SMTP_URL").unwrap_or_else(|| "smtp://127.0.0.1:1025".into()),
            mail_from: env("COVERLINE_MAIL_FROM").unwrap_or_else(|| "Coverline <no-reply@coverline.example>".into()),
            gateway_public_url: env("COVERLINE_GATEWAY_PUBLIC_URL").unwrap_or_else(|| gateway_url.clone()),
            gateway_url,
            gateway_merchant_key: Secret::new(env("COVERLINE_GATEWAY_MERCHANT_KEY").unwrap_or_else(|| "sandbox-merchant-key".into())),
            provider_url: env("COVERLINE_PROVIDER_URL").unwrap_or(sandbox_url),
            provider_api_key: Secret::new(env("COVERLINE_PROVIDER_API_KEY").unwrap_or_else(|| "sandbox-provider-key".into())),
            captcha: CaptchaConfig {
                secret: Secret::new(env("COVERLINE_CAPTCHA_SECRET").unwrap_or_else(|| signing_key.clone())),
                cost: number("COVERLINE_CAPTCHA_COST", 1000)?,
                max_number: number("COVERLINE_CAPTCHA_MAX_NUMBER", 10_000)?,
                ttl: secs("COVERLINE_CAPTCHA_TTL_SECS", 600)?,
            },
            signing_key: Secret::new(signing_key),
            dealer_id: env("COVERLINE_DEALER_ID").unwrap_or_else(|| "COVERLINE-001".into()),
            sandbox_addr,
            booking_timeout: secs("COVERLINE_BOOKING_TIMEOUT_SECS", 120)?,
            booking_attempt_timeout: secs("COVERLINE_BOOKING_ATTEMPT_TIMEOUT_SECS", 40)?,
            payment_deadline: secs("COVERLINE_PAYMENT_DEADLINE_SECS", 86_400)?,
            payment_check: secs("COVERLINE_PAYMENT_CHECK_SECS", 120)?,
            reminder_after: secs("COVERLINE_REMINDER_AFTER_SECS", 3600)?,
            checkout_idle_close: secs("COVERLINE_CHECKOUT_IDLE_CLOSE_SECS", 7 * 86_400)?,
            checkout_settle: secs("COVERLINE_CHECKOUT_SETTLE_SECS", 3 * 86_400)?,
            quote_valid: secs("COVERLINE_QUOTE_VALID_SECS", 86_400)?,
            gateway_webhook_secret: Secret::new(env("COVERLINE_GATEWAY_WEBHOOK_SECRET").unwrap_or_else(|| "sandbox-webhook-secret".into())),
            idle_timeout: secs("COVERLINE_IDLE_TIMEOUT_SECS", 900)?,
            session_max: secs("COVERLINE_SESSION_MAX_SECS", 14_400)?,
            run_worker: env("COVERLINE_WORKER").as_deref() != Some("off"),
            task_queue: env("COVERLINE_TASK_QUEUE").unwrap_or_else(|| coverline_workflows::TASK_QUEUE.to_string()),
            trust_forwarded_for: matches!(env("COVERLINE_TRUST_FORWARDED_FOR").as_deref(), Some("1" | "true" | "yes")),
        })
    }
}
