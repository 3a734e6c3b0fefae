//! `coverline support`: what staff do for a member whose purchase is stuck. Every action is
//! idempotent (running it twice does what running it once did), logged, and recorded on the
//! purchase's timeline with the operator's name. The look-ups `purchase`, `policies` and
//! `analytics` read the store alone (no Temporal) and print JSON with `--json`, for scripts and the
//! Playwright suite (web/e2e/database.ts).

use coverline_domain::lifecycle::PurchaseStatus;
use std::time::Duration;

use anyhow::Context;
use coverline_activities::email::Mailer;
use coverline_activities::purchase::PolicyDetails;
use coverline_store::{PolicyRecord, Store, now};
use coverline_workflows::checkout::CheckoutWorkflow;
use serde::Serialize;
use sqlx::Row;
use temporalio_client::{Client, WorkflowDescribeOptions, WorkflowQueryOptions, WorkflowSignalOptions};
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;

/// Statuses a purchase can be stuck in: waiting for a booking retry, booking for too long, or
/// booked and waiting for the member's payment.
pub const STUCK_STATUSES: [PurchaseStatus; 3] = [PurchaseStatus::BookingFailed, PurchaseStatus::Booking, PurchaseStatus::Booked];
/// A second resend within this window is skipped unless forced.
pub const RESEND_WINDOW_SECS: i64 = 600;

/// What support works with.
pub struct Support {
    pub store: Store,
    pub temporal: Client,
    /// Who is acting (recorded on the timeline).
    pub operator: String,
    /// Temporal Web UI base, for links to a workflow's history.
    pub temporal_ui: String,
    pub namespace: String,
}

/// One row of `support stuck`.
#[derive(Debug, Clone, PartialEq)]
pub struct StuckPurchase {
    pub policy: PolicyRecord,
    /// Seconds since the purchase last changed.
    pub age_secs: i64,
}

/// What an action did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    Done(String),
    NothingToDo(String),
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Done(s) => write!(f, "done: {s}"),
            Self::NothingToDo(s) => write!(f, "nothing to do: {s}"),
        }
    }
}

/// `1h 05m`, `3m 12s`, `40s`.
pub fn age(secs: i64) -> String {
    let secs = secs.max(0);
    match secs {
        s if s >= 86_400 => format!("{}d {:02}h", s / 86_400, (s % 86_400) / 3600),
        s if s >= 3600 => format!("{}h {:02}m", s / 3600, (s % 3600) / 60),
        s if s >= 60 => format!("{}m {:02}s", s / 60, s % 60),
        s => format!("{s}s"),
    }
}

/// Unix seconds as an RFC 3339 UTC time (`2025-01-31T08:00:00Z`).
pub fn timestamp(secs: i64) -> String {
    OffsetDateTime::from_unix_timestamp(secs).ok().and_then(|t| t.format(&Rfc3339).ok()).unwrap_or_else(|| secs.to_string())
}

/// Parses `90s`, `15m`, `2h`, `1d` (or plain seconds).
pub fn parse_duration(text: &str) -> anyhow::Result<Duration> {
    let text = text.trim();
    let (number, unit) = text.split_at(text.find(|c: char| !c.is_ascii_digit()).unwrap_or(text.len()));
    let n: u64 = number.parse().with_context(|| format!("{text:?} is not a duration like 90s, 15m, 2h or 1d"))?;
    let factor = match unit {
        "" | "s" => 1,
        "m" => 60,
        "h" => 3600,
        "d" => 86_400,
        _ => anyhow::bail!("{text:?}: the unit must be s, m, h or d"),
    };
    Ok(Duration::from_secs(n * factor))
}

/// A purchase as stored (`support purchase ID --json`): the policy with its car, rate and payment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StoredPurchase {
    pub policy_id: String,
    pub user_id: String,
    pub institution_id: String,
    pub email: String,
    pub status: PurchaseStatus,
    pub contract_number: Option<String>,
    pub last_error: Option<String>,
    pub vin: String,
    pub coverage_name: String,
    pub price_cents: i64,
    /// The rate's sales tax.
    pub rate_tax_cents: i64,
    /// The verified payment (gateway tracking number), if paid.
    pub payment_id: Option<String>,
    pub amount_cents: Option<i64>,
    pub payment_tax_cents: Option<i64>,
}

/// Everything about one purchase (`support show`, the console's purchase page).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PurchaseDetail {
    pub policy_id: String,
    /// The member-facing reference (`CVL-…`), once booked.
    pub reference: Option<String>,
    pub user_id: String,
    pub institution_id: String,
    /// First and last name once the member gave them (null once erased).
    pub member_name: Option<String>,
    pub email: String,
    pub quote_id: String,
    pub rate_id: String,
    pub status: PurchaseStatus,
    pub contract_number: Option<String>,
    pub last_error: Option<String>,
    pub vin: String,
    pub coverage_name: String,
    pub price_cents: i64,
    pub rate_tax_cents: i64,
    /// The verified payment (gateway tracking number), if paid, and when.
    pub payment_id: Option<String>,
    pub amount_cents: Option<i64>,
    pub payment_tax_cents: Option<i64>,
    pub paid_at: Option<i64>,
    pub created_at: i64,
    pub updated_at: i64,
    /// The refund owed under the state's rules, once cancelled.
    pub refund: Option<RefundDetail>,
    /// The member's consents, oldest first.
    pub consents: Vec<ConsentDetail>,
    pub paper_copy: Option<PaperCopyDetail>,
    /// Oldest first.
    pub timeline: Vec<TimelineEntry>,
    pub workflow: WorkflowDetail,
    /// What support can do to it now.
    pub actions: Actions,
}

