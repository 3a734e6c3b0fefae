//! `coverline-bench`: figures for the targets the issues set. Each harness prints p50/p99 (and
//! throughput where it applies) and stops by itself. Load goes to loopback only.
//!
//! - `vin`: VIN decode (syntax + check digit + vPIC lookup) in-process; the description catalog's
//!   cascade (makes, models, styles of a year) and a mock VIN's decode.
//! - `ocr`: VIN from a photo (coverline-vision) over its generated corpus: accuracy per category
//!   and read latency.
//! - `quote`: POST quote against a running app (`make run`), with a fixed number of clients for a
//!   fixed time, next to GET /api/health on the same server as a hello-world baseline.
//! - `checkouts`: whole checkouts per second next to a no-op mirror workflow (same Updates and
//!   activities, same Temporal server), and the step Update's latency;
//! - `chaos`: many purchases at once while `coverline` is SIGKILLed every ~2 s and Temporal is
//!   restarted once; counts contracts, charges, emails and workflows afterwards. With
//!   `--kill-every-ms 0`, a throughput and memory run (purchases/s, RSS idle and under load).
//! - `workflow-overhead`: the checkout workflow's server time (from its history) next to a trivial
//!   3-activity workflow's on the same Temporal server.

use std::time::{Duration, Instant};

use anyhow::Context;
use clap::{Parser, Subcommand};
use coverline_activities::vehicles::VehicleDecoder;
use coverline_domain::Vin;
use serde_json::{Value, json};

mod captcha;
mod chaos;
mod checkouts;
mod history;
mod ocr;
mod purchase_flow;
mod workflow_overhead;

#[path = "../../api/tests/support/smtp.rs"]
#[allow(dead_code)]
mod smtp;

#[derive(Parser)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// What `chaos` and `scale` share: how many purchases, how many at once, the share with a
/// member fault, and the binary and repository to run.
#[derive(clap::Args)]
struct PurchaseRun {
    #[arg(long, default_value_t = 200)]
    purchases: usize,
    /// Purchases in flight at once.
    #[arg(long, default_value_t = 50)]
    concurrency: usize,
    /// Percent of purchases whose member's device fails them: a lost payment report, a tab
    /// closed after Pay, Retry Payment, a reload, two tabs paying.
    #[arg(long, default_value_t = 40)]
    member_faults: usize,
    /// The `coverline` binary.
    #[arg(long)]
    coverline: std::path::PathBuf,
    /// The repository root.
    #[arg(long, default_value = ".")]
    root: std::path::PathBuf,
}

impl PurchaseRun {
    /// A run on SQLite with the worker in-process, one process killed every `kill_every_ms`.
    fn options(&self, kill_every_ms: u64) -> anyhow::Result<chaos::ChaosOptions> {
        Ok(chaos::ChaosOptions {
            purchases: self.purchases,
            concurrency: self.concurrency,
            postgres: false,
            separate_worker: false,
            kill_every: Duration::from_millis(kill_every_ms),
            member_faults: self.member_faults.min(100),
            coverline: std::fs::canonicalize(&self.coverline).with_context(|| format!("{}", self.coverline.display()))?,
            root: std::fs::canonicalize(&self.root)?,
            scale: None,
        })
    }
}

/// Runs the harness, prints its summary, and fails when a promise broke.
async fn run_chaos(options: chaos::ChaosOptions, what: &str) -> anyhow::Result<()> {
    let summary = chaos::run(options).await?;
    println!("{summary}");
    anyhow::ensure!(summary.passed(), "{what} run failed");
    Ok(())
}

