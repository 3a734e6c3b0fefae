//! The activities of a cancellation (`CancellationWorkflow`): what the purchase is and when it was
//! paid, and cancelling it under the rules of the member's state (`data/cancellation/states.toml`):
//! the provider's contract is voided and the refund recorded as the rules work it out, paid to the
//! card at once within the free look, else by check, which support records when it is mailed
//! (`coverline support refund-paid`). Then the member gets an email with the figures.
//!
//! Cancellations started before the state rules (recorded histories) ran the flat 30-day rule:
//! `cancel_purchase` within it, `record_cancellation_request` after it. They stay for those.
//!
//! Each is idempotent: the provider's void is, each refund carries its own idempotency key, and an
//! email goes out once per kind (`policy_emails`).

use std::sync::Arc;

use anyhow::Context;
use coverline_domain::Cents;
use coverline_domain::cancellation::{
    CancellationQuote, CancellationTable, ContractTerms, RefundBy, RefundMethod, StateRules, money_back_deadline,
};
use coverline_domain::language::Language;
use coverline_domain::lifecycle::PurchaseStatus;
use coverline_domain::product::limits::MONEY_BACK_DAYS;
use coverline_domain::quote::format_long_date_at as long_date;
use coverline_store::Store;
use serde::{Deserialize, Serialize};
use temporalio_macros::activities;
use temporalio_sdk::activities::{ActivityContext, ActivityError};

use crate::booking::ProviderExchange;
use crate::email::Mailer;
use crate::payments::Gateway;
use crate::purchase::PolicyDetails;

/// Who asked to cancel (written on the purchase's timeline).
/// The timeline event of a cancellation asked after the money-back period (sent to the institution).
pub const CANCELLATION_REQUESTED: &str = "cancellationRequested";

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "kind", content = "name")]
pub enum CancelledBy {
    /// The member, from find-your-contract (after the last-name and zip check).
    Member,
    /// Support staff (`coverline support cancel`), by operator name.
    Support(String),
}

impl CancelledBy {
    /// The timeline's actor: `member` or `support:<name>`.
    pub fn actor(&self) -> String {
        match self {
            Self::Member => "member".into(),
            Self::Support(name) => format!("support:{name}"),
        }
    }
}

/// What a cancellation needs to know about the purchase.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PurchaseTerms {
    pub status: PurchaseStatus,
    /// When the payment was recorded (UTC unix seconds); none while unpaid.
    pub paid_at: Option<i64>,
}

/// Input of the cancellation activities.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Cancel {
    pub policy_id: String,
    pub by: CancelledBy,
}

/// The cancellation activities: the database, the state rules, the provider, the gateway and the mailer.
pub struct CancellationActivities {
    pub store: Store,
    pub rules: Arc<CancellationTable>,
    pub provider: ProviderExchange,
    pub gateway: Gateway,
    pub mailer: Mailer,
}

/// Reads and checks `data/cancellation/states.toml`.
pub fn load_rules(data_dir: &std::path::Path) -> anyhow::Result<CancellationTable> {
    let path = data_dir.join("cancellation/states.toml");
    let text = std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    CancellationTable::from_toml(&text).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))
}

/// The most an odometer may read.
pub const ODOMETER_MAX: u32 = 1_000_000;

/// Why a cancellation cannot be quoted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum QuoteRefusal {
    #[error("the odometer reads less than at the sale ({at_sale})")]
    OdometerBelowSale { at_sale: u32 },
    #[error("the odometer reads more than {ODOMETER_MAX}")]
    OdometerTooHigh,
    #[error("the contract was not paid")]
    NotPaid,
    #[error("no cancellation rules for state {0}")]
    NoRules(String),
}

/// A purchase's cancellation quote under its state's rules.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StateQuote {
    /// The member's state (their address's; the state they were quoted in).
    pub state: String,
    pub rules: StateRules,
    pub quote: CancellationQuote,
    pub odometer_at_sale: u32,
}

/// The UTC date of unix seconds.
pub fn utc_date(at: i64) -> time::Date {
    time::OffsetDateTime::from_unix_timestamp(at).map_or_else(|_| time::OffsetDateTime::now_utc().date(), |t| t.date())
}

