//! Configuration: defaults in code, overridden by `COVERLINE_*` environment variables.
//! Secrets are wrapped so they never print.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use crate::http::client_address::TrustedProxies;

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

/// `COVERLINE_ENV`: how much the configuration is trusted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// `development` (the default): `make run` and the tests, on the sandbox and the lab data.
    Development,
    /// `production`: `serve` and `worker` refuse to start on a public secret, the in-process
    /// sandbox or lab data ([`Config::production_problems`]).
    Production,
}

/// Everything `coverline serve` and `coverline worker` need.
#[derive(Debug, Clone)]
pub struct Config {
    /// `COVERLINE_ENV` (default `development`).
    pub mode: Mode,
    /// `COVERLINE_ADDR` (default 127.0.0.1:8080).
    pub addr: SocketAddr,
    /// `COVERLINE_METRICS_ADDR` as given: see [`Config::metrics_listen`].
    pub metrics_addr: Option<String>,
    /// `COVERLINE_LAB_CLOCK=on`: the operations listener also answers `POST /lab/clock`, which
    /// moves this instance's clock (the browser suite's cancellation after 45 days). Refused in
    /// production.
    pub lab_clock: bool,
    /// `COVERLINE_PUBLIC_URL`: the origin members load the app from (the payment widget posts to it).
    pub public_url: String,
    /// `DATABASE_URL` (default sqlite://data/coverline.db).
    pub database_url: String,
    /// `COVERLINE_DATA_DIR` (default ./data): institutions, rate books, templates.
    pub data_dir: PathBuf,
    /// `COVERLINE_WEB_DIR` (default ./web/dist): the built web app.
    pub web_dir: PathBuf,
    /// `COVERLINE_INSTITUTIONS_DIR` (default `{data_dir}/institutions`, `none` for none): the
    /// institution files `serve` imports at start.
    pub institutions_dir: Option<PathBuf>,
    /// `COVERLINE_INTEGRATORS_DIR` (default `{data_dir}/integrators`, `none` for none): the
    /// integrator files `serve` imports at start.
    pub integrators_dir: Option<PathBuf>,
    /// `COVERLINE_PROVIDERS_DIR` (default `{data_dir}/providers`): each provider's obligor (legal
    /// name, address, licences), printed on contracts.
    pub providers_dir: PathBuf,
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
    /// `COVERLINE_MAIL_FROM`: the platform's sender (institutions send in their own name on it,
    /// or on a domain they delegated).
    pub mail_from: String,
    /// `COVERLINE_DKIM_DIR`: a DKIM key per sending domain (`SELECTOR._domainkey.DOMAIN.pem`);
    /// unset: mail goes out unsigned (development only).
    pub dkim_dir: Option<PathBuf>,
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
    /// `COVERLINE_CODE_RESEND_SECS` (default 20, the spec's): verification code emails go at most
    /// this often to a member (the browser suite shortens it).
    pub code_resend: Duration,
    /// `COVERLINE_QUOTE_VALID_SECS` (default 86400): a quote older than this is re-rated when a
    /// member resumes it from an emailed link (the member is told when the price changed).
    pub quote_valid: Duration,
    /// `COVERLINE_GATEWAY_WEBHOOK_SECRET`: the secret the gateway signs its webhooks with.
    pub gateway_webhook_secret: Secret,
    /// `COVERLINE_RETENTION_DAYS` (default 730, two years): the personal data of a checkout
    /// abandoned this long (no contract, nothing done since) is erased.
    pub retention_keep: Duration,
    /// `COVERLINE_RETENTION_EVERY_SECS` (default 86400): how often the retention workflow runs.
    pub retention_every: Duration,
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
    /// `COVERLINE_TRUSTED_PROXIES` (default none): the balancers' addresses or CIDRs. Behind them,
    /// rate limits per client read the right-most `X-Forwarded-For` entry that is not one of them.
    pub trusted_proxies: TrustedProxies,
    /// The splash's captcha (ALTCHA proof of work) before a user is created.
    pub captcha: CaptchaConfig,
    /// The staff console's sign-in (`COVERLINE_STAFF_*`, docs/staff.md); `None`: the console is off.
    pub staff: Option<StaffConfig>,
    /// `COVERLINE_TEMPORAL_UI_URL` (default http://localhost:8233): the Temporal Web UI, for the
    /// history links of `support show` and the console.
    pub temporal_ui_url: String,
}

