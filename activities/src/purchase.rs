//! The Temporal activities of a checkout's purchase: booking, status, payment, contract, emails and
//! voiding. Each is idempotent: a retry after a crash or a timeout finds its earlier effect (the
//! provider's idempotency key, UNIQUE rows, the email delivery record) instead of doing it twice.
//! Inputs and outputs are ids and small values, never PII.

use std::sync::Arc;

use anyhow::Context;
use coverline_domain::contact::format_phone;
use coverline_domain::institution::Institution;
use coverline_domain::language::{Language, MessageValue};
use coverline_domain::lifecycle::PurchaseStatus;
use coverline_domain::money::{Cents, group_thousands};
use coverline_domain::quote::{RatePrice, coverage_expiration_date, format_us_date, subtotal};
use coverline_store::{CarRecord, PaymentRecord, PolicyRecord, QuoteRecord, RateRecord, Store, UserRecord};
use serde::{Deserialize, Serialize};
use temporalio_macros::activities;
use temporalio_sdk::ApplicationFailure;
use temporalio_sdk::activities::{ActivityContext, ActivityError};
use time::OffsetDateTime;

use crate::booking::{BookingError, ContractRequest, ProviderExchange};
use crate::documents::{ContactNumbers, ContractDocument, ContractRenderer, CoveredComponent, PlanTexts, contract_texts};
use crate::email::{Mailer, PurchaseEmail};

/// Failure type of a booking the provider refused: the workflow does not retry it.
pub const BOOKING_REJECTED: &str = "BookingRejected";

/// Input of `book_contract`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BookContract {
    pub policy_id: String,
    /// The provider's idempotency key: the workflow id.
    pub idempotency_key: String,
    /// Which booking round this is (1, then 1 more per retry the member or support asked for).
    pub round: u32,
}

/// Input of `record_booking`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RecordBooking {
    pub policy_id: String,
    pub contract_number: String,
}

/// Input of `void_purchase`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct VoidPurchase {
    pub policy_id: String,
    /// Why, for the timeline.
    pub reason: String,
}

/// Output of `book_contract`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Booked {
    pub contract_number: String,
}

/// Input of `set_status`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SetStatus {
    pub policy_id: String,
    pub status: PurchaseStatus,
    pub reason: Option<String>,
}

/// A charge the gateway approved, as the workflow records it as the policy's payment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct VerifiedPayment {
    pub policy_id: String,
    pub tracking_number: String,
    /// Cents.
    pub amount: i64,
    pub apply_funds_to: String,
    /// UTC unix seconds.
    pub paid_at: i64,
}

/// Which purchase email.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum PurchaseEmailKind {
    Receipt,
    Contract,
}

impl PurchaseEmailKind {
    fn as_str(self) -> &'static str {
        match self {
            Self::Receipt => "receipt",
            Self::Contract => "contract",
        }
    }
}

/// Input of `send_purchase_email`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SendPurchaseEmail {
    pub policy_id: String,
    pub kind: PurchaseEmailKind,
}

/// What the activities reach: the database, the provider, the mailer, the renderer.
pub struct PurchaseActivities {
    pub store: Store,
    pub provider: ProviderExchange,
    pub mailer: Mailer,
    pub renderer: ContractRenderer,
    pub plan_texts: Arc<PlanTexts>,
    /// Cancellation and refunds by state, printed on the contract.
    pub cancellation_rules: Arc<coverline_domain::cancellation::CancellationTable>,
    /// Who owes each provider's coverage, printed on the contract.
    pub obligors: Arc<coverline_domain::obligor::Obligors>,
    /// The provider's dealer id for this Coverline installation.
    pub dealer_id: String,
    /// Where members load the app (links in emails).
    pub public_url: String,
}

/// Everything stored about one policy: its quote, rate, car, member, institution and payment.
#[derive(Debug, Clone)]
pub struct PolicyDetails {
    pub policy: PolicyRecord,
    pub quote: QuoteRecord,
    pub rate: RateRecord,
    pub car: CarRecord,
    pub user: UserRecord,
    pub institution: Institution,
    pub payment: Option<PaymentRecord>,
}