/// A cancelled contract's refund.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RefundDetail {
    /// `card` or `check`.
    pub refund_by: String,
    /// `freeLook` or `proRata`.
    pub method: String,
    /// The state whose rules applied.
    pub state: String,
    pub refund_cents: i64,
    pub fee_cents: i64,
    /// The late penalty paid with a check.
    pub penalty_cents: i64,
    /// `YYYY-MM-DD`.
    pub due_by: String,
    pub paid_at: Option<i64>,
    pub check_number: Option<String>,
}

/// A consent given or withheld.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConsentDetail {
    /// `electronicDelivery` or `promotionalEmail`.
    pub kind: String,
    pub granted: bool,
    pub at: i64,
    pub source: String,
    /// The disclosure's version.
    pub version: Option<String>,
    /// The client address it came from.
    pub client: Option<String>,
}

/// A contract to mail on paper.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaperCopyDetail {
    /// `declinedElectronicDelivery` or `requested`.
    pub reason: String,
    pub requested_at: i64,
    pub mailed_at: Option<i64>,
    pub mailed_by: Option<String>,
}

/// One entry of a purchase's timeline.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TimelineEntry {
    /// Unix milliseconds.
    pub at: i64,
    pub kind: String,
    pub actor: String,
    pub detail: Option<String>,
}

/// The purchase's checkout workflow as Temporal knows it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WorkflowDetail {
    pub workflow_id: String,
    /// Its history in the Temporal UI.
    pub history_url: String,
    /// `Running`, `Completed`, …; null when Temporal did not answer.
    pub execution: Option<String>,
    pub history_length: Option<i64>,
    pub pending: Vec<PendingActivity>,
    /// The workflow's own view of the checkout and purchase (its query), when a worker answered.
    pub view: Option<String>,
    /// What could not be read.
    pub problem: Option<String>,
}

/// An activity the workflow waits on.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PendingActivity {
    pub activity: String,
    pub attempt: i64,
    pub last_failure: Option<String>,
}

/// What support can do to a purchase now.
#[derive(Debug, Clone, Copy, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Actions {
    pub retry_booking: bool,
    pub resend_emails: bool,
    pub cancel: bool,
    pub refund_paid: bool,
    pub paper_mailed: bool,
}

/// `support show` as printed.
pub fn detail_text(d: &PurchaseDetail) -> String {
    let dash = |v: &Option<String>| v.clone().unwrap_or_else(|| "-".into());
    let mut out = String::new();
    out.push_str(&format!("policy       {}\n", d.policy_id));
    out.push_str(&format!("reference    {}\n", dash(&d.reference)));
    out.push_str(&format!("institution  {}\n", d.institution_id));
    out.push_str(&format!("member       {} ({})\n", d.email, d.user_id));
    out.push_str(&format!("quote/rate   {} / {}\n", d.quote_id, d.rate_id));
    out.push_str(&format!("status       {} (since {}, {} ago)\n", d.status, timestamp(d.updated_at), age(now() - d.updated_at)));
    out.push_str(&format!("contract     {}\n", dash(&d.contract_number)));
    out.push_str(&format!("last error   {}\n", dash(&d.last_error)));
    if let (Some(id), Some(amount), Some(at)) = (&d.payment_id, d.amount_cents, d.paid_at) {
        out.push_str(&format!("payment      {id} of {amount} cents at {}\n", timestamp(at)));
    }
    if let Some(r) = &d.refund {
        let dollars = |c: i64| coverline_domain::Cents(c).dollar_sign();
        out.push_str(&format!(
            "refund       {} by {} ({}, {} rules; fee {}), due by {}, {}\n",
            dollars(r.refund_cents),
            r.refund_by,
            r.method,
            r.state,
            dollars(r.fee_cents),
            r.due_by,
            match (&r.paid_at, &r.check_number) {
                (Some(_), Some(check)) if r.penalty_cents > 0 => {
                    format!("paid by check {check} with a {} late penalty", dollars(r.penalty_cents))
                }
                (Some(_), Some(check)) => format!("paid by check {check}"),
                (Some(_), None) => "paid".to_string(),
                (None, _) => "not paid yet".to_string(),
            }
        ));
    }
    for c in &d.consents {
        out.push_str(&format!(
            "consent      {} {} at {} by {}{}{}\n",
            c.kind,
            if c.granted { "given" } else { "withheld/withdrawn" },
            timestamp(c.at),
            c.source,
            c.version.as_deref().map(|v| format!(", text {v}")).unwrap_or_default(),
            c.client.as_deref().map(|v| format!(", from {v}")).unwrap_or_default(),
        ));
    }
    if let Some(copy) = &d.paper_copy {
        out.push_str(&format!(
            "paper copy   {} ({}), {}\n",
            copy.reason,
            timestamp(copy.requested_at),
            match &copy.mailed_by {
                Some(by) if copy.mailed_at.is_some() => format!("mailed by {by}"),
                _ => "to mail (`coverline support paper`)".to_string(),
            }
        ));
    }
    out.push_str("\ntimeline\n");
    for e in &d.timeline {
        let at = OffsetDateTime::from_unix_timestamp_nanos(i128::from(e.at) * 1_000_000)
            .ok()
            .and_then(|t| t.format(&Rfc3339).ok())
            .unwrap_or_default();
        out.push_str(&format!("  {at}  {:<22} {:<18} {}\n", e.kind, e.actor, e.detail.as_deref().unwrap_or("")));
    }
    let w = &d.workflow;
    out.push_str(&format!("\nworkflow     {}\nhistory      {}\n", w.workflow_id, w.history_url));
    if let (Some(execution), Some(length)) = (&w.execution, w.history_length) {
        out.push_str(&format!("execution    {execution}, {length} history events\n"));
    }
    for a in &w.pending {
        out.push_str(&format!(
            "pending      {}: attempt {}, last failure: {}\n",
            a.activity,
            a.attempt,
            a.last_failure.as_deref().unwrap_or("-")
        ));
    }
    if let Some(view) = &w.view {
        out.push_str(&format!("workflow sees {view}\n"));
    }
    if let Some(problem) = &w.problem {
        out.push_str(&format!("problem      {problem}\n"));
    }
    out
}

