//! Booking (starts or retries the purchase workflow), the policy and its contract document.

use std::time::Duration;

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};
use coverline_activities::purchase::Purchase;
use coverline_domain::contact::format_phone;
use coverline_domain::money::Cents;
use coverline_domain::quote::{coverage_expiration_date, format_us_date, formatted_coverage_miles};
use coverline_store::{AlreadyExists, PolicyRecord};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::app::AppState;
use crate::auth;
use crate::error::{ApiError, ApiResult};
use crate::openapi::{ErrorBody, MemberPath};
use crate::purchases;

/// The spec's booking-failure text.
pub const BOOKING_FAILED: &str =
    "There appears to be a problem with booking this product. We suggest trying again in 15 mins. Would you like to retry booking your policy?";
/// The spec's no-response ending.
pub const NOT_CHARGED: &str = "Your card has not been charged.";

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
}

/// A policy: its reference number, the provider's contract number once booked, and its status.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PolicyView {
    policy_id: String,
    mmp_contract_number: Option<String>,
    /// created, booking, booked, bookingFailed, paid, fulfilled, voided.
    status: String,
}

pub fn policy_view(p: &PolicyRecord) -> PolicyView {
    PolicyView { policy_id: p.policy_id.clone(), mmp_contract_number: p.contract_number.clone(), status: p.status.clone() }
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
    #[schema(value_type = Option<Object>)]
    confirmation: Option<Value>,
}

#[derive(Serialize, ToSchema)]
struct Policies {
    policies: Vec<PolicyView>,
}

/// 409 `voided`: the purchase was not paid before the deadline and its contract was voided.
pub fn voided(state: &AppState) -> ApiError {
    let secs = state.config.payment_deadline.as_secs();
    let deadline = match secs {
        s if s >= 3600 && s % 3600 == 0 => format!("{} hours", s / 3600),
        s if s >= 60 && s % 60 == 0 => format!("{} minutes", s / 60),
        s => format!("{s} seconds"),
    };
    ApiError::new(
        StatusCode::CONFLICT,
        "voided",
        format!("This contract was voided because it was not paid within {deadline} of booking, and your card was not charged. Please start again for a new quote."),
    )
}

fn booking_failed(last_error: Option<&str>) -> ApiError {
    if last_error.is_some_and(|e| e.starts_with("noResponse")) {
        ApiError::new(StatusCode::GATEWAY_TIMEOUT, "bookingNoResponse", format!("{BOOKING_FAILED} {NOT_CHARGED}"))
    } else {
        ApiError::new(StatusCode::BAD_GATEWAY, "bookingFailed", BOOKING_FAILED)
    }
}

/// Books the chosen rate: starts (or, after a failure, retries) the purchase workflow and waits
/// for the booking's outcome (the provider has 120 s to answer).
#[utoipa::path(post, path = "/institution/{iid}/user/{uid}/policy", tag = "purchase", params(MemberPath), request_body = Book, security(("session" = [])),
    responses((status = 200, body = OnePolicy), (status = "4XX", body = ErrorBody),
        (status = 502, description = "The booking failed (the spec's text)", body = ErrorBody),
        (status = 504, description = "The provider did not answer in time (the spec's text, 'Your card has not been charged.')", body = ErrorBody)))]
async fn book(State(state): State<AppState>, headers: HeaderMap, Path((iid, uid)): Path<(String, String)>, Json(body): Json<Book>) -> ApiResult<Json<OnePolicy>> {
    let institution = state.active_institution(&iid).await?;
    let member = auth::member(&state, &headers, &institution, &uid).await?;
    let user = &member.user;
    if user.email_verified_at.is_none() && !institution.testing_settings.skip_email_verification {
        return Err(ApiError::new(StatusCode::FORBIDDEN, "emailNotVerified", "Please verify your email address first."));
    }
    if user.first_name.is_none() || user.street.is_none() {
        return Err(ApiError::bad_request("Please enter your personal details first."));
    }
    let quote = state.store.quote(&uid, &body.quote_id).await?.ok_or_else(ApiError::not_found)?;
    if quote.car_id != body.car_id {
        return Err(ApiError::not_found());
    }
    let rate = state.store.rates(&quote.quote_id).await?.into_iter().find(|r| r.rate_id == body.rate_id).ok_or_else(ApiError::not_found)?;
    let car = state.store.car(&uid, &quote.car_id).await?.ok_or_else(ApiError::not_found)?;
    if car.is_mock_vin == 1 {
        // A described car is an estimate: the contract must name the member's real VIN.
        return Err(ApiError::new(StatusCode::CONFLICT, "mockVin", "Please enter your vehicle's VIN before purchasing."));
    }

    let candidate = PolicyRecord {
        policy_id: crate::ids::new_id("pol"),
        user_id: uid.clone(),
        institution_id: institution.institution_id.clone(),
        quote_id: quote.quote_id.clone(),
        rate_id: rate.rate_id.clone(),
        car_id: quote.car_id.clone(),
        workflow_id: coverline_workflows::purchase_workflow_id(&quote.quote_id),
        status: "booking".into(),
        contract_number: None,
        last_error: None,
        email: user.email.clone(),
        created_at: 0,
        updated_at: 0,
    };
    let policy = match state.store.insert_policy(&candidate).await? {
        Ok(()) => candidate,
        Err(AlreadyExists) => state.store.policy_for_quote(&quote.quote_id).await?.ok_or_else(ApiError::not_found)?,
    };
    if policy.status == "voided" {
        return Err(voided(&state));
    }
    if policy.rate_id != rate.rate_id {
        return Err(ApiError::new(StatusCode::CONFLICT, "conflict", "This quote is already being purchased with another coverage."));
    }
    // Starting is idempotent: it also covers a crash between the insert and the start.
    purchases::start(&state, &quote.quote_id, &policy.policy_id).await?;
    if policy.status == "bookingFailed" {
        state.store.set_policy_status(&policy.policy_id, "booking", None, "api").await?;
        purchases::retry_booking(&state, &quote.quote_id, "member asked to retry booking").await?;
    }
    let limit = state.config.booking_timeout + Duration::from_secs(5);
    let status = purchases::wait_for_status(&state, &policy.policy_id, limit, |s| s != "booking").await?;
    let policy = state.store.policy(&policy.policy_id).await?.ok_or_else(ApiError::not_found)?;
    match status.as_str() {
        "booked" | "paid" | "fulfilled" => Ok(Json(OnePolicy { policy: policy_view(&policy) })),
        "bookingFailed" => Err(booking_failed(policy.last_error.as_deref())),
        "voided" => Err(voided(&state)),
        "booking" => Err(booking_failed(Some("noResponse"))),
        _ => Err(ApiError::new(StatusCode::CONFLICT, "conflict", "This purchase can no longer be completed. Please start again.")),
    }
}