impl PolicyDetails {
    /// Loads a purchase by policy id.
    pub async fn load(store: &Store, policy_id: &str) -> anyhow::Result<Self> {
        let policy = store.policy(policy_id).await?.with_context(|| format!("policy {policy_id} not found"))?;
        let quote = store.quote(&policy.user_id, &policy.quote_id).await?.context("quote of policy")?;
        let rate = store.rates(&quote.quote_id).await?.into_iter().find(|r| r.rate_id == policy.rate_id).context("rate of policy")?;
        let car = store.car(&policy.user_id, &policy.car_id).await?.context("car of policy")?;
        let user = store.user(&policy.user_id).await?.context("user of policy")?;
        let institution = store.institution(&policy.institution_id).await?.context("institution of policy")?;
        let payment = store.payment_for_policy(policy_id).await?;
        Ok(Self { policy, quote, rate, car, user, institution, payment })
    }

    /// The bought rate's price and tax.
    pub fn price(&self) -> RatePrice {
        RatePrice { before_tax: Cents(self.rate.price_cents), tax: Cents(self.rate.tax_cents) }
    }

    /// What the member pays: the rate's unformatted rate, tax included (spec section 9).
    pub fn total(&self) -> Cents {
        self.price().unformatted_rate()
    }

    /// The provider that priced the bought rate and books it (a quote can mix providers).
    pub fn provider(&self) -> &str {
        self.rate.provider.as_deref().unwrap_or(&self.quote.provider)
    }

    /// `2022 Kia Sorento LX`.
    pub fn car_display(&self) -> String {
        vehicle_name(&self.car)
    }

    /// The date coverage starts: the payment date, else the booking day.
    pub fn start_date(&self) -> time::Date {
        let at = self.payment.as_ref().map_or(self.policy.created_at, |p| p.paid_at);
        OffsetDateTime::from_unix_timestamp(at).unwrap_or_else(|_| OffsetDateTime::now_utc()).date()
    }

    /// The receipt's and the contract email's fields, in the member's language; `public_url` is
    /// where members load the app.
    pub fn email(&self, public_url: &str) -> anyhow::Result<PurchaseEmail> {
        let payment = self.payment.as_ref().context("purchase emails need the payment")?;
        let has_tax = self.rate.tax_cents > 0;
        let language = self.user.language;
        let terms = self.terms();
        let expires = coverage_expiration_date(terms.start, self.rate.months as u16);
        Ok(PurchaseEmail {
            language,
            policy_id: self.policy.policy_id.clone(),
            to: self.policy.email.clone(),
            first_name: self.user.first_name.clone().unwrap_or_default(),
            institution_name: self.institution.name.clone(),
            institution_phone: format_phone(&self.institution.branding.phone_number).unwrap_or_default(),
            product_name: self.institution.product_name_in(language),
            contract_number: self.policy.contract_number.clone().context("contract number")?,
            vehicle: self.car_display(),
            vin: self.car.vin.clone(),
            coverage_name: self.rate.coverage_name.clone(),
            term: language.fill(
                "emails.purchase.term",
                &[("months", &self.rate.months.to_string()), ("miles", &group_thousands(self.rate.miles as u64))],
            ),
            deductible: Cents(self.rate.deductible_cents).dollar_sign(),
            payment_id: payment.payment_id.clone(),
            // English keeps the receipt's MM/DD/YYYY; Spanish reads the day first, so it is written out.
            payment_date: match language {
                Language::En => format_us_date(self.start_date()),
                _ => language.long_date(self.start_date()),
            },
            coverage_ends: language
                .fill("emails.purchase.coverageEnds", &[("date", &language.long_date(expires)), ("miles", &terms.odometer_at_expiry())]),
            // The payment's amounts always with cents, as the confirmation page writes them.
            subtotal: subtotal(self.total(), Cents(self.rate.tax_cents)).dollar_sign_with_cents(),
            sales_tax: has_tax.then(|| Cents(self.rate.tax_cents).dollar_sign_with_cents()),
            total: self.total().dollar_sign_with_cents(),
            primary_color: self.institution.branding.colors.primary.clone(),
            cta_color: self.institution.branding.colors.cta.clone(),
            contract_link: self.contract_link(public_url),
        })
    }