/// One policy of a member (`support policies --email E --json`), newest first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MemberPolicy {
    pub policy_id: String,
    pub user_id: String,
    pub institution_id: String,
    pub status: PurchaseStatus,
    pub contract_number: Option<String>,
    pub created_at: i64,
}

/// A member found by their email address (`support find EMAIL --json`): each sign-up with that
/// address (one per splash, at any institution), with its checkout and its purchases and their ids.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FoundMember {
    pub user_id: String,
    pub institution_id: String,
    pub email: String,
    /// First and last name once the member gave them.
    pub name: Option<String>,
    pub signed_up_at: i64,
    /// Where the member's checkout stands (as last recorded), or null before its first step.
    pub checkout: Option<FoundCheckout>,
    /// Newest first.
    pub purchases: Vec<FoundPurchase>,
}

/// A member's checkout as recorded (`support find`): its workflow and step.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FoundCheckout {
    pub workflow_id: String,
    pub step: String,
    pub version: i64,
    pub updated_at: i64,
}

/// A member's purchase (`support find`): its ids and state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FoundPurchase {
    pub policy_id: String,
    pub workflow_id: String,
    pub status: PurchaseStatus,
    pub contract_number: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
}

/// One analytics hit stored for a member (`support analytics --email E --json`), oldest first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StoredHit {
    /// Null for a pageview before the user existed (the splash), found by the tab's analytics id.
    pub user_id: Option<String>,
    pub hit_type: Option<String>,
    pub event_category: Option<String>,
    pub event_action: Option<String>,
    pub event_label: Option<String>,
    pub page_path: Option<String>,
    pub created_at: i64,
}

/// Which hits `support analytics` lists (each filter optional).
#[derive(Debug, Clone, Default)]
pub struct HitFilter {
    /// `event`, `pageview`, ...
    pub hit_type: Option<String>,
    /// `Purchase`, `ErrorEncountered`, ...
    pub category: Option<String>,
}

/// The users who signed up with `email` (any institution, any letter case): each splash creates one.
async fn user_ids_by_email(store: &Store, email: &str) -> anyhow::Result<Vec<String>> {
    let rows = sqlx::query("SELECT user_id FROM users WHERE lower(email) = $1 ORDER BY created_at, user_id")
        .bind(email.trim().to_lowercase())
        .fetch_all(store.pool())
        .await
        .context("finding users by email")?;
    Ok(rows.iter().map(|r| r.get(0)).collect())
}

/// What a deletion request did for one member (`coverline support forget`).
#[derive(Debug, Clone, serde::Serialize)]
pub struct Forgotten {
    pub user_id: String,
    pub institution_id: String,
    /// `erased`, `kept` or `erasedBefore`.
    pub outcome: &'static str,
    /// Why it was kept, or what was erased.
    pub detail: String,
}

/// What erasing a member's personal data removes (`coverline_store`'s erasure).
pub const ERASED: &str = "name, phone, address, email, password; sessions, restore keys, continue links and codes; \
    the vehicles' VINs and photos; the contact requests' details; the checkout's answers";

/// Carries out a member's request to delete their personal data: every member who signed up with
/// `email` (any institution) is erased, unless a contract obliges keeping them (then it says
/// why); the contact requests left with the address without a member are erased too. Erasing is
/// at once and for good: the ids stay, so quotes and voided bookings still add up.
pub async fn forget(store: &Store, email: &str, now: i64) -> anyhow::Result<(Vec<Forgotten>, u64)> {
    let mut done = Vec::new();
    for user_id in user_ids_by_email(store, email).await? {
        let Some(user) = store.user(&user_id).await? else { continue };
        let (outcome, detail) = match store.must_keep_member(&user_id).await? {
            Some(reason) => ("kept", reason.as_str().to_string()),
            None => {
                store.erase_member(&user_id, now).await?;
                ("erased", ERASED.to_string())
            }
        };
        done.push(Forgotten { user_id, institution_id: user.institution_id, outcome, detail });
    }
    let contacts = store.erase_anonymous_contact_requests(email).await?;
    Ok((done, contacts))
}

/// `coverline support forget`'s answer for people.
pub fn forgotten_text(email: &str, done: &[Forgotten], contacts: u64) -> String {
    let mut out = String::new();
    if done.is_empty() {
        out.push_str(&format!("no member signed up with {email}\n"));
    }
    for f in done {
        out.push_str(&format!("{} ({}): {}: {}\n", f.user_id, f.institution_id, f.outcome, f.detail));
    }
    out.push_str(&format!("contact requests without a member: {contacts} erased\n"));
    out
}

/// The purchase `key` names (policy id, workflow id, contract number or quote id), as stored;
/// `None` when there is none.
pub async fn stored_purchase(store: &Store, key: &str) -> anyhow::Result<Option<StoredPurchase>> {
    let Some(p) = store.find_policy(key).await? else { return Ok(None) };
    let car =
        store.car(&p.user_id, &p.car_id).await?.with_context(|| format!("policy {} names car {}, not stored", p.policy_id, p.car_id))?;
    let rate = store
        .rates(&p.quote_id)
        .await?
        .into_iter()
        .find(|r| r.rate_id == p.rate_id)
        .with_context(|| format!("policy {} names rate {} of quote {}, not stored", p.policy_id, p.rate_id, p.quote_id))?;
    let payment = store.payment_for_policy(&p.policy_id).await?;
    Ok(Some(StoredPurchase {
        policy_id: p.policy_id,
        user_id: p.user_id,
        institution_id: p.institution_id,
        email: p.email,
        status: p.status,
        contract_number: p.contract_number,
        last_error: p.last_error,
        vin: car.vin,
        coverage_name: rate.coverage_name,
        price_cents: rate.price_cents,
        rate_tax_cents: rate.tax_cents,
        payment_id: payment.as_ref().map(|pay| pay.payment_id.clone()),
        amount_cents: payment.as_ref().map(|pay| pay.amount_cents),
        payment_tax_cents: payment.as_ref().map(|pay| pay.tax_cents),
    }))
}

