//! The command line of `coverline` (clap): the commands and their arguments.

use std::path::PathBuf;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(name = "coverline", about = "Vehicle service contracts for credit unions and banks")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand)]
pub enum Command {
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
pub enum MailCommand {
    /// The DKIM record of each key in COVERLINE_DKIM_DIR, with the SPF and DMARC records to adapt.
    Dns,
}

#[derive(Subcommand)]
pub enum CancellationCommand {
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
pub enum ReportCommand {
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
pub enum SupportCommand {
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
pub enum InstitutionCommand {
    /// Validate and import institution TOML files.
    Import { files: Vec<PathBuf> },
}

#[derive(Subcommand)]
pub enum IntegratorCommand {
    /// Validate and import integrator TOML files (their institutions must be imported).
    Import { files: Vec<PathBuf> },
    /// Print a new random token (give it to the partner) and its SHA-256 (put it in the file).
    NewToken,
}

#[derive(Subcommand)]
pub enum RatebookCommand {
    /// Validate a rate book.
    Check { file: PathBuf },
}
