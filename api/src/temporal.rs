//! Temporal plumbing: connect a client, supervise a local dev server when no cluster is given,
//! register the checkout's search attributes, and run the checkout worker.

use std::path::Path;
use std::process::Stdio;
use std::str::FromStr;
use std::time::Duration;

use anyhow::Context;
use coverline_workflows::checkout::{CheckoutWorkflow, INSTITUTION_ATTRIBUTE, STATUS_ATTRIBUTE, STEP_ATTRIBUTE};
use coverline_workflows::retention::{RetentionInput, RetentionWorkflow, retention_workflow_id};
use temporalio_client::envconfig::LoadClientConfigProfileOptions;
use temporalio_client::{Client, ClientOptions, Connection, ConnectionOptions, Url};
use temporalio_sdk::{Runtime, Worker, WorkerOptions};

/// How to reach Temporal at `address` (host:port): TLS (mTLS with a client certificate, a private
/// CA, a server name) and an API key come from Temporal's own environment variables, read by the
/// SDK as every Temporal SDK and the CLI read them (`TEMPORAL_TLS`, `TEMPORAL_TLS_CLIENT_CERT_PATH`,
/// `TEMPORAL_TLS_CLIENT_KEY_PATH`, `TEMPORAL_TLS_SERVER_CA_CERT_PATH`, `TEMPORAL_TLS_SERVER_NAME`,
/// `TEMPORAL_API_KEY`), or from the profile file `source` names.
pub fn connection_options(address: &str, source: LoadClientConfigProfileOptions) -> anyhow::Result<ConnectionOptions> {
    let (mut options, _) =
        ClientOptions::load_from_config(source).map_err(|e| anyhow::anyhow!("Temporal's TLS settings (TEMPORAL_TLS_*): {e:?}"))?;
    let scheme = if options.tls_options.is_some() { "https" } else { "http" };
    options.target = Url::from_str(&format!("{scheme}://{address}")).context("Temporal address")?;
    options.identity = format!("coverline@{}", std::process::id());
    Ok(options)
}

/// Connects to Temporal at `address` (host:port), retrying for up to `patience` (a server that is
/// still starting or restarting). TLS as the environment says ([`connection_options`]).
pub async fn connect(address: &str, namespace: &str, patience: Duration) -> anyhow::Result<Client> {
    let options = connection_options(address, LoadClientConfigProfileOptions::builder().disable_file(true).build())?;
    let until = tokio::time::Instant::now() + patience;
    loop {
        let attempt = Connection::connect(options.clone()).await;
        match attempt {
            Ok(connection) => return Client::new(connection, ClientOptions::new(namespace.to_string()).build()).context("Temporal client"),
            Err(e) if tokio::time::Instant::now() >= until => {
                return Err(anyhow::Error::new(e).context(format!("connecting to Temporal at {address}")));
            }
            Err(_) => tokio::time::sleep(Duration::from_millis(500)).await,
        }
    }
}

/// The dev server's flags declaring the checkout's search attributes (a cluster gets them from
/// [`register_search_attributes`]).
pub const SEARCH_ATTRIBUTE_FLAGS: [&str; 6] = [
    "--search-attribute",
    "CoverlineInstitution=Keyword",
    "--search-attribute",
    "CoverlineStep=Keyword",
    "--search-attribute",
    "CoverlineStatus=Keyword",
];

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
            .args(SEARCH_ATTRIBUTE_FLAGS)
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

/// The checkout's search attributes (`CoverlineInstitution`, `CoverlineStep`, `CoverlineStatus`,
/// all Keyword), registered with the namespace once; a cluster that has them already is fine.
/// Ops list checkouts with them: `temporal workflow list --query "CoverlineStep='payment'"`.
pub async fn register_search_attributes(client: &Client, namespace: &str) -> anyhow::Result<()> {
    use temporalio_client::tonic;
    use temporalio_common::protos::temporal::api::enums::v1::IndexedValueType;
    use temporalio_common::protos::temporal::api::operatorservice::v1::AddSearchAttributesRequest;
    let search_attributes = [INSTITUTION_ATTRIBUTE.name(), STEP_ATTRIBUTE.name(), STATUS_ATTRIBUTE.name()]
        .into_iter()
        .map(|name| (name.to_string(), IndexedValueType::Keyword as i32))
        .collect();
    let request = AddSearchAttributesRequest { search_attributes, namespace: namespace.to_string() };
    match client.connection().operator_service().add_search_attributes(tonic::Request::new(request)).await {
        Ok(_) => Ok(()),
        Err(status) if status.code() == tonic::Code::AlreadyExists => Ok(()),
        Err(status) => Err(anyhow::anyhow!("registering the checkout's search attributes: {status}")),
    }
}

