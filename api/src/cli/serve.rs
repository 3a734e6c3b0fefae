//! The long-running commands: `serve` (the HTTP API and web app, with the worker and, without a
//! cluster, a Temporal dev server), `worker` (the checkout worker alone, for scale-out) and
//! `sandbox` (the card gateway and the provider's stand-ins alone).

use std::path::PathBuf;
use std::time::Duration;

use anyhow::Context;

use crate::config::Config;
use crate::{build, build_worker, http, run, temporal};

/// `coverline serve`: Temporal (a dev server of its own when no cluster is given), the retention
/// workflow, the sandbox when its URLs are local, then the app until SIGTERM or Ctrl-C.
pub async fn serve(config: Config) -> anyhow::Result<()> {
    let (address, dev_server) = match &config.temporal_address {
        Some(address) => (address.clone(), None),
        None => {
            let server = temporal::DevServer::start(&config.temporal_cli, &config.temporal_db, 7233, 8233).await?;
            (server.address.clone(), Some(server))
        }
    };
    let client = temporal::connect(&address, &config.temporal_namespace, Duration::from_secs(60)).await?;
    temporal::start_retention(&client, &config.task_queue, config.retention_every).await?;
    if let Some(addr) = config.sandbox_addr {
        spawn_sandbox(addr, sandbox_config(&config)).await?;
    }
    let listener = tokio::net::TcpListener::bind(config.addr).await.with_context(|| format!("binding {}", config.addr))?;
    let metrics_addr = config.metrics_listen("127.0.0.1:9464");
    let metrics = match &metrics_addr {
        Some(addr) => Some(tokio::net::TcpListener::bind(addr).await.with_context(|| format!("binding metrics {addr}"))?),
        None => None,
    };
    let with_worker = config.run_worker;
    tracing::info!(addr = %config.addr, metrics = ?metrics_addr, temporal = %address, worker = with_worker, "coverline serving");
    let services = build(config, client).await?;
    let result = run(listener, metrics, services, with_worker, shutdown_signal()).await;
    if let Some(server) = dev_server {
        server.stop().await;
    }
    result
}

/// `coverline worker`: the checkout worker alone, polling the cluster's task queue.
pub async fn worker(config: Config) -> anyhow::Result<()> {
    let address = config.temporal_address.clone().context("TEMPORAL_ADDRESS is required for `coverline worker`")?;
    let client = temporal::connect(&address, &config.temporal_namespace, Duration::from_secs(60)).await?;
    let task_queue = config.task_queue.clone();
    let activities = build_worker(&config, &client).await?;
    let metrics_addr = config.metrics_listen("127.0.0.1:9465");
    if let Some(addr) = &metrics_addr {
        let metrics = tokio::net::TcpListener::bind(addr).await.with_context(|| format!("binding metrics {addr}"))?;
        tokio::spawn(async move {
            if let Err(e) = http::metrics::serve(metrics).await {
                tracing::error!(error = ?e, "metrics listener stopped");
            }
        });
    }
    tracing::info!(temporal = %address, %task_queue, metrics = ?metrics_addr, "coverline worker polling");
    temporal::run_worker(client, &task_queue, activities, shutdown_signal()).await
}

/// `coverline sandbox`: the gateway and provider stand-ins alone (a separate origin).
pub async fn sandbox(config: Config) -> anyhow::Result<()> {
    let addr = config.sandbox_addr.context("COVERLINE_SANDBOX_ADDR is off")?;
    let listener = tokio::net::TcpListener::bind(addr).await?;
    tracing::info!(%addr, "sandbox gateway and provider exchange");
    tokio::select! {
        r = coverline_sandbox::serve(listener, sandbox_config(&config)) => r,
        () = shutdown_signal() => Ok(()),
    }
}

/// Runs the sandbox beside `serve` (its URLs are local).
async fn spawn_sandbox(addr: std::net::SocketAddr, sandbox: coverline_sandbox::SandboxConfig) -> anyhow::Result<()> {
    let listener = tokio::net::TcpListener::bind(addr).await.with_context(|| format!("binding sandbox {addr}"))?;
    tokio::spawn(async move {
        if let Err(e) = coverline_sandbox::serve(listener, sandbox).await {
            tracing::error!(error = ?e, "sandbox stopped");
        }
    });
    Ok(())
}

/// The sandbox's settings: the app's keys, its state file, the webhook to this app, the demo partner.
fn sandbox_config(config: &Config) -> coverline_sandbox::SandboxConfig {
    let secret = std::env::var("COVERLINE_SANDBOX_SIGNING_SECRET").unwrap_or_else(|_| "coverline-sandbox-signing-secret".into());
    let mut sandbox =
        coverline_sandbox::SandboxConfig::new(config.gateway_merchant_key.expose(), config.provider_api_key.expose(), secret.into_bytes());
    let state_file =
        std::env::var("COVERLINE_SANDBOX_STATE").map(PathBuf::from).unwrap_or_else(|_| config.data_dir.join("run/sandbox-state.json"));
    if let Some(dir) = state_file.parent() {
        let _ = std::fs::create_dir_all(dir);
    }
    sandbox.state_file = Some(state_file);
    // The gateway's webhooks go to this app's endpoint (another app behind a proxy: set the URL).
    let webhook_url = std::env::var("COVERLINE_GATEWAY_WEBHOOK_URL")
        .ok()
        .filter(|v| !v.is_empty())
        .unwrap_or_else(|| format!("http://{}/api/gateway/webhook", config.addr));
    sandbox.webhook = Some(coverline_sandbox::WebhookConfig::new(webhook_url, config.gateway_webhook_secret.expose().as_bytes().to_vec()));
    // The demo partner page: launches the flow with the demo integrator's token, frames the app.
    let env = |name: &str, default: &str| std::env::var(name).ok().filter(|v| !v.is_empty()).unwrap_or_else(|| default.to_string());
    sandbox.partner_demo = Some(coverline_sandbox::partner::PartnerDemo {
        api_url: env("COVERLINE_PARTNER_DEMO_API_URL", &config.public_url),
        app_url: config.public_url.clone(),
        integrator_id: env("COVERLINE_PARTNER_DEMO_INTEGRATOR", "demo-partner"),
        token: env("COVERLINE_PARTNER_DEMO_TOKEN", "demo-partner-token"),
    });
    sandbox
}

/// SIGTERM or Ctrl-C.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()).expect("SIGTERM handler");
    tokio::select! {
        () = ctrl_c => {},
        _ = term.recv() => {},
    }
    tracing::info!("shutting down");
}
