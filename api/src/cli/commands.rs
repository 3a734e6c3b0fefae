//! The one-shot commands: migrate, import institutions and integrators, check a rate book, support's
//! look-ups and actions, refunds by state law, the funnel report, the mail DNS records and the
//! OpenAPI document. Each reads the configuration it needs and prints its answer (JSON with --json).

use std::path::{Path, PathBuf};

use anyhow::Context;
use coverline_store::Store;

use super::args::{CancellationCommand, IntegratorCommand, SupportCommand};
use crate::config::Config;
use crate::services::{funnel_report, institutions, integrators, refunds, support};
use crate::{http, mailer, temporal};

/// `coverline migrate`: the database's migrations.
pub async fn migrate(config: &Config) -> anyhow::Result<()> {
    Store::connect(&config.database_url).await?;
    println!("migrations applied to {}", redact(&config.database_url));
    Ok(())
}

/// `coverline institution import FILE...`.
pub async fn import_institutions(config: &Config, files: Vec<PathBuf>) -> anyhow::Result<()> {
    let store = Store::connect(&config.database_url).await?;
    for file in files {
        let id = institutions::import_file(&store, &file).await?;
        println!("imported {id} from {}", file.display());
    }
    Ok(())
}

/// `coverline integrator import FILE...` and `integrator new-token`.
pub async fn integrator(config: &Config, command: IntegratorCommand) -> anyhow::Result<()> {
    match command {
        IntegratorCommand::Import { files } => {
            let store = Store::connect(&config.database_url).await?;
            for file in files {
                let id = integrators::import_file(&store, &file).await?;
                println!("imported integrator {id} from {}", file.display());
            }
        }
        IntegratorCommand::NewToken => {
            let (token, hash) = integrators::new_token();
            println!("token (give it to the partner; it is not stored): {token}");
            println!("tokenSha256 (put it in the integrator file):       {hash}");
        }
    }
    Ok(())
}

/// `coverline ratebook check FILE`.
pub fn check_ratebook(file: &Path) -> anyhow::Result<()> {
    let text = std::fs::read_to_string(file).with_context(|| format!("reading {}", file.display()))?;
    let book = coverline_domain::rating::RateBook::from_toml(&text)?;
    println!("{}: {} plans, {} states, OK", book.provider, book.plans.len(), book.states.len());
    Ok(())
}

/// `coverline support …`: the look-ups read the store alone; the actions need Temporal too.
pub async fn support(config: &Config, operator: Option<String>, command: SupportCommand) -> anyhow::Result<()> {
    let store = Store::connect(&config.database_url).await?;
    let operator = operator.or_else(|| std::env::var("USER").ok()).unwrap_or_else(|| "unknown".into());
    match command {
        SupportCommand::Stuck { older_than } => {
            let rows = with_temporal(config, store, operator).await?.stuck(support::parse_duration(&older_than)?).await?;
            print!("{}", support::Support::stuck_table(&rows));
        }
        SupportCommand::Show { id } => print!("{}", with_temporal(config, store, operator).await?.show(&id).await?),
        SupportCommand::Checkouts { step, status, institution, limit } => {
            let support = with_temporal(config, store, operator).await?;
            print!("{}", support.checkouts(step.as_deref(), status.as_deref(), institution.as_deref(), limit).await?);
        }
        SupportCommand::RetryBooking { id } => println!("{}", with_temporal(config, store, operator).await?.retry_booking(&id).await?),
        SupportCommand::Cancel { id, odometer } => {
            println!("{}", with_temporal(config, store, operator).await?.cancel(&id, &config.task_queue, odometer).await?);
        }
        SupportCommand::ResendEmails { id, force } => {
            let mailer = mailer(config)?;
            let support = with_temporal(config, store, operator).await?;
            println!("{}", support.resend_emails(&id, &mailer, &config.public_url, force).await?);
        }
        lookup => support_lookup(config, &store, &operator, &lookup).await?,
    }
    Ok(())
}

/// Support's actions: the store and the Temporal cluster (`TEMPORAL_ADDRESS`, else a local dev server).
async fn with_temporal(config: &Config, store: Store, operator: String) -> anyhow::Result<support::Support> {
    let address = config.temporal_address.clone().unwrap_or_else(|| "127.0.0.1:7233".into());
    let temporal = temporal::connect(&address, &config.temporal_namespace, std::time::Duration::from_secs(10)).await?;
    Ok(support::Support {
        store,
        temporal,
        operator,
        temporal_ui: config.temporal_ui_url.clone(),
        namespace: config.temporal_namespace.clone(),
    })
}

