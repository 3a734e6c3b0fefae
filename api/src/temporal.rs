//! Temporal plumbing: connect a client, supervise a local dev server when no cluster is given,
//! and run the purchase worker.

use std::path::Path;
use std::process::Stdio;
use std::str::FromStr;
use std::time::Duration;

use anyhow::Context;
use coverline_activities::purchase::PurchaseActivities;
use coverline_workflows::purchase::PurchaseWorkflow;
use temporalio_client::{Client, ClientOptions, Connection, ConnectionOptions, Url};
use temporalio_sdk::{Runtime, Worker, WorkerOptions};

/// Connects to Temporal at `address` (host:port), retrying for up to `patience` (a server that is
/// still starting or restarting).
pub async fn connect(address: &str, namespace: &str, patience: Duration) -> anyhow::Result<Client> {
    let url = Url::from_str(&format!("http://{address}")).context("Temporal address")?;
    let until = tokio::time::Instant::now() + patience;
    loop {
        let attempt = Connection::connect(ConnectionOptions::new(url.clone()).identity(format!("coverline@{}", std::process::id())).build()).await;
        match attempt {
            Ok(connection) => return Client::new(connection, ClientOptions::new(namespace.to_string()).build()).context("Temporal client"),
            Err(e) if tokio::time::Instant::now() >= until => return Err(anyhow::Error::new(e).context(format!("connecting to Temporal at {address}"))),
            Err(_) => tokio::time::sleep(Duration::from_millis(500)).await,
        }
    }
}

/// A Temporal dev server run as a child of this process (killed with it).
pub struct DevServer {
    child: tokio::process::Child,
    pub address: String,
}

impl DevServer {
    /// Starts `temporal server start-dev` persisting to `db`, frontend on `port`, Web UI on `ui_port`.
    pub async fn start(cli: &Path, db: &Path, port: u16, ui_port: u16) -> anyhow::Result<Self> {
        if let Some(dir) = db.parent() {
            std::fs::create_dir_all(dir).ok();
        }
        let child = tokio::process::Command::new(cli)
            .args(["server", "start-dev", "--ip", "127.0.0.1", "--log-level", "warn"])
            .arg("--db-filename")
            .arg(db)
            .args(["--port", &port.to_string(), "--ui-port", &ui_port.to_string()])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .with_context(|| format!("starting {} (run `make setup` to install it)", cli.display()))?;
        Ok(Self { child, address: format!("127.0.0.1:{port}") })
    }

    /// Stops the server.
    pub async fn stop(mut self) {
        let _ = self.child.kill().await;
    }
}

/// Runs the purchase worker until `shutdown` resolves, then drains it gracefully.
pub async fn run_worker(client: Client, task_queue: &str, activities: PurchaseActivities, shutdown: impl Future<Output = ()>) -> anyhow::Result<()> {
    let runtime = Runtime::from_current_tokio(Default::default()).context("Temporal runtime")?;
    let options = WorkerOptions::new(task_queue.to_string())
        .register_workflow::<PurchaseWorkflow>()
        .context("registering the purchase workflow")?
        .register_activities(activities)
        .build();
    let mut worker = Worker::new(&runtime, client, options).context("creating the purchase worker")?;
    let stop = worker.shutdown_handle();
    let (result, ()) = tokio::join!(worker.run(), async move {
        shutdown.await;
        stop();
    });
    result.context("purchase worker")
}