    /// What the bought contract says (its printed fields, its expiry), in the member's language.
    fn terms(&self) -> ContractTerms<'_> {
        self.terms_in(self.user.language)
    }

    /// [`PolicyDetails::terms`] in `language`.
    fn terms_in(&self, language: Language) -> ContractTerms<'_> {
        ContractTerms {
            language,
            institution: &self.institution,
            user: &self.user,
            car: &self.car,
            rate: &self.rate,
            provider: self.provider(),
            email: &self.policy.email,
            start: self.start_date(),
        }
    }

    /// The member's find-your-contract page of this purchase.
    pub fn contract_link(&self, public_url: &str) -> String {
        format!(
            "{}/{}/user/{}/policy/{}",
            public_url.trim_end_matches('/'),
            self.institution.institution_id,
            self.user.user_id,
            self.policy.policy_id
        )
    }
}

fn booking_failure(err: BookingError) -> ActivityError {
    match err {
        BookingError::Rejected(msg) => {
            ActivityError::application(ApplicationFailure::builder(msg).type_name(BOOKING_REJECTED.to_string()).non_retryable(true).build())
        }
        BookingError::Unavailable(msg) => ActivityError::application(ApplicationFailure::new(msg)),
    }
}

#[activities]
impl PurchaseActivities {
    /// Books the contract with the provider (idempotency key = workflow id) and records its number.
    #[activity(name = "book_contract")]
    pub async fn book_contract(self: Arc<Self>, ctx: ActivityContext, input: BookContract) -> Result<Booked, ActivityError> {
        crate::metrics::observe(&ctx, "book_contract", async {
            let purchase = PolicyDetails::load(&self.store, &input.policy_id).await?;
            tracing::info!(workflow_id = %input.idempotency_key, attempt = ctx.info().attempt, "booking contract");
            // The test switch fails the first round only, so both answers to the retry dialog can be shown.
            if purchase.institution.testing_settings.policy_post_error_test && input.round <= 1 {
                return Err(booking_failure(BookingError::Rejected("policy post error forced by the institution's test switch".into())));
            }
            let request = ContractRequest {
                provider: purchase.provider().to_string(),
                dealer_id: self.dealer_id.clone(),
                quote_id: purchase.quote.quote_id.clone(),
                rate_id: purchase.rate.rate_id.clone(),
                coverage_name: purchase.rate.coverage_name.clone(),
                coverage_months: purchase.rate.months as u16,
                coverage_miles: purchase.rate.miles as u32,
                deductible_cents: purchase.rate.deductible_cents,
                price_cents: purchase.rate.price_cents,
                vin: purchase.car.vin.clone(),
                odometer: purchase.car.odometer.0,
                customer_first_name: purchase.user.first_name.clone().unwrap_or_default(),
                customer_last_name: purchase.user.last_name.clone().unwrap_or_default(),
                customer_state: purchase.quote.state.clone(),
            };
            let booked = self.provider.book(&input.idempotency_key, &request).await.map_err(booking_failure)?;
            // The workflow may never hear of this attempt (a worker killed after the provider
            // answered): keep the contract number, for voiding, but do not tell the member the
            // purchase is booked until the workflow has accepted it (`record_booking`).
            self.store.note_contract_number(&input.policy_id, &booked.contract_number).await?;
            Ok(Booked { contract_number: booked.contract_number })
        })
        .await
    }

    /// Sets the policy's status in the read model (booking failed, fulfilled, voided).
    #[activity(name = "set_status")]
    pub async fn set_status(self: Arc<Self>, ctx: ActivityContext, input: SetStatus) -> Result<(), ActivityError> {
        crate::metrics::observe(&ctx, "set_status", async {
            self.store.set_policy_status(&input.policy_id, input.status, input.reason.as_deref(), "workflow").await?;
            if matches!(input.status, PurchaseStatus::Fulfilled | PurchaseStatus::Voided | PurchaseStatus::BookingFailed) {
                crate::metrics::PURCHASE_OUTCOMES.with_label_values(&[input.status.as_str()]).inc();
            }
            Ok(())
        })
        .await
    }