/// Everyone who signed up with `email` (any letter case), oldest sign-up first: their checkouts and
/// purchases with their state and ids, from the store alone (no Temporal needed).
pub async fn find_members(store: &Store, email: &str) -> anyhow::Result<Vec<FoundMember>> {
    let mut found = Vec::new();
    for user_id in user_ids_by_email(store, email).await? {
        found.extend(found_member(store, &user_id).await?);
    }
    Ok(found)
}

/// What the console's search names: the members who signed up with an email (anything with an
/// `@`), else the member whose purchase the id names (policy id, reference, workflow id, contract
/// number or quote id).
pub async fn search(store: &Store, query: &str) -> anyhow::Result<Vec<FoundMember>> {
    let query = query.trim();
    if query.contains('@') {
        return find_members(store, query).await;
    }
    match store.find_policy(query).await? {
        Some(policy) => Ok(found_member(store, &policy.user_id).await?.into_iter().collect()),
        None => Ok(Vec::new()),
    }
}

/// First and last name, as far as the member gave them.
fn full_name(user: &coverline_store::UserRecord) -> Option<String> {
    match (user.first_name.as_deref(), user.last_name.as_deref()) {
        (Some(first), Some(last)) => Some(format!("{first} {last}")),
        (first, last) => first.or(last).map(str::to_string),
    }
}

async fn found_member(store: &Store, user_id: &str) -> anyhow::Result<Option<FoundMember>> {
    let Some(user) = store.user(user_id).await? else { return Ok(None) };
    let checkout = store.checkout(user_id).await?.map(|c| FoundCheckout {
        workflow_id: coverline_workflows::checkout_workflow_id(&c.user_id),
        step: c.step,
        version: c.version,
        updated_at: c.updated_at,
    });
    // Newest first, as the store lists them.
    let purchases = store
        .policies_of_user(user_id)
        .await?
        .into_iter()
        .map(|p| FoundPurchase {
            policy_id: p.policy_id,
            workflow_id: p.workflow_id,
            status: p.status,
            contract_number: p.contract_number,
            created_at: p.created_at,
            updated_at: p.updated_at,
        })
        .collect();
    let name = full_name(&user);
    Ok(Some(FoundMember {
        user_id: user_id.to_string(),
        institution_id: user.institution_id,
        email: user.email,
        name,
        signed_up_at: user.created_at,
        checkout,
        purchases,
    }))
}

/// `support find` as printed without `--json`: a block per member, ages counted from `now`.
pub fn found_members_text(members: &[FoundMember], now: i64) -> String {
    let mut out = String::new();
    for m in members {
        out.push_str(&format!(
            "member    {} at {}, {}, signed up {} ago ({})\n",
            m.user_id,
            m.institution_id,
            m.name.as_deref().unwrap_or("no name yet"),
            age(now - m.signed_up_at),
            m.email
        ));
        match &m.checkout {
            Some(c) => out.push_str(&format!(
                "checkout  {}  step {}  version {}  updated {} ago\n",
                c.workflow_id,
                c.step,
                c.version,
                age(now - c.updated_at)
            )),
            None => out.push_str("checkout  none yet\n"),
        }
        for p in &m.purchases {
            out.push_str(&format!(
                "purchase  {}  workflow {}  {}  contract {}  updated {} ago\n",
                p.policy_id,
                p.workflow_id,
                p.status,
                p.contract_number.as_deref().unwrap_or("-"),
                age(now - p.updated_at)
            ));
        }
        out.push('\n');
    }
    out.push_str(&format!("{} member(s) signed up with this address\n", members.len()));
    out
}

/// The policies of the members who signed up with `email`, newest first.
pub async fn member_policies(store: &Store, email: &str) -> anyhow::Result<Vec<MemberPolicy>> {
    let mut policies = Vec::new();
    for user_id in user_ids_by_email(store, email).await? {
        policies.extend(store.policies_of_user(&user_id).await?.into_iter().map(|p| MemberPolicy {
            policy_id: p.policy_id,
            user_id: p.user_id,
            institution_id: p.institution_id,
            status: p.status,
            contract_number: p.contract_number,
            created_at: p.created_at,
        }));
    }
    policies.sort_by(|a, b| (b.created_at, &b.policy_id).cmp(&(a.created_at, &a.policy_id)));
    Ok(policies)
}