impl StateQuote {
    /// What cancelling `purchase` at `requested_at`, with the odometer reading `odometer_now`
    /// (the reading at the sale when none is given: time alone counts), gives back under `rules`.
    pub fn of(
        rules: &CancellationTable,
        purchase: &PolicyDetails,
        requested_at: i64,
        odometer_now: Option<u32>,
    ) -> Result<Self, QuoteRefusal> {
        let payment = purchase.payment.as_ref().ok_or(QuoteRefusal::NotPaid)?;
        let state = purchase.user.state.clone().filter(|s| !s.is_empty()).unwrap_or_else(|| purchase.quote.state.clone());
        let state_rules = rules.rules(&state).ok_or_else(|| QuoteRefusal::NoRules(state.clone()))?.clone();
        let at_sale = purchase.car.odometer.0;
        let now = odometer_now.unwrap_or(at_sale);
        if now > ODOMETER_MAX {
            return Err(QuoteRefusal::OdometerTooHigh);
        }
        if now < at_sale {
            return Err(QuoteRefusal::OdometerBelowSale { at_sale });
        }
        let terms = ContractTerms {
            price_cents: payment.amount_cents,
            paid_on: utc_date(payment.paid_at),
            term_months: purchase.rate.months.clamp(1, i64::from(u16::MAX)) as u16,
            term_miles: purchase.rate.miles.clamp(1, i64::from(u32::MAX)) as u32,
            odometer_at_sale: at_sale,
            odometer_now: now,
            // No claims system reaches Coverline: none known is none deducted (better for the member).
            claims_paid_cents: 0,
            // Whether a used car still has its factory warranty is not known: the longer window applies.
            used_without_warranty: false,
        };
        let quote = coverline_domain::cancellation::quote(&state_rules, &terms, utc_date(requested_at));
        Ok(Self { state, rules: state_rules, quote, odometer_at_sale: at_sale })
    }
}

/// A cancellation under the state rules.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CancelUnderRules {
    pub policy_id: String,
    pub by: CancelledBy,
    /// When the member asked (UTC unix seconds, the API's clock): the day the quote is for.
    pub requested_at: i64,
    /// The odometer reading the member attested.
    pub odometer_now: Option<u32>,
}

/// How the refund of a cancellation is paid.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RefundOutcome {
    pub refund_by: RefundBy,
    pub refund_cents: i64,
    /// `YYYY-MM-DD`.
    pub due_by: String,
}

fn failure(e: impl std::fmt::Display) -> ActivityError {
    ActivityError::from(anyhow::anyhow!("{e}"))
}

#[activities]
impl CancellationActivities {
    /// The purchase's status and payment time.
    #[activity(name = "purchase_terms")]
    pub async fn purchase_terms(self: Arc<Self>, ctx: ActivityContext, policy_id: String) -> Result<PurchaseTerms, ActivityError> {
        crate::metrics::observe(&ctx, "purchase_terms", async {
            let policy = self.store.policy(&policy_id).await?.context("policy")?;
            let payment = self.store.payment_for_policy(&policy_id).await?;
            Ok(PurchaseTerms { status: policy.status, paid_at: payment.map(|p| p.paid_at) })
        })
        .await
    }

    /// Cancels within the money-back period: voids the provider's contract, refunds what remains
    /// of every charge for it (one refund per charge, by idempotency key), writes each refund and
    /// the cancellation on the timeline and marks the purchase cancelled. Returns the payment's
    /// cents (what the member gets back).
    #[activity(name = "cancel_purchase")]
    pub async fn cancel_purchase(self: Arc<Self>, ctx: ActivityContext, input: Cancel) -> Result<i64, ActivityError> {
        crate::metrics::observe(&ctx, "cancel_purchase", async {
            let policy = self.store.policy(&input.policy_id).await?.context("policy")?;
            let contract = policy.contract_number.clone().context("a paid purchase has a contract number")?;
            self.provider.void(&contract).await.map_err(failure)?;
            let paid = self.store.payment_for_policy(&input.policy_id).await?.context("payment of the policy")?;
            for charge in self.gateway.charges_for(&contract).await.map_err(failure)? {
                let remaining = charge.amount - charge.refunded_amount;
                if remaining > 0 {
                    let refund = self
                        .gateway
                        .refund(
                            &charge.tracking_number,
                            remaining,
                            "cancelled within the money-back period",
                            &format!("cancel-{}", charge.tracking_number),
                        )
                        .await
                        .map_err(failure)?;
                    self.store
                        .record_policy_event(
                            &input.policy_id,
                            &format!("refund:{}", charge.tracking_number),
                            Some(&format!(
                                "{} {} refunded (cancelled within the money-back period)",
                                refund.refund_id,
                                Cents(refund.amount).dollar_sign()
                            )),
                            "workflow",
                        )
                        .await?;
                }
            }
            if policy.status != PurchaseStatus::Cancelled {
                let detail = format!(
                    "cancelled by the {} within the {MONEY_BACK_DAYS}-day money-back period",
                    match &input.by {
                        CancelledBy::Member => "member".to_string(),
                        CancelledBy::Support(name) => format!("support staff ({name})"),
                    }
                );
                self.store.set_policy_status(&input.policy_id, PurchaseStatus::Cancelled, Some(&detail), &input.by.actor()).await?;
                crate::metrics::PURCHASE_OUTCOMES.with_label_values(&[PurchaseStatus::Cancelled.as_str()]).inc();
            }
            Ok(paid.amount_cents)
        })
        .await
    }

