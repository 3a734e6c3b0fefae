//! `coverline`: serve the app, run a worker, migrate, import institutions, run the sandbox, support
//! and reports. The commands are in `coverline_api::cli`.

use clap::Parser;
use coverline_api::cli::{self, args::Cli, args::Command};
use coverline_api::config::Config;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    init_logging(&cli.command);
    cli::run(cli.command, Config::from_env()?).await
}

/// Logs to stdout, or to stderr for the commands whose output is their answer (`support` and
/// `report`, JSON for scripts with --json); one JSON object per line with COVERLINE_LOG_FORMAT=json.
fn init_logging(command: &Command) {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info,temporalio=warn,sqlx=warn".into());
    let writer = if matches!(command, Command::Support { .. } | Command::Report { .. }) {
        tracing_subscriber::fmt::writer::BoxMakeWriter::new(std::io::stderr)
    } else {
        tracing_subscriber::fmt::writer::BoxMakeWriter::new(std::io::stdout)
    };
    if std::env::var("COVERLINE_LOG_FORMAT").is_ok_and(|f| f == "json") {
        // One JSON object per line; a purchase's lines carry its workflow id (the activity span).
        tracing_subscriber::fmt().json().with_current_span(true).with_span_list(false).with_env_filter(filter).with_writer(writer).init();
    } else {
        tracing_subscriber::fmt().with_env_filter(filter).with_writer(writer).init();
    }
}
