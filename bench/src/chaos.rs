//! The chaos harness: many purchases at once against the real stack (Temporal dev server, an SMTP
//! receiver, the sandbox gateway/provider in their own process, `coverline serve` and optionally a
//! separate `coverline worker`) while `coverline` is SIGKILLed and restarted every ~2 s and the
//! Temporal server is restarted once. Then it counts: purchases completed, contracts at the
//! provider, charges at the gateway, emails at the SMTP receiver, workflows still running.

use coverline_domain::lifecycle::PurchaseStatus;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use serde_json::Value;

use crate::purchase_flow::{Client, MERCHANT_KEY, Mailbox, MemberFault, header};
use crate::smtp;

const PROVIDER_KEY: &str = "sandbox-provider-key";

/// What to run.
#[derive(Debug, Clone)]
pub struct ChaosOptions {
    pub purchases: usize,
    pub concurrency: usize,
    pub postgres: bool,
    pub separate_worker: bool,
    pub kill_every: Duration,
    /// Share (percent) of purchases whose member's device fails them ([`MemberFault`]).
    pub member_faults: usize,
    /// The `coverline` binary.
    pub coverline: PathBuf,
    /// The repository (data/, scripts/, .venv/).
    pub root: PathBuf,
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").expect("a free port").local_addr().expect("address").port()
}

fn spawn(program: &Path, args: &[&str], env: &[(String, String)], log: &Path) -> anyhow::Result<Child> {
    let out = std::fs::OpenOptions::new().create(true).append(true).open(log)?;
    let mut cmd = Command::new(program);
    cmd.args(args).stdin(Stdio::null()).stdout(out.try_clone()?).stderr(out);
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.spawn().with_context(|| format!("starting {} {}", program.display(), args.join(" ")))
}

/// The processes the harness kills and restarts.
struct Stack {
    opts: ChaosOptions,
    work: PathBuf,
    env: Vec<(String, String)>,
    temporal_port: u16,
    temporal: Option<Child>,
    serve: Option<Child>,
    worker: Option<Child>,
    sandbox: Option<Child>,
    kills: usize,
}

impl Stack {
    fn temporal_cli(&self) -> PathBuf {
        self.opts.root.join(".venv/bin/temporal")
    }

    fn start_temporal(&mut self) -> anyhow::Result<()> {
        let port = self.temporal_port.to_string();
        let db = self.work.join("temporal.db").display().to_string();
        let args = [
            "server",
            "start-dev",
            "--headless",
            "--ip",
            "127.0.0.1",
            "--port",
            &port,
            "--db-filename",
            &db,
            "--log-level",
            "error",
            "--search-attribute",
            "CoverlineInstitution=Keyword",
            "--search-attribute",
            "CoverlineStep=Keyword",
            "--search-attribute",
            "CoverlineStatus=Keyword",
        ];
        self.temporal = Some(spawn(&self.temporal_cli(), &args, &[], &self.work.join("temporal.log"))?);
        Ok(())
    }

    fn start_coverline(&mut self) -> anyhow::Result<()> {
        let mut env = self.env.clone();
        if self.opts.separate_worker {
            env.push(("COVERLINE_WORKER".into(), "off".into()));
        }
        self.serve = Some(spawn(&self.opts.coverline, &["serve"], &env, &self.work.join("serve.log"))?);
        if self.opts.separate_worker {
            let mut env = self.env.clone();
            env.push(("COVERLINE_METRICS_ADDR".into(), format!("127.0.0.1:{}", free_port())));
            self.worker = Some(spawn(&self.opts.coverline, &["worker"], &env, &self.work.join("worker.log"))?);
        }
        Ok(())
    }

    /// SIGKILL: no graceful shutdown for the API or the worker.
    fn kill_coverline(&mut self) {
        for child in [self.serve.take(), self.worker.take()].into_iter().flatten() {
            let mut child = child;
            let _ = child.kill();
            let _ = child.wait();
        }
        self.kills += 1;
    }

