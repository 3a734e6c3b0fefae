//! Test harness: the whole app on random loopback ports, with a fresh database (SQLite file or a
//! new Postgres database), the sandbox gateway/provider, a real SMTP receiver, and the Temporal
//! server named by TEMPORAL_ADDRESS (started by `make test`; one task queue per app).

pub mod bank;
pub mod browser;
pub mod process;
pub mod smtp;

use std::net::TcpListener as StdListener;
use std::path::PathBuf;
use std::time::Duration;

use coverline_api::config::{CaptchaConfig, Config, Secret};
use serde_json::{Value, json};

/// Which database the app runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Db {
    Sqlite,
    Postgres,
}

impl Db {
    /// The engine a database URL names.
    pub fn of(database_url: &str) -> Self {
        if database_url.starts_with("postgres") { Db::Postgres } else { Db::Sqlite }
    }
}

/// `on_both_databases!(scenario, …)`: for each `async fn scenario(db: Db)` of the module, a module
/// `scenario` with two tests, `sqlite` and `postgres`, so every scenario that touches the store
/// runs on both engines (`module::scenario::sqlite`, `module::scenario::postgres`).
macro_rules! on_both_databases {
    ($($scenario:ident),+ $(,)?) => {$(
        mod $scenario {
            #[tokio::test(flavor = "multi_thread")]
            async fn sqlite() {
                super::$scenario($crate::support::Db::Sqlite).await;
            }

            #[tokio::test(flavor = "multi_thread")]
            async fn postgres() {
                super::$scenario($crate::support::Db::Postgres).await;
            }
        }
    )+};
}
pub(crate) use on_both_databases;

/// A request to refresh an app's alert gauges, answered when done.
type GaugeRefresh = tokio::sync::oneshot::Sender<anyhow::Result<()>>;