#[derive(Subcommand)]
enum Command {
    /// VIN decode latency.
    Vin {
        #[arg(long, default_value_t = 20_000)]
        iterations: usize,
    },
    /// VIN-from-photo accuracy and read latency over the generated corpus.
    Ocr {
        #[arg(long, default_value_t = 40)]
        per_category: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Quote endpoint latency and throughput against a running app.
    Quote {
        #[arg(long, default_value = "http://127.0.0.1:8080")]
        url: String,
        #[arg(long, default_value = "summit-cu")]
        institution: String,
        #[arg(long, default_value_t = 8)]
        clients: usize,
        #[arg(long, default_value_t = 10)]
        seconds: u64,
        /// Requests per second of the open-loop run that follows the closed-loop one.
        #[arg(long, default_value_t = 300)]
        rate: u32,
    },
    /// Purchases under SIGKILLs and a Temporal restart (spawns its own stack).
    Chaos {
        #[command(flatten)]
        run: PurchaseRun,
        /// `sqlite` or `postgres` (a throwaway cluster).
        #[arg(long, default_value = "sqlite")]
        db: String,
        /// `inprocess` or `separate` (`coverline worker` as its own process, killed with the API).
        #[arg(long, default_value = "inprocess")]
        worker: String,
        #[arg(long, default_value_t = 2000)]
        kill_every_ms: u64,
    },
    /// The scale-out topology under chaos (spawns its own): HAProxy before several API instances
    /// (worker off), several workers, Postgres and one Temporal server; purchases through the load
    /// balancer while API instances and workers are SIGKILLed in turn and Postgres restarts once.
    Scale {
        #[command(flatten)]
        run: PurchaseRun,
        #[arg(long, default_value_t = 2)]
        workers: usize,
        /// One process (API instances and workers in turn) is SIGKILLed and restarted this often.
        #[arg(long, default_value_t = 1500)]
        kill_every_ms: u64,
        /// HAProxy (Debian's package installs it as /usr/sbin/haproxy).
        #[arg(long, default_value = "/usr/sbin/haproxy")]
        haproxy: std::path::PathBuf,
    },
    /// Whole checkouts per second through the HTTP API next to a no-op mirror workflow with the same
    /// Updates and activities on the same Temporal server, and the step Update's latency (against
    /// a running stack, like workflow-overhead).
    Checkouts {
        #[arg(long, env = "TEMPORAL_ADDRESS", default_value = "127.0.0.1:7233")]
        temporal: String,
        #[arg(long, env = "TEMPORAL_NAMESPACE", default_value = "default")]
        namespace: String,
        #[arg(long, default_value = "http://127.0.0.1:8080")]
        url: String,
        #[arg(long, default_value = "http://127.0.0.1:1080")]
        inbox: String,
        #[arg(long, env = "SANDBOX_URL", default_value = "http://127.0.0.1:8081")]
        sandbox: String,
        /// Executions of each kind.
        #[arg(long, default_value_t = 100)]
        count: usize,
        #[arg(long, default_value_t = 20)]
        concurrency: usize,
    },
    /// Checkout workflow server time (a whole purchase) vs a trivial 3-activity workflow on the same Temporal server
    /// (against a running stack: `scripts/lib.sh` start_stack or `make run`).
    WorkflowOverhead {
        /// The Temporal frontend the stack uses (host:port).
        #[arg(long, env = "TEMPORAL_ADDRESS", default_value = "127.0.0.1:7233")]
        temporal: String,
        #[arg(long, env = "TEMPORAL_NAMESPACE", default_value = "default")]
        namespace: String,
        /// The app's origin.
        #[arg(long, default_value = "http://127.0.0.1:8080")]
        url: String,
        /// The maildev inbox's origin (verification codes).
        #[arg(long, default_value = "http://127.0.0.1:1080")]
        inbox: String,
        /// The sandbox gateway's origin (the card is charged there).
        #[arg(long, env = "SANDBOX_URL", default_value = "http://127.0.0.1:8081")]
        sandbox: String,
        /// Executions measured of each kind.
        #[arg(long, default_value_t = 50)]
        runs: usize,
        /// Unmeasured executions of each kind first (cold caches, first connections).
        #[arg(long, default_value_t = 3)]
        warmup: usize,
        /// Executions in flight at once.
        #[arg(long, default_value_t = 1)]
        concurrency: usize,
    },
}

/// Real VINs with valid check digits (from public listings and the crates' own tests).
const VINS: [&str; 4] = ["5XYRLDLC3NG097496", "1C6RR7LT2JS179571", "1HGCM82633A004352", "5XYRLDLC3NG097496"];

/// The `p` quantile (0..=1) of sorted samples, nearest rank.
fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

fn report(name: &str, mut samples: Vec<Duration>, elapsed: Duration) {
    samples.sort();
    println!(
        "{name:<28} n={:<8} p50={:>9.3} ms  p99={:>9.3} ms  max={:>9.3} ms  throughput={:>9.1}/s",
        samples.len(),
        percentile(&samples, 0.50).as_secs_f64() * 1e3,
        percentile(&samples, 0.99).as_secs_f64() * 1e3,
        samples.last().copied().unwrap_or_default().as_secs_f64() * 1e3,
        samples.len() as f64 / elapsed.as_secs_f64()
    );
}

fn bench_vin(iterations: usize) -> anyhow::Result<()> {
    let decoder = VehicleDecoder::open(std::path::Path::new("data"))?;
    let mut samples = Vec::with_capacity(iterations);
    let start = Instant::now();
    for i in 0..iterations {
        let t = Instant::now();
        let vin = Vin::parse(VINS[i % VINS.len()]).expect("valid");
        let decoded = decoder.decode(&vin);
        samples.push(t.elapsed());
        assert!(decoded.is_some());
    }
    report("vin decode (in-process)", samples, start.elapsed());

    // The description lookup: each step of the cascade, then the mock VIN and its decode.
    let catalog = decoder.catalog();
    let years = catalog.years();
    let (mut lists, mut mocks) = (Vec::new(), Vec::new());
    let start = Instant::now();
    for i in 0..iterations {
        let year = years[i % years.len()];
        let t = Instant::now();
        let makes = catalog.makes(year);
        let make = makes[i % makes.len()];
        let models = catalog.models(year, make);
        let model = models[i % models.len()];
        let styles = catalog.styles(year, make, model);
        lists.push(t.elapsed());
        let t = Instant::now();
        let vin = catalog.mock_vin(year, make, model, styles[i % styles.len()]).expect("listed style");
        let decoded = decoder.decode(&Vin::parse(vin).expect("valid mock VIN"));
        mocks.push(t.elapsed());
        assert!(decoded.is_some_and(|d| d.is_mock_vin));
    }
    let elapsed = start.elapsed();
    report("catalog makes+models+styles", lists, elapsed);
    report("mock vin lookup + decode", mocks, elapsed);
    real_vins(&decoder)
}

/// The decode rate of real VINs (data/vins/real-vins.tsv.gz, gathered from public sources), by
/// source: how many the old rule (check digit required) found, how many are found now, how many
/// of those have a wrong check digit (found with a warning), and how many ask for a style.
fn real_vins(decoder: &VehicleDecoder) -> anyhow::Result<()> {
    use std::io::Read;
    let path = std::path::Path::new("data/vins/real-vins.tsv.gz");
    let mut text = String::new();
    flate2::read::GzDecoder::new(std::fs::File::open(path).with_context(|| format!("opening {}", path.display()))?)
        .read_to_string(&mut text)?;
    /// What a set of VINs gave: the per-source rows and the total are the same kind of count.
    #[derive(Default)]
    struct Tally {
        vins: usize,
        wrong_digit: usize,
        found_before: usize,
        found: usize,
        found_wrong_digit: usize,
        choose_style: usize,
    }
    impl Tally {
        fn add(&mut self, vin: &Vin, decoded: Option<&coverline_activities::vehicles::DecodedVehicle>) {
            self.vins += 1;
            self.wrong_digit += usize::from(!vin.has_valid_check_digit());
            if let Some(car) = decoded {
                self.found += 1;
                self.found_before += usize::from(!car.check_digit_mismatch);
                self.found_wrong_digit += usize::from(car.check_digit_mismatch);
                self.choose_style += usize::from(!car.style_choices.is_empty());
            }
        }
    }
    let (mut by_source, mut total) = (std::collections::BTreeMap::<String, Tally>::new(), Tally::default());
    let start = Instant::now();
    for line in text.lines().filter(|l| !l.starts_with('#')).skip(1) {
        let (vin, source) = line.split_once('\t').context("a line without a source")?;
        let source = if source.starts_with("https://github.com/") {
            "GitHub issue threads".to_string()
        } else {
            source.split([':', '@']).next().unwrap_or(source).to_string()
        };
        let Ok(vin) = Vin::parse(vin) else { continue };
        let decoded = decoder.decode(&vin);
        by_source.entry(source).or_default().add(&vin, decoded.as_ref());
        total.add(&vin, decoded.as_ref());
    }
    let elapsed = start.elapsed();
    let pct = |n: usize, of: usize| if of == 0 { 0.0 } else { 100.0 * n as f64 / of as f64 };
    let row = |name: &str, t: &Tally| {
        println!(
            "  {name:<34} {:>6} {:>5} wrong {:>7.2} % {:>12.2} % {:>10.2} %",
            t.vins,
            t.wrong_digit,
            pct(t.found_before, t.vins),
            pct(t.found, t.vins),
            pct(t.choose_style, t.found)
        )
    };
    println!("real VINs (data/vins/real-vins.tsv.gz), decoded in {:.1} s:", elapsed.as_secs_f64());
    println!("  {:<34} {:>6} {:>12} {:>14} {:>14} {:>12}", "source", "VINs", "check digit", "found before", "found now", "ask style");
    for (source, t) in &by_source {
        row(source, t);
    }
    row("all", &total);
    println!("  found with a wrong check digit (refused before, a warning now): {} of {}", total.found_wrong_digit, total.wrong_digit);
    Ok(())
}

async fn call(
    http: &reqwest::Client,
    method: reqwest::Method,
    url: String,
    token: Option<&str>,
    body: Option<Value>,
) -> anyhow::Result<Value> {
    let mut req = http.request(method, &url);
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    if let Some(b) = body {
        req = req.json(&b);
    }
    let res = req.send().await?;
    let status = res.status();
    let value: Value = res.json().await.unwrap_or(Value::Null);
    anyhow::ensure!(status.is_success(), "{url}: {status} {value}");
    Ok(value)
}

async fn load(
    http: reqwest::Client,
    clients: usize,
    seconds: u64,
    request: impl Fn(&reqwest::Client) -> reqwest::RequestBuilder + Clone + Send + 'static,
) -> (Vec<Duration>, Duration, usize) {
    let until = Instant::now() + Duration::from_secs(seconds);
    let start = Instant::now();
    let mut tasks = Vec::new();
    for _ in 0..clients {
        let http = http.clone();
        let request = request.clone();
        tasks.push(tokio::spawn(async move {
            let (mut samples, mut errors) = (Vec::new(), 0usize);
            while Instant::now() < until {
                let t = Instant::now();
                match request(&http).send().await {
                    Ok(r) if r.status().is_success() => {
                        let _ = r.bytes().await;
                        samples.push(t.elapsed());
                    }
                    _ => errors += 1,
                }
            }
            (samples, errors)
        }));
    }
    let (mut all, mut errors) = (Vec::new(), 0);
    for t in tasks {
        let (s, e) = t.await.expect("client task");
        all.extend(s);
        errors += e;
    }
    (all, start.elapsed(), errors)
}

async fn bench_quote(url: &str, institution: &str, clients: usize, seconds: u64, rate: u32) -> anyhow::Result<()> {
    let http = reqwest::Client::builder().pool_max_idle_per_host(clients).build()?;
    let api = format!("{url}/api/institution/{institution}");
    let email = format!("bench-{}@example.com", std::process::id());
    let captcha = captcha::token(&http, &api).await.context("the splash's captcha (is `make run` up?)")?;
    let user = call(
        &http,
        reqwest::Method::POST,
        format!("{api}/user"),
        None,
        Some(json!({ "emailAddress": email, "password": "Bench-password-1!-0123456789abcd", "captchaToken": captcha })),
    )
    .await
    .context("creating a member (is `make run` up?)")?;
    let token = user["token"].as_str().context("token")?.to_string();
    let uid = user["user"]["userId"].as_str().context("userId")?.to_string();
    let car = call(
        &http,
        reqwest::Method::POST,
        format!("{api}/user/{uid}/car"),
        Some(&token),
        Some(json!({ "vin": VINS[0], "odometer": "45000", "milesPerYear": 15000, "yearsToOwn": 6 })),
    )
    .await?;
    let car_id = car["car"]["carId"].as_str().context("carId")?.to_string();

    let health = format!("{url}/api/health");
    let (samples, elapsed, errors) = load(http.clone(), clients, seconds, move |h| h.get(&health)).await;
    report("GET /api/health (baseline)", samples, elapsed);
    anyhow::ensure!(errors == 0, "{errors} baseline errors");

    let quote_url = format!("{api}/user/{uid}/quote");
    let body = json!({ "carId": car_id, "milesPerYear": 15000, "yearsToOwn": 6, "state": "CO" });
    let closed_token = token.clone();
    let (samples, elapsed, errors) =
        load(http.clone(), clients, seconds, move |h| h.post(&quote_url).bearer_auth(&closed_token).json(&body)).await;
    report("POST quote", samples, elapsed);
    anyhow::ensure!(errors == 0, "{errors} quote errors");

    // Open loop at a fixed rate: latency counts from each request's scheduled start, so a stall
    // shows up in p99 instead of slowing the sender down (no coordinated omission).
    let quote_url = format!("{api}/user/{uid}/quote");
    let body = json!({ "carId": car_id, "milesPerYear": 15000, "yearsToOwn": 6, "state": "CO" });
    let (samples, elapsed, errors) = paced(http, rate, seconds, move |h| h.post(&quote_url).bearer_auth(&token).json(&body)).await;
    report(&format!("POST quote @ {rate}/s"), samples, elapsed);
    anyhow::ensure!(errors == 0, "{errors} quote errors at {rate}/s");
    Ok(())
}

async fn paced(
    http: reqwest::Client,
    rate: u32,
    seconds: u64,
    request: impl Fn(&reqwest::Client) -> reqwest::RequestBuilder + Clone + Send + 'static,
) -> (Vec<Duration>, Duration, usize) {
    let start = tokio::time::Instant::now();
    let total = u64::from(rate) * seconds;
    let mut tasks = Vec::with_capacity(total as usize);
    for i in 0..total {
        let scheduled = start + Duration::from_secs_f64(i as f64 / f64::from(rate));
        tokio::time::sleep_until(scheduled).await;
        let (http, request) = (http.clone(), request.clone());
        tasks.push(tokio::spawn(async move {
            match request(&http).send().await {
                Ok(r) if r.status().is_success() => {
                    let _ = r.bytes().await;
                    Ok(scheduled.elapsed())
                }
                _ => Err(()),
            }
        }));
    }
    let (mut samples, mut errors) = (Vec::new(), 0);
    for t in tasks {
        match t.await.expect("request task") {
            Ok(d) => samples.push(d),
            Err(()) => errors += 1,
        }
    }
    (samples, start.elapsed(), errors)
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    match Cli::parse().command {
        Command::Vin { iterations } => bench_vin(iterations),
        Command::Ocr { per_category, seed } => ocr::bench_ocr(per_category, seed),
        Command::Quote { url, institution, clients, seconds, rate } => bench_quote(&url, &institution, clients, seconds, rate).await,
        Command::Chaos { run, db, worker, kill_every_ms } => {
            let options = chaos::ChaosOptions {
                postgres: match db.as_str() {
                    "sqlite" => false,
                    "postgres" => true,
                    other => anyhow::bail!("--db {other}: sqlite or postgres"),
                },
                separate_worker: match worker.as_str() {
                    "inprocess" => false,
                    "separate" => true,
                    other => anyhow::bail!("--worker {other}: inprocess or separate"),
                },
                ..run.options(kill_every_ms)?
            };
            run_chaos(options, "chaos").await
        }
        Command::Scale { run, workers, kill_every_ms, haproxy } => {
            // As many API instances as the load balancer's configuration names.
            let apis = chaos::balanced_instances(&std::fs::read_to_string(run.root.join(chaos::HAPROXY_CONFIG))?);
            let options = chaos::ChaosOptions {
                postgres: true,
                separate_worker: true,
                scale: Some(chaos::ScaleOptions { apis, workers: workers.max(1), haproxy }),
                ..run.options(kill_every_ms)?
            };
            run_chaos(options, "scale").await
        }
        Command::Checkouts { temporal, namespace, url, inbox, sandbox, count, concurrency } => {
            checkouts::run(checkouts::CheckoutsOptions { temporal, namespace, url, inbox, sandbox, count, concurrency }).await
        }
        Command::WorkflowOverhead { temporal, namespace, url, inbox, sandbox, runs, warmup, concurrency } => {
            workflow_overhead::run(workflow_overhead::OverheadOptions {
                temporal,
                namespace,
                url,
                inbox,
                sandbox,
                runs,
                warmup,
                concurrency,
            })
            .await
        }
    }
}