/// The staff console's identity provider: `COVERLINE_STAFF_*`.
#[derive(Debug, Clone)]
pub struct StaffConfig {
    /// `COVERLINE_STAFF_OIDC_ISSUER`: the operator's (or an institution's) OpenID Connect issuer.
    pub issuer: String,
    /// `COVERLINE_STAFF_OIDC_CLIENT_ID` (default `coverline-staff`).
    pub client_id: String,
    /// `COVERLINE_STAFF_OIDC_CLIENT_SECRET`: required with the issuer; no default.
    pub client_secret: Secret,
    /// `COVERLINE_STAFF_ROLES_FILE`: roles by subject; unset, they come from the claims
    /// `coverline_roles` and `coverline_institution`.
    pub roles_file: Option<PathBuf>,
    /// `COVERLINE_STAFF_OIDC_SCOPES` (default `email profile`): the scopes asked for besides
    /// `openid`, space-separated (the provider's scope that releases the roles' claims, if any).
    pub scopes: Vec<String>,
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

/// Reads a variable; one set to blanks reads as unset.
type Vars<'a> = &'a dyn Fn(&str) -> Option<String>;

/// The process environment, a variable set to blanks read as unset.
fn env(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.trim().is_empty())
}

fn number(env: Vars, name: &str, default: u32) -> anyhow::Result<u32> {
    match env(name) {
        Some(v) => v.parse().ok().filter(|n| *n >= 1).ok_or_else(|| anyhow::anyhow!("{name} must be a whole number from 1")),
        None => Ok(default),
    }
}

fn secs(env: Vars, name: &str, default: u64) -> anyhow::Result<Duration> {
    Ok(Duration::from_secs(match env(name) {
        Some(v) => v.parse().map_err(|_| anyhow::anyhow!("{name} must be a number of seconds"))?,
        None => default,
    }))
}

impl Config {
    /// Where Prometheus' `GET /metrics` listens: `COVERLINE_METRICS_ADDR`, else `default`
    /// (127.0.0.1:9464 for `serve`, :9465 for `worker`); none when it is `off`. A listener of its
    /// own, which the load balancer does not route.
    pub fn metrics_listen(&self, default: &str) -> Option<String> {
        match self.metrics_addr.as_deref() {
            Some("off") => None,
            Some(addr) => Some(addr.to_string()),
            None => Some(default.to_string()),
        }
    }

    /// Reads the environment over the defaults.
    pub fn from_env() -> anyhow::Result<Self> {
        Self::from_vars(&env)
    }