/// The analytics hits stored for the members who signed up with `email`, oldest first: their own,
/// and the pageviews their tabs sent before the user existed (same analytics client id).
pub async fn member_hits(store: &Store, email: &str, filter: &HitFilter) -> anyhow::Result<Vec<StoredHit>> {
    let email = email.trim().to_lowercase();
    let rows = sqlx::query(
        "SELECT a.user_id, a.hit_type, a.event_category, a.event_action, a.event_label, a.page_path, a.created_at, a.event_id \
         FROM analytics_events a JOIN users u ON u.user_id = a.user_id WHERE lower(u.email) = $1",
    )
    .bind(&email)
    .fetch_all(store.pool())
    .await
    .context("listing a member's analytics events")?;
    let anonymous = sqlx::query(
        "SELECT p.page_path, p.created_at, p.event_id FROM anonymous_pageviews p WHERE p.client_id IN \
         (SELECT a.client_id FROM analytics_events a JOIN users u ON u.user_id = a.user_id WHERE lower(u.email) = $1 AND a.institution_id = p.institution_id)",
    )
    .bind(&email)
    .fetch_all(store.pool())
    .await
    .context("listing a member's pageviews before sign-up")?;
    let wanted = |value: &Option<String>, filter: &Option<String>| filter.as_ref().is_none_or(|f| value.as_ref() == Some(f));
    let mut hits: Vec<(StoredHit, String)> = rows
        .iter()
        .map(|r| {
            let hit = StoredHit {
                user_id: r.get(0),
                hit_type: r.get(1),
                event_category: r.get(2),
                event_action: r.get(3),
                event_label: r.get(4),
                page_path: r.get(5),
                created_at: r.get(6),
            };
            (hit, r.get(7))
        })
        .chain(anonymous.iter().map(|r| {
            let hit = StoredHit {
                user_id: None,
                hit_type: Some("pageview".into()),
                event_category: None,
                event_action: None,
                event_label: None,
                page_path: r.get(0),
                created_at: r.get(1),
            };
            (hit, r.get(2))
        }))
        .filter(|(h, _)| wanted(&h.hit_type, &filter.hit_type) && wanted(&h.event_category, &filter.category))
        .collect();
    hits.sort_by(|(a, a_id), (b, b_id)| (a.created_at, a_id).cmp(&(b.created_at, b_id)));
    Ok(hits.into_iter().map(|(h, _)| h).collect())
}

/// `support purchase` as printed without `--json`.
pub fn purchase_text(p: &StoredPurchase) -> String {
    let dash = |v: &Option<String>| v.clone().unwrap_or_else(|| "-".into());
    let cents = |v: Option<i64>| v.map_or("-".into(), |c| c.to_string());
    format!(
        "policy       {}\ninstitution  {}\nmember       {} ({})\nstatus       {}\ncontract     {}\nlast error   {}\nvehicle      {}\n\
         coverage     {}: {} cents + {} cents tax\npayment      {}: {} cents ({} cents tax)\n",
        p.policy_id,
        p.institution_id,
        p.email,
        p.user_id,
        p.status,
        dash(&p.contract_number),
        dash(&p.last_error),
        p.vin,
        p.coverage_name,
        p.price_cents,
        p.rate_tax_cents,
        dash(&p.payment_id),
        cents(p.amount_cents),
        cents(p.payment_tax_cents)
    )
}

/// `support policies` as printed without `--json`.
pub fn policies_table(rows: &[MemberPolicy]) -> String {
    let mut out = format!("{:<31} {:<31} {:<22} {:<14} {}\n", "POLICY", "USER", "INSTITUTION", "STATE", "CONTRACT");
    for p in rows {
        out.push_str(&format!(
            "{:<31} {:<31} {:<22} {:<14} {}\n",
            p.policy_id,
            p.user_id,
            p.institution_id,
            p.status,
            p.contract_number.as_deref().unwrap_or("-")
        ));
    }
    out.push_str(&format!("{} policy(ies)\n", rows.len()));
    out
}

/// `support analytics` as printed without `--json`.
pub fn hits_table(rows: &[StoredHit]) -> String {
    let mut out = format!("{:<20} {:<9} {:<18} {:<22} {:<20} {}\n", "AT", "HIT", "CATEGORY", "ACTION", "LABEL", "PAGE");
    for h in rows {
        let dash = |v: &Option<String>| v.clone().unwrap_or_else(|| "-".into());
        out.push_str(&format!(
            "{:<20} {:<9} {:<18} {:<22} {:<20} {}\n",
            timestamp(h.created_at),
            dash(&h.hit_type),
            dash(&h.event_category),
            dash(&h.event_action),
            dash(&h.event_label),
            dash(&h.page_path)
        ));
    }
    out.push_str(&format!("{} hit(s)\n", rows.len()));
    out
}

impl Support {
    /// Purchases in a stuck status that have not changed for `older_than`, oldest first.
    pub async fn stuck(&self, older_than: Duration) -> anyhow::Result<Vec<StuckPurchase>> {
        let t = now();
        let before = t - older_than.as_secs() as i64;
        let policies = self.store.policies_in_status_since(&STUCK_STATUSES, before).await?;
        Ok(policies.into_iter().map(|p| StuckPurchase { age_secs: t - p.updated_at, policy: p }).collect())
    }

    /// The `stuck` table as printed.
    pub fn stuck_table(rows: &[StuckPurchase]) -> String {
        let mut out = format!("{:<31} {:<22} {:>9} {:<14} {}\n", "POLICY", "INSTITUTION", "AGE", "STATE", "LAST ERROR");
        for r in rows {
            out.push_str(&format!(
                "{:<31} {:<22} {:>9} {:<14} {}\n",
                r.policy.policy_id,
                r.policy.institution_id,
                age(r.age_secs),
                r.policy.status,
                r.policy.last_error.as_deref().unwrap_or("-")
            ));
        }
        out.push_str(&format!("{} purchase(s)\n", rows.len()));
        out
    }

    async fn policy(&self, key: &str) -> anyhow::Result<PolicyRecord> {
        self.store
            .find_policy(key)
            .await?
            .with_context(|| format!("no purchase with policy id, reference, workflow id, contract number or quote id {key:?}"))
    }