    fn restart_temporal(&mut self) -> anyhow::Result<()> {
        if let Some(mut t) = self.temporal.take() {
            // A clean stop (SIGTERM), as an operator restarts a server; its SQLite file keeps every history.
            let _ = Command::new("kill").arg("-TERM").arg(t.id().to_string()).status();
            let _ = t.wait();
        }
        self.start_temporal()
    }

    fn stop(&mut self) {
        self.kill_coverline();
        for child in [self.sandbox.take(), self.temporal.take()].into_iter().flatten() {
            let mut child = child;
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// Resident set size of a process in MiB (Linux /proc).
fn rss_mib(pid: u32) -> Option<f64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let kb: f64 = status.lines().find(|l| l.starts_with("VmRSS:"))?.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

impl Stack {
    /// RSS of the API and of the worker (when separate), MiB.
    fn rss(&self) -> (Option<f64>, Option<f64>) {
        (self.serve.as_ref().and_then(|c| rss_mib(c.id())), self.worker.as_ref().and_then(|c| rss_mib(c.id())))
    }
}

/// The run's figures.
#[derive(Debug)]
pub struct ChaosSummary {
    pub label: String,
    pub purchases: usize,
    pub completed: usize,
    pub failed: usize,
    pub seconds: f64,
    pub kills: usize,
    pub temporal_restarts: usize,
    /// Whether faults were to be injected (`--kill-every-ms` above 0).
    pub chaos: bool,
    pub policies_fulfilled: i64,
    pub policies: i64,
    pub payments: i64,
    /// Purchases whose member's device failed them, by fault.
    pub faults: Vec<(MemberFault, usize)>,
    pub contracts: usize,
    pub duplicate_contracts: usize,
    pub charges: usize,
    /// Charges refunded in full (a second charge, or one for a voided contract).
    pub refunded_charges: usize,
    /// Charges, net of refunds, whose contract is not paid in Coverline.
    pub charges_without_contract: usize,
    /// Contracts charged more than their price once refunds are taken off.
    pub net_double_charges: usize,
    /// Policies with a recorded payment that did not reach `fulfilled`.
    pub paid_unfulfilled: i64,
    pub receipts_unique: usize,
    pub contract_emails_unique: usize,
    pub emails_redelivered: usize,
    pub workflows_running: i64,
    /// Purchases completed per second over the run.
    pub per_second: f64,
    /// RSS (MiB) of the API and the worker: idle before the load, and the most seen under it.
    pub rss_idle: (Option<f64>, Option<f64>),
    pub rss_peak: (Option<f64>, Option<f64>),
}

impl ChaosSummary {
    /// Whether every promise held.
    pub fn passed(&self) -> bool {
        // A chaos run that injected no fault proves nothing: it needs its kills and its Temporal restart.
        let faults = !self.chaos || (self.kills > 0 && self.temporal_restarts == 1);
        faults
            && self.completed == self.purchases
            && self.policies_fulfilled as usize == self.purchases
            && self.payments as usize == self.purchases
            && self.contracts == self.purchases
            && self.duplicate_contracts == 0
            && self.charges - self.refunded_charges == self.purchases
            && self.charges_without_contract == 0
            && self.net_double_charges == 0
            && self.paid_unfulfilled == 0
            && self.receipts_unique == self.purchases
            && self.contract_emails_unique == self.purchases
            && self.workflows_running == 0
    }
}

impl std::fmt::Display for ChaosSummary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "chaos {}: {} purchases, {} completed, {} failed, {:.0} s; coverline SIGKILLed {} times, Temporal restarted {} time(s)",
            self.label, self.purchases, self.completed, self.failed, self.seconds, self.kills, self.temporal_restarts
        )?;
        writeln!(f, "  database   policies {} (fulfilled {}), payments {}", self.policies, self.policies_fulfilled, self.payments)?;
        writeln!(f, "  provider   contracts {} (duplicates {})", self.contracts, self.duplicate_contracts)?;
        let faults: Vec<String> = self.faults.iter().map(|(fault, n)| format!("{fault:?} {n}")).collect();
        writeln!(f, "  members    faults in {} purchases: {}", self.faults.iter().map(|(_, n)| n).sum::<usize>(), faults.join(", "))?;
        writeln!(
            f,
            "  gateway    charges {} (refunded {}); charges without a contract {}, net double charges {}",
            self.charges, self.refunded_charges, self.charges_without_contract, self.net_double_charges
        )?;
        writeln!(f, "  contracts  paid but never fulfilled {}", self.paid_unfulfilled)?;
        writeln!(
            f,
            "  smtp       receipts {} and contract copies {} (distinct Message-IDs; redelivered after a kill: {})",
            self.receipts_unique, self.contract_emails_unique, self.emails_redelivered
        )?;
        writeln!(f, "  temporal   checkout workflows still running: {}", self.workflows_running)?;
        let mib = |v: Option<f64>| v.map_or("-".to_string(), |v| format!("{v:.0} MiB"));
        writeln!(
            f,
            "  load       {:.2} purchases/s; RSS idle: api {}, worker {}; under load (max): api {}, worker {}",
            self.per_second,
            mib(self.rss_idle.0),
            mib(self.rss_idle.1),
            mib(self.rss_peak.0),
            mib(self.rss_peak.1)
        )?;
        write!(f, "  result     {}", if self.passed() { "PASS" } else { "FAIL" })
    }
}

