//! Booking (the member's checkout books, or books again), the policy and its confirmation data.

use axum::Json;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{HeaderMap, StatusCode};
use coverline_activities::purchase::PolicyDetails;
use coverline_domain::ErrorCode;
use coverline_domain::contact::format_phone;
use coverline_domain::lifecycle::PurchaseStatus;
use coverline_domain::money::Cents;
use coverline_domain::product::{fill, messages, options};
use coverline_domain::quote::{coverage_expiration_date, format_us_date, formatted_coverage_miles, subtotal};
use coverline_store::PolicyRecord;
use coverline_workflows::checkout::{BookInput, BookingFailure};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::http::app::AppState;

use crate::http::auth::InstitutionMember;
use crate::http::error::{ApiError, ApiResult};
use crate::http::openapi::{ErrorBody, MemberPath};
use crate::http::routes::checkout::update_id;
use crate::services::checkouts::{self, CheckoutError};

/// The spec's booking-failure text.
pub const BOOKING_FAILED: &str = coverline_domain::product::messages::BOOKING_FAILED;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(book, list_policies)).routes(routes!(get_policy))
}

/// The rate the member chose, of their quote and car.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Book {
    rate_id: String,
    #[allow(dead_code)]
    rate_collection_id: Option<String>,
    car_id: String,
    #[allow(dead_code)]
    email_address: Option<String>,
    quote_id: String,
    /// The member's answer to the review page's E-SIGN disclosure (`esignDisclosure`): `true`
    /// consents to electronic delivery; `false` or no answer, the contract is also mailed on paper.
    #[serde(default)]
    electronic_delivery: Option<bool>,
}

/// The version of the E-SIGN disclosure text the member answered: its SHA-256, shortened, so a
/// changed text is a new version in the consent record.
pub fn esign_version() -> String {
    use sha2::{Digest, Sha256};
    format!("esign-{}", &hex::encode(Sha256::digest(messages::ESIGN_DISCLOSURE.as_bytes()))[..12])
}

/// A policy: its reference number, the provider's contract number once booked, and its status.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PolicyView {
    policy_id: String,
    mmp_contract_number: Option<String>,
    /// created, booking, booked, bookingFailed, paid, fulfilled, voided.
    status: PurchaseStatus,
}

pub fn policy_view(p: &PolicyRecord) -> PolicyView {
    PolicyView { policy_id: p.policy_id.clone(), mmp_contract_number: p.contract_number.clone(), status: p.status }
}

#[derive(Serialize, ToSchema)]
struct OnePolicy {
    policy: PolicyView,
}

/// A policy with the confirmation page's data once paid.
#[derive(Serialize, ToSchema)]
struct PolicyWithConfirmation {
    policy: PolicyView,
    /// Null until paid: reference and contract numbers, vehicle and coverage, payment, institution.
    confirmation: Option<Confirmation>,
}

#[derive(Serialize, ToSchema)]
struct Policies {
    policies: Vec<PolicyView>,
}

/// 409 `voided`: the purchase was not paid before the deadline and its contract was voided.
pub fn voided(state: &AppState) -> ApiError {
    let secs = state.config.payment_deadline.as_secs();
    let deadline = match secs {
        s if s >= 3600 && s % 3600 == 0 => fill(messages::HOURS, &[("count", &(s / 3600).to_string())]),
        s if s >= 60 && s % 60 == 0 => fill(messages::MINUTES, &[("count", &(s / 60).to_string())]),
        s => fill(messages::SECONDS, &[("count", &s.to_string())]),
    };
    ApiError::new(StatusCode::CONFLICT, ErrorCode::Voided, fill(messages::VOIDED_UNPAID_WITHIN, &[("deadline", &deadline)]))
}

fn booking_failed(failure: Option<BookingFailure>) -> ApiError {
    if failure == Some(BookingFailure::NoResponse) {
        ApiError::new(StatusCode::GATEWAY_TIMEOUT, ErrorCode::BookingNoResponse, messages::BOOKING_FAILED_NOT_CHARGED)
    } else {
        ApiError::new(StatusCode::BAD_GATEWAY, ErrorCode::BookingFailed, BOOKING_FAILED)
    }
}