/// A running app.
pub struct TestApp {
    pub url: String,
    /// The metrics listener's `GET /metrics` (not on the app's port).
    pub metrics_url: String,
    pub sandbox_url: String,
    pub http: reqwest::Client,
    pub mail: smtp::Inbox,
    pub db: Db,
    pub database_url: String,
    pub clock: coverline_api::http::app::Clock,
    /// The Temporal server's address (host:port).
    pub temporal: String,
    /// The key that signs this app's captcha challenges.
    pub captcha_secret: String,
    /// The task queue its worker polls.
    pub task_queue: String,
    /// The demo bank, when the options asked for it.
    pub bank: Option<bank::Bank>,
    /// Asks the app's runtime to refresh its alert gauges now ([`TestApp::refresh_gauges`]).
    gauge_refresh: Option<tokio::sync::mpsc::UnboundedSender<GaugeRefresh>>,
    shutdown: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Drop for TestApp {
    fn drop(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

pub fn workspace() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

pub fn random_suffix() -> String {
    coverline_api::services::ids::new_id("t").replace('_', "")
}

/// A fresh database URL for `db`.
pub async fn fresh_database(db: Db) -> String {
    match db {
        Db::Sqlite => {
            let dir = std::env::temp_dir().join(format!("coverline-test-{}", random_suffix()));
            std::fs::create_dir_all(&dir).unwrap();
            format!("sqlite://{}", dir.join("coverline.db").display())
        }
        Db::Postgres => {
            let admin = std::env::var("COVERLINE_TEST_POSTGRES_URL")
                .expect("COVERLINE_TEST_POSTGRES_URL (make test starts a throwaway cluster and sets it)");
            let name = random_suffix();
            sqlx::any::install_default_drivers();
            let pool = sqlx::AnyPool::connect(&admin).await.expect("connect to test postgres");
            sqlx::query(&format!("CREATE DATABASE {name}")).execute(&pool).await.unwrap();
            pool.close().await;
            let (base, _) = admin.rsplit_once('/').unwrap();
            format!("{base}/{name}")
        }
    }
}

/// The secret the test gateway signs its webhooks with.
pub const WEBHOOK_SECRET: &str = "test-webhook-secret-0123456789";

/// Options for a test app.
pub struct Options {
    pub db: Db,
    /// The Temporal server (host:port); default: TEMPORAL_ADDRESS.
    pub temporal: Option<String>,
    pub booking_timeout: Duration,
    pub payment_deadline: Duration,
    /// The gateway posts its webhooks to the app (on by default).
    pub webhooks: bool,
    pub payment_check: Duration,
    pub reminder_after: Duration,
    pub settle: Duration,
    /// Another instance's database (default: a fresh one).
    pub database_url: Option<String>,
    /// Another instance's captcha key (default: a fresh one).
    pub captcha_secret: Option<String>,
    /// COVERLINE_TRUSTED_PROXIES (default: none).
    pub trusted_proxies: &'static str,
    /// COVERLINE_DKIM_DIR (default: none, mail unsigned).
    pub dkim_dir: Option<PathBuf>,
    /// The demo bank (tools/demo-bank) as Summit's identity provider and launch-token signer.
    pub bank: bool,
}

impl Options {
    pub fn on(db: Db) -> Self {
        Self {
            db,
            temporal: None,
            booking_timeout: Duration::from_secs(30),
            payment_deadline: Duration::from_secs(3600),
            webhooks: true,
            payment_check: Duration::from_secs(120),
            reminder_after: Duration::from_secs(3600),
            settle: Duration::from_secs(5),
            database_url: None,
            captcha_secret: None,
            trusted_proxies: "",
            dkim_dir: None,
            bank: false,
        }
    }
}

/// Starts the app; returns once it answers HTTP.
pub async fn spawn_app(options: Options) -> TestApp {
    let _ = tracing_subscriber::fmt().with_env_filter("warn,coverline_api=info").with_test_writer().try_init();
    let temporal_address = options.temporal.clone().unwrap_or_else(|| {
        std::env::var("TEMPORAL_ADDRESS").expect("TEMPORAL_ADDRESS (make test starts a Temporal dev server and sets it)")
    });
    let mail = smtp::Inbox::start().await;
    let db = options.db;
    let database_url = match &options.database_url {
        Some(url) => url.clone(),
        None => fresh_database(db).await,
    };
    let captcha_secret = options.captcha_secret.clone().unwrap_or_else(|| format!("test-captcha-secret-{}", random_suffix()));
    let task_queue = format!("test-{}", random_suffix());
    let api = StdListener::bind("127.0.0.1:0").unwrap();
    let metrics = StdListener::bind("127.0.0.1:0").unwrap();
    let metrics_url = format!("http://{}/metrics", metrics.local_addr().unwrap());
    let sandbox = StdListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", api.local_addr().unwrap());
    let sandbox_url = format!("http://{}", sandbox.local_addr().unwrap());
    let (bank, institutions_dir) = if options.bank {
        let bank = bank::Bank::start(&url).await;
        let dir = bank.institutions_dir();
        (Some(bank), dir)
    } else {
        (None, workspace().join("data/institutions"))
    };
    let config = Config {
        mode: coverline_api::config::Mode::Development,
        metrics_addr: None,
        lab_clock: true,
        institutions_dir: Some(institutions_dir),
        integrators_dir: Some(workspace().join("data/integrators")),
        providers_dir: workspace().join("data/providers"),
        addr: api.local_addr().unwrap(),
        public_url: url.clone(),
        database_url: database_url.clone(),
        data_dir: workspace().join("data"),
        web_dir: workspace().join("web/dist"),
        temporal_address: Some(temporal_address.clone()),
        temporal_cli: workspace().join(".venv/bin/temporal"),
        temporal_db: PathBuf::from("unused"),
        temporal_namespace: "default".into(),
        smtp_url: format!("smtp://127.0.0.1:{}", mail.port),
        mail_from: "Coverline Test <no-reply@coverline.test>".into(),
        dkim_dir: options.dkim_dir.clone(),
        gateway_url: sandbox_url.clone(),
        gateway_public_url: sandbox_url.clone(),
        gateway_merchant_key: Secret::new("test-merchant-key"),
        provider_url: sandbox_url.clone(),
        provider_api_key: Secret::new("test-provider-key"),
        signing_key: Secret::new(format!("test-signing-key-{}", random_suffix())),
        dealer_id: "TEST-DEALER".into(),
        sandbox_addr: None,
        booking_timeout: options.booking_timeout,
        booking_attempt_timeout: options.booking_timeout / 2,
        payment_deadline: options.payment_deadline,
        payment_check: options.payment_check,
        reminder_after: options.reminder_after,
        checkout_idle_close: Duration::from_secs(7 * 86_400),
        checkout_settle: options.settle,
        code_resend: Duration::from_secs(20),
        quote_valid: Duration::from_secs(86_400),
        gateway_webhook_secret: Secret::new(WEBHOOK_SECRET),
        retention_keep: Duration::from_secs(730 * 86_400),
        retention_every: Duration::from_secs(86_400),
        idle_timeout: Duration::from_secs(900),
        session_max: Duration::from_secs(14_400),
        run_worker: true,
        task_queue: task_queue.clone(),
        trusted_proxies: coverline_api::http::client_address::TrustedProxies::parse(options.trusted_proxies).unwrap(),
        // The splash's captcha at its cheapest: each new member's solution takes a few tries.
        captcha: CaptchaConfig::easy(Secret::new(captcha_secret.clone())),
        temporal_ui_url: "http://localhost:8233".into(),
        // The staff console signs in at the app's own demo bank.
        staff: bank.as_ref().map(|b| coverline_api::config::StaffConfig {
            issuer: b.url.clone(),
            client_id: "coverline-staff".into(),
            client_secret: Secret::new(bank::STAFF_SECRET),
            roles_file: None,
            scopes: vec!["email".into(), "profile".into(), "coverline".into()],
        }),
    };
    let (tx, rx) = tokio::sync::oneshot::channel::<()>();
    let (ready_tx, ready_rx) = std::sync::mpsc::channel();
    let (gauge_refresh, mut gauge_refreshes) = tokio::sync::mpsc::unbounded_channel::<GaugeRefresh>();
    let url_for_sandbox = url.clone();
    let temporal = temporal_address.clone();
    let thread = std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
        runtime.block_on(async move {
            sandbox.set_nonblocking(true).unwrap();
            api.set_nonblocking(true).unwrap();
            let mut sandbox_config =
                coverline_sandbox::SandboxConfig::new("test-merchant-key", "test-provider-key", b"test-signing-secret-0123456789".to_vec());
            sandbox_config.processor_timeout = Duration::from_millis(500);
            if options.webhooks {
                let mut webhook = coverline_sandbox::WebhookConfig::new(
                    format!("{url_for_sandbox}/api/gateway/webhook"),
                    WEBHOOK_SECRET.as_bytes().to_vec(),
                );
                webhook.initial_backoff = Duration::from_millis(200);
                webhook.max_backoff = Duration::from_secs(2);
                sandbox_config.webhook = Some(webhook);
            }
            let sandbox_listener = tokio::net::TcpListener::from_std(sandbox).unwrap();
            tokio::spawn(async move { coverline_sandbox::serve(sandbox_listener, sandbox_config).await.unwrap() });
            let client = coverline_api::temporal::connect(&temporal_address, "default", Duration::from_secs(30)).await.unwrap();
            let services = coverline_api::build(config, client).await.expect("build app");
            ready_tx.send(services.state.clock.clone()).unwrap();
            // On the app's own runtime, where its pools and Temporal client live.
            let state = services.state.clone();
            tokio::spawn(async move {
                while let Some(done) = gauge_refreshes.recv().await {
                    let _ = done.send(coverline_api::http::gauges::refresh(&state).await);
                }
            });
            let listener = tokio::net::TcpListener::from_std(api).unwrap();
            metrics.set_nonblocking(true).unwrap();
            let metrics = tokio::net::TcpListener::from_std(metrics).unwrap();
            coverline_api::run(listener, Some(metrics), services, true, async move {
                let _ = rx.await;
            })
            .await
            .unwrap();
        });
    });
    let clock = tokio::task::spawn_blocking(move || ready_rx.recv_timeout(Duration::from_secs(120)).expect("app started")).await.unwrap();
    let http = reqwest::Client::builder().timeout(Duration::from_secs(90)).build().unwrap();
    TestApp {
        url,
        metrics_url,
        sandbox_url,
        http,
        mail,
        db,
        database_url,
        clock,
        temporal,
        captcha_secret,
        task_queue,
        bank,
        gauge_refresh: Some(gauge_refresh),
        shutdown: Some(tx),
        thread: Some(thread),
    }
}

/// A member who has come through splash.
pub struct Member {
    pub institution: String,
    pub user_id: String,
    pub token: String,
    pub email: String,
}

impl TestApp {
    /// A handle on an app running in another process (the durability test).
    pub fn external(url: String, sandbox_url: String, mail: smtp::Inbox, database_url: String) -> Self {
        let http = reqwest::Client::builder().timeout(Duration::from_secs(90)).build().unwrap();
        let temporal = std::env::var("TEMPORAL_ADDRESS").unwrap_or_default();
        let db = Db::of(&database_url);
        TestApp {
            url,
            // A process of its own: its metrics are wherever its COVERLINE_METRICS_ADDR says.
            metrics_url: String::new(),
            sandbox_url,
            http,
            mail,
            db,
            database_url,
            clock: Default::default(),
            temporal,
            captcha_secret: String::new(),
            task_queue: String::new(),
            bank: None,
            gauge_refresh: None,
            shutdown: None,
            thread: None,
        }
    }