    /// Cancels under the state rules: records the refund as the member's state works it out (the
    /// first record stands: a retry pays what was recorded), voids the provider's contract, refunds
    /// the card within the free look (the payment's charge up to the refund, any other charge in
    /// full: it was never owed), and marks the purchase cancelled. A check refund stays unpaid until
    /// support records the check.
    #[activity(name = "cancel_under_state_rules")]
    pub async fn cancel_under_state_rules(
        self: Arc<Self>,
        ctx: ActivityContext,
        input: CancelUnderRules,
    ) -> Result<RefundOutcome, ActivityError> {
        crate::metrics::observe(&ctx, "cancel_under_state_rules", async {
            let purchase = PolicyDetails::load(&self.store, &input.policy_id).await?;
            let refund = match self.store.refund(&input.policy_id).await? {
                Some(refund) => refund,
                None => {
                    // The API checked the reading; one below the sale's (support, a hand-made call) counts as none.
                    let quoted = StateQuote::of(&self.rules, &purchase, input.requested_at, input.odometer_now)
                        .or_else(|_| StateQuote::of(&self.rules, &purchase, input.requested_at, None))
                        .map_err(|e| {
                            ActivityError::application(
                                temporalio_sdk::ApplicationFailure::builder(e.to_string()).non_retryable(true).build(),
                            )
                        })?;
                    let q = &quoted.quote;
                    self.store
                        .record_refund(&coverline_store::RefundRecord {
                            policy_id: input.policy_id.clone(),
                            state: quoted.state.clone(),
                            method: method_name(q.method).into(),
                            refund_by: refund_by_name(q.refund_by).into(),
                            refund_cents: q.refund_cents,
                            fee_cents: q.fee_cents,
                            unearned_cents: q.unearned_cents,
                            odometer_now: input.odometer_now.map(i64::from),
                            requested_at: input.requested_at,
                            due_by: q.due_by.to_string(),
                            source: quoted.rules.source.clone(),
                            paid_at: None,
                            penalty_cents: 0,
                            check_number: None,
                            paid_by: None,
                        })
                        .await?
                }
            };
            let contract = purchase.policy.contract_number.clone().context("a paid purchase has a contract number")?;
            self.provider.void(&contract).await.map_err(failure)?;
            let by_card = refund.refund_by == refund_by_name(RefundBy::Card);
            let payment_charge = purchase.payment.as_ref().map(|p| p.payment_id.clone()).unwrap_or_default();
            let mut charges = self.gateway.charges_for(&contract).await.map_err(failure)?;
            charges.sort_by_key(|c| c.tracking_number != payment_charge);
            for charge in charges {
                let remaining = charge.amount - charge.refunded_amount;
                let amount = if charge.tracking_number == payment_charge {
                    if !by_card {
                        continue;
                    }
                    // What this cancellation's key has not refunded yet is at most the refund.
                    refund.refund_cents.min(remaining)
                } else {
                    remaining
                };
                if amount <= 0 {
                    continue;
                }
                let reason = if charge.tracking_number == payment_charge {
                    "cancelled: refund under the state rules"
                } else {
                    "cancelled: a charge never owed"
                };
                let done = self
                    .gateway
                    .refund(&charge.tracking_number, amount, reason, &format!("cancel-{}", charge.tracking_number))
                    .await
                    .map_err(failure)?;
                self.store
                    .record_policy_event(
                        &input.policy_id,
                        &format!("refund:{}", charge.tracking_number),
                        Some(&format!("{} {} refunded to the card ({reason})", done.refund_id, Cents(done.amount).dollar_sign())),
                        "workflow",
                    )
                    .await?;
            }
            if by_card {
                self.store.mark_card_refund_paid(&input.policy_id).await?;
            }
            if purchase.policy.status != PurchaseStatus::Cancelled {
                let detail = format!(
                    "cancelled by the {who} under {state}'s rules ({method}): refund {amount} by {by}, due by {due}, fee {fee}",
                    who = match &input.by {
                        CancelledBy::Member => "member".to_string(),
                        CancelledBy::Support(name) => format!("support staff ({name})"),
                    },
                    state = refund.state,
                    method = refund.method,
                    amount = Cents(refund.refund_cents).dollar_sign(),
                    by = refund.refund_by,
                    due = refund.due_by,
                    fee = Cents(refund.fee_cents).dollar_sign(),
                );
                self.store.set_policy_status(&input.policy_id, PurchaseStatus::Cancelled, Some(&detail), &input.by.actor()).await?;
                crate::metrics::PURCHASE_OUTCOMES.with_label_values(&[PurchaseStatus::Cancelled.as_str()]).inc();
            }
            Ok(RefundOutcome {
                refund_by: if by_card { RefundBy::Card } else { RefundBy::Check },
                refund_cents: refund.refund_cents,
                due_by: refund.due_by.clone(),
            })
        })
        .await
    }