/// Books the chosen rate: asks the member's checkout to book (or, after a failure, to book again)
/// and answers the round's outcome (the provider has 120 s to answer).
#[utoipa::path(post, path = "/institution/{iid}/user/{uid}/policy", tag = "purchase", params(MemberPath), request_body = Book, security(("session" = [])),
    responses((status = 200, description = "The policy, booked (or already booked or paid)", body = OnePolicy),
        (status = "4XX", description = "No personal details yet (400), no live session (401), an unverified email (403 emailNotVerified), \
            an unknown quote, rate or car (404)", body = ErrorBody),
        (status = 409, description = "The address is in another state than the quote's (quoteStateChanged: quote again in it), a described car \
            without its VIN (mockVin), or the contract was voided", body = ErrorBody),
        (status = 502, description = "The booking failed (the spec's text)", body = ErrorBody),
        (status = 504, description = "The provider did not answer in time (the booking text, ending with the spec's not-charged sentence)", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn book(
    State(state): State<AppState>,
    InstitutionMember { institution, member }: InstitutionMember,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    headers: HeaderMap,
    Path((_, uid)): Path<(String, String)>,
    Json(body): Json<Book>,
) -> ApiResult<Json<OnePolicy>> {
    let user = &member.user;
    if user.email_verified_at.is_none() && !institution.testing_settings.skip_email_verification {
        return Err(ApiError::new(StatusCode::FORBIDDEN, ErrorCode::EmailNotVerified, messages::VERIFY_EMAIL_FIRST));
    }
    if user.first_name.is_none() || user.street.is_none() {
        return Err(ApiError::bad_request(messages::DETAILS_FIRST));
    }
    let quote = state.store.quote(&uid, &body.quote_id).await?.ok_or_else(ApiError::not_found)?;
    if quote.car_id != body.car_id {
        return Err(ApiError::not_found());
    }
    let rate = state.store.rates(&quote.quote_id).await?.into_iter().find(|r| r.rate_id == body.rate_id).ok_or_else(ApiError::not_found)?;
    let car = state.store.car(&uid, &quote.car_id).await?.ok_or_else(ApiError::not_found)?;
    if car.is_mock_vin {
        // A described car is an estimate: the contract must name the member's real VIN.
        return Err(ApiError::new(StatusCode::CONFLICT, ErrorCode::MockVin, messages::VIN_FIRST));
    }

    // Prices, taxes and the providers that may sell depend on the state the member lives in: the
    // address given after the quote must be the quote's state, or the member is priced again.
    if let Some(address_state) = user.state.as_deref().filter(|s| *s != quote.state) {
        let name = |code: &str| options::STATES.iter().find(|(c, _)| *c == code).map_or(code.to_string(), |(_, n)| n.to_string());
        tracing::info!(quoted = %quote.state, address = %address_state, "booking refused: the quote was for another state than the address");
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            ErrorCode::QuoteStateChanged,
            fill(messages::QUOTE_STATE_CHANGED, &[("addressState", &name(address_state)), ("quotedState", &name(&quote.state))]),
        ));
    }
    // The answer to the E-SIGN disclosure, recorded with the text's version, the time and the client.
    let electronic = body.electronic_delivery == Some(true);
    let client = super::document::client_address(&state, &headers, peer);
    let version = esign_version();
    let consent = coverline_store::Consent {
        user_id: &uid,
        kind: coverline_store::ELECTRONIC_DELIVERY,
        granted: electronic,
        at: state.clock.now(),
        source: "review-page",
        client: Some(&client),
        version: Some(&version),
    };
    state.store.record_consent(&consent).await?;
    let facts = checkouts::facts(&state, &institution, user, Some(&quote.state)).await?;
    let input = BookInput { quote_id: quote.quote_id.clone(), rate_id: rate.rate_id.clone(), car_id: quote.car_id.clone(), facts };
    let view = match checkouts::book(&state, user, input, update_id(&headers, "book")).await {
        Ok(view) => view,
        Err(CheckoutError::Refused(r)) if r.code == ErrorCode::Voided => return Err(voided(&state)),
        // The provider's answer is still awaited when the member's wait ends: the spec's no-answer text.
        Err(CheckoutError::NoAnswer) => return Err(booking_failed(Some(BookingFailure::NoResponse))),
        Err(e) => return Err(e.into_api()),
    };
    let purchase = view.purchase.ok_or_else(|| anyhow::anyhow!("booked without a purchase"))?;
    match purchase.status {
        PurchaseStatus::Booked | PurchaseStatus::Paid | PurchaseStatus::Fulfilled | PurchaseStatus::Cancelled => {
            let policy_id = purchase.policy_id.ok_or_else(|| anyhow::anyhow!("booked without a policy"))?;
            let policy = state.store.policy(&policy_id).await?.ok_or_else(ApiError::not_found)?;
            if !electronic {
                // No consent to electronic delivery: support mails the contract (`coverline support paper`).
                state.store.queue_paper_copy(&policy_id, "declinedElectronicDelivery", state.clock.now()).await?;
            }
            Ok(Json(OnePolicy { policy: policy_view(&policy) }))
        }
        PurchaseStatus::Voided => Err(voided(&state)),
        PurchaseStatus::BookingFailed | PurchaseStatus::Booking => Err(booking_failed(purchase.booking_failure)),
    }
}