    /// Reads `env` (a variable's value, none when unset) over the defaults.
    pub fn from_vars(env: Vars) -> anyhow::Result<Self> {
        let env = |name: &str| env(name).filter(|v| !v.trim().is_empty());
        if env("COVERLINE_TRUST_FORWARDED_FOR").is_some() {
            // Its left-most entry was the client's to write; silently ignoring it would put every
            // member behind the balancer in one rate-limit bucket.
            anyhow::bail!("COVERLINE_TRUST_FORWARDED_FOR is replaced by COVERLINE_TRUSTED_PROXIES: list the balancers' addresses or CIDRs");
        }
        let addr: SocketAddr = env("COVERLINE_ADDR").unwrap_or_else(|| "127.0.0.1:8080".into()).parse()?;
        let sandbox_addr: Option<SocketAddr> = match env("COVERLINE_SANDBOX_ADDR").as_deref() {
            Some("off") => None,
            Some(a) => Some(a.parse()?),
            None => Some("127.0.0.1:8081".parse()?),
        };
        let mode = match env("COVERLINE_ENV").as_deref() {
            None | Some("development") => Mode::Development,
            Some("production") => Mode::Production,
            Some(other) => anyhow::bail!("COVERLINE_ENV must be development or production, not {other:?}"),
        };
        let data_dir: PathBuf = env("COVERLINE_DATA_DIR").unwrap_or_else(|| "data".into()).into();
        let import_dir = |name: &str, default: &str| match env(name).as_deref() {
            Some("none") => None,
            Some(dir) => Some(PathBuf::from(dir)),
            None => Some(data_dir.join(default)),
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
            metrics_addr: env("COVERLINE_METRICS_ADDR"),
            lab_clock: env("COVERLINE_LAB_CLOCK").is_some_and(|v| matches!(v.as_str(), "on" | "true" | "1")),
            mode,
            institutions_dir: import_dir("COVERLINE_INSTITUTIONS_DIR", "institutions"),
            integrators_dir: import_dir("COVERLINE_INTEGRATORS_DIR", "integrators"),
            providers_dir: env("COVERLINE_PROVIDERS_DIR").map(PathBuf::from).unwrap_or_else(|| data_dir.join("providers")),
            addr,
            public_url: env("COVERLINE_PUBLIC_URL").unwrap_or_else(|| format!("http://localhost:{}", addr.port())),
            database_url: env("DATABASE_URL").unwrap_or_else(|| "sqlite://data/coverline.db".into()),
            data_dir,
            web_dir: env("COVERLINE_WEB_DIR").unwrap_or_else(|| "web/dist".into()).into(),
            temporal_address: env("TEMPORAL_ADDRESS"),
            temporal_cli: env("COVERLINE_TEMPORAL_CLI").unwrap_or_else(|| ".venv/bin/temporal".into()).into(),
            temporal_db: env("COVERLINE_TEMPORAL_DB").unwrap_or_else(|| "data/temporal.db".into()).into(),
            temporal_namespace: env("TEMPORAL_NAMESPACE").unwrap_or_else(|| "default".into()),
            smtp_url: env("COVERLINE_SMTP_URL").unwrap_or_else(|| "smtp://127.0.0.1:1025".into()),
            mail_from: env("COVERLINE_MAIL_FROM").unwrap_or_else(|| "Coverline <no-reply@coverline.example>".into()),
            dkim_dir: env("COVERLINE_DKIM_DIR").map(PathBuf::from),
            gateway_public_url: env("COVERLINE_GATEWAY_PUBLIC_URL").unwrap_or_else(|| gateway_url.clone()),
            gateway_url,
            gateway_merchant_key: Secret::new(env("COVERLINE_GATEWAY_MERCHANT_KEY").unwrap_or_else(|| "sandbox-merchant-key".into())),
            provider_url: env("COVERLINE_PROVIDER_URL").unwrap_or(sandbox_url),
            provider_api_key: Secret::new(env("COVERLINE_PROVIDER_API_KEY").unwrap_or_else(|| "sandbox-provider-key".into())),
            captcha: CaptchaConfig {
                secret: Secret::new(env("COVERLINE_CAPTCHA_SECRET").unwrap_or_else(|| signing_key.clone())),
                cost: number(&env, "COVERLINE_CAPTCHA_COST", 1000)?,
                max_number: number(&env, "COVERLINE_CAPTCHA_MAX_NUMBER", 10_000)?,
                ttl: secs(&env, "COVERLINE_CAPTCHA_TTL_SECS", 600)?,
            },
            signing_key: Secret::new(signing_key),
            dealer_id: env("COVERLINE_DEALER_ID").unwrap_or_else(|| "COVERLINE-001".into()),
            sandbox_addr,
            booking_timeout: secs(&env, "COVERLINE_BOOKING_TIMEOUT_SECS", 120)?,
            booking_attempt_timeout: secs(&env, "COVERLINE_BOOKING_ATTEMPT_TIMEOUT_SECS", 40)?,
            payment_deadline: secs(&env, "COVERLINE_PAYMENT_DEADLINE_SECS", 86_400)?,
            payment_check: secs(&env, "COVERLINE_PAYMENT_CHECK_SECS", 120)?,
            reminder_after: secs(&env, "COVERLINE_REMINDER_AFTER_SECS", 3600)?,
            checkout_idle_close: secs(&env, "COVERLINE_CHECKOUT_IDLE_CLOSE_SECS", 7 * 86_400)?,
            checkout_settle: secs(&env, "COVERLINE_CHECKOUT_SETTLE_SECS", 3 * 86_400)?,
            code_resend: secs(&env, "COVERLINE_CODE_RESEND_SECS", 20)?,
            quote_valid: secs(&env, "COVERLINE_QUOTE_VALID_SECS", 86_400)?,
            gateway_webhook_secret: Secret::new(env("COVERLINE_GATEWAY_WEBHOOK_SECRET").unwrap_or_else(|| "sandbox-webhook-secret".into())),
            retention_keep: Duration::from_secs(u64::from(number(&env, "COVERLINE_RETENTION_DAYS", 730)?) * 86_400),
            retention_every: secs(&env, "COVERLINE_RETENTION_EVERY_SECS", 86_400)?,
            idle_timeout: secs(&env, "COVERLINE_IDLE_TIMEOUT_SECS", 900)?,
            session_max: secs(&env, "COVERLINE_SESSION_MAX_SECS", 14_400)?,
            run_worker: env("COVERLINE_WORKER").as_deref() != Some("off"),
            task_queue: env("COVERLINE_TASK_QUEUE").unwrap_or_else(|| coverline_workflows::TASK_QUEUE.to_string()),
            trusted_proxies: TrustedProxies::parse(&env("COVERLINE_TRUSTED_PROXIES").unwrap_or_default())?,
            temporal_ui_url: env("COVERLINE_TEMPORAL_UI_URL").unwrap_or_else(|| "http://localhost:8233".into()),
            staff: match env("COVERLINE_STAFF_OIDC_ISSUER") {
                None => None,
                Some(issuer) => Some(StaffConfig {
                    issuer,
                    client_id: env("COVERLINE_STAFF_OIDC_CLIENT_ID").unwrap_or_else(|| "coverline-staff".into()),
                    client_secret: Secret::new(env("COVERLINE_STAFF_OIDC_CLIENT_SECRET").ok_or_else(|| {
                        anyhow::anyhow!("COVERLINE_STAFF_OIDC_ISSUER is set without COVERLINE_STAFF_OIDC_CLIENT_SECRET (docs/staff.md)")
                    })?),
                    roles_file: env("COVERLINE_STAFF_ROLES_FILE").map(PathBuf::from),
                    scopes: env("COVERLINE_STAFF_OIDC_SCOPES")
                        .unwrap_or_else(|| "email profile".into())
                        .split_whitespace()
                        .map(str::to_string)
                        .collect(),
                }),
            },
        })
    }
}