/// Support's commands answered from the store alone (the actions are answered by [`support`]).
async fn support_lookup(config: &Config, store: &Store, operator: &str, command: &SupportCommand) -> anyhow::Result<()> {
    match command {
        SupportCommand::Purchase { id, json } => {
            let found = support::stored_purchase(store, id).await?;
            match found {
                _ if *json => print_json(&found)?,
                Some(p) => print!("{}", support::purchase_text(&p)),
                None => anyhow::bail!("no purchase with policy id, workflow id, contract number or quote id {id:?}"),
            }
        }
        SupportCommand::Find { email, json } => {
            let members = support::find_members(store, email).await?;
            print_or_json(*json, &members, || support::found_members_text(&members, coverline_store::now()))?;
        }
        SupportCommand::Forget { email, json } => {
            let (done, contacts) = support::forget(store, email, coverline_store::now()).await?;
            tracing::info!(operator, members = done.len(), "support forget: a deletion request carried out");
            let answer = serde_json::json!({ "members": done, "anonymousContactRequestsErased": contacts });
            print_or_json(*json, &answer, || support::forgotten_text(email, &done, contacts))?;
        }
        SupportCommand::Policies { email, json } => {
            let rows = support::member_policies(store, email).await?;
            print_or_json(*json, &rows, || support::policies_table(&rows))?;
        }
        SupportCommand::Paper { json } => {
            let rows = support::paper_queue(store).await?;
            print_or_json(*json, &rows, || support::paper_queue_text(&rows))?;
        }
        SupportCommand::PaperMailed { id } => {
            println!("{}", support::paper_mailed(store, id, operator, coverline_store::now()).await?);
        }
        SupportCommand::Refunds { json } => {
            let rules = coverline_activities::cancellation::load_rules(&config.data_dir)?;
            let rows = refunds::unpaid_refunds(store, &rules, coverline_store::now()).await?;
            print_or_json(*json, &rows, || refunds::unpaid_refunds_text(&rows))?;
        }
        SupportCommand::RefundPaid { id, check_number, on, json } => {
            let rules = coverline_activities::cancellation::load_rules(&config.data_dir)?;
            let paid_at = match on {
                Some(day) => refunds::paid_on(day)?,
                None => coverline_store::now(),
            };
            let due = refunds::record_check_paid(store, &rules, id, check_number, paid_at, operator).await?;
            print_or_json(*json, &due, || format!("{}\n", refunds::check_paid_text(check_number, &due)))?;
        }
        SupportCommand::Analytics { email, category, hit_type, json } => {
            let filter = support::HitFilter { category: category.clone(), hit_type: hit_type.clone() };
            let rows = support::member_hits(store, email, &filter).await?;
            print_or_json(*json, &rows, || support::hits_table(&rows))?;
        }
        SupportCommand::Stuck { .. }
        | SupportCommand::Show { .. }
        | SupportCommand::Checkouts { .. }
        | SupportCommand::RetryBooking { .. }
        | SupportCommand::Cancel { .. }
        | SupportCommand::ResendEmails { .. } => unreachable!("support's actions need Temporal: answered by support()"),
    }
    Ok(())
}

/// `coverline cancellation quote|states`: refunds by state law, from the command line.
pub fn cancellation(config: &Config, command: CancellationCommand) -> anyhow::Result<()> {
    let rules = coverline_activities::cancellation::load_rules(&config.data_dir)?;
    match command {
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
        } => {
            use refunds::{parse_date, parse_dollars};
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
            let answer = refunds::quote_answer(&rules, &state, &terms, on)?;
            print_or_json(json, &answer, || refunds::quote_text(&answer))
        }
        CancellationCommand::States { unreviewed, json } => {
            let rows = refunds::state_rows(&rules, unreviewed);
            print_or_json(json, &rows, || refunds::state_rows_text(&rows))
        }
    }
}

/// `coverline report funnel`.
pub async fn report_funnel(config: &Config, institution: &str, since: &str, json: bool) -> anyhow::Result<()> {
    let since = funnel_report::parse_since(since, coverline_store::now())?;
    let store = Store::connect(&config.database_url).await?;
    let report = funnel_report::funnel_report(&store, institution, since).await?;
    print_or_json(json, &report, || funnel_report::funnel_table(&report))
}

/// `coverline mail dns`: the DKIM record of each key, with the SPF and DMARC records to adapt.
pub fn mail_dns(config: &Config) -> anyhow::Result<()> {
    let dir = config.dkim_dir.as_deref().context("COVERLINE_DKIM_DIR is not set: it holds SELECTOR._domainkey.DOMAIN.pem per domain")?;
    let keys = coverline_activities::dkim::DkimKeys::load(dir)?;
    anyhow::ensure!(keys.iter().next().is_some(), "COVERLINE_DKIM_DIR {} holds no key", dir.display());
    for key in keys.iter() {
        println!("{}", key.zone());
    }
    Ok(())
}

/// `coverline openapi`: the document served at /api/openapi.json.
pub fn openapi() -> anyhow::Result<()> {
    println!("{}", http::routes::openapi().to_pretty_json()?);
    Ok(())
}

/// Prints `value` as JSON with --json, else the text `text` makes of it.
fn print_or_json(json: bool, value: &impl serde::Serialize, text: impl FnOnce() -> String) -> anyhow::Result<()> {
    if json {
        println!("{}", serde_json::to_string_pretty(value)?);
    } else {
        print!("{}", text());
    }
    Ok(())
}

/// Prints `value` as JSON.
fn print_json(value: &impl serde::Serialize) -> anyhow::Result<()> {
    print_or_json(true, value, String::new)
}

/// A database URL without its password, for printing.
fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => format!("{}://***@{}", &url[..scheme], &url[at + 1..]),
        _ => url.to_string(),
    }
}