    /// Records the payment and marks the policy paid, once; answers false (recording nothing) for
    /// a charge whose amount or contract does not match the policy, which the workflow refunds.
    #[activity(name = "record_payment")]
    pub async fn record_payment(self: Arc<Self>, ctx: ActivityContext, input: VerifiedPayment) -> Result<bool, ActivityError> {
        crate::metrics::observe(&ctx, "record_payment", async {
            let purchase = PolicyDetails::load(&self.store, &input.policy_id).await?;
            let contract = purchase.policy.contract_number.clone().unwrap_or_default();
            if input.amount != purchase.total().0 || input.apply_funds_to != contract {
                tracing::error!(tracking = %input.tracking_number, amount = input.amount, expected = purchase.total().0, "a charge does not match its contract");
                return Ok(false);
            }
            let (_, recorded) = self
                .store
                .record_payment(&PaymentRecord {
                    payment_id: input.tracking_number,
                    policy_id: input.policy_id,
                    amount_cents: input.amount,
                    tax_cents: purchase.rate.tax_cents,
                    paid_at: input.paid_at,
                })
                .await?;
            if recorded {
                crate::metrics::FUNNEL_PURCHASES.with_label_values(&[&purchase.policy.institution_id]).inc();
            }
            Ok(true)
        })
        .await
    }

    /// Renders the contract PDF and stores it (kept once: a retry keeps the first document).
    #[activity(name = "render_contract")]
    pub async fn render_contract(self: Arc<Self>, ctx: ActivityContext, policy_id: String) -> Result<(), ActivityError> {
        crate::metrics::observe(&ctx, "render_contract", async {
            if self.store.contract_document(&policy_id).await?.is_some() {
                return Ok(());
            }
            let purchase = PolicyDetails::load(&self.store, &policy_id).await?;
            let texts = ContractTexts { plans: &self.plan_texts, cancellation: &self.cancellation_rules, obligors: &self.obligors };
            let document = contract_document(&purchase, texts, purchase.user.language, &self.public_url)?;
            let pdf = self.renderer.render_async(document).await?;
            self.store.put_contract_document(&policy_id, &pdf).await?;
            Ok(())
        })
        .await
    }

    /// Sends the receipt or the contract copy, unless it already went out.
    #[activity(name = "send_purchase_email")]
    pub async fn send_purchase_email(self: Arc<Self>, ctx: ActivityContext, input: SendPurchaseEmail) -> Result<(), ActivityError> {
        crate::metrics::observe(&ctx, "send_purchase_email", async {
            let kind = input.kind.as_str();
            if self.store.email_sent(&input.policy_id, kind).await? {
                return Ok(());
            }
            let purchase = PolicyDetails::load(&self.store, &input.policy_id).await?;
            let email = purchase.email(&self.public_url)?;
            let sender = self.mailer.sender(&purchase.institution);
            let message_id = match input.kind {
                PurchaseEmailKind::Receipt => self.mailer.send_receipt(&sender, &email).await?,
                PurchaseEmailKind::Contract => {
                    let pdf = self.store.contract_document(&input.policy_id).await?.context("contract PDF not rendered yet")?;
                    self.mailer.send_contract(&sender, &email, pdf).await?
                }
            };
            self.store.record_email_sent(&input.policy_id, kind, &message_id).await?;
            self.store.record_policy_event(&input.policy_id, &format!("email:{kind}"), Some(&purchase.policy.email), "workflow").await?;
            Ok(())
        })
        .await
    }

    /// Marks the policy booked with its contract number, once the workflow accepted the booking.
    #[activity(name = "record_booking")]
    pub async fn record_booking(self: Arc<Self>, ctx: ActivityContext, input: RecordBooking) -> Result<(), ActivityError> {
        crate::metrics::observe(&ctx, "record_booking", async {
            self.store.record_booking(&input.policy_id, &input.contract_number).await?;
            Ok(())
        })
        .await
    }

    /// Voids the purchase: the provider's contract when one was booked (even by an attempt the
    /// workflow never heard back from), then the policy. `reason` goes on the timeline.
    #[activity(name = "void_purchase")]
    pub async fn void_purchase(self: Arc<Self>, ctx: ActivityContext, input: VoidPurchase) -> Result<(), ActivityError> {
        crate::metrics::observe(&ctx, "void_purchase", async {
            let policy = self.store.policy(&input.policy_id).await?.context("policy")?;
            if let Some(contract) = &policy.contract_number {
                self.provider.void(contract).await.map_err(booking_failure)?;
            }
            self.store.set_policy_status(&input.policy_id, PurchaseStatus::Voided, Some(&input.reason), "workflow").await?;
            crate::metrics::PURCHASE_OUTCOMES.with_label_values(&[PurchaseStatus::Voided.as_str()]).inc();
            Ok(())
        })
        .await
    }
}