    /// Recomputes the app's alert gauges now, as its background task does every 20 s.
    pub async fn refresh_gauges(&self) {
        let (done, refreshed) = tokio::sync::oneshot::channel();
        self.gauge_refresh.as_ref().expect("an app this test started").send(done).expect("the app is running");
        refreshed.await.expect("the app answered").expect("gauges refreshed");
    }

    /// `GET /metrics` on the app's metrics listener: Prometheus' text.
    pub async fn metrics(&self) -> String {
        self.http.get(&self.metrics_url).send().await.unwrap().text().await.unwrap()
    }

    pub fn api(&self, path: &str) -> String {
        format!("{}/api{path}", self.url)
    }

    /// GET/POST/PUT with the member's token; returns status and JSON body.
    pub async fn call(&self, method: reqwest::Method, path: &str, token: Option<&str>, body: Option<Value>) -> (u16, Value) {
        let mut req = self.http.request(method, self.api(path));
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        if let Some(b) = body {
            req = req.json(&b);
        }
        let res = req.send().await.expect("request");
        let status = res.status().as_u16();
        let text = res.text().await.unwrap();
        (status, serde_json::from_str(&text).unwrap_or(Value::String(text)))
    }

    /// A solved captcha for user creation, found like the splash's widget finds it: a challenge
    /// from the API, then every counter tried until the derived key matches.
    pub async fn captcha_token(&self, institution: &str) -> String {
        let (status, challenge) = self.call(reqwest::Method::GET, &format!("/institution/{institution}/captcha"), None, None).await;
        assert_eq!(status, 200, "{challenge}");
        let challenge: altcha::Challenge = serde_json::from_value(challenge).expect("an ALTCHA challenge");
        tokio::task::spawn_blocking(move || coverline_api::services::captcha::solve(&challenge)).await.unwrap().expect("solved")
    }

