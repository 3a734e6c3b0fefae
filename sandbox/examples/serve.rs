//! Runs the sandbox alone for manual and browser testing:
//! `cargo run -p coverline-sandbox --example serve` (listens on `SANDBOX_ADDR`, default
//! 127.0.0.1:4100). Keys come from `SANDBOX_MERCHANT_KEY`, `SANDBOX_PROVIDER_KEY` and
//! `SANDBOX_SIGNING_SECRET` (development defaults otherwise); `SANDBOX_STATE_FILE` persists state.

use std::time::Duration;

use coverline_sandbox::SandboxConfig;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let env = |name: &str, default: &str| std::env::var(name).unwrap_or_else(|_| default.to_string());
    let mut config = SandboxConfig::new(
        env("SANDBOX_MERCHANT_KEY", "dev-merchant-key"),
        env("SANDBOX_PROVIDER_KEY", "dev-provider-key"),
        env("SANDBOX_SIGNING_SECRET", "dev-gateway-signing-secret-change-me").into_bytes(),
    );
    config.state_file = std::env::var_os("SANDBOX_STATE_FILE").map(Into::into);
    if let Ok(ms) = std::env::var("SANDBOX_PROCESSOR_TIMEOUT_MS") {
        config.processor_timeout = Duration::from_millis(ms.parse()?);
    }
    let listener = tokio::net::TcpListener::bind(env("SANDBOX_ADDR", "127.0.0.1:4100")).await?;
    println!("sandbox listening on http://{}", listener.local_addr()?);
    coverline_sandbox::serve(listener, config).await
}