    /// Emails the member that the contract is cancelled and what was refunded (once).
    #[activity(name = "send_cancellation_email")]
    pub async fn send_cancellation_email(self: Arc<Self>, ctx: ActivityContext, input: Cancel) -> Result<(), ActivityError> {
        crate::metrics::observe(&ctx, "send_cancellation_email", async {
            const KIND: &str = "cancellation";
            if self.store.email_sent(&input.policy_id, KIND).await? {
                return Ok(());
            }
            let policy = self.store.policy(&input.policy_id).await?.context("policy")?;
            let institution = self.store.institution(&policy.institution_id).await?.context("institution of the policy")?;
            let payment = self.store.payment_for_policy(&input.policy_id).await?.context("payment of the policy")?;
            let language = self.store.user(&policy.user_id).await?.context("user of the policy")?.language;
            let contract = policy.contract_number.clone().unwrap_or_default();
            let product = institution.product_name_in(language);
            let text = match self.store.refund(&input.policy_id).await? {
                Some(refund) => refund_email_text(language, &institution, &contract, &payment, &refund, &self.rules),
                // Cancelled under the flat 30-day rule (a workflow started before the state rules).
                None => language.fill(
                    "emails.cancelled.flatBody",
                    &[
                        ("product", &product),
                        ("contract", &contract),
                        ("today", &language.long_date_at(coverline_store::now())),
                        ("days", &MONEY_BACK_DAYS.to_string()),
                        ("amount", &Cents(payment.amount_cents).dollar_sign()),
                        ("tracking", &payment.payment_id),
                        ("institution", &institution.name),
                    ],
                ),
            };
            let subject = language.fill("emails.cancelled.subject", &[("product", &product), ("contract", &contract)]);
            let sender = self.mailer.sender(&institution);
            let local = format!("{}.cancellation", input.policy_id);
            let message_id = self.mailer.send_notice(&sender, &policy.email, &subject, &local, &text, None).await?;
            self.store.record_email_sent(&input.policy_id, KIND, &message_id).await?;
            Ok(())
        })
        .await
    }

