//! The chaos harness: many purchases at once against the real stack (Temporal dev server, an SMTP
//! receiver, the sandbox gateway/provider in their own process, `coverline serve` and optionally a
//! separate `coverline worker`) while `coverline` is SIGKILLed and restarted every ~2 s and the
//! Temporal server is restarted once. Then it counts: purchases completed, contracts at the
//! provider, charges at the gateway, emails at the SMTP receiver, workflows still running.
//!
//! With [`ScaleOptions`] (`make scale`) it runs the scale-out topology instead: HAProxy in front of
//! several `coverline serve` instances (worker off), several `coverline worker` processes and a
//! Postgres cluster. API instances and workers are SIGKILLed one at a time in turn, Postgres is
//! restarted once, and it counts beside the rest: calls sent again after the load balancer's
//! 502-504, sessions answered by more than one instance, and a VIN rate limit probed through the
//! load balancer against the same limit on one instance.

use coverline_domain::lifecycle::PurchaseStatus;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use serde_json::Value;

use crate::purchase_flow::{Bought, Client, MERCHANT_KEY, Mailbox, MemberFault};
use crate::smtp;
use crate::smtp::header;

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
    /// The scale-out topology instead of one API (with or without its separate worker).
    pub scale: Option<ScaleOptions>,
}

/// The load balancer's configuration (HAProxy), the same file docker-compose.yml's `lb` runs.
pub const HAPROXY_CONFIG: &str = "ops/haproxy/haproxy.cfg";

/// The API instances a load balancer configuration sends to (its `server` lines).
pub fn balanced_instances(config: &str) -> usize {
    config.lines().filter(|line| line.trim_start().starts_with("server ")).count()
}

/// `make scale`'s topology: `apis` API instances behind HAProxy, `workers` workers, Postgres.
#[derive(Debug, Clone)]
pub struct ScaleOptions {
    pub apis: usize,
    pub workers: usize,
    /// The HAProxy binary (Debian's `haproxy`).
    pub haproxy: PathBuf,
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

/// SIGKILLs a child, if running, and reaps it.
fn kill(child: &mut Option<Child>) {
    if let Some(mut child) = child.take() {
        let _ = child.kill();
        let _ = child.wait();
    }
}

/// `scripts/pg-throwaway.sh ACTION WORK/pg` (start, restart, stop): the harness's Postgres cluster.
fn pg_throwaway(root: &Path, action: &str, work: &Path) -> std::io::Result<std::process::Output> {
    Command::new("bash").arg(root.join("scripts/pg-throwaway.sh")).arg(action).arg(work.join("pg")).output()
}

impl ChaosOptions {
    /// Whether the run's database is a throwaway Postgres cluster (always behind a load balancer).
    fn uses_postgres(&self) -> bool {
        self.postgres || self.scale.is_some()
    }
}

/// The processes the harness kills and restarts.
struct Stack {
    opts: ChaosOptions,
    work: PathBuf,
    env: Vec<(String, String)>,
    temporal_port: u16,
    temporal: Option<Child>,
    /// The API instances (one without a load balancer), each with its own port.
    serves: Vec<Option<Child>>,
    serve_ports: Vec<u16>,
    workers: Vec<Option<Child>>,
    sandbox: Option<Child>,
    haproxy: Option<Child>,
    kills: usize,
    /// In a scale run, which instance the next kill takes (APIs and workers in turn).
    next_victim: usize,
    api_kills: usize,
    worker_kills: usize,
    postgres_restarts: usize,
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
        for i in 0..self.serves.len() {
            if self.serves[i].is_none() {
                let mut env = self.env.clone();
                env.push(("COVERLINE_ADDR".into(), format!("127.0.0.1:{}", self.serve_ports[i])));
                env.push(("COVERLINE_METRICS_ADDR".into(), format!("127.0.0.1:{}", free_port())));
                if !self.workers.is_empty() {
                    env.push(("COVERLINE_WORKER".into(), "off".into()));
                }
                self.serves[i] = Some(spawn(&self.opts.coverline, &["serve"], &env, &self.work.join(format!("serve-{i}.log")))?);
            }
        }
        for i in 0..self.workers.len() {
            if self.workers[i].is_none() {
                let mut env = self.env.clone();
                env.push(("COVERLINE_METRICS_ADDR".into(), format!("127.0.0.1:{}", free_port())));
                self.workers[i] = Some(spawn(&self.opts.coverline, &["worker"], &env, &self.work.join(format!("worker-{i}.log")))?);
            }
        }
        Ok(())
    }

    /// SIGKILL: no graceful shutdown. Without a load balancer every coverline process dies at
    /// once; behind one, one process at a time, API instances and workers in turn.
    fn kill_coverline(&mut self) {
        if self.haproxy.is_none() {
            self.serves.iter_mut().chain(self.workers.iter_mut()).for_each(kill);
        } else {
            let victims = self.serves.len() + self.workers.len();
            let turn = self.next_victim % victims;
            self.next_victim += 1;
            // api 0, worker 0, api 1, worker 1, ...: every process dies in turn.
            let (api, index) = (turn.is_multiple_of(2), turn / 2);
            if api && index < self.serves.len() {
                kill(&mut self.serves[index]);
                self.api_kills += 1;
            } else if !api && index < self.workers.len() {
                kill(&mut self.workers[index]);
                self.worker_kills += 1;
            }
        }
        self.kills += 1;
    }

    /// An immediate (crash-like) restart of the throwaway Postgres cluster: every connection of
    /// every instance breaks; the pools connect again.
    fn restart_postgres(&mut self) -> anyhow::Result<()> {
        let out = pg_throwaway(&self.opts.root, "restart", &self.work)?;
        if !out.status.success() {
            bail!("restarting Postgres: {}", String::from_utf8_lossy(&out.stderr));
        }
        self.postgres_restarts += 1;
        Ok(())
    }

    fn restart_temporal(&mut self) -> anyhow::Result<()> {
        if let Some(mut t) = self.temporal.take() {
            // A clean stop (SIGTERM), as an operator restarts a server; its SQLite file keeps every history.
            let _ = Command::new("kill").arg("-TERM").arg(t.id().to_string()).status();
            let _ = t.wait();
        }
        self.start_temporal()
    }

