//! The Temporal activities of the checkout workflow before and around the purchase: open the
//! policy, email the verification code and the reminder (each with a 'continue your purchase'
//! link), and the payment confirmed server to server: a payment request for the card widget
//! (reusing an open one), the charges the gateway holds for a contract, and refunds.
//!
//! Like the purchase activities, each is idempotent and takes and returns ids and small values,
//! never personal data: the signed payment request (it names the payer) stays in the database.

use std::sync::Arc;

use anyhow::Context;
use coverline_store::{AlreadyExists, PaymentRequestRecord, PolicyRecord, Store};
use hmac::{Hmac, Mac};
use rand::RngCore;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use temporalio_macros::activities;
use temporalio_sdk::activities::{ActivityContext, ActivityError};

use crate::email::Mailer;
use crate::payments::{EXPERIENCE, Gateway, Payer, PaymentError, PaymentLine, RequestState, SignRequest};
use crate::purchase::{PolicyDetails, VerifiedPayment};

/// A verification code lives this long (seconds).
pub const CODE_TTL_SECS: i64 = 600;
/// A 'continue your purchase' link lives this long (seconds): 7 days.
pub const RESUME_LINK_TTL_SECS: i64 = 7 * 24 * 3600;

/// SHA-256 of a verification code with its user (what `verification_codes` keeps).
pub fn code_hash(user_id: &str, code: &str) -> String {
    hex::encode(Sha256::digest(format!("{user_id}:{code}").as_bytes()))
}

/// SHA-256 of a resume link's token or a restore key, hex.
pub fn secret_hash(secret: &str) -> String {
    hex::encode(Sha256::digest(secret.as_bytes()))
}

/// A fresh 256-bit secret, base64url (resume links, restore keys).
pub fn new_secret() -> String {
    use base64::Engine;
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

/// The page a resume link opens: `{public}/{institution}/resume/{token}`.
pub fn resume_url(public_url: &str, institution_id: &str, token: &str) -> String {
    format!("{}/{institution_id}/resume/{token}", public_url.trim_end_matches('/'))
}

/// The token of a member's unsubscribe link: HMAC-SHA256 of the signing key over the institution
/// and the member (hex). It never expires (a reminder read months later still stops them), names
/// no address, and is checked in constant time ([`unsubscribe_token_matches`]).
pub fn unsubscribe_token(signing_key: &[u8], institution_id: &str, user_id: &str) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(signing_key).expect("HMAC takes any key length");
    mac.update(format!("unsubscribe:{institution_id}:{user_id}").as_bytes());
    hex::encode(mac.finalize().into_bytes())
}

/// Whether `token` is the member's unsubscribe token.
pub fn unsubscribe_token_matches(signing_key: &[u8], institution_id: &str, user_id: &str, token: &str) -> bool {
    let Ok(given) = hex::decode(token.trim()) else { return false };
    let mut mac = Hmac::<Sha256>::new_from_slice(signing_key).expect("HMAC takes any key length");
    mac.update(format!("unsubscribe:{institution_id}:{user_id}").as_bytes());
    mac.verify_slice(&given).is_ok()
}

/// The member's one-click unsubscribe URL (RFC 8058: `List-Unsubscribe` plus
/// `List-Unsubscribe-Post`; the same URL opened in a browser shows a page with one button).
pub fn unsubscribe_url(public_url: &str, signing_key: &[u8], institution_id: &str, user_id: &str) -> String {
    format!(
        "{}/api/institution/{institution_id}/unsubscribe/{user_id}?token={}",
        public_url.trim_end_matches('/'),
        unsubscribe_token(signing_key, institution_id, user_id)
    )
}

/// What the checkout activities reach.
pub struct CheckoutActivities {
    pub store: Store,
    pub mailer: Mailer,
    pub gateway: Gateway,
    /// Derives each send's verification code, so a retried send emails the same code.
    pub signing_key: Vec<u8>,
    /// Where members load the app (links in emails; the payment widget's parent page).
    pub public_url: String,
}

/// Input of `open_policy`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OpenPolicy {
    pub user_id: String,
    pub quote_id: String,
    pub rate_id: String,
    pub car_id: String,
    pub workflow_id: String,
}

/// Input of `send_verification_code`: the checkout's send number (1, 2, ...) and when the member
/// asked for it (UTC unix seconds, the API's clock: the code lives 10 minutes from then).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SendCode {
    pub user_id: String,
    pub send_no: u32,
    pub asked_at: i64,
}

/// Input of `prepare_payment_request`: the requests the workflow signed before, oldest first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PreparePayment {
    pub policy_id: String,
    pub known_requests: Vec<String>,
}