    /// Records a cancellation asked for after the money-back period: on the timeline, emailed to
    /// the institution's contact address (when it has one) and acknowledged to the member with the
    /// refund terms that apply. Each email goes out once.
    #[activity(name = "record_cancellation_request")]
    pub async fn record_cancellation_request(self: Arc<Self>, ctx: ActivityContext, input: Cancel) -> Result<(), ActivityError> {
        crate::metrics::observe(&ctx, "record_cancellation_request", async {
            let policy = self.store.policy(&input.policy_id).await?.context("policy")?;
            let institution = self.store.institution(&policy.institution_id).await?.context("institution of the policy")?;
            let payment = self.store.payment_for_policy(&input.policy_id).await?.context("payment of the policy")?;
            let user = self.store.user(&policy.user_id).await?.context("user of the policy")?;
            let contract = policy.contract_number.clone().unwrap_or_default();
            let deadline = long_date(money_back_deadline(payment.paid_at));
            if !self.store.policy_events(&input.policy_id).await?.iter().any(|e| e.kind == CANCELLATION_REQUESTED) {
                let detail = format!("asked after the money-back period (it ended on {deadline}); sent to the institution");
                self.store.record_policy_event(&input.policy_id, CANCELLATION_REQUESTED, Some(&detail), &input.by.actor()).await?;
            }
            let name = format!("{} {}", user.first_name.clone().unwrap_or_default(), user.last_name.clone().unwrap_or_default());
            let contact = institution.email_settings.contact_email.trim();
            let sender = self.mailer.sender(&institution);
            if !contact.is_empty() && !self.store.email_sent(&input.policy_id, "cancellationRequest:institution").await? {
                let text = format!(
                    "{name} ({email}) asks to cancel contract {contract} (policy {policy}), paid on {paid}: {amount}, \
                     tracking number {tracking}.\n\nThe {MONEY_BACK_DAYS}-day money-back period ended on {deadline}, so the \
                     refund follows your refund terms. Please contact the member.\n",
                    email = policy.email,
                    policy = policy.policy_id,
                    paid = long_date(payment.paid_at),
                    amount = Cents(payment.amount_cents).dollar_sign(),
                    tracking = payment.payment_id,
                );
                let local = format!("{}.cancellation-request.institution", input.policy_id);
                let subject = format!("Cancellation request: contract {contract}");
                let message_id = self.mailer.send_notice(&sender, contact, &subject, &local, &text, Some(&policy.email)).await?;
                self.store.record_email_sent(&input.policy_id, "cancellationRequest:institution", &message_id).await?;
            }
            if !self.store.email_sent(&input.policy_id, "cancellationRequest:member").await? {
                let language = user.language;
                let refund_text = institution.refund_text_in(language);
                let values = [
                    ("product", institution.product_name_in(language)),
                    ("contract", contract.clone()),
                    ("institution", institution.name.clone()),
                    ("days", MONEY_BACK_DAYS.to_string()),
                    ("deadline", language.long_date_at(money_back_deadline(payment.paid_at))),
                    ("refundText", refund_text),
                ];
                let values: Vec<(&str, &str)> = values.iter().map(|(name, value)| (*name, value.as_str())).collect();
                let text = language.fill("emails.cancellationRequest.body", &values);
                let local = format!("{}.cancellation-request.member", input.policy_id);
                let subject = language.fill("emails.cancellationRequest.subject", &values);
                let message_id = self.mailer.send_notice(&sender, &policy.email, &subject, &local, &text, None).await?;
                self.store.record_email_sent(&input.policy_id, "cancellationRequest:member", &message_id).await?;
            }
            Ok(())
        })
        .await
    }
}

/// `freeLook` / `proRata`, as stored.
pub fn method_name(method: RefundMethod) -> &'static str {
    match method {
        RefundMethod::FreeLook => "freeLook",
        RefundMethod::ProRata => "proRata",
    }
}

/// `card` / `check`, as stored.
pub fn refund_by_name(by: RefundBy) -> &'static str {
    match by {
        RefundBy::Card => "card",
        RefundBy::Check => "check",
    }
}

/// The member's email after a cancellation under the state rules, in `language`: the same figures
/// the page showed.
fn refund_email_text(
    language: Language,
    institution: &coverline_domain::institution::Institution,
    contract: &str,
    payment: &coverline_store::PaymentRecord,
    refund: &coverline_store::RefundRecord,
    rules: &CancellationTable,
) -> String {
    let due = time::Date::parse(&refund.due_by, time::macros::format_description!("[year]-[month]-[day]"))
        .map(|date| language.long_date(date))
        .unwrap_or_else(|_| refund.due_by.clone());
    let dollars = |cents: i64| Cents(cents).dollar_sign();
    let how = if refund.refund_by == refund_by_name(RefundBy::Card) {
        language.fill("emails.cancelled.toCard", &[("amount", &dollars(refund.refund_cents)), ("due", &due)])
    } else {
        language.fill("emails.cancelled.byCheck", &[("amount", &dollars(refund.refund_cents)), ("due", &due)])
    };
    let figures = if refund.method == method_name(RefundMethod::FreeLook) {
        language.fill("emails.cancelled.freeLook", &[("amount", &dollars(payment.amount_cents))])
    } else {
        language.fill(
            "emails.cancelled.proRata",
            &[
                ("paid", &dollars(payment.amount_cents)),
                ("unearned", &dollars(refund.unearned_cents)),
                ("fee", &dollars(refund.fee_cents)),
                ("refund", &dollars(refund.refund_cents)),
            ],
        )
    };
    let summary = rules
        .rules(&refund.state)
        .map(|r| language.fill("emails.cancelled.rules", &[("state", &r.name), ("summary", &r.summary(language))]))
        .unwrap_or_default();
    language.fill(
        "emails.cancelled.body",
        &[
            ("product", &institution.product_name_in(language)),
            ("contract", contract),
            ("figures", &figures),
            ("how", &how),
            ("rules", &summary),
            ("source", &refund.source),
            ("institution", &institution.name),
        ],
    )
}