/// Secrets that ship with Coverline (the sandbox's and the harnesses' defaults, the demo partner's
/// token): anyone can read them, so production mode refuses them.
pub const PUBLIC_SECRETS: [&str; 10] = [
    "sandbox-webhook-secret",
    "demo-bank-staff-secret",
    "demo-bank-member-secret",
    "sandbox-merchant-key",
    "sandbox-provider-key",
    "coverline-sandbox-signing-secret",
    "demo-partner-token",
    "scale-stack-signing-key",
    "chaos-harness-signing-key",
    "bench-signing-key",
];

/// The shortest secret production mode takes: 256 bits, as `openssl rand -hex 32` makes.
pub const MIN_SECRET_BYTES: usize = 32;

/// How a secret fails production mode's check, if it does.
fn secret_problem(name: &str, value: &str) -> Option<String> {
    let lower = value.to_ascii_lowercase();
    if PUBLIC_SECRETS.contains(&value) || lower.contains("change-me") || lower.contains("changeme") || lower.starts_with("test-") {
        return Some(format!("{name} is a public default or a placeholder: set the real one"));
    }
    (value.len() < MIN_SECRET_BYTES).then(|| format!("{name} is {} bytes: at least {MIN_SECRET_BYTES} (openssl rand -hex 32)", value.len()))
}

/// The TOML files of a directory `serve` would read, each named and parsed, by name (none when the
/// directory is missing; a file that does not parse is left to the import to refuse).
fn toml_files(dir: &std::path::Path) -> Vec<(String, toml::Table)> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut files: Vec<(String, toml::Table)> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .filter_map(|p| Some((p.display().to_string(), std::fs::read_to_string(&p).ok()?.parse::<toml::Table>().ok()?)))
        .collect();
    files.sort_by(|a, b| a.0.cmp(&b.0));
    files
}

/// The lab files (`lab = true`, or an integrator of a public token) in a directory `serve` would
/// import, each named.
fn lab_files(dir: &std::path::Path) -> Vec<String> {
    let public_hashes: Vec<String> = PUBLIC_SECRETS.iter().map(|s| crate::services::integrators::token_sha256(s)).collect();
    toml_files(dir)
        .into_iter()
        .filter(|(_, file)| {
            file.get("lab").and_then(toml::Value::as_bool) == Some(true)
                || file
                    .get("tokenSha256")
                    .and_then(toml::Value::as_str)
                    .is_some_and(|h| public_hashes.iter().any(|p| p.eq_ignore_ascii_case(h)))
        })
        .map(|(name, _)| name)
        .collect()
}

/// The domain of an address or a mailbox (`Name <user@domain>`), lower case.
fn domain_of(mailbox: &str) -> String {
    mailbox.trim().trim_end_matches('>').rsplit_once('@').map(|(_, d)| d.to_ascii_lowercase()).unwrap_or_default()
}

/// The `senderAddress` domains of the institution files in `dir`, each with its file.
fn sender_domains(dir: &std::path::Path) -> Vec<(String, String)> {
    toml_files(dir)
        .into_iter()
        .filter_map(|(name, file)| Some((name, domain_of(file.get("emailSettings")?.get("senderAddress")?.as_str()?))))
        .collect()
}

impl Config {
    /// Members load the app over https (`COVERLINE_PUBLIC_URL`): cookies are `Secure`, HSTS is sent.
    pub fn serves_https(&self) -> bool {
        self.public_url.starts_with("https://")
    }