/// The confirmation page's data (spec section 3) for a paid purchase.
pub fn confirmation_json(p: &Purchase) -> Option<Value> {
    let payment = p.payment.as_ref()?;
    let start = p.start_date();
    let tax = Cents(p.rate.tax_cents);
    let subtotal = Cents(p.rate.price_cents);
    let amount = Cents(payment.amount_cents);
    Some(json!({
        "policyReferenceNumber": p.policy.policy_id,
        "mmpContractNumber": p.policy.contract_number,
        "vehicle": {
            "carDisplay": p.car_display(),
            "vin": p.car.vin,
            "coverageName": p.rate.coverage_name,
            "formattedCoverageMiles": formatted_coverage_miles(p.rate.miles as u32),
            "odometerWhenCoverageExpires": p.car.odometer + p.rate.miles,
            "coverageMonths": p.rate.months,
            "coverageExpirationDate": format_us_date(coverage_expiration_date(start, p.rate.months as u16)),
            "coverageDeductible": p.rate.deductible_cents,
            "dollarSignDeductible": Cents(p.rate.deductible_cents).dollar_sign_short(),
            "taxAmount": tax.0,
            "dollarSignTaxAmount": tax.dollar_sign(),
        },
        "payment": {
            "paymentId": payment.payment_id,
            "paymentDate": format_us_date(start),
            "amount": amount.0,
            "dollarSignAmount": amount.dollar_sign(),
            "subtotal": subtotal.0,
            "dollarSignSubtotal": subtotal.dollar_sign(),
            "salesTax": tax.0,
            "dollarSignSalesTax": tax.dollar_sign(),
            "hasSalesTax": tax.0 > 0,
        },
        "institution": {
            "name": p.institution.name,
            "formattedPhone": format_phone(&p.institution.branding.phone_number).ok(),
        },
    }))
}

/// One of the member's policies.
#[utoipa::path(get, path = "/institution/{iid}/user/{uid}/policy/{policy_id}", tag = "purchase", params(MemberPath, ("policy_id" = String, Path)), security(("session" = [])),
    responses((status = 200, body = PolicyWithConfirmation), (status = "4XX", body = ErrorBody)))]
async fn get_policy(State(state): State<AppState>, headers: HeaderMap, Path((iid, uid, policy_id)): Path<(String, String, String)>) -> ApiResult<Json<PolicyWithConfirmation>> {
    let institution = state.active_institution(&iid).await?;
    auth::member(&state, &headers, &institution, &uid).await?;
    state.store.user_policy(&uid, &policy_id).await?.ok_or_else(ApiError::not_found)?;
    let purchase = Purchase::load(&state.store, &policy_id).await?;
    Ok(Json(PolicyWithConfirmation { policy: policy_view(&purchase.policy), confirmation: confirmation_json(&purchase) }))
}

/// The member's policies, newest first.
#[utoipa::path(get, path = "/institution/{iid}/user/{uid}/policy", tag = "purchase", params(MemberPath), security(("session" = [])),
    responses((status = 200, body = Policies), (status = "4XX", body = ErrorBody)))]
async fn list_policies(State(state): State<AppState>, headers: HeaderMap, Path((iid, uid)): Path<(String, String)>) -> ApiResult<Json<Policies>> {
    let institution = state.active_institution(&iid).await?;
    auth::member(&state, &headers, &institution, &uid).await?;
    let policies = state.store.policies_of_user(&uid).await?;
    Ok(Json(Policies { policies: policies.iter().map(policy_view).collect() }))
}
