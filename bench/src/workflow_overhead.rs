//! `workflow-overhead`: the checkout workflow's server time, for a whole purchase from the splash to
//! the settled contract, next to a trivial workflow's on the same
//! Temporal server. The trivial workflow runs three no-op activities in sequence on its own task
//! queue, with its worker in this process; the purchases are real ones, driven over the running
//! stack's HTTP API as the chaos harness drives them. Each execution's time is read from its
//! history (server clock) and split as [`crate::history`] says.

use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use temporalio_client::{
    Client, ClientOptions, Connection, ConnectionOptions, UntypedWorkflow, Url, WorkflowFetchHistoryOptions, WorkflowStartOptions,
};
use temporalio_macros::{activities, workflow, workflow_methods};
use temporalio_sdk::activities::{ActivityContext, ActivityError};
use temporalio_sdk::{ActivityOptions, Runtime, Worker, WorkerOptions, WorkflowContext, WorkflowContextView, WorkflowResult};

use crate::history::{self, Spans};
use crate::percentile;
use crate::purchase_flow::{self, Mailbox};

/// What to run.
pub struct OverheadOptions {
    /// host:port of the Temporal frontend the stack uses.
    pub temporal: String,
    pub namespace: String,
    /// The running stack's origin, its maildev inbox's and its sandbox gateway's.
    pub url: String,
    pub inbox: String,
    pub sandbox: String,
    /// Executions measured of each kind, after `warmup` unmeasured ones.
    pub runs: usize,
    pub warmup: usize,
    /// Executions in flight at once (both kinds).
    pub concurrency: usize,
}

/// Activities that do nothing: what is left of an activity is Temporal's round trip.
pub struct NoopActivities;

#[activities]
impl NoopActivities {
    /// Returns its input.
    #[activity(name = "noop")]
    pub async fn noop(_ctx: ActivityContext, step: u32) -> Result<u32, ActivityError> {
        Ok(step)
    }
}

/// Three no-op activities in sequence: the baseline a purchase's server time is set against.
#[workflow]
pub struct TrivialWorkflow {
    steps: u32,
}

#[workflow_methods]
impl TrivialWorkflow {
    #[init]
    pub fn new(_ctx: &WorkflowContextView, steps: u32) -> Self {
        Self { steps }
    }

    #[run]
    pub async fn run(ctx: &mut WorkflowContext<Self>) -> WorkflowResult<u32> {
        let steps = ctx.state(|s| s.steps);
        for step in 0..steps {
            ctx.execute_activity(NoopActivities::noop, step, ActivityOptions::with_start_to_close_timeout(Duration::from_secs(10)).build())
                .await?;
        }
        Ok(steps)
    }
}

/// A Temporal client of the bench's own.
pub async fn connect(address: &str, namespace: &str) -> anyhow::Result<Client> {
    let url = Url::from_str(&format!("http://{address}")).context("Temporal address")?;
    let connection = Connection::connect(ConnectionOptions::new(url).identity(format!("coverline-bench@{}", std::process::id())).build())
        .await
        .with_context(|| format!("connecting to Temporal at {address}"))?;
    Ok(Client::new(connection, ClientOptions::new(namespace.to_string()).build())?)
}

/// Waits for workflow `id` to close, then reads its spans from its history. It reads every 500 ms,
/// starting 500 ms from now, rather than long-polling for the result: on the dev server, reading a
/// running workflow's history (a waiting result poll, or a plain read every 200 ms) delayed each
/// of its workflow tasks by ~45 ms (the trivial workflow took 160-195 ms instead of 27 ms).
async fn spans_of(client: &Client, id: &str) -> anyhow::Result<Spans> {
    let handle = client.get_workflow_handle::<UntypedWorkflow>(id.to_string());
    let until = tokio::time::Instant::now() + Duration::from_secs(300);
    loop {
        tokio::time::sleep(Duration::from_millis(500)).await;
        let events =
            handle.fetch_history(WorkflowFetchHistoryOptions::default()).into_events().await.with_context(|| format!("history of {id}"))?;
        if let Some(spans) = Spans::of(&history::events(&events)) {
            return Ok(spans);
        }
        anyhow::ensure!(tokio::time::Instant::now() < until, "{id} did not close within 5 minutes");
    }
}

