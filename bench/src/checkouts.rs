//! `checkouts`: whole checkouts per second through the running stack's HTTP API (every screen
//! recorded, code emailed, booked, paid, fulfilled), next to a no-op "mirror" workflow that makes
//! the same number of Updates and runs the same number of activities, in the same places, on the
//! same Temporal server, in one run. The ratio says what Coverline's own work costs on top of
//! Temporal's; the harness's own work inside the checkouts (solving captchas, reading the inbox
//! for codes) is measured and taken off the checkouts' time. Also prints the step Update's latency as a member sees it (PUT …/checkout).
//!
//! The mirror's plan is read from a real checkout's history: for each Update the checkout
//! accepted, how many activities it scheduled before the next Update was accepted. A mirror
//! execution is driven like a member drives a checkout: one Update after another, each running
//! its share of no-op activities before it answers.

use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Context;
use temporalio_client::{Client, UntypedWorkflow, WorkflowExecuteUpdateOptions, WorkflowFetchHistoryOptions, WorkflowStartOptions};
use temporalio_common::protos::temporal::api::history::v1::history_event::Attributes;
use temporalio_macros::{workflow, workflow_methods};
use temporalio_sdk::{ActivityOptions, Runtime, Worker, WorkerOptions, WorkflowContext, WorkflowContextView, WorkflowResult};

use crate::percentile;
use crate::purchase_flow::{self, Mailbox};
use crate::workflow_overhead::{NoopActivities, connect};

/// What to run.
pub struct CheckoutsOptions {
    pub temporal: String,
    pub namespace: String,
    pub url: String,
    pub inbox: String,
    pub sandbox: String,
    /// Executions of each kind, `concurrency` at a time.
    pub count: usize,
    pub concurrency: usize,
}

/// A workflow that does nothing but what a checkout does to Temporal: Updates, each running its
/// activities in sequence.
#[workflow]
pub struct MirrorWorkflow {
    done: bool,
}

#[workflow_methods]
impl MirrorWorkflow {
    #[init]
    pub fn new(_ctx: &WorkflowContextView, _input: ()) -> Self {
        Self { done: false }
    }

    #[run]
    pub async fn run(ctx: &mut WorkflowContext<Self>) -> WorkflowResult<()> {
        ctx.wait_condition(|s| s.done).await?;
        Ok(())
    }

    /// One step, `(activities, last)`: its no-op activities in sequence, then the answer; the
    /// last step ends the execution.
    #[update(name = "step")]
    pub async fn step(
        ctx: &mut WorkflowContext<Self>,
        (activities, last): (u32, bool),
    ) -> Result<u32, Box<dyn std::error::Error + Send + Sync>> {
        for i in 0..activities {
            ctx.execute_activity(NoopActivities::noop, i, ActivityOptions::with_start_to_close_timeout(Duration::from_secs(10)).build())
                .await?;
        }
        if last {
            ctx.state_mut(|s| s.done = true);
        }
        Ok(activities)
    }
}

/// For each Update a checkout accepted (in order), the activities scheduled before the next one;
/// and the checkout's workflow tasks.
async fn plan_of(client: &Client, workflow_id: &str) -> anyhow::Result<(Vec<u32>, usize)> {
    let handle = client.get_workflow_handle::<UntypedWorkflow>(workflow_id.to_string());
    let events = handle
        .fetch_history(WorkflowFetchHistoryOptions::default())
        .into_events()
        .await
        .with_context(|| format!("history of {workflow_id}"))?;
    let mut plan: Vec<u32> = Vec::new();
    let mut tasks = 0;
    for e in &events {
        match e.attributes.as_ref() {
            Some(Attributes::WorkflowExecutionUpdateAcceptedEventAttributes(_)) => plan.push(0),
            Some(Attributes::ActivityTaskScheduledEventAttributes(_)) => {
                if let Some(last) = plan.last_mut() {
                    *last += 1;
                }
            }
            Some(Attributes::WorkflowTaskCompletedEventAttributes(_)) => tasks += 1,
            _ => {}
        }
    }
    Ok((plan, tasks))
}

/// Workflow tasks completed in an execution's history.
async fn tasks_of(client: &Client, workflow_id: &str) -> anyhow::Result<usize> {
    Ok(plan_of(client, workflow_id).await?.1)
}

/// Runs `count` jobs, `concurrency` at a time; the wall time.
async fn timed<F, Fut>(count: usize, concurrency: usize, job: F) -> anyhow::Result<Duration>
where
    F: Fn(usize) -> Fut + Send + Sync + 'static,
    Fut: Future<Output = anyhow::Result<()>> + Send,
{
    let (job, permits) = (Arc::new(job), Arc::new(tokio::sync::Semaphore::new(concurrency.max(1))));
    let started = Instant::now();
    let mut tasks = Vec::with_capacity(count);
    for i in 0..count {
        let (job, permits) = (job.clone(), permits.clone());
        tasks.push(tokio::spawn(async move {
            let _permit = permits.acquire_owned().await.expect("semaphore");
            job(i).await
        }));
    }
    for task in tasks {
        task.await??;
    }
    Ok(started.elapsed())
}