/// The contract's "who to call" lines in `language`, formatted; a line without a number is left out.
fn contact_lines(n: &ContactNumbers, language: Language) -> Vec<CoveredComponent> {
    [
        ("general", &n.general),
        ("mechanicalBreakdown", &n.mechanical_breakdown),
        ("keyReplacement", &n.key_replacement),
        ("emergencyRoadside", &n.emergency_roadside),
    ]
    .into_iter()
    .filter_map(|(line, number)| {
        let number = number.as_deref().and_then(|d| format_phone(d).ok())?;
        Some(CoveredComponent { title: language.text(&format!("contract.contacts.{line}")).to_string(), text: number })
    })
    .collect()
}

/// Builds the contract's printed fields from a purchase, in `language` (the stored PDF: the
/// member's; their English version on demand). In another language than English it links the
/// English version at the member's find-your-contract page under `public_url`.
pub fn contract_document(
    p: &PolicyDetails,
    texts: ContractTexts<'_>,
    language: Language,
    public_url: &str,
) -> anyhow::Result<ContractDocument> {
    let issued = Issued {
        contract_number: p.policy.contract_number.clone().context("contract number")?,
        policy_reference: p.policy.shown_reference().to_string(),
        payment_id: p.payment.as_ref().map(|x| x.payment_id.clone()).unwrap_or_default(),
    };
    let mut document = p.terms_in(language).document(Some(issued), texts);
    document.english_version = (language != Language::En).then(|| p.contract_link(public_url));
    Ok(document)
}

/// What a contract prints beside the purchase: the plans' texts, the states' cancellation rules
/// and the providers' obligors.
#[derive(Clone, Copy)]
pub struct ContractTexts<'a> {
    pub plans: &'a PlanTexts,
    pub cancellation: &'a coverline_domain::cancellation::CancellationTable,
    pub obligors: &'a coverline_domain::obligor::Obligors,
}

/// The member's own contract before they buy it, in `language`: the chosen rate's plan, term,
/// deductible, benefits and refund text on the same template, marked SAMPLE, with no contract
/// number or payment, as if coverage started on `today`.
#[allow(clippy::too_many_arguments)]
pub fn sample_contract_document(
    language: Language,
    institution: &Institution,
    user: &UserRecord,
    car: &CarRecord,
    quote: &QuoteRecord,
    rate: &RateRecord,
    texts: ContractTexts<'_>,
    today: time::Date,
) -> ContractDocument {
    let terms = ContractTerms {
        language,
        institution,
        user,
        car,
        rate,
        provider: rate.provider.as_deref().unwrap_or(&quote.provider),
        email: &user.email,
        start: today,
    };
    terms.document(None, texts)
}

/// `2022 Kia Sorento LX`.
fn vehicle_name(car: &CarRecord) -> String {
    format!("{} {} {} {}", car.year, car.make, car.model, car.style).trim().to_string()
}

/// What a contract says, bought or not, in `language`.
struct ContractTerms<'a> {
    language: Language,
    institution: &'a Institution,
    user: &'a UserRecord,
    car: &'a CarRecord,
    rate: &'a RateRecord,
    provider: &'a str,
    email: &'a str,
    start: time::Date,
}

/// What only a bought contract has.
struct Issued {
    contract_number: String,
    policy_reference: String,
    payment_id: String,
}