/// Runs `count` jobs, `concurrency` at a time; job `i` returns the workflow id to measure.
async fn measure<F, Fut>(client: Client, count: usize, concurrency: usize, job: F) -> anyhow::Result<Vec<Spans>>
where
    F: Fn(usize) -> Fut + Send + Sync + 'static,
    Fut: Future<Output = anyhow::Result<String>> + Send,
{
    let (job, permits) = (Arc::new(job), Arc::new(tokio::sync::Semaphore::new(concurrency.max(1))));
    let mut tasks = Vec::with_capacity(count);
    for i in 0..count {
        let (job, permits, client) = (job.clone(), permits.clone(), client.clone());
        tasks.push(tokio::spawn(async move {
            let _permit = permits.acquire_owned().await.expect("semaphore");
            let id = job(i).await?;
            spans_of(&client, &id).await
        }));
    }
    let mut all = Vec::with_capacity(count);
    for task in tasks {
        all.push(task.await??);
    }
    Ok(all)
}

/// Runs the benchmark and prints its table.
pub async fn run(opts: OverheadOptions) -> anyhow::Result<()> {
    let client = connect(&opts.temporal, &opts.namespace).await?;
    let stamp = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH)?.as_millis();
    let task_queue = format!("bench-overhead-{stamp}");

    let runtime = Runtime::from_current_tokio(Default::default()).context("Temporal runtime")?;
    let options =
        WorkerOptions::new(task_queue.clone()).register_workflow::<TrivialWorkflow>()?.register_activities(NoopActivities).build();
    // The worker polls on its own connection, as the purchase worker does in `coverline`.
    let worker_client = connect(&opts.temporal, &opts.namespace).await?;
    let mut worker = Worker::new(&runtime, worker_client, options).context("trivial workflow worker")?;
    let stop = worker.shutdown_handle();
    let trivial = async {
        let trivial = |warm: bool, count: usize| {
            let (client, task_queue) = (client.clone(), task_queue.clone());
            measure(client.clone(), count, opts.concurrency, move |i| {
                let (client, id) = (client.clone(), format!("trivial-{stamp}-{}{i}", if warm { "warmup-" } else { "" }));
                let options = WorkflowStartOptions::new(task_queue.clone(), id.clone()).build();
                async move {
                    client.start_workflow(TrivialWorkflow::run, 3, options).await.with_context(|| format!("starting {id}"))?;
                    Ok(id)
                }
            })
        };
        let result = async {
            trivial(true, opts.warmup).await?;
            trivial(false, opts.runs).await
        }
        .await;
        stop();
        result
    };
    let (worked, trivial) = tokio::join!(worker.run(), trivial);
    worked.context("trivial workflow worker")?;
    let trivial = trivial?;

    let shopper = Arc::new(purchase_flow::Client::new(
        reqwest::Client::builder().timeout(Duration::from_secs(150)).build()?,
        format!("{}/api", opts.url.trim_end_matches('/')),
        opts.sandbox.trim_end_matches('/').to_string(),
        Mailbox::Maildev(opts.inbox.trim_end_matches('/').to_string()),
    ));
    let purchases = |warm: bool, count: usize| {
        let shopper = shopper.clone();
        measure(client.clone(), count, opts.concurrency, move |i| {
            let (shopper, run) = (shopper.clone(), format!("overhead-{stamp}{}", if warm { "-warmup" } else { "" }));
            async move {
                let bought = shopper.purchase(&run, i).await?;
                Ok(coverline_workflows::checkout_workflow_id(&bought.user_id))
            }
        })
    };
    purchases(true, opts.warmup).await?;
    let purchases = purchases(false, opts.runs).await?;

    print!("{}", Report { runs: opts.runs, concurrency: opts.concurrency, trivial: &trivial, purchases: &purchases });
    Ok(())
}

/// The printed table.
struct Report<'a> {
    runs: usize,
    concurrency: usize,
    trivial: &'a [Spans],
    purchases: &'a [Spans],
}

/// p50 and p95 in milliseconds of one measure over executions.
fn p50_p95(spans: &[Spans], measure: impl Fn(&Spans) -> Duration) -> (f64, f64) {
    let mut values: Vec<Duration> = spans.iter().map(measure).collect();
    values.sort();
    (percentile(&values, 0.50).as_secs_f64() * 1e3, percentile(&values, 0.95).as_secs_f64() * 1e3)
}