/// The confirmation page's data (spec section 3) for a paid purchase.
pub fn confirmation(p: &PolicyDetails) -> Option<Confirmation> {
    let payment = p.payment.as_ref()?;
    let start = p.start_date();
    let tax = Cents(p.rate.tax_cents);
    let amount = Cents(payment.amount_cents);
    let subtotal = subtotal(amount, tax);
    let phone = &p.institution.branding.phone_number;
    Some(Confirmation {
        policy_reference_number: p.policy.shown_reference().to_string(),
        mmp_contract_number: p.policy.contract_number.clone()?,
        vehicle: ConfirmationVehicle {
            car_display: p.car_display(),
            vin: p.car.vin.clone(),
            coverage_name: p.rate.coverage_name.clone(),
            formatted_coverage_miles: formatted_coverage_miles(p.rate.miles as u32),
            odometer_when_coverage_expires: i64::from(p.car.odometer.0) + p.rate.miles,
            coverage_months: p.rate.months,
            coverage_expiration_date: format_us_date(coverage_expiration_date(start, p.rate.months as u16)),
            coverage_deductible: p.rate.deductible_cents,
            dollar_sign_deductible: Cents(p.rate.deductible_cents).dollar_sign(),
            tax_amount: tax.0,
            dollar_sign_tax_amount: tax.dollar_sign(),
        },
        payment: ConfirmationPayment {
            payment_id: payment.payment_id.clone(),
            payment_date: format_us_date(start),
            amount: amount.0,
            dollar_sign_amount: amount.dollar_sign(),
            subtotal: subtotal.0,
            dollar_sign_subtotal: subtotal.dollar_sign(),
            sales_tax: tax.0,
            dollar_sign_sales_tax: tax.dollar_sign(),
            has_sales_tax: tax.0 > 0,
        },
        institution: ConfirmationInstitution {
            name: p.institution.name.clone(),
            formatted_phone: format_phone(phone).unwrap_or_else(|_| phone.clone()),
        },
    })
}

/// The confirmation page's data (spec section 3), once the contract is paid.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Confirmation {
    /// The reference a member reads out (`CL-7F3K-92QD`); the policy id for purchases made before references.
    pub policy_reference_number: String,
    /// The provider's contract number.
    pub mmp_contract_number: String,
    pub vehicle: ConfirmationVehicle,
    pub payment: ConfirmationPayment,
    pub institution: ConfirmationInstitution,
}

/// The covered vehicle and its coverage.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConfirmationVehicle {
    /// `2019 Honda Civic EX`.
    pub car_display: String,
    pub vin: String,
    pub coverage_name: String,
    pub formatted_coverage_miles: String,
    pub odometer_when_coverage_expires: i64,
    pub coverage_months: i64,
    /// MM/DD/YYYY.
    pub coverage_expiration_date: String,
    /// Cents.
    pub coverage_deductible: i64,
    pub dollar_sign_deductible: String,
    /// Cents.
    pub tax_amount: i64,
    pub dollar_sign_tax_amount: String,
}

/// The payment (amounts in cents, each with its `$` form).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConfirmationPayment {
    /// The gateway's tracking number.
    pub payment_id: String,
    /// MM/DD/YYYY: the coverage's start.
    pub payment_date: String,
    pub amount: i64,
    pub dollar_sign_amount: String,
    pub subtotal: i64,
    pub dollar_sign_subtotal: String,
    pub sales_tax: i64,
    pub dollar_sign_sales_tax: String,
    pub has_sales_tax: bool,
}

/// Who sold it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConfirmationInstitution {
    pub name: String,
    /// `(555) 555-0100`.
    pub formatted_phone: String,
}

/// One of the member's policies.
#[utoipa::path(get, path = "/institution/{iid}/user/{uid}/policy/{policy_id}", tag = "purchase", params(MemberPath, ("policy_id" = String, Path)), security(("session" = [])),
    responses((status = 200, description = "The policy, with the confirmation page's data once paid", body = PolicyWithConfirmation),
        (status = "4XX", description = "No live session (401), an inactive institution (403), an unknown policy or not the member's (404)", body = ErrorBody)))]
#[tracing::instrument(skip_all, fields(policy_id = %policy_id))]
async fn get_policy(
    State(state): State<AppState>,
    _member: InstitutionMember,
    Path((_, uid, policy_id)): Path<(String, String, String)>,
) -> ApiResult<Json<PolicyWithConfirmation>> {
    state.store.user_policy(&uid, &policy_id).await?.ok_or_else(ApiError::not_found)?;
    let purchase = PolicyDetails::load(&state.store, &policy_id).await?;
    Ok(Json(PolicyWithConfirmation { policy: policy_view(&purchase.policy), confirmation: confirmation(&purchase) }))
}

/// The member's policies, newest first.
#[utoipa::path(get, path = "/institution/{iid}/user/{uid}/policy", tag = "purchase", params(MemberPath), security(("session" = [])),
    responses((status = 200, description = "The member's policies, newest first (none before booking)", body = Policies),
        (status = "4XX", description = "No live session (401), an inactive institution (403), an unknown institution or another member's id (404)", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn list_policies(
    State(state): State<AppState>,
    _member: InstitutionMember,
    Path((_, uid)): Path<(String, String)>,
) -> ApiResult<Json<Policies>> {
    let policies = state.store.policies_of_user(&uid).await?;
    Ok(Json(Policies { policies: policies.iter().map(policy_view).collect() }))
}