    /// POST user for a fresh email (with a solved captcha, as the splash sends it).
    pub async fn new_member(&self, institution: &str) -> Member {
        self.new_member_with_email(institution, &format!("{}@example.com", random_suffix())).await
    }

    /// A member signed up at `institution` with `email` (lower case), as the splash does.
    pub async fn new_member_with_email(&self, institution: &str, email: &str) -> Member {
        let email = email.to_string();
        let captcha = self.captcha_token(institution).await;
        let (status, body) = self
            .call(
                reqwest::Method::POST,
                &format!("/institution/{institution}/user"),
                None,
                Some(json!({ "emailAddress": email.to_uppercase(), "password": "Aa1!aaaaaaaaaaaaaaaaaaaaaaaaaaaa", "captchaToken": captcha })),
            )
            .await;
        assert_eq!(status, 201, "{body}");
        assert_eq!(body["user"]["emailAddress"], email, "email is lower-cased");
        Member {
            institution: institution.into(),
            user_id: body["user"]["userId"].as_str().unwrap().into(),
            token: body["token"].as_str().unwrap().into(),
            email,
        }
    }

    /// `coverline support` as an operator ("pat") runs it against this app's database and Temporal.
    pub async fn support(&self) -> coverline_api::services::support::Support {
        let temporal = coverline_api::temporal::connect(&self.temporal, "default", Duration::from_secs(10)).await.expect("Temporal");
        coverline_api::services::support::Support {
            store: coverline_store::Store::connect(&self.database_url).await.expect("the app's database"),
            temporal,
            operator: "pat".into(),
            temporal_ui: "http://localhost:8233".into(),
            namespace: "default".into(),
        }
    }

