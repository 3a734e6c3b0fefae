//! The operators' side of the `coverline` binary: its command line ([`args`]), the long-running
//! commands ([`serve`]: serve, worker, sandbox) and the one-shot ones ([`commands`]). Support's
//! look-ups and actions, refunds by state law and the funnel report are services
//! (crate::services::support, refunds, funnel_report), which the staff console calls too.

pub mod args;
pub mod commands;
pub mod serve;

use self::args::{Command, InstitutionCommand, MailCommand, RatebookCommand, ReportCommand};
use crate::config::Config;

/// Runs one command of `coverline` with the configuration from the environment.
pub async fn run(command: Command, config: Config) -> anyhow::Result<()> {
    if matches!(command, Command::Serve | Command::Worker) {
        config.refuse_unsafe_production()?;
    }
    match command {
        Command::Serve => serve::serve(config).await,
        Command::Worker => serve::worker(config).await,
        Command::Sandbox => serve::sandbox(config).await,
        Command::Migrate => commands::migrate(&config).await,
        Command::Institution { command: InstitutionCommand::Import { files } } => commands::import_institutions(&config, files).await,
        Command::Integrator { command } => commands::integrator(&config, command).await,
        Command::Ratebook { command: RatebookCommand::Check { file } } => commands::check_ratebook(&file),
        Command::Support { operator, command } => commands::support(&config, operator, command).await,
        Command::Cancellation { command } => commands::cancellation(&config, command),
        Command::Report { command: ReportCommand::Funnel { institution, since, json } } => {
            commands::report_funnel(&config, &institution, &since, json).await
        }
        Command::Mail { command: MailCommand::Dns } => commands::mail_dns(&config),
        Command::Openapi => commands::openapi(),
    }
}