    /// What production mode refuses in this configuration, each naming its variable (empty: it
    /// may start). `is_set` tells whether a variable was given (rather than defaulted).
    pub fn production_problems(&self, is_set: impl Fn(&str) -> bool) -> Vec<String> {
        let mut problems = Vec::new();
        let secrets = [
            ("COVERLINE_SIGNING_KEY", &self.signing_key, true),
            ("COVERLINE_CAPTCHA_SECRET", &self.captcha.secret, false),
            ("COVERLINE_GATEWAY_MERCHANT_KEY", &self.gateway_merchant_key, true),
            ("COVERLINE_GATEWAY_WEBHOOK_SECRET", &self.gateway_webhook_secret, true),
            ("COVERLINE_PROVIDER_API_KEY", &self.provider_api_key, true),
        ];
        for (name, secret, required) in secrets {
            if !is_set(name) {
                if required {
                    problems.push(format!("{name} is missing"));
                }
                continue;
            }
            problems.extend(secret_problem(name, secret.expose()));
        }
        if let Some(staff) = &self.staff {
            problems.extend(secret_problem("COVERLINE_STAFF_OIDC_CLIENT_SECRET", staff.client_secret.expose()));
            if !staff.issuer.starts_with("https://") {
                problems.push(format!("COVERLINE_STAFF_OIDC_ISSUER must be an https:// URL, not {:?}", staff.issuer));
            }
        }
        if self.sandbox_addr.is_some() {
            problems.push(
                "COVERLINE_SANDBOX_ADDR: the sandbox gateway would run in this process and take card numbers itself: set it to off".into(),
            );
        }
        if self.lab_clock {
            problems.push("COVERLINE_LAB_CLOCK: anyone on the operations port could move this instance's clock: unset it".into());
        }
        if self.temporal_address.is_none() {
            problems.push("TEMPORAL_ADDRESS is missing: production connects to a Temporal cluster, it starts no dev server".into());
        }
        for (name, url) in [
            ("COVERLINE_PUBLIC_URL", &self.public_url),
            ("COVERLINE_GATEWAY_URL", &self.gateway_url),
            ("COVERLINE_GATEWAY_PUBLIC_URL", &self.gateway_public_url),
            ("COVERLINE_PROVIDER_URL", &self.provider_url),
        ] {
            if !url.starts_with("https://") {
                problems.push(format!("{name} must be an https:// URL, not {url:?}"));
            }
        }
        for name in ["COVERLINE_SMTP_URL", "COVERLINE_MAIL_FROM", "COVERLINE_DEALER_ID"] {
            if !is_set(name) {
                problems.push(format!("{name} is missing (its development default is a local stand-in)"));
            }
        }
        for (name, dir) in [("COVERLINE_INSTITUTIONS_DIR", &self.institutions_dir), ("COVERLINE_INTEGRATORS_DIR", &self.integrators_dir)] {
            for file in dir.as_deref().map(lab_files).unwrap_or_default() {
                problems.push(format!("{name}: {file} is lab data (demo, public token): point {name} at your own files, or none"));
            }
        }
        problems.extend(self.dkim_problems(is_set("COVERLINE_MAIL_FROM")));
        for file in lab_files(&self.providers_dir) {
            problems.push(format!(
                "COVERLINE_PROVIDERS_DIR: {file} is lab data (an illustrative obligor): point it at files with each provider's filed name, address and licences"
            ));
        }
        problems
    }

    /// What keeps production's mail from being signed: no `COVERLINE_DKIM_DIR`, a key that does
    /// not load, or a sending domain without a key (the platform's, and each institution file's
    /// `senderAddress`; the platform's only when `COVERLINE_MAIL_FROM` was given, a missing one is
    /// said already).
    fn dkim_problems(&self, mail_from_set: bool) -> Vec<String> {
        let Some(dir) = &self.dkim_dir else {
            return vec!["COVERLINE_DKIM_DIR is missing: production signs every email with its domain's DKIM key (docs/email.md)".into()];
        };
        let keys = match coverline_activities::dkim::DkimKeys::load(dir) {
            Ok(keys) => keys,
            Err(e) => return vec![format!("{e:#}")],
        };
        let mut domains = Vec::new();
        if mail_from_set {
            domains.push(("COVERLINE_MAIL_FROM".to_string(), domain_of(&self.mail_from)));
        }
        if let Some(dir) = &self.institutions_dir {
            domains.extend(sender_domains(dir));
        }
        domains
            .into_iter()
            .filter(|(_, domain)| keys.key(domain).is_none())
            .map(|(whose, domain)| {
                format!("COVERLINE_DKIM_DIR has no key for {domain:?} ({whose} sends from it): add SELECTOR._domainkey.{domain}.pem")
            })
            .collect()
    }