/// Runs the benchmark and prints its figures.
pub async fn run(opts: CheckoutsOptions) -> anyhow::Result<()> {
    let client = connect(&opts.temporal, &opts.namespace).await?;
    let stamp = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH)?.as_millis();
    let shopper = Arc::new(purchase_flow::Client::new(
        reqwest::Client::builder().timeout(Duration::from_secs(150)).build()?,
        format!("{}/api", opts.url.trim_end_matches('/')),
        opts.sandbox.trim_end_matches('/').to_string(),
        Mailbox::Maildev(opts.inbox.trim_end_matches('/').to_string()),
    ));

    // One checkout first: its history is the mirror's plan (and warms the stack).
    let first = shopper.purchase(&format!("checkouts-{stamp}-plan"), 0).await?;
    tokio::time::sleep(Duration::from_secs(1)).await;
    let checkout_id = coverline_workflows::checkout_workflow_id(&first.user_id);
    let (plan, checkout_tasks) = plan_of(&client, &checkout_id).await?;
    shopper.step_latencies.lock().expect("latencies").clear();
    shopper.harness.reset();

    let checkout_wall = {
        let shopper = shopper.clone();
        timed(opts.count, opts.concurrency, move |i| {
            let shopper = shopper.clone();
            async move { shopper.purchase(&format!("checkouts-{stamp}"), i).await.map(|_| ()) }
        })
        .await?
    };

    let task_queue = format!("bench-mirror-{stamp}");
    let runtime = Runtime::from_current_tokio(Default::default()).context("Temporal runtime")?;
    let options = WorkerOptions::new(task_queue.clone()).register_workflow::<MirrorWorkflow>()?.register_activities(NoopActivities).build();
    let worker_client = connect(&opts.temporal, &opts.namespace).await?;
    let mut worker = Worker::new(&runtime, worker_client, options).context("mirror worker")?;
    let stop = worker.shutdown_handle();
    let mirrors = async {
        let (client, plan, task_queue) = (client.clone(), Arc::new(plan.clone()), task_queue.clone());
        let result = timed(opts.count + 1, opts.concurrency, move |i| {
            let (client, plan, task_queue) = (client.clone(), plan.clone(), task_queue.clone());
            async move {
                let id = format!("mirror-{stamp}-{i}");
                let handle =
                    client.start_workflow(MirrorWorkflow::run, (), WorkflowStartOptions::new(task_queue, id.clone()).build()).await?;
                for (n, activities) in plan.iter().enumerate() {
                    handle
                        .execute_update(MirrorWorkflow::step, (*activities, n + 1 == plan.len()), WorkflowExecuteUpdateOptions::default())
                        .await?;
                }
                Ok(())
            }
        })
        .await;
        stop();
        result
    };
    let (worked, mirror_wall) = tokio::join!(worker.run(), mirrors);
    worked.context("mirror worker")?;
    let mirror_wall = mirror_wall?;
    tokio::time::sleep(Duration::from_secs(1)).await;
    let mirror_tasks = tasks_of(&client, &format!("mirror-{stamp}-0")).await?;

    let mut latencies = shopper.step_latencies.lock().expect("latencies").clone();
    latencies.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    // The harness's own work (captcha solving, inbox reading) is not Coverline's: taken off the
    // checkouts' wall time, spread over the members running at once.
    let (captcha, inbox) = shopper.harness.total();
    let harness_wall = (captcha + inbox).div_f64(opts.concurrency.max(1) as f64).min(checkout_wall.mul_f64(0.9));
    let coverline_wall = checkout_wall - harness_wall;
    let (checkouts_per_s, mirrors_per_s) =
        (opts.count as f64 / coverline_wall.as_secs_f64(), (opts.count + 1) as f64 / mirror_wall.as_secs_f64());
    let activities: u32 = plan.iter().sum();
    println!(
        "Checkouts through the HTTP API vs a no-op mirror on the same Temporal server, {} of each, {} at once.",
        opts.count, opts.concurrency
    );
    println!(
        "  one checkout: {} Updates, {activities} activities, {checkout_tasks} workflow tasks; the mirror: {} Updates, {activities} activities, {mirror_tasks} workflow tasks",
        plan.len(),
        plan.len()
    );
    println!(
        "  step Update as a member sees it (PUT …/checkout), {} steps: p50 {:.1} ms, p99 {:.1} ms",
        latencies.len(),
        ms(percentile(&latencies, 0.50)),
        ms(percentile(&latencies, 0.99))
    );
    println!(
        "  the harness's own work in the checkouts: captcha solving {:.1} s, inbox reading {:.1} s in all; {:.1} s of the {:.1} s wall time once spread over {} members, not counted",
        captcha.as_secs_f64(),
        inbox.as_secs_f64(),
        harness_wall.as_secs_f64(),
        checkout_wall.as_secs_f64(),
        opts.concurrency
    );
    println!(
        "  checkouts completed {checkouts_per_s:.2}/s (without the harness's work; {:.2}/s with it); mirror {mirrors_per_s:.2}/s; checkout / mirror = {:.2}",
        opts.count as f64 / checkout_wall.as_secs_f64(),
        checkouts_per_s / mirrors_per_s
    );
    Ok(())
}