/// A charge the gateway approved for a contract.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ChargeSeen {
    pub tracking_number: String,
    /// Cents.
    pub amount: i64,
    pub apply_funds_to: String,
    /// UTC unix seconds.
    pub paid_at: i64,
    /// Cents already refunded.
    #[serde(default)]
    pub refunded_amount: i64,
}

impl ChargeSeen {
    /// The payment of `policy_id` this charge would be.
    pub fn payment(&self, policy_id: &str) -> VerifiedPayment {
        VerifiedPayment {
            policy_id: policy_id.to_string(),
            tracking_number: self.tracking_number.clone(),
            amount: self.amount,
            apply_funds_to: self.apply_funds_to.clone(),
            paid_at: self.paid_at,
        }
    }
}

/// What `prepare_payment_request` found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum PaymentRequestAnswer {
    /// The contract is already charged: no request is made.
    Charged { charges: Vec<ChargeSeen> },
    /// The request to pay with: an open one reused, or a new one.
    Open { request_id: String, expires_at: i64, reused: bool },
}

/// Why a charge is refunded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum RefundReason {
    /// The contract was already paid by another charge.
    SecondCharge,
    /// The contract was voided (not paid in time) before this charge reached Coverline.
    ContractVoided,
    /// The charge does not match the contract's amount.
    AmountMismatch,
}

impl RefundReason {
    fn as_str(self) -> &'static str {
        match self {
            Self::SecondCharge => "second charge for a paid contract",
            Self::ContractVoided => "charge for a voided contract",
            Self::AmountMismatch => "charge that does not match the contract",
        }
    }
}

/// Input of `refund_charge`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RefundCharge {
    pub policy_id: String,
    pub tracking_number: String,
    /// Cents to refund (what remains of the charge).
    pub amount: i64,
    pub reason: RefundReason,
}

fn gateway_failure(e: PaymentError) -> ActivityError {
    ActivityError::from(anyhow::anyhow!("{e}"))
}

impl CheckoutActivities {
    /// The 6-digit code of a user's send: HMAC of the signing key, so a retried send emails the same code.
    fn code_for(&self, user_id: &str, send_no: u32) -> String {
        let mut mac = Hmac::<Sha256>::new_from_slice(&self.signing_key).expect("HMAC takes any key length");
        mac.update(format!("verification-code:{user_id}:{send_no}").as_bytes());
        let bytes = mac.finalize().into_bytes();
        let n = u32::from_be_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]) % 1_000_000;
        format!("{n:06}")
    }

    /// A fresh resume link for `user_id`, stored hashed; its URL.
    async fn resume_link(&self, user_id: &str, institution_id: &str, purpose: &str) -> anyhow::Result<String> {
        let token = new_secret();
        let expires_at = coverline_store::now() + RESUME_LINK_TTL_SECS;
        self.store.insert_resume_link(&secret_hash(&token), user_id, purpose, expires_at).await?;
        Ok(resume_url(&self.public_url, institution_id, &token))
    }

    /// Every charge the gateway holds for the policy's contract.
    async fn charges(&self, policy: &PolicyRecord) -> Result<Vec<ChargeSeen>, ActivityError> {
        let Some(contract) = &policy.contract_number else { return Ok(Vec::new()) };
        let charges = self.gateway.charges_for(contract).await.map_err(gateway_failure)?;
        Ok(charges
            .into_iter()
            .map(|c| ChargeSeen {
                tracking_number: c.tracking_number,
                amount: c.amount,
                apply_funds_to: c.apply_funds_to,
                paid_at: c.paid_at,
                refunded_amount: c.refunded_amount,
            })
            .collect())
    }
}

#[activities]
impl CheckoutActivities {
    /// Creates the policy of the checkout's quote (or finds the one a lost attempt created).
    #[activity(name = "open_policy")]
    pub async fn open_policy(self: Arc<Self>, ctx: ActivityContext, input: OpenPolicy) -> Result<String, ActivityError> {
        crate::metrics::observe(&ctx, "open_policy", async {
            let user = self.store.user(&input.user_id).await?.context("user of the checkout")?;
            let candidate = PolicyRecord {
                policy_id: format!("pol_{}", &hex::encode(rand::random::<[u8; 12]>())),
                user_id: input.user_id.clone(),
                institution_id: user.institution_id.clone(),
                quote_id: input.quote_id.clone(),
                rate_id: input.rate_id.clone(),
                car_id: input.car_id.clone(),
                workflow_id: input.workflow_id.clone(),
                status: coverline_domain::lifecycle::PurchaseStatus::Booking,
                contract_number: None,
                last_error: None,
                email: user.email.clone(),
                created_at: 0,
                updated_at: 0,
                reference: None,
            };
            match self.store.insert_policy(&candidate).await? {
                Ok(_reference) => Ok(candidate.policy_id),
                Err(AlreadyExists) => Ok(self.store.policy_for_quote(&input.quote_id).await?.context("the quote's policy")?.policy_id),
            }
        })
        .await
    }