    /// Everything about a purchase: what the database knows, then what Temporal knows (the
    /// execution as described, and the workflow's own view if a worker answers its query).
    pub async fn detail(&self, key: &str) -> anyhow::Result<PurchaseDetail> {
        let p = self.policy(key).await?;
        let stored = stored_purchase(&self.store, &p.policy_id).await?.with_context(|| format!("{} vanished", p.policy_id))?;
        let user = self.store.user(&p.user_id).await?;
        let payment = self.store.payment_for_policy(&p.policy_id).await?;
        let refund = self.store.refund(&p.policy_id).await?;
        let paper_copy = self.store.paper_copy(&p.policy_id).await?;
        let workflow = self.workflow_detail(&p.workflow_id).await;
        let fulfilled = matches!(p.status, PurchaseStatus::Paid | PurchaseStatus::Fulfilled);
        let actions = Actions {
            retry_booking: p.status == PurchaseStatus::BookingFailed,
            resend_emails: fulfilled,
            cancel: p.status.is_cancellable() && payment.is_some(),
            refund_paid: refund.as_ref().is_some_and(|r| r.refund_by == "check" && r.paid_at.is_none()),
            paper_mailed: paper_copy.as_ref().is_some_and(|c| c.mailed_at.is_none()),
        };
        Ok(PurchaseDetail {
            member_name: user.as_ref().and_then(full_name),
            reference: p.reference.clone(),
            quote_id: p.quote_id.clone(),
            rate_id: p.rate_id.clone(),
            created_at: p.created_at,
            updated_at: p.updated_at,
            paid_at: payment.as_ref().map(|pay| pay.paid_at),
            refund: refund.map(|r| RefundDetail {
                refund_by: r.refund_by,
                method: r.method,
                state: r.state,
                refund_cents: r.refund_cents,
                fee_cents: r.fee_cents,
                penalty_cents: r.penalty_cents,
                due_by: r.due_by,
                paid_at: r.paid_at,
                check_number: r.check_number,
            }),
            consents: self
                .store
                .consent_events(&p.user_id)
                .await?
                .into_iter()
                .map(|c| ConsentDetail {
                    kind: c.kind,
                    granted: c.granted != 0,
                    at: c.at,
                    source: c.source,
                    version: c.version,
                    client: c.client,
                })
                .collect(),
            paper_copy: paper_copy.map(|c| PaperCopyDetail {
                reason: c.reason,
                requested_at: c.requested_at,
                mailed_at: c.mailed_at,
                mailed_by: c.mailed_by,
            }),
            timeline: self
                .store
                .policy_events(&p.policy_id)
                .await?
                .into_iter()
                .map(|e| TimelineEntry { at: e.at_ms, kind: e.kind, actor: e.actor, detail: e.detail })
                .collect(),
            workflow,
            actions,
            policy_id: stored.policy_id,
            user_id: stored.user_id,
            institution_id: stored.institution_id,
            email: stored.email,
            status: stored.status,
            contract_number: stored.contract_number,
            last_error: stored.last_error,
            vin: stored.vin,
            coverage_name: stored.coverage_name,
            price_cents: stored.price_cents,
            rate_tax_cents: stored.rate_tax_cents,
            payment_id: stored.payment_id,
            amount_cents: stored.amount_cents,
            payment_tax_cents: stored.payment_tax_cents,
        })
    }

    /// What Temporal knows of a checkout: its execution described (within 10 s) and the
    /// workflow's own view (a query needs a live worker: within 5 s).
    async fn workflow_detail(&self, workflow_id: &str) -> WorkflowDetail {
        let mut detail = WorkflowDetail {
            workflow_id: workflow_id.to_string(),
            history_url: format!("{}/namespaces/{}/workflows/{workflow_id}", self.temporal_ui.trim_end_matches('/'), self.namespace),
            execution: None,
            history_length: None,
            pending: Vec::new(),
            view: None,
            problem: None,
        };
        let handle = self.temporal.get_workflow_handle::<CheckoutWorkflow>(workflow_id.to_string());
        let mut problems = Vec::new();
        match tokio::time::timeout(Duration::from_secs(10), handle.describe(WorkflowDescribeOptions::default())).await {
            Ok(Ok(d)) => {
                detail.execution = Some(format!("{:?}", d.status()));
                detail.history_length = Some(d.history_length() as i64);
                detail.pending = d
                    .raw()
                    .pending_activities
                    .iter()
                    .map(|a| PendingActivity {
                        activity: a.activity_type.as_ref().map(|t| t.name.clone()).unwrap_or_else(|| "?".into()),
                        attempt: i64::from(a.attempt),
                        last_failure: a.last_failure.as_ref().map(|f| f.message.clone()),
                    })
                    .collect();
            }
            Ok(Err(e)) => problems.push(format!("unknown to Temporal: {e}")),
            Err(_) => problems.push("Temporal did not answer within 10 s".into()),
        }
        match tokio::time::timeout(Duration::from_secs(5), handle.query(CheckoutWorkflow::current, (), WorkflowQueryOptions::default()))
            .await
        {
            Ok(Ok(v)) => {
                let mut view = format!("checkout {:?} at step {}", v.status, v.checkout.step.as_str());
                if let Some(p) = v.purchase {
                    view.push_str(&format!(
                        "; purchase {:?}, booking rounds {}, booking failure {:?}, payment {}, refunded {}",
                        p.status,
                        p.booking_rounds,
                        p.booking_failure,
                        p.payment_id.as_deref().unwrap_or("-"),
                        if p.refunded.is_empty() { "-".to_string() } else { p.refunded.join(", ") }
                    ));
                }
                detail.view = Some(view);
            }
            Ok(Err(e)) => problems.push(format!("the query failed: {e}")),
            Err(_) => problems.push("no worker answered the query within 5 s".into()),
        }
        detail.problem = (!problems.is_empty()).then(|| problems.join("; "));
        detail
    }