    /// In production mode, refuses to go on when [`Config::production_problems`] finds any, with
    /// all of them; in development mode, says that the sandbox's public secrets are in use.
    pub fn refuse_unsafe_production(&self) -> anyhow::Result<()> {
        match self.mode {
            Mode::Production => {
                let problems = self.production_problems(|name| env(name).is_some());
                anyhow::ensure!(
                    problems.is_empty(),
                    "COVERLINE_ENV=production refuses to start:\n  - {}\n(docs/deploying.md)",
                    problems.join("\n  - ")
                );
                Ok(())
            }
            Mode::Development => {
                tracing::warn!("development mode (COVERLINE_ENV unset): public sandbox secrets and lab data; never for members' money");
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    /// A production configuration that passes, with real-looking secrets and endpoints.
    fn production() -> HashMap<&'static str, String> {
        let secret = |c: char| c.to_string().repeat(64);
        HashMap::from([
            ("COVERLINE_ENV", "production".into()),
            ("COVERLINE_SIGNING_KEY", secret('a')),
            ("COVERLINE_GATEWAY_MERCHANT_KEY", secret('b')),
            ("COVERLINE_GATEWAY_WEBHOOK_SECRET", secret('c')),
            ("COVERLINE_PROVIDER_API_KEY", secret('d')),
            ("COVERLINE_SANDBOX_ADDR", "off".into()),
            ("TEMPORAL_ADDRESS", "temporal.internal:7233".into()),
            ("COVERLINE_PUBLIC_URL", "https://vsc.summitcu.org".into()),
            ("COVERLINE_GATEWAY_URL", "https://api.gateway.example".into()),
            ("COVERLINE_GATEWAY_PUBLIC_URL", "https://pay.gateway.example".into()),
            ("COVERLINE_PROVIDER_URL", "https://exchange.provider.example".into()),
            ("COVERLINE_SMTP_URL", "smtps://mailer:secret@smtp.example:465".into()),
            ("COVERLINE_MAIL_FROM", "Summit Credit Union <no-reply@vsc.summitcu.org>".into()),
            ("COVERLINE_DEALER_ID", "SUMMIT-0042".into()),
            ("COVERLINE_INSTITUTIONS_DIR", "none".into()),
            ("COVERLINE_INTEGRATORS_DIR", "none".into()),
            ("COVERLINE_DKIM_DIR", dkim_dir(&["vsc.summitcu.org"]).display().to_string()),
        ])
    }

    /// A new directory with a (throwaway) DKIM key for each of `domains` (one per call: the tests
    /// run at once).
    fn dkim_dir(domains: &[&str]) -> std::path::PathBuf {
        static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("coverline-test-dkim-{}-{n}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let key = concat!(env!("CARGO_MANIFEST_DIR"), "/../activities/tests/fixtures/dkim-test-key.pem");
        for domain in domains {
            std::fs::copy(key, dir.join(format!("mail._domainkey.{domain}.pem"))).unwrap();
        }
        dir
    }

    fn problems(vars: &HashMap<&'static str, String>) -> Vec<String> {
        let get = |name: &str| vars.get(name).cloned();
        let config = Config::from_vars(&get).unwrap();
        assert_eq!(config.mode, Mode::Production);
        config.production_problems(|name| get(name).is_some())
    }

    fn with(change: &[(&'static str, Option<&str>)]) -> Vec<String> {
        let mut vars = production();
        for (name, value) in change {
            match value {
                Some(v) => vars.insert(name, v.to_string()),
                None => vars.remove(name),
            };
        }
        problems(&vars)
    }

    #[test]
    fn a_complete_production_configuration_starts() {
        assert_eq!(problems(&production()), Vec::<String>::new());
    }

    #[test]
    fn production_refuses_each_missing_secret_and_endpoint() {
        for name in [
            "COVERLINE_SIGNING_KEY",
            "COVERLINE_GATEWAY_MERCHANT_KEY",
            "COVERLINE_GATEWAY_WEBHOOK_SECRET",
            "COVERLINE_PROVIDER_API_KEY",
            "TEMPORAL_ADDRESS",
            "COVERLINE_SMTP_URL",
            "COVERLINE_MAIL_FROM",
            "COVERLINE_DEALER_ID",
        ] {
            let found = with(&[(name, None)]);
            assert_eq!(found.len(), 1, "{name}: {found:?}");
            assert!(found[0].starts_with(name), "{name} is named: {found:?}");
        }
        // Unset, the URLs default to the sandbox's (http) and the sandbox runs in the process.
        let found = with(&[("COVERLINE_SANDBOX_ADDR", None), ("COVERLINE_GATEWAY_URL", None), ("COVERLINE_PROVIDER_URL", None)]);
        for name in ["COVERLINE_SANDBOX_ADDR", "COVERLINE_GATEWAY_URL", "COVERLINE_PROVIDER_URL"] {
            assert!(found.iter().any(|p| p.starts_with(name)), "{name}: {found:?}");
        }
        let found = with(&[("COVERLINE_PUBLIC_URL", Some("http://vsc.summitcu.org"))]);
        assert!(found[0].starts_with("COVERLINE_PUBLIC_URL must be an https:// URL"), "{found:?}");
    }

    #[test]
    fn production_refuses_public_placeholder_and_short_secrets() {
        let secrets = [
            "COVERLINE_SIGNING_KEY",
            "COVERLINE_CAPTCHA_SECRET",
            "COVERLINE_GATEWAY_MERCHANT_KEY",
            "COVERLINE_GATEWAY_WEBHOOK_SECRET",
            "COVERLINE_PROVIDER_API_KEY",
        ];
        for name in secrets {
            for value in PUBLIC_SECRETS.iter().copied().chain(["change-me-to-a-long-random-secret-0123456789abcdef", "short-but-real"]) {
                let found = with(&[(name, Some(value))]);
                assert_eq!(found.len(), 1, "{name}={value}: {found:?}");
                assert!(found[0].starts_with(name), "{name}={value}: {found:?}");
            }
        }
        let found = with(&[("COVERLINE_SIGNING_KEY", Some("0123456789abcdef0123456789abcde"))]);
        assert_eq!(found, ["COVERLINE_SIGNING_KEY is 31 bytes: at least 32 (openssl rand -hex 32)"]);
    }

    #[test]
    fn the_staff_console_needs_its_own_secret_and_https_in_production() {
        let issuer = ("COVERLINE_STAFF_OIDC_ISSUER", Some("https://login.summitcu.org"));
        let good = "e".repeat(64);
        assert!(with(&[issuer, ("COVERLINE_STAFF_OIDC_CLIENT_SECRET", Some(&good))]).is_empty());
        for public in ["demo-bank-staff-secret", "short-but-real"] {
            let found = with(&[issuer, ("COVERLINE_STAFF_OIDC_CLIENT_SECRET", Some(public))]);
            assert!(found.len() == 1 && found[0].starts_with("COVERLINE_STAFF_OIDC_CLIENT_SECRET"), "{public}: {found:?}");
        }
        let found =
            with(&[("COVERLINE_STAFF_OIDC_ISSUER", Some("http://127.0.0.1:8084")), ("COVERLINE_STAFF_OIDC_CLIENT_SECRET", Some(&good))]);
        assert!(found.len() == 1 && found[0].starts_with("COVERLINE_STAFF_OIDC_ISSUER"), "{found:?}");
        // An issuer without its secret does not start at all, in any mode.
        let vars = HashMap::from([issuer]);
        let error = Config::from_vars(&|name: &str| vars.get(name).map(|v| v.unwrap().to_string())).unwrap_err();
        assert!(error.to_string().contains("COVERLINE_STAFF_OIDC_CLIENT_SECRET"), "{error}");
    }

    #[test]
    fn production_refuses_the_lab_clock() {
        let found = with(&[("COVERLINE_LAB_CLOCK", Some("on"))]);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].starts_with("COVERLINE_LAB_CLOCK"), "{found:?}");
        assert!(with(&[("COVERLINE_LAB_CLOCK", Some("off"))]).is_empty());
    }

    #[test]
    fn production_refuses_the_lab_institutions_and_the_demo_integrator() {
        let data = concat!(env!("CARGO_MANIFEST_DIR"), "/../data");
        let found = with(&[
            ("COVERLINE_INSTITUTIONS_DIR", Some(&format!("{data}/institutions"))),
            ("COVERLINE_INTEGRATORS_DIR", Some(&format!("{data}/integrators"))),
        ]);
        assert_eq!(found.len(), 5, "four lab institutions and the demo partner: {found:?}");
        assert!(found[0].starts_with("COVERLINE_INSTITUTIONS_DIR: ") && found[0].contains("harborline-bank.toml"), "{found:?}");
        assert!(found[4].starts_with("COVERLINE_INTEGRATORS_DIR: ") && found[4].contains("demo-partner.toml"), "{found:?}");
        // Unset, both default to the data directory's lab files.
        let found = with(&[("COVERLINE_INSTITUTIONS_DIR", None), ("COVERLINE_INTEGRATORS_DIR", None), ("COVERLINE_DATA_DIR", Some(data))]);
        let lab_obligors = found.iter().filter(|p| p.starts_with("COVERLINE_PROVIDERS_DIR: ")).count();
        assert_eq!((found.len(), lab_obligors), (8, 3), "and the three lab obligors of the same data directory: {found:?}");

        // An integrator of the demo's public token without the lab flag is refused too.
        let dir = std::env::temp_dir().join(format!("coverline-test-integrators-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let demo = std::fs::read_to_string(format!("{data}/integrators/demo-partner.toml")).unwrap().replace("lab = true", "");
        std::fs::write(dir.join("renamed.toml"), demo).unwrap();
        let found = with(&[("COVERLINE_INTEGRATORS_DIR", Some(dir.to_str().unwrap()))]);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].contains("renamed.toml"), "{found:?}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn production_signs_the_mail_of_every_sending_domain() {
        let found = with(&[("COVERLINE_DKIM_DIR", None)]);
        assert!(found.len() == 1 && found[0].starts_with("COVERLINE_DKIM_DIR is missing"), "{found:?}");
        let found = with(&[("COVERLINE_DKIM_DIR", Some(dkim_dir(&["other.example"]).to_str().unwrap()))]);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].contains("no key for \"vsc.summitcu.org\" (COVERLINE_MAIL_FROM sends from it)"), "{found:?}");

        // An institution that sends from a domain it delegated needs that domain's key too.
        let institutions = std::env::temp_dir().join(format!("coverline-test-senders-{}", std::process::id()));
        std::fs::create_dir_all(&institutions).unwrap();
        let summit = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../data/institutions/summit-cu.toml")).unwrap();
        let own =
            summit.replace("lab = true", "").replace("[emailSettings]", "[emailSettings]\nsenderAddress = \"members@mail.summitcu.org\"");
        std::fs::write(institutions.join("summit.toml"), own).unwrap();
        let dir = institutions.to_str().unwrap();
        let found = with(&[("COVERLINE_INSTITUTIONS_DIR", Some(dir))]);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].contains("no key for \"mail.summitcu.org\"") && found[0].contains("summit.toml"), "{found:?}");
        let both = dkim_dir(&["vsc.summitcu.org", "mail.summitcu.org"]);
        assert_eq!(
            with(&[("COVERLINE_INSTITUTIONS_DIR", Some(dir)), ("COVERLINE_DKIM_DIR", Some(both.to_str().unwrap()))]),
            Vec::<String>::new()
        );

        // A key that does not load is named.
        let broken = dkim_dir(&[]);
        std::fs::write(broken.join("mail._domainkey.vsc.summitcu.org.pem"), "not a key").unwrap();
        let found = with(&[("COVERLINE_DKIM_DIR", Some(broken.to_str().unwrap()))]);
        assert!(found.len() == 1 && found[0].contains("not an RSA private key"), "{found:?}");
        std::fs::remove_dir_all(&institutions).unwrap();
        std::fs::remove_dir_all(&broken).unwrap();
    }