impl ContractTerms<'_> {
    /// The last day of coverage, read in a sentence: `November 24th, 2031`, `24 de noviembre de 2031`.
    fn expiration_date(&self) -> String {
        self.language.long_date(coverage_expiration_date(self.start, self.rate.months as u16))
    }

    /// The first day of coverage: English keeps MM/DD/YYYY; Spanish reads the day first, so it is
    /// written out (as the receipt does).
    fn effective_date(&self) -> String {
        match self.language {
            Language::En => format_us_date(self.start),
            language => language.long_date(self.start),
        }
    }

    /// The odometer reading at which coverage ends (`145,000`).
    fn odometer_at_expiry(&self) -> String {
        group_thousands(u64::from(self.car.odometer.0) + self.rate.miles.max(0) as u64)
    }

    /// The printed fields; without `issued`, a sample.
    fn document(&self, issued: Option<Issued>, texts: ContractTexts<'_>) -> ContractDocument {
        let (plan_texts, rules) = (texts.plans, texts.cancellation);
        let (user, car, rate) = (self.user, self.car, self.rate);
        // The member's address's state (the state they were quoted in, since issue 26).
        let state = user.state.as_deref().unwrap_or_default();
        // The institution's own texts in the contract's language.
        let institution = self.institution.in_language(self.language);
        let settings = &institution.application_settings;
        let price = RatePrice { before_tax: Cents(rate.price_cents), tax: Cents(rate.tax_cents) };
        let address = format!(
            "{}, {}, {} {}",
            user.street.clone().unwrap_or_default(),
            user.city.clone().unwrap_or_default(),
            user.state.clone().unwrap_or_default(),
            user.zip.clone().unwrap_or_default()
        );
        let language = self.language;
        let sample = issued.is_none();
        let issued = issued.unwrap_or_else(|| Issued {
            contract_number: language.text("contract.sampleNumber").into(),
            policy_reference: language.text("contract.givenAtPurchase").into(),
            payment_id: language.text("contract.givenAtPurchase").into(),
        });
        ContractDocument {
            sample,
            language,
            texts: contract_texts(language),
            english_version: None,
            contract_number: issued.contract_number,
            policy_reference: issued.policy_reference,
            product_name: self.institution.product_name_in(language),
            provider: self.provider.to_string(),
            institution_name: self.institution.name.clone(),
            institution_phone: format_phone(&self.institution.branding.phone_number).unwrap_or_default(),
            primary_color: self.institution.branding.colors.primary.clone(),
            member_name: format!("{} {}", user.first_name.clone().unwrap_or_default(), user.last_name.clone().unwrap_or_default()),
            member_address: address,
            member_email: self.email.to_string(),
            member_phone: user.phone.as_deref().and_then(|d| format_phone(d).ok()).unwrap_or_default(),
            vehicle: vehicle_name(car),
            vin: car.vin.clone(),
            odometer: group_thousands(u64::from(car.odometer.0)),
            coverage_name: rate.coverage_name.clone(),
            term: language.format(
                "contract.coverage.termValue",
                &[("months", MessageValue::Integer(rate.months)), ("miles", MessageValue::String(group_thousands(rate.miles as u64)))],
            ),
            odometer_when_coverage_expires: self.odometer_at_expiry(),
            effective_date: self.effective_date(),
            // Read in a sentence ("…, or when the odometer reads …"): the long form.
            expiration_date: self.expiration_date(),
            deductible: Cents(rate.deductible_cents).dollar_sign(),
            price: price.before_tax.dollar_sign(),
            sales_tax: (rate.tax_cents > 0).then(|| price.tax.dollar_sign()),
            total: price.unformatted_rate().dollar_sign(),
            payment_id: issued.payment_id,
            covered_components: plan_texts.components(self.provider, &rate.coverage_name),
            benefits: plan_texts.benefits(self.provider, &rate.coverage_name),
            contact_lines: contact_lines(&plan_texts.contact_numbers_for(self.provider, &self.institution.email_settings), language),
            // The institution's own texts, else the catalogue's defaults.
            refund_text: self.institution.refund_text_in(language),
            cancellation_rules: rules
                .rules(state)
                .map(|r| {
                    let state_name = Some(language.text(&format!("options.states.{state}"))).filter(|n| !n.is_empty()).unwrap_or(&r.name);
                    language.fill(
                        "contract.cancellation.rules",
                        &[("state", state_name), ("rules", &r.summary(language)), ("source", &r.source)],
                    )
                })
                .unwrap_or_default(),
            obligor: texts.obligors.named(self.provider, state, rules),
            disclaimer: settings.institution_disclaimer.clone().unwrap_or_else(|| language.text("messages.defaultDisclaimer").to_string()),
        }
    }
}