    /// The purchase's timeline as `support show` prints it: what the database knows, then what
    /// Temporal knows.
    pub async fn show(&self, key: &str) -> anyhow::Result<String> {
        Ok(detail_text(&self.detail(key).await?))
    }

    /// Running checkouts matching a step, a status and an institution (each optional), newest
    /// first, from Temporal's visibility (the `Coverline*` search attributes): id, institution,
    /// step, status, age. The query it ran is the first line, for `temporal workflow list --query`.
    pub async fn checkouts(
        &self,
        step: Option<&str>,
        status: Option<&str>,
        institution: Option<&str>,
        limit: usize,
    ) -> anyhow::Result<String> {
        use coverline_workflows::checkout::{INSTITUTION_ATTRIBUTE, STATUS_ATTRIBUTE, STEP_ATTRIBUTE};
        use futures::StreamExt;
        let quoted = |v: &str| v.chars().filter(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_').collect::<String>();
        let mut query = vec!["WorkflowType = 'CheckoutWorkflow'".to_string(), "ExecutionStatus = 'Running'".to_string()];
        for (key, value) in [(STEP_ATTRIBUTE.name(), step), (STATUS_ATTRIBUTE.name(), status), (INSTITUTION_ATTRIBUTE.name(), institution)]
        {
            if let Some(v) = value {
                query.push(format!("{key} = '{}'", quoted(v)));
            }
        }
        let query = query.join(" AND ");
        let mut out = format!("query: {query}\n{:<42} {:<22} {:<20} {:<14} {:>9}\n", "CHECKOUT", "INSTITUTION", "STEP", "STATUS", "AGE");
        let options = temporalio_client::WorkflowListOptions::builder().limit(limit).build();
        let mut stream = std::pin::pin!(self.temporal.list_workflows(query.clone(), options));
        let mut rows = 0;
        while let Some(found) =
            tokio::time::timeout(Duration::from_secs(10), stream.next()).await.context("Temporal did not answer the list within 10 s")?
        {
            let w = found?;
            let attributes = w.search_attributes();
            let age = w.start_time().and_then(|t| t.elapsed().ok()).map_or("-".to_string(), |d| self::age(d.as_secs() as i64));
            out.push_str(&format!(
                "{:<42} {:<22} {:<20} {:<14} {:>9}\n",
                w.id(),
                attributes.get(&INSTITUTION_ATTRIBUTE).unwrap_or_default(),
                attributes.get(&STEP_ATTRIBUTE).unwrap_or_default(),
                attributes.get(&STATUS_ATTRIBUTE).unwrap_or_default(),
                age
            ));
            rows += 1;
        }
        out.push_str(&format!("{rows} checkout(s)\n"));
        Ok(out)
    }

    /// Asks the checkout workflow to book again — only a purchase whose booking failed.
    pub async fn retry_booking(&self, key: &str) -> anyhow::Result<Outcome> {
        let p = self.policy(key).await?;
        if p.status != PurchaseStatus::BookingFailed {
            return Ok(Outcome::NothingToDo(format!("{} is {}, not bookingFailed", p.policy_id, p.status)));
        }
        let handle = self.temporal.get_workflow_handle::<CheckoutWorkflow>(p.workflow_id.clone());
        let why = format!("support:{} asked to retry booking", self.operator);
        tokio::time::timeout(
            Duration::from_secs(10),
            handle.signal(CheckoutWorkflow::retry_booking, why.clone(), WorkflowSignalOptions::default()),
        )
        .await
        .map_err(|_| anyhow::anyhow!("Temporal did not answer signalling {}", p.workflow_id))??;
        self.store
            .record_policy_event(&p.policy_id, "support:retryBooking", p.last_error.as_deref(), &format!("support:{}", self.operator))
            .await?;
        tracing::info!(policy_id = %p.policy_id, workflow_id = %p.workflow_id, operator = %self.operator, "support retried booking");
        Ok(Outcome::Done(format!("asked {} to book again (the same workflow; never a second contract)", p.workflow_id)))
    }

    /// Cancels a bought contract for the member, through the purchase's cancellation workflow (the
    /// same one the member's request starts, so the two never cancel twice).
    pub async fn cancel(&self, key: &str, task_queue: &str, odometer: Option<u32>) -> anyhow::Result<Outcome> {
        use coverline_workflows::cancellation::CancellationOutcome;
        let p = self.policy(key).await?;
        let by = coverline_activities::cancellation::CancelledBy::Support(self.operator.clone());
        let outcome =
            crate::services::cancellations::request(&self.temporal, task_queue, &p.policy_id, by, now(), odometer, Duration::from_secs(60))
                .await?;
        tracing::info!(policy_id = %p.policy_id, operator = %self.operator, ?outcome, "support asked to cancel");
        let workflow = coverline_workflows::cancellation::cancellation_workflow_id(&p.policy_id);
        Ok(match outcome {
            Some(CancellationOutcome::Cancelled { refunded_cents }) => Outcome::Done(format!(
                "cancelled {}: contract voided, {} refunded to the card ({workflow})",
                p.policy_id,
                coverline_domain::Cents(refunded_cents).dollar_sign()
            )),
            Some(CancellationOutcome::RefundByCheck { refund_cents, due_by }) => Outcome::Done(format!(
                "cancelled {}: contract voided; a check for {} is due by {due_by} (`support refunds`, then `support refund-paid`) ({workflow})",
                p.policy_id,
                coverline_domain::Cents(refund_cents).dollar_sign()
            )),
            Some(CancellationOutcome::Requested { .. }) => Outcome::Done(format!(
                "{} is past the money-back period: the request is on its timeline and was sent to the institution ({workflow})",
                p.policy_id
            )),
            Some(CancellationOutcome::AlreadyCancelled) => Outcome::NothingToDo(format!("{} is cancelled already", p.policy_id)),
            Some(CancellationOutcome::NotCancellable { status }) => {
                Outcome::NothingToDo(format!("{} is {status}: nothing paid to cancel", p.policy_id))
            }
            None => {
                Outcome::Done(format!("{workflow} is under way (the provider or the gateway is slow); see `support show {}`", p.policy_id))
            }
        })
    }

    /// Sends the receipt and the contract copy again. A second run within 10 minutes is skipped
    /// unless `force`d, so a repeated command does not flood the member's inbox.
    pub async fn resend_emails(&self, key: &str, mailer: &Mailer, public_url: &str, force: bool) -> anyhow::Result<Outcome> {
        let p = self.policy(key).await?;
        if !matches!(p.status, PurchaseStatus::Paid | PurchaseStatus::Fulfilled) {
            return Ok(Outcome::NothingToDo(format!("{} is {}: there is no receipt or contract to send", p.policy_id, p.status)));
        }
        if let Some(last) = self.store.last_policy_event(&p.policy_id, "support:resendEmails").await?
            && now() * 1000 - last.at_ms < RESEND_WINDOW_SECS * 1000
            && !force
        {
            return Ok(Outcome::NothingToDo(format!(
                "already resent {} ago by {}; use --force to send again",
                age(now() - last.at_ms / 1000),
                last.actor
            )));
        }
        let pdf = self
            .store
            .contract_document(&p.policy_id)
            .await?
            .context("the contract PDF is not rendered yet: the workflow is still working")?;
        let purchase = PolicyDetails::load(&self.store, &p.policy_id).await?;
        let email = purchase.email(public_url)?;
        let sender = mailer.sender(&purchase.institution);
        mailer.send_receipt(&sender, &email).await?;
        mailer.send_contract(&sender, &email, pdf).await?;
        self.store
            .record_policy_event(&p.policy_id, "support:resendEmails", Some(&email.to), &format!("support:{}", self.operator))
            .await?;
        tracing::info!(policy_id = %p.policy_id, operator = %self.operator, "support resent the purchase emails");
        Ok(Outcome::Done(format!("sent the receipt and the contract copy to {}", email.to)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_and_ages_read_like_people_write_them() {
        assert_eq!(parse_duration("90s").unwrap(), Duration::from_secs(90));
        assert_eq!(parse_duration("15m").unwrap(), Duration::from_secs(900));
        assert_eq!(parse_duration("2h").unwrap(), Duration::from_secs(7200));
        assert_eq!(parse_duration("1d").unwrap(), Duration::from_secs(86_400));
        assert_eq!(parse_duration("45").unwrap(), Duration::from_secs(45));
        assert!(parse_duration("15 minutes").is_err() && parse_duration("m").is_err());
        assert_eq!((age(40), age(192), age(3900), age(90_000)), ("40s".into(), "3m 12s".into(), "1h 05m".into(), "1d 01h".into()));
    }
}

/// One contract to mail on paper.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct PaperToMail {
    pub policy_id: String,
    pub institution_id: String,
    pub contract_number: String,
    /// `declinedElectronicDelivery` or `requested`.
    pub reason: String,
    pub requested_at: i64,
    pub name: String,
    /// Street, city, state and zip.
    pub address: String,
}

/// The contracts to mail on paper, oldest request first.
pub async fn paper_queue(store: &Store) -> anyhow::Result<Vec<PaperToMail>> {
    let mut rows = Vec::new();
    for copy in store.unmailed_paper_copies().await? {
        let Some(policy) = store.policy(&copy.policy_id).await? else { continue };
        let user = store.user(&policy.user_id).await?;
        let field = |f: fn(&coverline_store::UserRecord) -> Option<String>| user.as_ref().and_then(f).unwrap_or_default();
        rows.push(PaperToMail {
            policy_id: copy.policy_id.clone(),
            institution_id: policy.institution_id.clone(),
            contract_number: policy.contract_number.clone().unwrap_or_default(),
            reason: copy.reason.clone(),
            requested_at: copy.requested_at,
            name: format!("{} {}", field(|u| u.first_name.clone()), field(|u| u.last_name.clone())).trim().to_string(),
            address: format!(
                "{}, {}, {} {}",
                field(|u| u.street.clone()),
                field(|u| u.city.clone()),
                field(|u| u.state.clone()),
                field(|u| u.zip.clone())
            ),
        });
    }
    Ok(rows)
}

/// The paper queue as a table.
pub fn paper_queue_text(rows: &[PaperToMail]) -> String {
    let mut out = String::new();
    for r in rows {
        out.push_str(&format!(
            "{}  {}  {}  {}: {}, {}\n",
            r.policy_id,
            r.contract_number,
            OffsetDateTime::from_unix_timestamp(r.requested_at).ok().and_then(|t| t.format(&Rfc3339).ok()).unwrap_or_default(),
            r.reason,
            r.name,
            r.address
        ));
    }
    out.push_str(&format!("{} contract(s) to mail\n", rows.len()));
    out
}

/// Records a queued paper copy mailed, on the purchase's timeline too.
pub async fn paper_mailed(store: &Store, key: &str, operator: &str, at: i64) -> anyhow::Result<Outcome> {
    let policy = store.find_policy(key).await?.with_context(|| format!("no purchase with id {key:?}"))?;
    if !store.mark_paper_copy_mailed(&policy.policy_id, at, &format!("support:{operator}")).await? {
        return Ok(Outcome::NothingToDo(format!("{} has no paper copy waiting to be mailed", policy.policy_id)));
    }
    store.record_policy_event(&policy.policy_id, "paperCopy:mailed", None, &format!("support:{operator}")).await?;
    Ok(Outcome::Done(format!("recorded the paper copy of {} as mailed", policy.policy_id)))
}
