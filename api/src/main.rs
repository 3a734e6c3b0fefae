//! `coverline`: serve the app, run a worker, migrate, import institutions, run the sandbox, support
//! and reports.

use std::path::PathBuf;

use anyhow::Context;
use clap::{Parser, Subcommand};
use coverline_api::config::Config;
use coverline_api::{build, institutions, run, temporal};

#[derive(Parser)]
#[command(name = "coverline", about = "Vehicle service contracts for credit unions and banks")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// HTTP API + web app (+ the purchase worker, + a local Temporal dev server when TEMPORAL_ADDRESS is unset).
    Serve,
    /// The checkout worker alone (scale-out).
    Worker,
    /// Apply database migrations.
    Migrate,
    /// Institutions.
    Institution {
        #[command(subcommand)]
        command: InstitutionCommand,
    },
    /// Integrators (partners that embed the flow).
    Integrator {
        #[command(subcommand)]
        command: IntegratorCommand,
    },
    /// Check a rate book file.
    Ratebook {
        #[command(subcommand)]
        command: RatebookCommand,
    },
    /// The sandbox payment gateway and provider exchange alone (a separate origin).
    Sandbox,
    /// Print the API's OpenAPI document (as served at /api/openapi.json).
    Openapi,
    /// Support staff: find stuck purchases, read a purchase's timeline, retry, resend.
    Support {
        /// Who is acting (recorded on the purchase's timeline); default $USER.
        #[arg(long, global = true)]
        operator: Option<String>,
        #[command(subcommand)]
        command: SupportCommand,
    },
    /// Cancellation and refunds by state law (data/cancellation/states.toml).
    Cancellation {
        #[command(subcommand)]
        command: CancellationCommand,
    },
    /// Reports for the institution and operations, from the database.
    Report {
        #[command(subcommand)]
        command: ReportCommand,
    },
    /// Email: the DNS records each sending domain publishes (docs/email.md).
    Mail {
        #[command(subcommand)]
        command: MailCommand,
    },
}

#[derive(Subcommand)]
enum MailCommand {
    /// The DKIM record of each key in COVERLINE_DKIM_DIR, with the SPF and DMARC records to adapt.
    Dns,
}

#[derive(Subcommand)]
enum CancellationCommand {
    /// What cancelling a contract gives back under its state's rules: the refund, the fee, the
    /// method (free look or pro rata), how it is paid and by when.
    Quote {
        /// The member's state (TX, CA, DC…).
        #[arg(long)]
        state: String,
        /// What the member paid, in dollars (1899 or 1899.50).
        #[arg(long)]
        price: String,
        /// The day of the payment (YYYY-MM-DD).
        #[arg(long)]
        paid_on: String,
        /// The day of the request (YYYY-MM-DD).
        #[arg(long)]
        on: String,
        #[arg(long)]
        term_months: u16,
        #[arg(long)]
        term_miles: u32,
        #[arg(long)]
        odometer_at_sale: u32,
        #[arg(long)]
        odometer_now: u32,
        /// Claims the provider paid, in dollars.
        #[arg(long, default_value = "0")]
        claims_paid: String,
        /// The car is used and has no manufacturer's warranty left (some states' free look is shorter).
        #[arg(long)]
        used_without_warranty: bool,
        /// One JSON object (refundCents, feeCents, method, refundBy, dueBy, …).
        #[arg(long)]
        json: bool,
    },
    /// The table's rows: each state's rules and source.
    States {
        /// Only the rows compliance has not reviewed yet (the product's default terms).
        #[arg(long)]
        unreviewed: bool,
        /// A JSON array.
        #[arg(long)]
        json: bool,
    },
}

#[derive(Subcommand)]
enum ReportCommand {
    /// The checkout funnel of an institution: visitors at the splash, members reaching each step
    /// for the first time, how many left at each, and contracts paid.
    Funnel {
        #[arg(long)]
        institution: String,
        /// From when: 24h, 7d, 30d (before now), a UTC date 2025-01-31, or 2025-01-31T08:00:00Z.
        #[arg(long, default_value = "7d")]
        since: String,
        /// One JSON object.
        #[arg(long)]
        json: bool,
    },
}