    /// `/institution/{iid}/user/{uid}` + suffix.
    pub fn user_path(m: &Member, suffix: &str) -> String {
        format!("/institution/{}/user/{}{suffix}", m.institution, m.user_id)
    }
}

/// A fresh institution `{prefix}-…` (Summit Credit Union's settings under another id) in the app's
/// database: the process's metrics of a test's own institution are its own.
pub async fn lab_institution(app: &TestApp, prefix: &str) -> String {
    lab_institution_with(app, prefix, |toml| toml).await
}

/// [`lab_institution`] with Summit's TOML changed by `edit` first.
pub async fn lab_institution_with(app: &TestApp, prefix: &str, edit: impl FnOnce(String) -> String) -> String {
    let institution = format!("{prefix}-{}", random_suffix());
    let text = std::fs::read_to_string(workspace().join("data/institutions/summit-cu.toml")).unwrap();
    let text = edit(text.replace("institutionId = \"summit-cu\"", &format!("institutionId = \"{institution}\"")));
    let store = coverline_store::Store::connect(&app.database_url).await.unwrap();
    store.upsert_institution(&coverline_domain::institution::Institution::from_toml(&text).unwrap()).await.unwrap();
    institution
}

/// A fresh institution `bilingual-…` (Summit's settings) that offers English and Spanish, `default`
/// (`en`, `es`) by default, in the app's database.
pub async fn bilingual_institution(app: &TestApp, default: &str) -> String {
    let languages = format!("[applicationSettings]\nlanguages = [\"en\", \"es\"]\ndefaultLanguage = \"{default}\"\n");
    lab_institution_with(app, "bilingual", |toml| toml.replace("[applicationSettings]\n", &languages)).await
}

/// A verified member with personal details, a car (the 2022 Kia) and a quote in CO; returns the
/// member and the body that books the quote's first rate.
pub async fn ready_to_book(app: &TestApp) -> (Member, Value) {
    ready_to_book_at(app, "summit-cu").await
}

/// [`ready_to_book`] at another institution.
pub async fn ready_to_book_at(app: &TestApp, institution: &str) -> (Member, Value) {
    let address = json!({ "street": "100 Main St", "city": "Denver", "state": "CO", "zip": "80202" });
    let (m, quote) = quoted_member(app, institution, "3035550142", address).await;
    let rate = &quote["rates"][0];
    let booking = json!({ "rateId": rate["rateId"], "rateCollectionId": rate["rateCollectionId"], "carId": quote["carId"], "emailAddress": m.email, "quoteId": quote["quoteId"] });
    (m, booking)
}

/// A verified member (Jane Doe, `phone`, living at `address`) with a car (the 2022 Kia) and a quote
/// in the address's state; returns the member and the quote as the API answered it.
pub async fn quoted_member(app: &TestApp, institution: &str, phone: &str, address: Value) -> (Member, Value) {
    quoted_member_with(app, institution, phone, address, json!({ "vin": "5XYRLDLC3NG097496" })).await
}

/// [`quoted_member`] with the car's `vin` (and `style`) of `vehicle`.
pub async fn quoted_member_with(app: &TestApp, institution: &str, phone: &str, address: Value, vehicle: Value) -> (Member, Value) {
    use reqwest::Method;
    let mut m = app.new_member(institution).await;
    app.call(Method::GET, &TestApp::user_path(&m, &format!("/verifyemail?emailAddress={}", m.email)), Some(&m.token), None).await;
    let code = smtp::code_in(&app.mail.wait_for(&m.email, 1).await[0]);
    let (_, b) = app.call(Method::PUT, &TestApp::user_path(&m, ""), Some(&m.token), Some(json!({ "verificationCode": code }))).await;
    m.token = b["token"].as_str().expect("verified").into();
    let state = address["state"].clone();
    let details = json!({ "firstName": "Jane", "lastName": "Doe", "phoneNumber": phone, "address": address, "isMember": true });
    let (s, b) = app.call(Method::PUT, &TestApp::user_path(&m, ""), Some(&m.token), Some(details)).await;
    assert_eq!(s, 200, "{b}");
    m.token = b["token"].as_str().expect("details saved").into();
    let car = json!({ "vin": vehicle["vin"], "style": vehicle["style"], "odometer": "45000", "milesPerYear": 15000, "yearsToOwn": 6 });
    let (s, car) = app.call(Method::POST, &TestApp::user_path(&m, "/car"), Some(&m.token), Some(car)).await;
    assert_eq!(s, 201, "{car}");
    let ask = json!({ "carId": car["car"]["carId"], "milesPerYear": 15000, "yearsToOwn": 6, "state": state });
    let (s, quote) = app.call(Method::POST, &TestApp::user_path(&m, "/quote"), Some(&m.token), Some(ask)).await;
    assert_eq!(s, 201, "{quote}");
    (m, quote)
}

/// Books `booking` for `m`, pays with the approved card and waits for the contract to be delivered;
/// the member and the policy id.
pub async fn buy(app: &TestApp, m: Member, booking: Value) -> (Member, String) {
    use reqwest::Method;
    let (s, body) = app.call(Method::POST, &TestApp::user_path(&m, "/policy"), Some(&m.token), Some(booking)).await;
    assert_eq!(s, 200, "{body}");
    let policy_id = body["policy"]["policyId"].as_str().unwrap().to_string();
    let (s, verified) = pay(app, &m, &policy_id, "4242424242424242").await;
    assert_eq!(s, 200, "{verified}");
    assert_eq!(wait_for_policy_status(app, &m, &policy_id, "fulfilled").await, "fulfilled");
    (m, policy_id)
}

/// What the card widget does in the browser: charge the signed request of `widget_url` at the gateway.
pub async fn charge(app: &TestApp, widget_url: &str, card: &str) -> (u16, Value) {
    let request = reqwest::Url::parse(widget_url).unwrap().query_pairs().find(|(k, _)| k == "request").unwrap().1.to_string();
    let res = app
        .http
        .post(format!("{}/v1/charge", app.sandbox_url))
        .json(&json!({ "request": request, "cardNumber": card, "expiry": "12/34", "cvc": "123", "zip": "80202" }))
        .send()
        .await
        .unwrap();
    (res.status().as_u16(), res.json().await.unwrap())
}

/// Signs, charges `card` in the widget's place and verifies: the verify answer (status, body).
pub async fn pay(app: &TestApp, m: &Member, policy_id: &str, card: &str) -> (u16, Value) {
    use reqwest::Method;
    let (s, signed) =
        app.call(Method::POST, &TestApp::user_path(m, "/signrequest"), Some(&m.token), Some(json!({ "policyId": policy_id }))).await;
    assert_eq!(s, 200, "{signed}");
    let (s, charged) = charge(app, signed["data"]["widgetUrl"].as_str().unwrap(), card).await;
    assert_eq!(s, 200, "{charged}");
    let verify = json!({ "policyId": policy_id, "result": charged["data"]["result"] });
    app.call(Method::POST, &TestApp::user_path(m, "/verifyresponse"), Some(&m.token), Some(verify)).await
}

/// Keeps the finished history of `m`'s checkout as a replay fixture of `workflows/tests/replay.rs`
/// (`checkout-<name>.json` in `$COVERLINE_RECORD_HISTORY`), when that is set; waits for the
/// checkout to close (the test app's settle time is 5 s). One fixture per name: the SQLite run of a
/// scenario records it (the workflow's history does not depend on the database).
pub async fn record_history(app: &TestApp, m: &Member, name: &str) {
    let Ok(dir) = std::env::var("COVERLINE_RECORD_HISTORY") else { return };
    if app.db != Db::Sqlite {
        return;
    }
    let handle = wait_for_checkout_close(app, m).await;
    let json = handle.fetch_history(temporalio_client::WorkflowFetchHistoryOptions::default()).to_json().await.unwrap();
    std::fs::write(std::path::Path::new(&dir).join(format!("checkout-{name}.json")), json).unwrap();
}

/// Waits (up to 60 s) for `m`'s checkout workflow to close; returns its handle.
pub async fn wait_for_checkout_close(
    app: &TestApp,
    m: &Member,
) -> temporalio_client::WorkflowHandle<temporalio_client::Client, coverline_workflows::checkout::CheckoutWorkflow> {
    let client = coverline_api::temporal::connect(&app.temporal, "default", Duration::from_secs(10)).await.unwrap();
    let handle = client
        .get_workflow_handle::<coverline_workflows::checkout::CheckoutWorkflow>(coverline_workflows::checkout_workflow_id(&m.user_id));
    let closed = tokio::time::timeout(Duration::from_secs(60), handle.get_result(Default::default())).await;
    assert!(matches!(closed, Ok(Ok(_))), "the checkout closed: {closed:?}");
    handle
}

/// Polls the member's policy until its status is `want` (or 20 s pass); returns the last status.
pub async fn wait_for_policy_status(app: &TestApp, m: &Member, policy_id: &str, want: &str) -> String {
    let mut status = String::new();
    for _ in 0..200 {
        let (_, p) = app.call(reqwest::Method::GET, &TestApp::user_path(m, &format!("/policy/{policy_id}")), Some(&m.token), None).await;
        status = p["policy"]["status"].as_str().unwrap_or_default().to_string();
        if status == want {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    status
}

/// The text of a PDF through pdftotext (poppler-utils; `make test` installs it), whitespace
/// collapsed so wrapped lines still match.
pub fn pdf_text(pdf: &[u8]) -> String {
    let path = std::env::temp_dir().join(format!("coverline-test-{}.pdf", random_suffix()));
    std::fs::write(&path, pdf).unwrap();
    let out =
        std::process::Command::new("pdftotext").arg(&path).arg("-").output().expect("pdftotext (poppler-utils; make test installs it)");
    let _ = std::fs::remove_file(&path);
    String::from_utf8(out.stdout).unwrap().split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The events of `user_id`'s checkout history so far, as the replay fixtures hold them: each with
/// its `event_type` and `attributes.<Kind>EventAttributes`.
pub async fn checkout_history(client: &temporalio_client::Client, user_id: &str) -> Vec<Value> {
    let handle =
        client.get_workflow_handle::<coverline_workflows::checkout::CheckoutWorkflow>(coverline_workflows::checkout_workflow_id(user_id));
    let json = handle.fetch_history(temporalio_client::WorkflowFetchHistoryOptions::default()).to_json().await.unwrap();
    let history: Value = serde_json::from_slice(&json).unwrap();
    history["events"].as_array().cloned().unwrap_or_default()
}

/// The attributes of `event` when it is a `kind` event (`"TimerFired"`, `"ActivityTaskScheduled"`…).
pub fn event_of<'a>(event: &'a Value, kind: &str) -> Option<&'a Value> {
    event["attributes"].get(format!("{kind}EventAttributes"))
}

/// Whether a timer of `after` was started and fired.
pub fn timer_fired(events: &[Value], after: Duration) -> bool {
    let timeout = format!("{}.000000000s", after.as_secs());
    let started: Vec<&Value> = events
        .iter()
        .filter(|e| event_of(e, "TimerStarted").is_some_and(|t| t["start_to_fire_timeout"] == timeout.as_str()))
        .map(|e| &e["event_id"])
        .collect();
    events.iter().filter_map(|e| event_of(e, "TimerFired")).any(|fired| started.contains(&&fired["started_event_id"]))
}

/// How many activities of `name` were scheduled.
pub fn activities_scheduled(events: &[Value], name: &str) -> usize {
    events.iter().filter_map(|e| event_of(e, "ActivityTaskScheduled")).filter(|a| a["activity_type"]["name"] == name).count()
}

/// Whether the workflow is at rest: every activity it scheduled has finished, and its latest
/// workflow task completed after them (it has decided what follows and waits for a timer, a
/// signal or an update). Nothing it started can still act.
pub fn at_rest(events: &[Value]) -> bool {
    let scheduled = events.iter().filter(|e| event_of(e, "ActivityTaskScheduled").is_some()).count();
    let finished = events
        .iter()
        .filter(|e| {
            ["ActivityTaskCompleted", "ActivityTaskFailed", "ActivityTaskTimedOut", "ActivityTaskCanceled"]
                .iter()
                .any(|k| event_of(e, k).is_some())
        })
        .count();
    let last_task = events.iter().rposition(|e| event_of(e, "WorkflowTaskScheduled").is_some());
    let last_completed = events.iter().rposition(|e| event_of(e, "WorkflowTaskCompleted").is_some());
    scheduled == finished && last_completed.is_some() && last_completed > last_task
}

/// Polls `user_id`'s checkout history (every 100 ms, up to 60 s) until `done` holds for its events;
/// returns them. Panics naming `what` when it never does.
pub async fn wait_for_history(temporal: &str, user_id: &str, what: &str, done: impl Fn(&[Value]) -> bool) -> Vec<Value> {
    let client = coverline_api::temporal::connect(temporal, "default", Duration::from_secs(10)).await.unwrap();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
    loop {
        let events = checkout_history(&client, user_id).await;
        if done(&events) {
            return events;
        }
        assert!(tokio::time::Instant::now() < deadline, "the checkout's history never showed {what}: {events:?}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}
