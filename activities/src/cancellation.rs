//! The activities of a cancellation (`CancellationWorkflow`): what the purchase is and when it was
//! paid, cancelling it within the money-back period (void the provider's contract, refund every
//! charge the gateway holds for it, mark it cancelled, email the member), and recording a request
//! made after the period (on the timeline, emailed to the institution and acknowledged to the member).
//!
//! Each is idempotent: the provider's void is, each refund carries its own idempotency key, and an
//! email goes out once per kind (`policy_emails`).

use std::sync::Arc;

use anyhow::Context;
use coverline_domain::Cents;
use coverline_domain::cancellation::money_back_deadline;
use coverline_domain::lifecycle::PurchaseStatus;
use coverline_domain::product::limits::MONEY_BACK_DAYS;
use coverline_domain::quote::format_long_date_at as long_date;
use coverline_store::Store;
use serde::{Deserialize, Serialize};
use temporalio_macros::activities;
use temporalio_sdk::activities::{ActivityContext, ActivityError};

use crate::booking::ProviderExchange;
use crate::documents::DEFAULT_REFUND_TEXT;
use crate::email::Mailer;
use crate::payments::Gateway;

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

/// The cancellation activities: the database, the provider, the gateway and the mailer.
pub struct CancellationActivities {
    pub store: Store,
    pub provider: ProviderExchange,
    pub gateway: Gateway,
    pub mailer: Mailer,
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
            let contract = policy.contract_number.clone().unwrap_or_default();
            let text = format!(
                "Your {product}, contract number {contract}, was cancelled on {today} at your request, within the \
                 {MONEY_BACK_DAYS}-day money-back period.\n\nThe full amount you paid, {amount} (tracking number {tracking}), \
                 is being refunded to the card you paid with. Allow up to 5 business days for it to appear.\n\n\
                 Questions? Contact {inst}.\n",
                product = institution.product_name(),
                today = long_date(coverline_store::now()),
                amount = Cents(payment.amount_cents).dollar_sign(),
                tracking = payment.payment_id,
                inst = institution.name,
            );
            let message_id = format!("<{}.cancellation@coverline>", input.policy_id);
            let subject = format!("Your {} is cancelled ({contract})", institution.product_name());
            self.mailer.send_notice(&policy.email, &subject, &message_id, &text, None).await?;
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
                let message_id = format!("<{}.cancellation-request.institution@coverline>", input.policy_id);
                self.mailer
                    .send_notice(contact, &format!("Cancellation request: contract {contract}"), &message_id, &text, Some(&policy.email))
                    .await?;
                self.store.record_email_sent(&input.policy_id, "cancellationRequest:institution", &message_id).await?;
            }
            if !self.store.email_sent(&input.policy_id, "cancellationRequest:member").await? {
                let refund_text =
                    institution.application_settings.institution_refund_text.clone().unwrap_or_else(|| DEFAULT_REFUND_TEXT.to_string());
                let text = format!(
                    "We received your request to cancel your {product}, contract number {contract}, and sent it to {inst}, \
                     who will contact you.\n\nThe {MONEY_BACK_DAYS}-day money-back period ended on {deadline}. Your refund \
                     terms: {refund_text}\n",
                    product = institution.product_name(),
                    inst = institution.name,
                );
                let message_id = format!("<{}.cancellation-request.member@coverline>", input.policy_id);
                self.mailer
                    .send_notice(&policy.email, &format!("Your cancellation request ({contract})"), &message_id, &text, None)
                    .await?;
                self.store.record_email_sent(&input.policy_id, "cancellationRequest:member", &message_id).await?;
            }
            Ok(())
        })
        .await
    }
}