    /// Emails the code of send `send_no` to the member's current address with a resume link,
    /// unless that send already went out.
    #[activity(name = "send_verification_code")]
    pub async fn send_verification_code(self: Arc<Self>, ctx: ActivityContext, input: SendCode) -> Result<(), ActivityError> {
        crate::metrics::observe(&ctx, "send_verification_code", async {
            let kind = format!("code:{}", input.send_no);
            if self.store.member_email(&input.user_id, &kind).await?.is_some() {
                return Ok(());
            }
            let user = self.store.user(&input.user_id).await?.context("user of the checkout")?;
            let institution = self.store.institution(&user.institution_id).await?.context("institution of the user")?;
            let code = self.code_for(&input.user_id, input.send_no);
            let at = input.asked_at;
            self.store
                .put_verification_code(&input.user_id, &code_hash(&input.user_id, &code), &user.email, at + CODE_TTL_SECS, at)
                .await?;
            let link = self.resume_link(&input.user_id, &institution.institution_id, "code").await?;
            let sender = self.mailer.sender(&institution);
            let message_id =
                self.mailer.send_verification_code(&sender, user.language, &user.email, &code, &institution.name, &link).await?;
            self.store.record_member_email(&input.user_id, &kind, &message_id).await?;
            Ok(())
        })
        .await
    }

    /// Reminds a member who chose a coverage and did not pay, once, only when they consented to
    /// emails; returns whether it was sent.
    #[activity(name = "send_reminder")]
    pub async fn send_reminder(self: Arc<Self>, ctx: ActivityContext, user_id: String) -> Result<bool, ActivityError> {
        crate::metrics::observe(&ctx, "send_reminder", async {
            if self.store.member_email(&user_id, "reminder").await?.is_some() {
                return Ok(true);
            }
            let user = self.store.user(&user_id).await?.context("user of the checkout")?;
            if !user.consents_to_solicit {
                return Ok(false);
            }
            let institution = self.store.institution(&user.institution_id).await?.context("institution of the user")?;
            if institution.email_settings.postal_address.trim().is_empty() {
                // A promotional email must carry the sender's postal address (CAN-SPAM): none, no reminder.
                tracing::warn!(institution = %institution.institution_id, "no postal address: the reminder is not sent");
                return Ok(false);
            }
            let link = self.resume_link(&user_id, &institution.institution_id, "reminder").await?;
            let unsubscribe = unsubscribe_url(&self.public_url, &self.signing_key, &institution.institution_id, &user_id);
            let product_name = institution.product_name_in(user.language);
            let reminder = crate::email::Reminder {
                language: user.language,
                institution_name: &institution.name,
                product_name: &product_name,
                continue_link: &link,
                unsubscribe_url: &unsubscribe,
                postal_address: &institution.email_settings.postal_address,
            };
            let message_id = self.mailer.send_reminder(&self.mailer.sender(&institution), &user.email, &reminder).await?;
            self.store.record_member_email(&user_id, "reminder", &message_id).await?;
            Ok(true)
        })
        .await
    }