    #[test]
    fn production_refuses_the_lab_obligors() {
        let data = concat!(env!("CARGO_MANIFEST_DIR"), "/../data");
        let found = with(&[("COVERLINE_PROVIDERS_DIR", Some(&format!("{data}/providers")))]);
        assert_eq!(found.len(), 3, "NAC, Rt66 and EFG: {found:?}");
        assert!(found.iter().all(|p| p.starts_with("COVERLINE_PROVIDERS_DIR: ") && p.contains("illustrative obligor")), "{found:?}");

        // The same files without the lab flag (the operator's own, with their sources) pass.
        let dir = std::env::temp_dir().join(format!("coverline-test-providers-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let nac = std::fs::read_to_string(format!("{data}/providers/nac.toml")).unwrap();
        std::fs::write(dir.join("nac.toml"), nac.replace("lab = true", "")).unwrap();
        assert_eq!(with(&[("COVERLINE_PROVIDERS_DIR", Some(dir.to_str().unwrap()))]), Vec::<String>::new());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_mode_is_development_or_production() {
        let get = |v: &'static str| move |name: &str| (name == "COVERLINE_ENV").then(|| v.to_string());
        assert_eq!(Config::from_vars(&get("development")).unwrap().mode, Mode::Development);
        assert_eq!(Config::from_vars(&|_: &str| None).unwrap().mode, Mode::Development);
        assert!(Config::from_vars(&get("prod")).is_err(), "a misspelt mode is no mode");
        let legacy = |name: &str| (name == "COVERLINE_TRUST_FORWARDED_FOR").then(|| "true".to_string());
        let err = Config::from_vars(&legacy).unwrap_err().to_string();
        assert!(err.contains("COVERLINE_TRUSTED_PROXIES"), "{err}");
    }
}