#[derive(Subcommand)]
enum SupportCommand {
    /// Purchases stuck in booking failed, booking, or awaiting payment for longer than a threshold.
    Stuck {
        /// How long without change counts as stuck: 90s, 15m, 2h, 1d.
        #[arg(long, default_value = "15m")]
        older_than: String,
    },
    /// A purchase's timeline: database and workflow state (ID: policy id, workflow id, contract number or quote id).
    Show { id: String },
    /// Running checkouts by step, status and institution (Temporal's visibility), e.g. every
    /// checkout waiting at payment for one institution: `--step payment --institution summit-cu`.
    Checkouts {
        /// A web step name: lookup, mileage, coverage, confirm, payment, ...
        #[arg(long)]
        step: Option<String>,
        /// shopping, booking, bookingFailed, booked, paid, fulfilled, voided.
        #[arg(long)]
        status: Option<String>,
        #[arg(long)]
        institution: Option<String>,
        #[arg(long, default_value_t = 100)]
        limit: usize,
    },
    /// Ask the purchase's workflow to book again (only after a failed booking).
    RetryBooking { id: String },
    /// Cancel a bought contract for the member under their state's rules: voided, and refunded to
    /// the card within the free look, else by a check support then mails (`support refunds`).
    Cancel {
        id: String,
        /// The odometer reading the member gave (without it, only time counts toward the used part).
        #[arg(long)]
        odometer: Option<u32>,
    },
    /// Contracts to mail on paper (no consent to electronic delivery, or a member's request), oldest
    /// first, with the name and address to mail them to.
    Paper {
        /// A JSON array.
        #[arg(long)]
        json: bool,
    },
    /// Record a paper copy mailed.
    PaperMailed { id: String },
    /// Check refunds not paid yet, the soonest due first, with what is owed today (a late refund
    /// adds its state's penalty).
    Refunds {
        /// A JSON array.
        #[arg(long)]
        json: bool,
    },
    /// Record the check that paid a cancelled contract's refund (its state's late penalty is added
    /// when paid after the due date: the check must include it).
    RefundPaid {
        id: String,
        #[arg(long)]
        check_number: String,
        /// The day the check was mailed (YYYY-MM-DD; default today).
        #[arg(long)]
        on: Option<String>,
        /// One JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Send the receipt and the contract copy again.
    ResendEmails {
        id: String,
        /// Send even if they were resent in the last 10 minutes.
        #[arg(long)]
        force: bool,
    },
    /// A purchase as stored: policy, car, rate, payment (ID: policy id, workflow id, contract
    /// number or quote id). With --json, `null` when there is none.
    Purchase {
        id: String,
        /// One JSON object (field names as the database's columns).
        #[arg(long)]
        json: bool,
    },
    /// Everyone who signed up with an email address (any institution): their checkout (workflow id,
    /// step) and purchases (policy and workflow ids, state, contract number).
    Find {
        email: String,
        /// A JSON array.
        #[arg(long)]
        json: bool,
    },
    /// A member's request to delete their personal data: everyone who signed up with the address
    /// (any institution) is erased now, unless a contract obliges keeping them (it says why), and
    /// the contact requests left with it. The ids stay.
    Forget {
        email: String,
        /// One JSON object.
        #[arg(long)]
        json: bool,
    },
    /// The policies of the member(s) who signed up with an email address, newest first.
    Policies {
        #[arg(long)]
        email: String,
        /// A JSON array.
        #[arg(long)]
        json: bool,
    },
    /// The analytics hits stored for the member(s) who signed up with an email address, oldest first.
    Analytics {
        #[arg(long)]
        email: String,
        /// Only this event category (Purchase, ErrorEncountered, ...).
        #[arg(long)]
        category: Option<String>,
        /// Only this hit type (event, pageview).
        #[arg(long)]
        hit_type: Option<String>,
        /// A JSON array.
        #[arg(long)]
        json: bool,
    },
}

#[derive(Subcommand)]
enum InstitutionCommand {
    /// Validate and import institution TOML files.
    Import { files: Vec<PathBuf> },
}

#[derive(Subcommand)]
enum IntegratorCommand {
    /// Validate and import integrator TOML files (their institutions must be imported).
    Import { files: Vec<PathBuf> },
    /// Print a new random token (give it to the partner) and its SHA-256 (put it in the file).
    NewToken,
}

#[derive(Subcommand)]
enum RatebookCommand {
    /// Validate a rate book.
    Check { file: PathBuf },
}

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

async fn shutdown_signal() {
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

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    let filter = tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info,temporalio=warn,sqlx=warn".into());
    // What `coverline support` and `report` print is their answer (JSON for scripts with --json): their logs go to stderr.
    let writer = if matches!(cli.command, Command::Support { .. } | Command::Report { .. }) {
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
    let config = Config::from_env()?;
    if matches!(cli.command, Command::Serve | Command::Worker) {
        config.refuse_unsafe_production()?;
    }
    match cli.command {
        Command::Serve => {
            let mut dev_server = None;
            let address = match &config.temporal_address {
                Some(a) => a.clone(),
                None => {
                    let server = temporal::DevServer::start(&config.temporal_cli, &config.temporal_db, 7233, 8233).await?;
                    let address = server.address.clone();
                    dev_server = Some(server);
                    address
                }
            };
            let client = temporal::connect(&address, &config.temporal_namespace, std::time::Duration::from_secs(60)).await?;
            temporal::start_retention(&client, &config.task_queue, config.retention_every).await?;
            if let Some(addr) = config.sandbox_addr {
                let listener = tokio::net::TcpListener::bind(addr).await.with_context(|| format!("binding sandbox {addr}"))?;
                let sandbox = sandbox_config(&config);
                tokio::spawn(async move {
                    if let Err(e) = coverline_sandbox::serve(listener, sandbox).await {
                        tracing::error!(error = ?e, "sandbox stopped");
                    }
                });
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
        Command::Worker => {
            let address = config.temporal_address.clone().context("TEMPORAL_ADDRESS is required for `coverline worker`")?;
            let client = temporal::connect(&address, &config.temporal_namespace, std::time::Duration::from_secs(60)).await?;
            let task_queue = config.task_queue.clone();
            let activities = coverline_api::build_worker(&config, &client).await?;
            let metrics_addr = config.metrics_listen("127.0.0.1:9465");
            if let Some(addr) = &metrics_addr {
                let metrics = tokio::net::TcpListener::bind(addr).await.with_context(|| format!("binding metrics {addr}"))?;
                tokio::spawn(async move {
                    if let Err(e) = coverline_api::metrics::serve(metrics).await {
                        tracing::error!(error = ?e, "metrics listener stopped");
                    }
                });
            }
            tracing::info!(temporal = %address, %task_queue, metrics = ?metrics_addr, "coverline worker polling");
            temporal::run_worker(client, &task_queue, activities, shutdown_signal()).await
        }
        Command::Migrate => {
            coverline_store::Store::connect(&config.database_url).await?;
            println!("migrations applied to {}", redact(&config.database_url));
            Ok(())
        }
        Command::Institution { command: InstitutionCommand::Import { files } } => {
            let store = coverline_store::Store::connect(&config.database_url).await?;
            for file in files {
                let id = institutions::import_file(&store, &file).await?;
                println!("imported {id} from {}", file.display());
            }
            Ok(())
        }
        Command::Integrator { command: IntegratorCommand::Import { files } } => {
            let store = coverline_store::Store::connect(&config.database_url).await?;
            for file in files {
                let id = coverline_api::integrators::import_file(&store, &file).await?;
                println!("imported integrator {id} from {}", file.display());
            }
            Ok(())
        }
        Command::Integrator { command: IntegratorCommand::NewToken } => {
            let (token, hash) = coverline_api::integrators::new_token();
            println!("token (give it to the partner; it is not stored): {token}");
            println!("tokenSha256 (put it in the integrator file):       {hash}");
            Ok(())
        }
        Command::Ratebook { command: RatebookCommand::Check { file } } => {
            let text = std::fs::read_to_string(&file).with_context(|| format!("reading {}", file.display()))?;
            let book = coverline_domain::rating::RateBook::from_toml(&text)?;
            println!("{}: {} plans, {} states, OK", book.provider, book.plans.len(), book.states.len());
            Ok(())
        }
        Command::Support { operator, command } => {
            let store = coverline_store::Store::connect(&config.database_url).await?;
            // The look-ups read the store alone: no Temporal needed.
            match &command {
                SupportCommand::Purchase { id, json } => {
                    let found = coverline_api::support::stored_purchase(&store, id).await?;
                    match found {
                        _ if *json => print_json(&found)?,
                        Some(p) => print!("{}", coverline_api::support::purchase_text(&p)),
                        None => anyhow::bail!("no purchase with policy id, workflow id, contract number or quote id {id:?}"),
                    }
                    return Ok(());
                }
                SupportCommand::Find { email, json } => {
                    let members = coverline_api::support::find_members(&store, email).await?;
                    if *json {
                        print_json(&members)?;
                    } else {
                        print!("{}", coverline_api::support::found_members_text(&members, coverline_store::now()));
                    }
                    return Ok(());
                }
                SupportCommand::Forget { email, json } => {
                    let (done, contacts) = coverline_api::support::forget(&store, email, coverline_store::now()).await?;
                    tracing::info!(operator = ?operator, members = done.len(), "support forget: a deletion request carried out");
                    if *json {
                        print_json(&serde_json::json!({ "members": done, "anonymousContactRequestsErased": contacts }))?;
                    } else {
                        print!("{}", coverline_api::support::forgotten_text(email, &done, contacts));
                    }
                    return Ok(());
                }
                SupportCommand::Policies { email, json } => {
                    let rows = coverline_api::support::member_policies(&store, email).await?;
                    if *json {
                        print_json(&rows)?;
                    } else {
                        print!("{}", coverline_api::support::policies_table(&rows));
                    }
                    return Ok(());
                }
                SupportCommand::Paper { json } => {
                    let rows = coverline_api::support::paper_queue(&store).await?;
                    if *json {
                        print_json(&rows)?;
                    } else {
                        print!("{}", coverline_api::support::paper_queue_text(&rows));
                    }
                    return Ok(());
                }
                SupportCommand::PaperMailed { id } => {
                    let who = operator.clone().or_else(|| std::env::var("USER").ok()).unwrap_or_else(|| "unknown".into());
                    println!("{}", coverline_api::support::paper_mailed(&store, id, &who, coverline_store::now()).await?);
                    return Ok(());
                }
                SupportCommand::Refunds { json } => {
                    let rules = coverline_activities::cancellation::load_rules(&config.data_dir)?;
                    let rows = coverline_api::refunds::unpaid_refunds(&store, &rules, coverline_store::now()).await?;
                    if *json {
                        print_json(&rows)?;
                    } else {
                        print!("{}", coverline_api::refunds::unpaid_refunds_text(&rows));
                    }
                    return Ok(());
                }
                SupportCommand::RefundPaid { id, check_number, on, json } => {
                    let rules = coverline_activities::cancellation::load_rules(&config.data_dir)?;
                    let paid_at = match on {
                        Some(day) => coverline_api::refunds::parse_date(day)?.midnight().assume_utc().unix_timestamp() + 12 * 3600,
                        None => coverline_store::now(),
                    };
                    let who = operator.clone().or_else(|| std::env::var("USER").ok()).unwrap_or_else(|| "unknown".into());
                    let due = coverline_api::refunds::record_check_paid(&store, &rules, id, check_number, paid_at, &who).await?;
                    if *json {
                        print_json(&due)?;
                    } else {
                        println!(
                            "recorded check {check_number} for {}: {} refund + {} late penalty (due by {})",
                            coverline_domain::Cents(due.owed_cents).dollar_sign(),
                            coverline_domain::Cents(due.refund_cents).dollar_sign(),
                            coverline_domain::Cents(due.penalty_cents).dollar_sign(),
                            due.due_by
                        );
                    }
                    return Ok(());
                }
                SupportCommand::Analytics { email, category, hit_type, json } => {
                    let filter = coverline_api::support::HitFilter { category: category.clone(), hit_type: hit_type.clone() };
                    let rows = coverline_api::support::member_hits(&store, email, &filter).await?;
                    if *json {
                        print_json(&rows)?;
                    } else {
                        print!("{}", coverline_api::support::hits_table(&rows));
                    }
                    return Ok(());
                }
                _ => {}
            }
            let address = config.temporal_address.clone().unwrap_or_else(|| "127.0.0.1:7233".into());
            let temporal = temporal::connect(&address, &config.temporal_namespace, std::time::Duration::from_secs(10)).await?;
            let support = coverline_api::support::Support {
                store,
                temporal,
                operator: operator.or_else(|| std::env::var("USER").ok()).unwrap_or_else(|| "unknown".into()),
                temporal_ui: std::env::var("COVERLINE_TEMPORAL_UI_URL").unwrap_or_else(|_| "http://localhost:8233".into()),
                namespace: config.temporal_namespace.clone(),
            };
            match command {
                SupportCommand::Stuck { older_than } => {
                    let rows = support.stuck(coverline_api::support::parse_duration(&older_than)?).await?;
                    print!("{}", coverline_api::support::Support::stuck_table(&rows));
                }
                SupportCommand::Show { id } => print!("{}", support.show(&id).await?),
                SupportCommand::Checkouts { step, status, institution, limit } => {
                    print!("{}", support.checkouts(step.as_deref(), status.as_deref(), institution.as_deref(), limit).await?);
                }
                SupportCommand::RetryBooking { id } => println!("{}", support.retry_booking(&id).await?),
                SupportCommand::Cancel { id, odometer } => println!("{}", support.cancel(&id, &config.task_queue, odometer).await?),
                SupportCommand::ResendEmails { id, force } => {
                    let mailer = coverline_api::mailer(&config)?;
                    println!("{}", support.resend_emails(&id, &mailer, &config.public_url, force).await?);
                }
                SupportCommand::Purchase { .. }
                | SupportCommand::Forget { .. }
                | SupportCommand::Find { .. }
                | SupportCommand::Policies { .. }
                | SupportCommand::Refunds { .. }
                | SupportCommand::Paper { .. }
                | SupportCommand::PaperMailed { .. }
                | SupportCommand::RefundPaid { .. }
                | SupportCommand::Analytics { .. } => {
                    unreachable!("answered from the store above")
                }
            }
            Ok(())
        }
        Command::Cancellation {
            command:
                CancellationCommand::Quote {
                    state,
                    price,
                    paid_on,
                    on,
                    term_months,
                    term_miles,
                    odometer_at_sale,
                    odometer_now,
                    claims_paid,
                    used_without_warranty,
                    json,
                },
        } => {
            use coverline_api::refunds::{parse_date, parse_dollars};
            let rules = coverline_activities::cancellation::load_rules(&config.data_dir)?;
            anyhow::ensure!(odometer_now >= odometer_at_sale, "--odometer-now must be at least --odometer-at-sale");
            anyhow::ensure!(term_months > 0 && term_miles > 0, "the term is at least a month and a mile");
            let terms = coverline_domain::cancellation::ContractTerms {
                price_cents: parse_dollars(&price).context("--price")?,
                paid_on: parse_date(&paid_on).context("--paid-on")?,
                term_months,
                term_miles,
                odometer_at_sale,
                odometer_now,
                claims_paid_cents: parse_dollars(&claims_paid).context("--claims-paid")?,
                used_without_warranty,
            };
            let on = parse_date(&on).context("--on")?;
            anyhow::ensure!(on >= terms.paid_on, "--on is before --paid-on");
            let answer = coverline_api::refunds::quote_answer(&rules, &state, &terms, on)?;
            if json {
                print_json(&answer)?;
            } else {
                print!("{}", coverline_api::refunds::quote_text(&answer));
            }
            Ok(())
        }
        Command::Cancellation { command: CancellationCommand::States { unreviewed, json } } => {
            let rules = coverline_activities::cancellation::load_rules(&config.data_dir)?;
            let rows = coverline_api::refunds::state_rows(&rules, unreviewed);
            if json {
                print_json(&rows)?;
            } else {
                print!("{}", coverline_api::refunds::state_rows_text(&rows));
            }
            Ok(())
        }
        Command::Report { command: ReportCommand::Funnel { institution, since, json } } => {
            let since = coverline_api::funnel::report::parse_since(&since, coverline_store::now())?;
            let store = coverline_store::Store::connect(&config.database_url).await?;
            let report = coverline_api::funnel::report::funnel_report(&store, &institution, since).await?;
            if json {
                print_json(&report)?;
            } else {
                print!("{}", coverline_api::funnel::report::funnel_table(&report));
            }
            Ok(())
        }
        Command::Mail { command: MailCommand::Dns } => {
            let dir =
                config.dkim_dir.as_deref().context("COVERLINE_DKIM_DIR is not set: it holds SELECTOR._domainkey.DOMAIN.pem per domain")?;
            let keys = coverline_activities::dkim::DkimKeys::load(dir)?;
            anyhow::ensure!(keys.iter().next().is_some(), "COVERLINE_DKIM_DIR {} holds no key", dir.display());
            for key in keys.iter() {
                println!("{}", key.zone());
            }
            Ok(())
        }
        Command::Openapi => {
            println!("{}", coverline_api::routes::openapi().to_pretty_json()?);
            Ok(())
        }
        Command::Sandbox => {
            let addr = config.sandbox_addr.context("COVERLINE_SANDBOX_ADDR is off")?;
            let listener = tokio::net::TcpListener::bind(addr).await?;
            tracing::info!(%addr, "sandbox gateway and provider exchange");
            tokio::select! {
                r = coverline_sandbox::serve(listener, sandbox_config(&config)) => r,
                () = shutdown_signal() => Ok(()),
            }
        }
    }
}

/// Prints `value` as JSON (`coverline support … --json`, `coverline report … --json`).
fn print_json(value: &impl serde::Serialize) -> anyhow::Result<()> {
    println!("{}", serde_json::to_string_pretty(value)?);
    Ok(())
}

/// A database URL without its password, for printing.
fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => format!("{}://***@{}", &url[..scheme], &url[at + 1..]),
        _ => url.to_string(),
    }
}