/// Runs the harness once.
pub async fn run(opts: ChaosOptions) -> anyhow::Result<ChaosSummary> {
    let run = format!("{}", std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH)?.as_millis());
    let label = format!(
        "{} / worker {}{}{}",
        if opts.postgres { "Postgres" } else { "SQLite" },
        if opts.separate_worker { "separate" } else { "in-process" },
        if opts.kill_every.is_zero() { " / no kills" } else { "" },
        if opts.member_faults > 0 { format!(" / member faults {}%", opts.member_faults) } else { String::new() }
    );
    let work = std::env::temp_dir().join(format!("coverline-chaos-{run}"));
    std::fs::create_dir_all(&work)?;
    let inbox = smtp::Inbox::start().await;
    let database_url = if opts.postgres {
        let out = Command::new("bash").arg(opts.root.join("scripts/pg-throwaway.sh")).arg("start").arg(work.join("pg")).output()?;
        let url = String::from_utf8_lossy(&out.stdout).lines().last().unwrap_or_default().trim().to_string();
        if !url.starts_with("postgres") {
            bail!("throwaway Postgres did not start: {}", String::from_utf8_lossy(&out.stderr));
        }
        url
    } else {
        format!("sqlite://{}", work.join("coverline.db").display())
    };
    let (app_port, sandbox_port, temporal_port) = (free_port(), free_port(), free_port());
    let api = format!("http://127.0.0.1:{app_port}");
    let sandbox_url = format!("http://127.0.0.1:{sandbox_port}");
    let env: Vec<(String, String)> = [
        ("COVERLINE_ADDR", format!("127.0.0.1:{app_port}")),
        ("COVERLINE_PUBLIC_URL", api.clone()),
        ("COVERLINE_SANDBOX_ADDR", "off".into()),
        ("COVERLINE_GATEWAY_URL", sandbox_url.clone()),
        ("COVERLINE_PROVIDER_URL", sandbox_url.clone()),
        ("DATABASE_URL", database_url.clone()),
        ("TEMPORAL_ADDRESS", format!("127.0.0.1:{temporal_port}")),
        ("COVERLINE_TASK_QUEUE", format!("chaos-{run}")),
        ("COVERLINE_SMTP_URL", format!("smtp://127.0.0.1:{}", inbox.port)),
        ("COVERLINE_SIGNING_KEY", "chaos-harness-signing-key".into()),
        // The splash's captcha at its cheapest: every purchase's member solves one.
        ("COVERLINE_CAPTCHA_COST", "1".into()),
        ("COVERLINE_CAPTCHA_MAX_NUMBER", "4".into()),
        ("COVERLINE_DATA_DIR", opts.root.join("data").display().to_string()),
        ("COVERLINE_WEB_DIR", opts.root.join("web/dist").display().to_string()),
        ("COVERLINE_TEMPORAL_CLI", opts.root.join(".venv/bin/temporal").display().to_string()),
        ("RUST_LOG", "warn,temporalio=error".into()),
        // A checkout stays a few seconds after its purchase (late charges), then closes: counted below.
        ("COVERLINE_CHECKOUT_SETTLE_SECS", "2".into()),
        // The sandbox provider answers in milliseconds: an attempt cut short by a kill is retried
        // after 10 s rather than the 40 s a slow real provider is given.
        ("COVERLINE_BOOKING_ATTEMPT_TIMEOUT_SECS", "10".into()),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v))
    .collect();
    let mut stack = Stack {
        opts: opts.clone(),
        work: work.clone(),
        env: env.clone(),
        temporal_port,
        temporal: None,
        serve: None,
        worker: None,
        sandbox: None,
        kills: 0,
    };
    stack.start_temporal()?;
    let mut sandbox_env = env.clone();
    sandbox_env.retain(|(k, _)| k != "COVERLINE_SANDBOX_ADDR");
    sandbox_env.push(("COVERLINE_SANDBOX_ADDR".into(), format!("127.0.0.1:{sandbox_port}")));
    sandbox_env.push(("COVERLINE_SANDBOX_STATE".into(), work.join("sandbox.json").display().to_string()));
    stack.sandbox = Some(spawn(&opts.coverline, &["sandbox"], &sandbox_env, &work.join("sandbox.log"))?);
    stack.start_coverline()?;

    let http = reqwest::Client::builder().timeout(Duration::from_secs(150)).build()?;
    let health = format!("{api}/api/health");
    let started_waiting = Instant::now();
    while !http.get(&health).send().await.is_ok_and(|r| r.status().is_success()) {
        if started_waiting.elapsed() > Duration::from_secs(120) {
            stack.stop();
            bail!("coverline did not come up; see {}", work.join("serve.log").display());
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }

    // The chaos: SIGKILL coverline every ~kill_every (±30 %), restart Temporal once a third of the way.
    let stack = Arc::new(Mutex::new(stack));
    let done = Arc::new(AtomicBool::new(false));
    let completed = Arc::new(AtomicUsize::new(0));
    let temporal_restarts = Arc::new(AtomicUsize::new(0));
    let rss_idle = stack.lock().expect("stack lock").rss();
    let rss_peak = Arc::new(Mutex::new((None::<f64>, None::<f64>)));
    let sampler = {
        let (stack, done, rss_peak) = (stack.clone(), done.clone(), rss_peak.clone());
        tokio::spawn(async move {
            while !done.load(Ordering::SeqCst) {
                let (api, worker) = { stack.lock().expect("stack lock").rss() };
                let merge = |old: Option<f64>, new: Option<f64>| match (old, new) {
                    (Some(a), Some(b)) => Some(a.max(b)),
                    (a, b) => a.or(b),
                };
                {
                    let mut peak = rss_peak.lock().expect("rss lock");
                    *peak = (merge(peak.0, api), merge(peak.1, worker));
                }
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
        })
    };
    let chaos = {
        let (stack, done, completed, temporal_restarts) = (stack.clone(), done.clone(), completed.clone(), temporal_restarts.clone());
        let (every, total) = (opts.kill_every, opts.purchases);
        tokio::spawn(async move {
            let mut tick: u64 = 0;
            // --kill-every-ms 0: no chaos, a throughput and memory run.
            while !every.is_zero() && !done.load(Ordering::SeqCst) {
                tick += 1;
                let jitter = (tick * 7919 % 61) as f64 / 100.0 - 0.3;
                tokio::time::sleep(every.mul_f64(1.0 + jitter)).await;
                if done.load(Ordering::SeqCst) {
                    break;
                }
                let mut s = stack.lock().expect("stack lock");
                s.kill_coverline();
                // Once, a third of the way through (or at the third kill, so a quick run gets it too).
                if temporal_restarts.load(Ordering::SeqCst) == 0 && (completed.load(Ordering::SeqCst) * 3 >= total || tick >= 3) {
                    if let Err(e) = s.restart_temporal() {
                        eprintln!("restarting Temporal: {e:#}");
                    }
                    temporal_restarts.fetch_add(1, Ordering::SeqCst);
                }
                if let Err(e) = s.start_coverline() {
                    eprintln!("restarting coverline: {e:#}");
                }
            }
        })
    };

    let client = Arc::new(Client {
        http: http.clone(),
        api: format!("{api}/api"),
        sandbox: sandbox_url.clone(),
        mailbox: Mailbox::Receiver(inbox.clone()),
        step_latencies: Default::default(),
    });
    let permits = Arc::new(tokio::sync::Semaphore::new(opts.concurrency));
    let member_faults = opts.member_faults;
    let started = Instant::now();
    let mut tasks = Vec::new();
    for n in 0..opts.purchases {
        let (client, permits, completed, run) = (client.clone(), permits.clone(), completed.clone(), run.clone());
        tasks.push(tokio::spawn(async move {
            let _permit = permits.acquire_owned().await.expect("semaphore");
            let result = client.purchase_with(&format!("chaos-{run}"), n, MemberFault::of(n, member_faults)).await;
            if result.is_ok() {
                completed.fetch_add(1, Ordering::SeqCst);
            }
            result
        }));
    }
    let mut bought = Vec::new();
    let mut failures = Vec::new();
    for task in tasks {
        match task.await? {
            Ok(b) => bought.push(b),
            Err(e) => failures.push(format!("{e:#}")),
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    done.store(true, Ordering::SeqCst);
    chaos.await?;
    sampler.await?;
    for f in failures.iter().take(5) {
        eprintln!("a purchase failed: {f}");
    }

    // Let the last workflows finish (emails), then count everywhere.
    let store = coverline_store::Store::connect(&database_url).await?;
    let settle = Instant::now();
    let mut fulfilled = 0;
    while settle.elapsed() < Duration::from_secs(180) {
        fulfilled = 0;
        for b in &bought {
            if store.policy(&b.policy_id).await?.is_some_and(|p| p.status == PurchaseStatus::Fulfilled) {
                fulfilled += 1;
            }
        }
        if fulfilled == bought.len() {
            break;
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
    let policies = store.count_policies().await?;
    let payments = store.count_payments().await?;
    let mut recorded_payments_match = 0;
    for b in &bought {
        if store.payment_for_policy(&b.policy_id).await?.is_some_and(|p| p.payment_id == b.tracking) {
            recorded_payments_match += 1;
        }
    }
    let contracts: Value =
        http.get(format!("{sandbox_url}/_sandbox/provider/contracts")).bearer_auth(PROVIDER_KEY).send().await?.json().await?;
    let contracts = contracts.as_array().cloned().unwrap_or_default();
    let mut by_key: HashMap<String, usize> = HashMap::new();
    for c in &contracts {
        *by_key.entry(c["idempotencyKey"].as_str().unwrap_or_default().to_string()).or_default() += 1;
    }
    let charges: Value =
        http.get(format!("{sandbox_url}/_sandbox/gateway/transactions")).bearer_auth(MERCHANT_KEY).send().await?.json().await?;
    let charges = charges.as_array().cloned().unwrap_or_default();
    // Net of refunds: what each contract's member was charged and kept paying.
    let net = |c: &Value| {
        c["amount"].as_i64().unwrap_or(0) - c["refunds"].as_array().map_or(0, |r| r.iter().filter_map(|x| x["amount"].as_i64()).sum())
    };
    let refunded_charges = charges.iter().filter(|c| net(c) <= 0).count();
    let mut kept_by_contract: HashMap<String, usize> = HashMap::new();
    for c in charges.iter().filter(|c| net(c) > 0) {
        *kept_by_contract.entry(c["applyFundsTo"].as_str().unwrap_or_default().to_string()).or_default() += 1;
    }
    let mut charges_without_contract = 0;
    for (contract, kept) in &kept_by_contract {
        let paid = match store.policy_by_contract(contract).await? {
            Some(p) => store.payment_for_policy(&p.policy_id).await?.is_some(),
            None => false,
        };
        if !paid {
            charges_without_contract += kept;
        }
    }
    let net_double_charges = kept_by_contract.values().filter(|n| **n > 1).count();
    let mut paid_unfulfilled = 0;
    for b in &bought {
        let paid = store.payment_for_policy(&b.policy_id).await?.is_some();
        if paid && store.policy(&b.policy_id).await?.is_none_or(|p| p.status != PurchaseStatus::Fulfilled) {
            paid_unfulfilled += 1;
        }
    }
    let mut faults: Vec<(MemberFault, usize)> = MemberFault::ALL.iter().map(|f| (*f, 0)).collect();
    for n in 0..opts.purchases {
        if let Some(entry) = faults.iter_mut().find(|(f, _)| *f == MemberFault::of(n, opts.member_faults)) {
            entry.1 += 1;
        }
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    let mut receipts: HashMap<String, usize> = HashMap::new();
    let mut copies: HashMap<String, usize> = HashMap::new();
    for mail in inbox.all() {
        let subject = header(&mail.data, "Subject").unwrap_or_default();
        let id = header(&mail.data, "Message-ID").unwrap_or_default();
        if subject.starts_with("Your receipt") {
            *receipts.entry(id).or_default() += 1;
        } else if mail.data.contains("application/pdf") {
            *copies.entry(id).or_default() += 1;
        }
    }
    let redelivered = receipts.values().chain(copies.values()).map(|n| n - 1).sum();
    // A workflow whose last task was cut by a kill finishes when its task is retried: wait for it.
    let temporal_cli = opts.root.join(".venv/bin/temporal");
    let running = || -> i64 {
        Command::new(&temporal_cli)
            .args([
                "workflow",
                "count",
                "--address",
                &format!("127.0.0.1:{temporal_port}"),
                "--query",
                &format!("TaskQueue='chaos-{run}' AND ExecutionStatus='Running'"),
            ])
            .output()
            .ok()
            .and_then(|o| String::from_utf8_lossy(&o.stdout).split_whitespace().last().and_then(|n| n.parse().ok()))
            .unwrap_or(-1)
    };
    let mut workflows_running = running();
    let settle = Instant::now();
    while workflows_running != 0 && settle.elapsed() < Duration::from_secs(120) {
        tokio::time::sleep(Duration::from_secs(2)).await;
        workflows_running = running();
    }

    let kills = stack.lock().expect("stack lock").kills;
    stack.lock().expect("stack lock").stop();
    if opts.postgres {
        let _ = Command::new("bash").arg(opts.root.join("scripts/pg-throwaway.sh")).arg("stop").arg(work.join("pg")).output();
    }
    let summary = ChaosSummary {
        label,
        purchases: opts.purchases,
        completed: bought.len(),
        failed: failures.len(),
        seconds,
        kills,
        temporal_restarts: temporal_restarts.load(Ordering::SeqCst),
        chaos: !opts.kill_every.is_zero(),
        policies_fulfilled: fulfilled as i64,
        policies,
        payments: recorded_payments_match.min(payments),
        faults,
        contracts: contracts.len(),
        duplicate_contracts: by_key.values().map(|n| n - 1).sum(),
        charges: charges.len(),
        refunded_charges,
        charges_without_contract,
        net_double_charges,
        paid_unfulfilled,
        receipts_unique: receipts.len(),
        contract_emails_unique: copies.len(),
        emails_redelivered: redelivered,
        workflows_running,
        per_second: bought.len() as f64 / seconds,
        rss_idle,
        rss_peak: *rss_peak.lock().expect("rss lock"),
    };
    if summary.passed() {
        let _ = std::fs::remove_dir_all(&work);
    } else {
        eprintln!("logs kept in {}", work.display());
    }
    Ok(summary)
}