/// Starts the retention workflow of `task_queue` unless it runs already (every `serve` asks; one
/// runs). It erases the personal data of abandoned checkouts every `every`.
pub async fn start_retention(client: &Client, task_queue: &str, every: Duration) -> anyhow::Result<()> {
    use temporalio_client::{WorkflowIdConflictPolicy, WorkflowIdReusePolicy, WorkflowStartOptions};
    let options = WorkflowStartOptions::new(task_queue.to_string(), retention_workflow_id(task_queue))
        .id_conflict_policy(WorkflowIdConflictPolicy::UseExisting)
        .id_reuse_policy(WorkflowIdReusePolicy::AllowDuplicate)
        .build();
    client
        .start_workflow(RetentionWorkflow::run, RetentionInput { every_secs: every.as_secs() }, options)
        .await
        .context("starting the retention workflow")?;
    Ok(())
}

/// Runs the checkout worker until `shutdown` resolves, then drains it gracefully.
pub async fn run_worker(
    client: Client,
    task_queue: &str,
    activities: crate::Activities,
    shutdown: impl Future<Output = ()>,
) -> anyhow::Result<()> {
    let runtime = Runtime::from_current_tokio(Default::default()).context("Temporal runtime")?;
    let options = WorkerOptions::new(task_queue.to_string())
        // A worker that died holding a checkout's cache hands it to any worker after 3 s (not 10).
        .sticky_queue_schedule_to_start_timeout(Duration::from_secs(3))
        .register_workflow::<CheckoutWorkflow>()
        .context("registering the checkout workflow")?
        .register_workflow::<coverline_workflows::cancellation::CancellationWorkflow>()
        .context("registering the cancellation workflow")?
        .register_workflow::<RetentionWorkflow>()
        .context("registering the retention workflow")?
        .register_activities(activities.purchase)
        .register_activities(activities.checkout)
        .register_activities(activities.cancellation)
        .register_activities(activities.retention)
        .build();
    let mut worker = Worker::new(&runtime, client, options).context("creating the checkout worker")?;
    let stop = worker.shutdown_handle();
    let (result, ()) = tokio::join!(worker.run(), async move {
        shutdown.await;
        stop();
    });
    result.context("checkout worker")
}

#[cfg(test)]
mod tests {
    use super::*;
    use temporalio_client::envconfig::DataSource;

    fn from_profile(toml: &str) -> ConnectionOptions {
        let source =
            LoadClientConfigProfileOptions::builder().config_source(DataSource::Data(toml.as_bytes().to_vec())).disable_env(true).build();
        connection_options("temporal.internal:7233", source).unwrap()
    }

    #[test]
    fn tls_settings_make_the_connection_tls() {
        let plain = from_profile("[profile.default]\naddress = \"ignored:1\"\n");
        assert_eq!(plain.target.as_str(), "http://temporal.internal:7233/");
        assert!(plain.tls_options.is_none() && plain.api_key.is_none());

        let ca = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n";
        let tls = from_profile(&format!(
            "[profile.default]\n[profile.default.tls]\nserver_ca_cert_data = \"\"\"{ca}\"\"\"\nserver_name = \"temporal.coverline.internal\"\n\
             client_cert_data = \"cert\"\nclient_key_data = \"key\"\n"
        ));
        assert_eq!(tls.target.as_str(), "https://temporal.internal:7233/", "the address given, over TLS");
        let options = tls.tls_options.unwrap();
        assert_eq!(options.domain.as_deref(), Some("temporal.coverline.internal"));
        assert_eq!(options.server_root_ca_cert.as_deref(), Some(ca.as_bytes()));
        assert!(options.client_tls_options.is_some(), "mTLS: the worker's certificate");

        let cloud = from_profile("[profile.default]\napi_key = \"a-key\"\n");
        assert_eq!((cloud.target.scheme(), cloud.api_key.as_deref()), ("https", Some("a-key")), "an API key implies TLS");
    }
}