/// The median execution's number of activities and of workflow tasks.
fn counts(spans: &[Spans]) -> (usize, usize) {
    let median = |mut v: Vec<usize>| {
        v.sort_unstable();
        v.get(v.len() / 2).copied().unwrap_or_default()
    };
    (median(spans.iter().map(|s| s.activity_runs.len()).collect()), median(spans.iter().map(|s| s.workflow_task_count).collect()))
}

impl std::fmt::Display for Report<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let row = |f: &mut std::fmt::Formatter<'_>, name: &str, spans: &[Spans], m: &dyn Fn(&Spans) -> Duration| {
            let (p50, p95) = p50_p95(spans, m);
            writeln!(f, "  {name:<52} {p50:>9.1} {p95:>9.1}")
        };
        writeln!(
            f,
            "Workflow server time from each history (server clock), {} executions of each, {} in flight at once.",
            self.runs, self.concurrency
        )?;
        writeln!(f, "  server work = Started→Completed minus the waits, a wait being a stretch with no workflow task and no activity")?;
        writeln!(f, "  outstanding (a purchase waits there for the member to pay). Parts: workflow tasks (scheduled→completed),")?;
        writeln!(
            f,
            "  activity queue (scheduled→started) and activity run (started→closed); Temporal's share = server work − activity run."
        )?;
        writeln!(f, "  {:<52} {:>9} {:>9}", "ms", "p50", "p95")?;
        writeln!(f, "trivial workflow: 3 no-op activities in sequence")?;
        row(f, "server work (= total: it never waits)", self.trivial, &|s| s.server_work())?;
        row(f, &format!("  workflow tasks ({})", counts(self.trivial).1), self.trivial, &|s| s.workflow_tasks)?;
        row(f, "  activity queue", self.trivial, &|s| s.activity_queue)?;
        row(f, "  activity run", self.trivial, &|s| s.activity_run)?;
        row(f, "  Temporal's share", self.trivial, &|s| s.server_work().saturating_sub(s.activity_run))?;
        writeln!(
            f,
            "checkout workflow: every step an Update | code email | book | wait for payment | record payment, contract, 2 emails | settle"
        )?;
        row(f, "total (Started→Completed)", self.purchases, &|s| s.total)?;
        row(f, "waiting for the member and the settle timer (not server work)", self.purchases, &|s| s.waiting)?;
        row(f, "server work", self.purchases, &|s| s.server_work())?;
        row(f, "  before the first wait", self.purchases, &|s| s.before_first_wait)?;
        row(f, "  after the last wait", self.purchases, &|s| s.after_last_wait)?;
        row(f, &format!("  workflow tasks ({})", counts(self.purchases).1), self.purchases, &|s| s.workflow_tasks)?;
        row(f, "  activity queue", self.purchases, &|s| s.activity_queue)?;
        row(f, "  activity run", self.purchases, &|s| s.activity_run)?;
        let mut names: Vec<&str> = self.purchases.iter().flat_map(|s| s.activity_runs.iter().map(|(n, _)| n.as_str())).collect();
        names.sort();
        names.dedup();
        for name in names {
            row(f, &format!("    {name} (run, summed per purchase)"), self.purchases, &|s| {
                s.activity_runs.iter().filter(|(n, _)| n == name).map(|(_, d)| *d).sum()
            })?;
        }
        row(f, "  Temporal's share", self.purchases, &|s| s.server_work().saturating_sub(s.activity_run))?;
        let ratio = |m: &dyn Fn(&Spans) -> Duration| {
            let ((t50, t95), (p50, p95)) = (p50_p95(self.trivial, m), p50_p95(self.purchases, m));
            (p50 / t50.max(f64::EPSILON), p95 / t95.max(f64::EPSILON))
        };
        let (r50, r95) = ratio(&|s| s.server_work());
        writeln!(f, "purchase / trivial, server work:   p50 {r50:.1}x  p95 {r95:.1}x")?;
        let (r50, r95) = ratio(&|s| s.server_work().saturating_sub(s.activity_run));
        let ((ta, tw), (pa, pw)) = (counts(self.trivial), counts(self.purchases));
        writeln!(
            f,
            "purchase / trivial, Temporal's share: p50 {r50:.1}x  p95 {r95:.1}x ({pa} activities and {pw} workflow tasks against {ta} and {tw})"
        )
    }
}