    /// The request the member pays with, asking the gateway first: the contract's charges (any
    /// found means it is paid: no new request), then the known requests, newest first (one still
    /// open is reused); only when none can be charged any more is a new one signed.
    #[activity(name = "prepare_payment_request")]
    pub async fn prepare_payment_request(
        self: Arc<Self>,
        ctx: ActivityContext,
        input: PreparePayment,
    ) -> Result<PaymentRequestAnswer, ActivityError> {
        crate::metrics::observe(&ctx, "prepare_payment_request", async {
            let purchase = PolicyDetails::load(&self.store, &input.policy_id).await?;
            let charges = self.charges(&purchase.policy).await?;
            if !charges.is_empty() {
                return Ok(PaymentRequestAnswer::Charged { charges });
            }
            for request_id in input.known_requests.iter().rev() {
                let status = self.gateway.request_status(request_id).await.map_err(gateway_failure)?;
                match status.state {
                    RequestState::Open => {
                        return Ok(PaymentRequestAnswer::Open {
                            request_id: request_id.clone(),
                            expires_at: status.expires_at,
                            reused: true,
                        });
                    }
                    RequestState::Charged => {
                        // A charge by request the contract search missed (it just landed): report it.
                        let charges = self.charges(&purchase.policy).await?;
                        if !charges.is_empty() {
                            return Ok(PaymentRequestAnswer::Charged { charges });
                        }
                        return Err(anyhow::anyhow!("payment request {request_id} is charged but its charge is not listed yet").into());
                    }
                    RequestState::Expired => {}
                }
            }
            let user = &purchase.user;
            let request = SignRequest {
                experience: EXPERIENCE.to_string(),
                user: Payer {
                    first_name: user.first_name.clone().unwrap_or_default(),
                    last_name: user.last_name.clone().unwrap_or_default(),
                    email_address: user.email.clone(),
                    address: user.street.clone().unwrap_or_default(),
                    city: user.city.clone().unwrap_or_default(),
                    state: user.state.clone().unwrap_or_default(),
                    zip_code: user.zip.clone().unwrap_or_default(),
                },
                payment_information: vec![PaymentLine {
                    amount: purchase.total().0,
                    apply_funds_to: purchase.policy.contract_number.clone().context("a booked contract")?,
                    kind: purchase.institution.product_name_in(user.language),
                }],
                payment_account_id: purchase.institution.entity_id.clone(),
                locale: Some(user.language.tag().to_string()),
            };
            let signed = self.gateway.sign(&request, &self.public_url).await.map_err(gateway_failure)?;
            self.store
                .insert_payment_request(&PaymentRequestRecord {
                    request_id: signed.request_id.clone(),
                    policy_id: input.policy_id.clone(),
                    signed_request: signed.signed_request.clone(),
                    amount_cents: purchase.total().0,
                    expires_at: signed.expires_at,
                    created_at: 0,
                })
                .await?;
            Ok(PaymentRequestAnswer::Open { request_id: signed.request_id, expires_at: signed.expires_at, reused: false })
        })
        .await
    }

    /// Every charge the gateway holds for the policy's contract (the workflow's own look-up while
    /// it waits for the payment, and before it voids).
    #[activity(name = "check_payments")]
    pub async fn check_payments(self: Arc<Self>, ctx: ActivityContext, policy_id: String) -> Result<Vec<ChargeSeen>, ActivityError> {
        crate::metrics::observe(&ctx, "check_payments", async {
            let policy = self.store.policy(&policy_id).await?.context("policy")?;
            self.charges(&policy).await
        })
        .await
    }

    /// Refunds a charge through the gateway (idempotently: one refund per charge), writes it on
    /// the purchase's timeline and tells the member.
    #[activity(name = "refund_charge")]
    pub async fn refund_charge(self: Arc<Self>, ctx: ActivityContext, input: RefundCharge) -> Result<(), ActivityError> {
        crate::metrics::observe(&ctx, "refund_charge", async {
            let kind = format!("refund:{}", input.tracking_number);
            if input.amount > 0 {
                let reason = input.reason.as_str();
                let refund = self
                    .gateway
                    .refund(&input.tracking_number, input.amount, reason, &format!("refund-{}", input.tracking_number))
                    .await
                    .map_err(gateway_failure)?;
                self.store
                    .record_policy_event(
                        &input.policy_id,
                        &kind,
                        Some(&format!("{} {} refunded ({reason})", refund.refund_id, coverline_domain::Cents(refund.amount).dollar_sign())),
                        "workflow",
                    )
                    .await?;
            }
            if self.store.email_sent(&input.policy_id, &kind).await? {
                return Ok(());
            }
            let policy = self.store.policy(&input.policy_id).await?.context("policy")?;
            let institution = self.store.institution(&policy.institution_id).await?.context("institution of the policy")?;
            let language = self.store.user(&policy.user_id).await?.context("user of the policy")?.language;
            let contract = policy.contract_number.clone().unwrap_or_default();
            let amount = coverline_domain::Cents(input.amount).dollar_sign();
            let key = match input.reason {
                RefundReason::SecondCharge => "emails.refund.secondCharge",
                RefundReason::ContractVoided => "emails.refund.contractVoided",
                RefundReason::AmountMismatch => "emails.refund.amountMismatch",
            };
            let explanation = language.fill(key, &[("contract", &contract), ("amount", &amount), ("tracking", &input.tracking_number)]);
            let local = format!("{}.{}", input.policy_id, kind.replace(':', "."));
            let sender = self.mailer.sender(&institution);
            let message_id =
                self.mailer.send_refund_notice(&sender, language, &policy.email, &institution.name, &local, &explanation).await?;
            self.store.record_email_sent(&input.policy_id, &kind, &message_id).await?;
            Ok(())
        })
        .await
    }
}