    /// Stops every process of the stack, and its Postgres cluster.
    fn stop(&mut self) {
        let others = [&mut self.sandbox, &mut self.temporal, &mut self.haproxy];
        self.serves.iter_mut().chain(self.workers.iter_mut()).chain(others).for_each(kill);
        if self.opts.uses_postgres() {
            let _ = pg_throwaway(&self.opts.root, "stop", &self.work);
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
    /// RSS of the largest API instance and of the largest worker (when separate), MiB.
    fn rss(&self) -> (Option<f64>, Option<f64>) {
        let largest = |children: &[Option<Child>]| children.iter().flatten().filter_map(|c| rss_mib(c.id())).reduce(f64::max);
        (largest(&self.serves), largest(&self.workers))
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
    /// Calls the members' devices sent again: after a load balancer's 502-504, after an API
    /// instance's 502-504 (JSON), after no answer.
    pub retried_load_balancer: usize,
    pub retried_api: usize,
    pub retried_connection: usize,
    /// The scale-out run's own figures.
    pub scale: Option<ScaleFigures>,
}

/// What a scale-out run adds to the count.
#[derive(Debug)]
pub struct ScaleFigures {
    pub apis: usize,
    pub workers: usize,
    pub api_kills: usize,
    pub worker_kills: usize,
    pub postgres_restarts: usize,
    /// Requests HAProxy itself sent again to another instance (a connection refused by a killed
    /// one: the request never reached it), and its 5xx answers.
    pub balancer_retries: u64,
    pub balancer_redispatches: u64,
    pub balancer_5xx: u64,
    /// Completed purchases whose session was answered by more than one API instance.
    pub sessions_moved: usize,
    /// VIN lookups one new member was allowed before the first 429: on one instance directly,
    /// and through the load balancer (spread over `probe_instances` instances).
    pub vin_burst_one_instance: usize,
    pub vin_burst_balanced: usize,
    pub probe_instances: usize,
    /// Reset requests one client was allowed through the balancer, each with a fresh forged
    /// left-most `X-Forwarded-For` address, before the first 429 (the limit is 20 per client).
    pub forged_address_allowed: usize,
}

impl ScaleFigures {
    fn passed(&self) -> bool {
        self.api_kills > 0
            && self.worker_kills > 0
            && self.postgres_restarts == 1
            && self.sessions_moved > 0
            && self.vin_burst_one_instance > 0
            && self.vin_burst_balanced == self.vin_burst_one_instance
            && self.probe_instances == self.apis
            && self.forged_address_allowed == RESETS_PER_CLIENT
    }
}

impl ChaosSummary {
    /// Whether every promise held.
    pub fn passed(&self) -> bool {
        // A chaos run that injected no fault proves nothing: it needs its kills and its Temporal
        // restart (a scale run: kills of APIs and workers, and its Postgres restart).
        let faults = !self.chaos
            || match &self.scale {
                None => self.kills > 0 && self.temporal_restarts == 1,
                Some(scale) => scale.passed(),
            };
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
            "{} {}: {} purchases, {} completed, {} failed, {:.0} s; coverline SIGKILLed {} times, Temporal restarted {} time(s)",
            if self.scale.is_some() { "scale" } else { "chaos" },
            self.label,
            self.purchases,
            self.completed,
            self.failed,
            self.seconds,
            self.kills,
            self.temporal_restarts
        )?;
        if let Some(x) = &self.scale {
            writeln!(
                f,
                "  topology   HAProxy -> {} API instances, {} workers, Postgres; SIGKILLs: {} API, {} worker; Postgres restarted {} time(s)",
                x.apis, x.workers, x.api_kills, x.worker_kills, x.postgres_restarts
            )?;
            writeln!(
                f,
                "  balancer   sent to another instance by HAProxy {} (redispatched {}); its 5xx answers {}; sessions answered by 2+ instances {} of {}",
                x.balancer_retries, x.balancer_redispatches, x.balancer_5xx, x.sessions_moved, self.completed
            )?;
            writeln!(
                f,
                "  limits     VIN lookups before the first 429: {} on one instance, {} through the balancer over {} instances ({})",
                x.vin_burst_one_instance,
                x.vin_burst_balanced,
                x.probe_instances,
                if x.vin_burst_balanced == x.vin_burst_one_instance { "held" } else { "NOT shared" }
            )?;
            writeln!(
                f,
                "  addresses  reset requests of one client with a forged X-Forwarded-For each before the first 429: {} (limit {RESETS_PER_CLIENT}: {})",
                x.forged_address_allowed,
                if x.forged_address_allowed == RESETS_PER_CLIENT { "held" } else { "MOVED by a forged header" }
            )?;
        }
        writeln!(
            f,
            "  retries    calls sent again by members' devices: after the balancer's 502-504 {}, after an instance's 502-504 {}, after a connection closed with no answer {}",
            self.retried_load_balancer, self.retried_api, self.retried_connection
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
    let inbox = smtp::Inbox::start().await;
    let (stack, lab) = start_stack(&opts, &run, &inbox).await?;
    let stack = Arc::new(Mutex::new(stack));
    let faults = Faults::start(stack.clone(), &opts);
    let client = Arc::new(Client::new(lab.http.clone(), format!("{}/api", lab.api), lab.sandbox.clone(), Mailbox::Receiver(inbox.clone())));
    let purchases = buy(&opts, &client, &faults.completed, &run).await?;
    let (rss_idle, rss_peak, temporal_restarts) = faults.stop().await?;
    let probe = match probe_shared_limits(&opts, &lab, &client, &inbox, &run).await {
        Ok(probe) => probe,
        Err(e) => {
            stack.lock().expect("stack lock").stop();
            return Err(e.context(format!("logs kept in {}", lab.work.display())));
        }
    };
    for f in purchases.failures.iter().take(5) {
        eprintln!("a purchase failed: {f}");
    }
    let audit = audit(&lab, &purchases.bought, &inbox).await?;
    let kills = stack.lock().expect("stack lock").kills;
    let scale = match (&opts.scale, probe) {
        (Some(options), Some(probe)) => Some(scale_figures(options, probe, &lab, &stack, &purchases.bought).await),
        _ => None,
    };
    stack.lock().expect("stack lock").stop();
    let mut faults: Vec<(MemberFault, usize)> = MemberFault::ALL.iter().map(|f| (*f, 0)).collect();
    for n in 0..opts.purchases {
        if let Some(entry) = faults.iter_mut().find(|(f, _)| *f == MemberFault::of(n, opts.member_faults)) {
            entry.1 += 1;
        }
    }
    let summary = ChaosSummary {
        label: label(&opts),
        purchases: opts.purchases,
        completed: purchases.bought.len(),
        failed: purchases.failures.len(),
        seconds: purchases.seconds,
        kills,
        temporal_restarts,
        chaos: !opts.kill_every.is_zero(),
        policies_fulfilled: audit.fulfilled as i64,
        policies: audit.policies,
        payments: audit.recorded_payments_match.min(audit.payments),
        faults,
        contracts: audit.contracts,
        duplicate_contracts: audit.duplicate_contracts,
        charges: audit.charges,
        refunded_charges: audit.refunded_charges,
        charges_without_contract: audit.charges_without_contract,
        net_double_charges: audit.net_double_charges,
        paid_unfulfilled: audit.paid_unfulfilled,
        receipts_unique: audit.receipts_unique,
        contract_emails_unique: audit.contract_emails_unique,
        emails_redelivered: audit.emails_redelivered,
        workflows_running: audit.workflows_running,
        per_second: purchases.bought.len() as f64 / purchases.seconds,
        rss_idle,
        rss_peak,
        retried_load_balancer: client.retried.load_balancer.load(Ordering::Relaxed),
        retried_api: client.retried.api.load(Ordering::Relaxed),
        retried_connection: client.retried.connection.load(Ordering::Relaxed),
        scale,
    };
    if summary.passed() {
        let _ = std::fs::remove_dir_all(&lab.work);
    } else {
        eprintln!("logs kept in {}", lab.work.display());
    }
    Ok(summary)
}

/// The run's name in the figures: database, worker layout, faults.
fn label(opts: &ChaosOptions) -> String {
    format!(
        "{} / worker {}{}{}",
        if opts.uses_postgres() { "Postgres" } else { "SQLite" },
        match &opts.scale {
            Some(scale) => format!("x{} / API x{} behind HAProxy", scale.workers, scale.apis),
            None if opts.separate_worker => "separate".into(),
            None => "in-process".into(),
        },
        if opts.kill_every.is_zero() { " / no kills" } else { "" },
        if opts.member_faults > 0 { format!(" / member faults {}%", opts.member_faults) } else { String::new() }
    )
}

/// Where the run's stack is: its directory, addresses and database.
struct Lab {
    work: PathBuf,
    http: reqwest::Client,
    /// What members reach: the load balancer in a scale run, else the one API.
    api: String,
    sandbox: String,
    database_url: String,
    serve_ports: Vec<u16>,
    stats_port: u16,
    temporal_port: u16,
    temporal_cli: PathBuf,
    task_queue: String,
}

/// Starts Temporal, the balancer (scale run), the sandbox and coverline, and waits until every
/// instance and the balancer answer.
async fn start_stack(opts: &ChaosOptions, run: &str, inbox: &smtp::Inbox) -> anyhow::Result<(Stack, Lab)> {
    let work = std::env::temp_dir().join(format!("coverline-chaos-{run}"));
    std::fs::create_dir_all(&work)?;
    let database_url = if opts.uses_postgres() {
        let out = pg_throwaway(&opts.root, "start", &work)?;
        let url = String::from_utf8_lossy(&out.stdout).lines().last().unwrap_or_default().trim().to_string();
        if !url.starts_with("postgres") {
            bail!("throwaway Postgres did not start: {}", String::from_utf8_lossy(&out.stderr));
        }
        url
    } else {
        format!("sqlite://{}", work.join("coverline.db").display())
    };
    let (app_port, sandbox_port, temporal_port, stats_port) = (free_port(), free_port(), free_port(), free_port());
    let api = format!("http://127.0.0.1:{app_port}");
    let serve_ports: Vec<u16> = match &opts.scale {
        Some(scale) => (0..scale.apis).map(|_| free_port()).collect(),
        None => vec![app_port],
    };
    let worker_count = match &opts.scale {
        Some(scale) => scale.workers,
        None => usize::from(opts.separate_worker),
    };
    let sandbox = format!("http://127.0.0.1:{sandbox_port}");
    let task_queue = format!("chaos-{run}");
    let env = stack_env(&StackAddresses {
        api: api.clone(),
        sandbox: sandbox.clone(),
        database: database_url.clone(),
        temporal: format!("127.0.0.1:{temporal_port}"),
        smtp: format!("smtp://127.0.0.1:{}", inbox.port),
        task_queue: task_queue.clone(),
        root: opts.root.clone(),
        balanced: opts.scale.is_some(),
    });
    let mut stack = Stack {
        opts: opts.clone(),
        work: work.clone(),
        env: env.clone(),
        temporal_port,
        temporal: None,
        serves: serve_ports.iter().map(|_| None).collect(),
        serve_ports: serve_ports.clone(),
        workers: (0..worker_count).map(|_| None).collect(),
        sandbox: None,
        haproxy: None,
        kills: 0,
        next_victim: 0,
        api_kills: 0,
        worker_kills: 0,
        postgres_restarts: 0,
    };
    stack.start_temporal()?;
    if let Some(scale) = &opts.scale {
        // The compose file's load balancer configuration, with this machine's addresses.
        let mut lb_env = vec![
            ("COVERLINE_LB_BIND".to_string(), format!("127.0.0.1:{app_port}")),
            ("COVERLINE_LB_STATS_BIND".to_string(), format!("127.0.0.1:{stats_port}")),
        ];
        lb_env.extend(serve_ports.iter().enumerate().map(|(i, port)| (format!("COVERLINE_API_{}", i + 1), format!("127.0.0.1:{port}"))));
        let config = opts.root.join(HAPROXY_CONFIG).display().to_string();
        stack.haproxy = Some(spawn(&scale.haproxy, &["-f", &config, "-db"], &lb_env, &work.join("haproxy.log"))?);
    }
    let mut sandbox_env = env.clone();
    sandbox_env.retain(|(k, _)| k != "COVERLINE_SANDBOX_ADDR");
    sandbox_env.push(("COVERLINE_SANDBOX_ADDR".into(), format!("127.0.0.1:{sandbox_port}")));
    sandbox_env.push(("COVERLINE_SANDBOX_STATE".into(), work.join("sandbox.json").display().to_string()));
    stack.sandbox = Some(spawn(&opts.coverline, &["sandbox"], &sandbox_env, &work.join("sandbox.log"))?);
    stack.start_coverline()?;

    let http = reqwest::Client::builder().timeout(Duration::from_secs(150)).build()?;
    // Every instance up (directly), then the load balancer in front of them.
    let mut healths: Vec<String> = serve_ports.iter().map(|port| format!("http://127.0.0.1:{port}/api/health")).collect();
    healths.push(format!("{api}/api/health"));
    let started_waiting = Instant::now();
    for health in &healths {
        while !http.get(health).send().await.is_ok_and(|r| r.status().is_success()) {
            if started_waiting.elapsed() > Duration::from_secs(120) {
                stack.stop();
                bail!("{health} did not come up; see the logs in {}", work.display());
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }
    let temporal_cli = opts.root.join(".venv/bin/temporal");
    let lab = Lab { work, http, api, sandbox, database_url, serve_ports, stats_port, temporal_port, temporal_cli, task_queue };
    Ok((stack, lab))
}

/// The faults under the load: SIGKILLs of coverline every ~kill_every (±30 %), Temporal (or, in a
/// scale run, Postgres) restarted once a third of the way, and the processes' memory sampled.
struct Faults {
    done: Arc<AtomicBool>,
    completed: Arc<AtomicUsize>,
    temporal_restarts: Arc<AtomicUsize>,
    rss_idle: (Option<f64>, Option<f64>),
    rss_peak: Arc<Mutex<(Option<f64>, Option<f64>)>>,
    killer: tokio::task::JoinHandle<()>,
    sampler: tokio::task::JoinHandle<()>,
}

impl Faults {
    fn start(stack: Arc<Mutex<Stack>>, opts: &ChaosOptions) -> Self {
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
        let killer = {
            let (done, completed, temporal_restarts) = (done.clone(), completed.clone(), temporal_restarts.clone());
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
                    // Once, a third of the way through (or at the third kill, so a quick run gets it
                    // too): Temporal, or in a scale run Postgres, under every instance at once.
                    let third = completed.load(Ordering::SeqCst) * 3 >= total || tick >= 3;
                    if s.haproxy.is_some() {
                        if s.postgres_restarts == 0
                            && third
                            && let Err(e) = s.restart_postgres()
                        {
                            eprintln!("{e:#}");
                        }
                    } else if temporal_restarts.load(Ordering::SeqCst) == 0 && third {
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
        Self { done, completed, temporal_restarts, rss_idle, rss_peak, killer, sampler }
    }

    /// Stops the faults: the memory idle and at its peak, and Temporal's restarts.
    #[allow(clippy::type_complexity)]
    async fn stop(self) -> anyhow::Result<((Option<f64>, Option<f64>), (Option<f64>, Option<f64>), usize)> {
        self.done.store(true, Ordering::SeqCst);
        self.killer.await?;
        self.sampler.await?;
        let peak = *self.rss_peak.lock().expect("rss lock");
        Ok((self.rss_idle, peak, self.temporal_restarts.load(Ordering::SeqCst)))
    }
}

/// The purchases made, the ones that failed, and how long they took.
struct Purchases {
    bought: Vec<Bought>,
    failures: Vec<String>,
    seconds: f64,
}

/// Buys `opts.purchases` contracts, `opts.concurrency` at a time, each member's device failing as
/// `MemberFault::of` says.
async fn buy(opts: &ChaosOptions, client: &Arc<Client>, completed: &Arc<AtomicUsize>, run: &str) -> anyhow::Result<Purchases> {
    let permits = Arc::new(tokio::sync::Semaphore::new(opts.concurrency));
    let member_faults = opts.member_faults;
    let started = Instant::now();
    let mut tasks = Vec::new();
    for n in 0..opts.purchases {
        let (client, permits, completed, run) = (client.clone(), permits.clone(), completed.clone(), run.to_string());
        tasks.push(tokio::spawn(async move {
            let _permit = permits.acquire_owned().await.expect("semaphore");
            let result = client.purchase_with(&format!("chaos-{run}"), n, MemberFault::of(n, member_faults)).await;
            if result.is_ok() {
                completed.fetch_add(1, Ordering::SeqCst);
            }
            result
        }));
    }
    let (mut bought, mut failures) = (Vec::new(), Vec::new());
    for task in tasks {
        match task.await? {
            Ok(b) => bought.push(b),
            Err(e) => failures.push(format!("{e:#}")),
        }
    }
    Ok(Purchases { bought, failures, seconds: started.elapsed().as_secs_f64() })
}

/// A scale run's shared-limit probes, once every instance is back and the balancer sees it: the
/// VIN burst through one instance and through the balancer, and a forged client address.
async fn probe_shared_limits(
    opts: &ChaosOptions,
    lab: &Lab,
    client: &Client,
    inbox: &smtp::Inbox,
    run: &str,
) -> anyhow::Result<Option<((usize, usize, usize), usize)>> {
    let Some(scale) = &opts.scale else { return Ok(None) };
    let direct = Client::new(
        lab.http.clone(),
        format!("http://127.0.0.1:{}/api", lab.serve_ports[0]),
        lab.sandbox.clone(),
        Mailbox::Receiver(inbox.clone()),
    );
    let vin = probe_vin_limit(&lab.http, lab.stats_port, scale.apis, &direct, client, run).await?;
    Ok(Some((vin, probe_forged_address(&client.api, run).await?)))
}

/// What the run left, counted everywhere: the database, the provider's contracts, the gateway's
/// charges, the emails, and the workflows still running.
struct Audit {
    fulfilled: usize,
    policies: i64,
    payments: i64,
    recorded_payments_match: i64,
    contracts: usize,
    duplicate_contracts: usize,
    charges: usize,
    refunded_charges: usize,
    charges_without_contract: usize,
    net_double_charges: usize,
    paid_unfulfilled: i64,
    receipts_unique: usize,
    contract_emails_unique: usize,
    emails_redelivered: usize,
    workflows_running: i64,
}

/// Lets the last workflows finish (emails), then counts ([`Audit`]).
async fn audit(lab: &Lab, bought: &[Bought], inbox: &smtp::Inbox) -> anyhow::Result<Audit> {
    let store = coverline_store::Store::connect(&lab.database_url).await?;
    let settle = Instant::now();
    let mut fulfilled = 0;
    while settle.elapsed() < Duration::from_secs(180) {
        fulfilled = 0;
        for b in bought {
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
    for b in bought {
        if store.payment_for_policy(&b.policy_id).await?.is_some_and(|p| p.payment_id == b.tracking) {
            recorded_payments_match += 1;
        }
    }
    let contracts: Value =
        lab.http.get(format!("{}/_sandbox/provider/contracts", lab.sandbox)).bearer_auth(PROVIDER_KEY).send().await?.json().await?;
    let contracts = contracts.as_array().cloned().unwrap_or_default();
    let mut by_key: HashMap<String, usize> = HashMap::new();
    for c in &contracts {
        *by_key.entry(c["idempotencyKey"].as_str().unwrap_or_default().to_string()).or_default() += 1;
    }
    let charges: Value =
        lab.http.get(format!("{}/_sandbox/gateway/transactions", lab.sandbox)).bearer_auth(MERCHANT_KEY).send().await?.json().await?;
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
    for b in bought {
        let paid = store.payment_for_policy(&b.policy_id).await?.is_some();
        if paid && store.policy(&b.policy_id).await?.is_none_or(|p| p.status != PurchaseStatus::Fulfilled) {
            paid_unfulfilled += 1;
        }
    }
    let workflows_running = wait_for_workflows(lab).await;
    // The workflows have ended (or the wait gave up): every email they sent is in the inbox, no
    // fixed wait needed (a purchase's emails go out before it is fulfilled, and SMTP took them).
    let (mut receipts, mut copies): (HashMap<String, usize>, HashMap<String, usize>) = (HashMap::new(), HashMap::new());
    for mail in inbox.all() {
        let subject = header(&mail.data, "Subject").unwrap_or_default();
        let id = header(&mail.data, "Message-ID").unwrap_or_default();
        if subject.starts_with("Your receipt") {
            *receipts.entry(id).or_default() += 1;
        } else if mail.data.contains("application/pdf") {
            *copies.entry(id).or_default() += 1;
        }
    }
    let emails_redelivered = receipts.values().chain(copies.values()).map(|n| n - 1).sum();
    Ok(Audit {
        fulfilled,
        policies,
        payments,
        recorded_payments_match,
        contracts: contracts.len(),
        duplicate_contracts: by_key.values().map(|n| n - 1).sum(),
        charges: charges.len(),
        refunded_charges,
        charges_without_contract,
        net_double_charges,
        paid_unfulfilled,
        receipts_unique: receipts.len(),
        contract_emails_unique: copies.len(),
        emails_redelivered,
        workflows_running,
    })
}

/// Waits (up to 2 minutes) until the run's checkouts and cancellations have all ended: a workflow
/// whose last task was cut by a kill finishes when its task is retried. The count still running.
async fn wait_for_workflows(lab: &Lab) -> i64 {
    let running = || -> i64 {
        Command::new(&lab.temporal_cli)
            .args([
                "workflow",
                "count",
                "--address",
                &format!("127.0.0.1:{}", lab.temporal_port),
                "--query",
                // The retention job runs for good; the checkouts and cancellations must all end.
                &format!("TaskQueue='{}' AND ExecutionStatus='Running' AND WorkflowType != 'RetentionWorkflow'", lab.task_queue),
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
    workflows_running
}

/// A scale run's figures: kills per kind, the balancer's retries and 5xx, sessions that moved
/// between instances, and the probes' results.
async fn scale_figures(
    options: &ScaleOptions,
    ((one, balanced, instances), forged_address_allowed): ((usize, usize, usize), usize),
    lab: &Lab,
    stack: &Arc<Mutex<Stack>>,
    bought: &[Bought],
) -> ScaleFigures {
    let stats = haproxy_stats(&lab.http, lab.stats_port).await;
    let stat = |proxy: &str, server: &str, field: &str| -> u64 {
        stats.iter().find(|r| r["pxname"] == proxy && r["svname"] == server).and_then(|r| r.get(field)?.parse().ok()).unwrap_or(0)
    };
    let s = stack.lock().expect("stack lock");
    ScaleFigures {
        apis: options.apis,
        workers: options.workers,
        api_kills: s.api_kills,
        worker_kills: s.worker_kills,
        postgres_restarts: s.postgres_restarts,
        balancer_retries: stat("apis", "BACKEND", "wretr"),
        balancer_redispatches: stat("apis", "BACKEND", "wredis"),
        balancer_5xx: stat("api", "FRONTEND", "hrsp_5xx"),
        sessions_moved: bought.iter().filter(|b| b.instances > 1).count(),
        vin_burst_one_instance: one,
        vin_burst_balanced: balanced,
        probe_instances: instances,
        forged_address_allowed,
    }
}

/// Where a harness's coverline processes find the rest of the stack.
pub struct StackAddresses {
    /// The origin members load the app from (the load balancer in a scale run).
    pub api: String,
    pub sandbox: String,
    pub database: String,
    pub temporal: String,
    pub smtp: String,
    pub task_queue: String,
    pub root: PathBuf,
    /// Behind a load balancer.
    pub balanced: bool,
}

pub fn stack_env(a: &StackAddresses) -> Vec<(String, String)> {
    [
        ("COVERLINE_PUBLIC_URL", a.api.clone()),
        // Behind the load balancer, per-client limits read the address it forwards.
        ("COVERLINE_TRUSTED_PROXIES", if a.balanced { "127.0.0.1".into() } else { String::new() }),
        ("COVERLINE_SANDBOX_ADDR", "off".into()),
        ("COVERLINE_GATEWAY_URL", a.sandbox.clone()),
        ("COVERLINE_PROVIDER_URL", a.sandbox.clone()),
        ("DATABASE_URL", a.database.clone()),
        ("TEMPORAL_ADDRESS", a.temporal.clone()),
        ("COVERLINE_TASK_QUEUE", a.task_queue.clone()),
        ("COVERLINE_SMTP_URL", a.smtp.clone()),
        ("COVERLINE_SIGNING_KEY", "chaos-harness-signing-key".into()),
        // The splash's captcha at its cheapest: every purchase's member solves one.
        ("COVERLINE_CAPTCHA_COST", "1".into()),
        ("COVERLINE_CAPTCHA_MAX_NUMBER", "4".into()),
        ("COVERLINE_DATA_DIR", a.root.join("data").display().to_string()),
        ("COVERLINE_WEB_DIR", a.root.join("web/dist").display().to_string()),
        ("COVERLINE_TEMPORAL_CLI", a.root.join(".venv/bin/temporal").display().to_string()),
        ("RUST_LOG", "warn,temporalio=error".into()),
        // A checkout stays a few seconds after its purchase (late charges), then closes: counted below.
        ("COVERLINE_CHECKOUT_SETTLE_SECS", "2".into()),
        // The sandbox provider answers in milliseconds: an attempt cut short by a kill is retried
        // after 10 s rather than the 40 s a slow real provider is given.
        ("COVERLINE_BOOKING_ATTEMPT_TIMEOUT_SECS", "10".into()),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v))
    .collect()
}

/// HAProxy's statistics (its CSV export), a map of column to value per proxy and server.
async fn haproxy_stats(http: &reqwest::Client, stats_port: u16) -> Vec<HashMap<String, String>> {
    let Ok(res) = http.get(format!("http://127.0.0.1:{stats_port}/stats;csv")).send().await else { return Vec::new() };
    let text = res.text().await.unwrap_or_default();
    let mut lines = text.lines();
    let header: Vec<String> = lines.next().unwrap_or_default().trim_start_matches("# ").split(',').map(str::to_string).collect();
    lines.map(|line| header.iter().cloned().zip(line.split(',').map(str::to_string)).collect()).collect()
}

/// One new member's VIN lookups before the first 429 straight at one instance, another's through
/// the load balancer once it sees every instance up: (one instance, balanced, instances answering).
async fn probe_vin_limit(
    http: &reqwest::Client,
    stats_port: u16,
    apis: usize,
    direct: &Client,
    balanced: &Client,
    run: &str,
) -> anyhow::Result<(usize, usize, usize)> {
    let up = Instant::now();
    while haproxy_stats(http, stats_port).await.iter().filter(|row| row["pxname"] == "apis" && row["status"] == "UP").count() < apis {
        if up.elapsed() > Duration::from_secs(120) {
            bail!("the API instances did not all come back behind the balancer");
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    let (one, _) = direct.vin_burst(&format!("probe-one-{run}@example.com"), 200).await?;
    let (through, instances) = balanced.vin_burst(&format!("probe-balanced-{run}@example.com"), 200).await?;
    Ok((one, through, instances))
}

/// Reset requests one client may send an hour (api/src/http/routes/session.rs).
const RESETS_PER_CLIENT: usize = 20;

/// Reset requests through the balancer from one client until the first 429, each for another
/// address and with a fresh forged left-most `X-Forwarded-For` entry: how many were allowed. The
/// client connects from 127.0.0.2, so the address HAProxy appends is not the balancer's own
/// (127.0.0.1, the instances' only trusted proxy).
async fn probe_forged_address(api: &str, run: &str) -> anyhow::Result<usize> {
    let http = reqwest::Client::builder().local_address(std::net::IpAddr::from([127, 0, 0, 2])).timeout(Duration::from_secs(30)).build()?;
    let limit = RESETS_PER_CLIENT + 10;
    for allowed in 0..limit {
        let res = http
            .post(format!("{api}/institution/{}/passwordresetrequest", crate::purchase_flow::INSTITUTION))
            .header("x-forwarded-for", format!("198.51.{}.{}", allowed / 250, allowed % 250 + 1))
            .json(&serde_json::json!({ "emailAddress": format!("forged-{run}-{allowed}@example.com") }))
            .send()
            .await?;
        match res.status().as_u16() {
            202 => {}
            429 => return Ok(allowed),
            s => bail!("reset request through the balancer: {s} {}", res.text().await.unwrap_or_default()),
        }
    }
    Ok(limit)
}

#[cfg(test)]
mod compose_tests {
    //! docker-compose.yml is the topology `make scale` proves: the same processes, the same
    //! environment, the same load balancer configuration in front of the API instances. It is read
    //! as Debian's docker-compose resolves it (`config`), with the production environment a
    //! deployment fills in and with the demo's (ops/compose/demo.env): production publishes only the
    //! balancer and passes production mode; the demo's extras live in the `dev` profile.

    use std::collections::{BTreeMap, BTreeSet};

    use serde_yaml::Value;

    use super::*;

    /// The environment names the harness gives every coverline process for its own sake (a fast
    /// captcha, short settle and booking-attempt times, the checkout's paths, quiet logs) and a
    /// deployment leaves at their defaults or sets in its image (Dockerfile).
    const HARNESS_ONLY_ENV: &[&str] = &[
        "COVERLINE_CAPTCHA_COST",
        "COVERLINE_CAPTCHA_MAX_NUMBER",
        "COVERLINE_CHECKOUT_SETTLE_SECS",
        "COVERLINE_BOOKING_ATTEMPT_TIMEOUT_SECS",
        "COVERLINE_DATA_DIR",
        "COVERLINE_WEB_DIR",
        "COVERLINE_TEMPORAL_CLI",
        "RUST_LOG",
    ];

    /// The demo's extras: in the `dev` profile, never started in production.
    const DEV_SERVICES: [&str; 4] = ["temporal", "temporal-ui", "mail", "sandbox"];

    fn root() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
    }

    /// `docker-compose --env-file ENV config` with `env_file`'s text: the file resolved, or
    /// docker-compose's refusal.
    fn resolved(env_file: &str) -> Result<Value, String> {
        let env = std::env::temp_dir().join(format!("coverline-compose-{}-{}.env", std::process::id(), rand_suffix()));
        std::fs::write(&env, env_file).unwrap();
        // Only the file's environment: the shell's (TEMPORAL_ADDRESS under `make test`) would win over it.
        let out = Command::new("docker-compose")
            .env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .arg("-f")
            .arg(root().join("docker-compose.yml"))
            .arg("--env-file")
            .arg(&env)
            .arg("config")
            .output()
            .expect("docker-compose (Debian's package; `make test` installs it)");
        std::fs::remove_file(&env).ok();
        if out.status.success() {
            Ok(serde_yaml::from_slice(&out.stdout).unwrap())
        } else {
            Err(String::from_utf8_lossy(&out.stderr).to_string())
        }
    }

    fn rand_suffix() -> u64 {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().subsec_nanos() as u64
    }

    /// ops/compose/production.env.example as an operator fills it in.
    fn production_env() -> String {
        let example = std::fs::read_to_string(root().join("ops/compose/production.env.example")).unwrap();
        let secret = |c: char| c.to_string().repeat(64);
        let values: BTreeMap<&str, String> = [
            ("COVERLINE_PUBLIC_URL", "https://vsc.summitcu.org".to_string()),
            ("POSTGRES_PASSWORD", secret('p')),
            ("TEMPORAL_ADDRESS", "temporal.internal:7233".into()),
            ("TEMPORAL_TLS_SERVER_CA_CERT_PATH", "/etc/coverline/temporal/ca.pem".into()),
            ("TEMPORAL_TLS_CLIENT_CERT_PATH", "/etc/coverline/temporal/worker.pem".into()),
            ("TEMPORAL_TLS_CLIENT_KEY_PATH", "/etc/coverline/temporal/worker.key".into()),
            ("TEMPORAL_TLS_SERVER_NAME", "temporal.internal".into()),
            ("COVERLINE_SMTP_URL", "smtps://mailer:secret@smtp.summitcu.org:465".into()),
            ("COVERLINE_MAIL_FROM", "Summit Credit Union <no-reply@vsc.summitcu.org>".into()),
            ("COVERLINE_GATEWAY_URL", "https://api.gateway.example".into()),
            ("COVERLINE_GATEWAY_PUBLIC_URL", "https://pay.gateway.example".into()),
            ("COVERLINE_GATEWAY_MERCHANT_KEY", secret('m')),
            ("COVERLINE_GATEWAY_WEBHOOK_SECRET", secret('w')),
            ("COVERLINE_PROVIDER_URL", "https://exchange.provider.example".into()),
            ("COVERLINE_PROVIDER_API_KEY", secret('k')),
            ("COVERLINE_DEALER_ID", "SUMMIT-0042".into()),
            ("COVERLINE_SIGNING_KEY", secret('s')),
        ]
        .into();
        example
            .lines()
            .map(|line| match line.split_once('=') {
                Some((name, "")) if values.contains_key(name) => format!("{name}={}", values[name]),
                _ => line.to_string(),
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    fn environment(service: &Value) -> BTreeMap<String, String> {
        service["environment"]
            .as_mapping()
            .map(|map| {
                map.iter()
                    .map(|(k, v)| {
                        (
                            k.as_str().unwrap().to_string(),
                            v.as_str().map_or_else(|| serde_yaml::to_string(v).unwrap().trim().to_string(), str::to_string),
                        )
                    })
                    .collect()
            })
            .unwrap_or_default()
    }

    fn command(service: &Value) -> Vec<&str> {
        service["command"].as_sequence().unwrap().iter().map(|c| c.as_str().unwrap()).collect()
    }

    fn ports(service: &Value) -> Vec<String> {
        service["ports"].as_sequence().map_or_else(Vec::new, |ports| ports.iter().map(|p| serde_yaml::to_string(p).unwrap()).collect())
    }

    /// The names a scale run gives every coverline process that a deployment must give too.
    fn shared_names() -> BTreeSet<String> {
        let addresses = StackAddresses {
            api: String::new(),
            sandbox: String::new(),
            database: String::new(),
            temporal: String::new(),
            smtp: String::new(),
            task_queue: String::new(),
            root: root(),
            balanced: true,
        };
        stack_env(&addresses).into_iter().map(|(k, _)| k).filter(|k| !HARNESS_ONLY_ENV.contains(&k.as_str())).collect()
    }

    #[test]
    fn the_compose_file_runs_the_topology_make_scale_proves() {
        let compose = resolved(&production_env()).unwrap();
        let services = compose["services"].as_mapping().unwrap();
        let names: BTreeSet<&str> = services.keys().map(|k| k.as_str().unwrap()).collect();
        let config = std::fs::read_to_string(root().join(HAPROXY_CONFIG)).unwrap();
        let apis = balanced_instances(&config);
        assert_eq!(apis, 2, "the balancer sends to two API instances");

        // The API instances: one service per `server` line of the balancer's configuration.
        let shared = shared_names();
        let lb_address = compose["services"]["lb"]["networks"]["default"]["ipv4_address"].as_str().unwrap();
        for n in 1..=apis {
            let api = &compose["services"][format!("api-{n}").as_str()];
            assert_eq!(command(api), ["serve"], "api-{n}");
            let env = environment(api);
            let missing: Vec<&String> = shared.iter().filter(|k| !env.contains_key(*k)).collect();
            assert!(missing.is_empty(), "api-{n} lacks what every instance of `make scale` gets: {missing:?}");
            assert_eq!(env["COVERLINE_WORKER"], "off", "workers run on their own, as in `make scale`");
            assert_eq!(env["COVERLINE_SANDBOX_ADDR"], "off", "one sandbox for all, not one per instance");
            assert_eq!(env["COVERLINE_TRUSTED_PROXIES"], lb_address, "behind the balancer, it alone is trusted");
            assert!(env.contains_key("COVERLINE_METRICS_ADDR"), "Prometheus scrapes each instance off the members' port");
            assert!(api.get("deploy").is_none(), "api-{n} is one instance (the balancer names each)");
        }
        let instances: Vec<&&str> = names.iter().filter(|n| n.starts_with("api")).collect();
        assert_eq!(instances.len(), apis, "an API service per balancer server: {instances:?}");

        // The workers: `coverline worker`, replicated, with the same environment and a metrics address.
        let worker = &compose["services"]["worker"];
        assert_eq!(command(worker), ["worker"]);
        assert_eq!(worker["deploy"]["replicas"].as_u64(), Some(2), "two workers, as `make scale` runs");
        let env = environment(worker);
        let missing: Vec<&String> = shared.iter().filter(|k| !env.contains_key(*k)).collect();
        assert!(missing.is_empty(), "the worker lacks {missing:?}");
        assert!(env.contains_key("COVERLINE_METRICS_ADDR"), "Prometheus scrapes each worker");
        assert_eq!(env["COVERLINE_SIGNING_KEY"], environment(&compose["services"]["api-1"])["COVERLINE_SIGNING_KEY"], "one key everywhere");

        // The balancer: HAProxy on the file `make scale` runs, sending to each API service.
        let lb = &compose["services"]["lb"];
        assert!(lb["image"].as_str().unwrap().starts_with("haproxy:2.6"), "Debian bookworm's HAProxy is 2.6");
        let mounted = serde_yaml::to_string(&lb["volumes"][0]).unwrap();
        assert!(mounted.contains("ops/haproxy/haproxy.cfg"), "the same configuration file: {mounted}");
        let lb_env = environment(lb);
        for n in 1..=apis {
            assert!(config.contains(&format!("\"${{COVERLINE_API_{n}}}\"")), "haproxy.cfg sends to COVERLINE_API_{n}");
            assert_eq!(lb_env[&format!("COVERLINE_API_{n}")], format!("api-{n}:8080"));
        }
        for name in ["COVERLINE_LB_BIND", "COVERLINE_LB_STATS_BIND"] {
            assert!(config.contains(&format!("\"${{{name}}}\"")) && lb_env.contains_key(name), "{name}");
        }

        // The rest: one Postgres; the demo's one Temporal, one sandbox and the SMTP catcher.
        assert!(names.contains("postgres"));
        for service in DEV_SERVICES {
            assert!(names.contains(service), "{service}");
        }
        assert_eq!(command(&compose["services"]["sandbox"]), ["sandbox"]);
        assert!(compose["services"]["sandbox"].get("deploy").is_none(), "one sandbox: its charges and contracts are in its memory");
        let known: BTreeSet<&str> = ["postgres", "temporal", "temporal-ui", "mail", "sandbox", "lb", "worker"].into();
        let unexpected: Vec<&&str> = names.iter().filter(|n| !known.contains(**n) && !n.starts_with("api-")).collect();
        assert!(unexpected.is_empty(), "services `make scale` does not run: {unexpected:?}");
    }

    #[test]
    fn production_publishes_only_the_balancer_and_passes_production_mode() {
        let compose = resolved(&production_env()).unwrap();
        for (name, service) in compose["services"].as_mapping().unwrap() {
            let name = name.as_str().unwrap();
            let profiles = service["profiles"].as_sequence().map(|p| p.iter().map(|p| p.as_str().unwrap()).collect::<Vec<_>>());
            if DEV_SERVICES.contains(&name) {
                assert_eq!(profiles, Some(vec!["dev"]), "{name} runs only in the demo");
                for port in ports(service) {
                    assert!(port.contains("127.0.0.1"), "the demo's {name} on the host's loopback only: {port}");
                }
            } else {
                assert!(profiles.is_none(), "{name} runs in production");
                assert_eq!(ports(service).is_empty(), name != "lb", "{name}: only the balancer is published");
            }
        }
        // Each coverline service's resolved environment is one production mode starts on, given
        // the operator's DKIM key for the sender's domain in the mounted /etc/coverline/dkim (here a
        // directory of the test's, with a throwaway key).
        let dkim = std::env::temp_dir().join(format!("coverline-compose-dkim-{}", std::process::id()));
        std::fs::create_dir_all(&dkim).unwrap();
        std::fs::copy(root().join("activities/tests/fixtures/dkim-test-key.pem"), dkim.join("mail._domainkey.vsc.summitcu.org.pem"))
            .unwrap();
        for name in ["api-1", "api-2", "worker"] {
            let mut env = environment(&compose["services"][name]);
            assert_eq!(env["COVERLINE_ENV"], "production", "{name}");
            assert_eq!(env["COVERLINE_DKIM_DIR"], "/etc/coverline/dkim", "{name}");
            env.insert("COVERLINE_DKIM_DIR".into(), dkim.display().to_string());
            let get = |k: &str| env.get(k).cloned().filter(|v| !v.is_empty());
            let config = coverline_api::config::Config::from_vars(&get).unwrap();
            assert_eq!(config.production_problems(|k| get(k).is_some()), Vec::<String>::new(), "{name}");
        }
        std::fs::remove_dir_all(&dkim).unwrap();
    }

    #[test]
    fn compose_refuses_to_start_without_the_production_secrets() {
        let example = std::fs::read_to_string(root().join("ops/compose/production.env.example")).unwrap();
        let refusal = resolved(&example).unwrap_err();
        assert!(refusal.contains("set POSTGRES_PASSWORD") || refusal.contains("set COVERLINE_"), "{refusal}");
        let without_signing_key =
            production_env().lines().filter(|l| !l.starts_with("COVERLINE_SIGNING_KEY=")).collect::<Vec<_>>().join("\n");
        let refusal = resolved(&without_signing_key).unwrap_err();
        assert!(refusal.contains("set COVERLINE_SIGNING_KEY"), "{refusal}");
    }

    #[test]
    fn the_demo_runs_in_development_mode_on_the_sandbox() {
        let demo = std::fs::read_to_string(root().join("ops/compose/demo.env")).unwrap();
        let compose = resolved(&demo).unwrap();
        let env = environment(&compose["services"]["api-1"]);
        assert_eq!(env["COVERLINE_ENV"], "development");
        assert_eq!(env["COVERLINE_GATEWAY_URL"], "http://sandbox:8081");
        assert_eq!(env["TEMPORAL_ADDRESS"], "temporal:7233");
        let sandbox = environment(&compose["services"]["sandbox"]);
        assert_eq!(
            sandbox["COVERLINE_GATEWAY_WEBHOOK_SECRET"], env["COVERLINE_GATEWAY_WEBHOOK_SECRET"],
            "the sandbox signs as the API checks"
        );
        let get = |k: &str| env.get(k).cloned().filter(|v| !v.is_empty());
        let config = coverline_api::config::Config::from_vars(&get).unwrap();
        assert!(!config.production_problems(|k| get(k).is_some()).is_empty(), "production mode would refuse the demo's values");
    }
}
