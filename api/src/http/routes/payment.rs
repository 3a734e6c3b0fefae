//! Payment: the request the card widget starts with (the checkout reuses an open one), the widget's
//! verified result handed to the checkout, and the confirmation once the checkout recorded the payment.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use coverline_activities::checkout::{ChargeSeen, RefundReason};
use coverline_activities::payments::PaymentError;
use coverline_activities::purchase::PolicyDetails;
use coverline_domain::ErrorCode;
use coverline_domain::institution::{PAYMENT_WIDGET_START, PaymentWidgetStart};
use coverline_domain::lifecycle::PurchaseStatus;
use coverline_domain::product::{fill, messages};
use coverline_domain::quote::format_us_date;
use coverline_workflows::checkout::{ChargeReport, ChargeSource, ChargeVerdict, PaymentRequestOutcome};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::http::app::AppState;
use crate::http::auth::{self, ActiveInstitution, InstitutionMember, SessionRefusal};
use crate::http::error::{ApiError, ApiResult};
use crate::http::openapi::{ErrorBody, MemberPath};
use crate::http::routes::policy::{Confirmation, confirmation as confirmation_of};
use crate::services::checkouts::{self, Answer, CheckoutError};

/// The spec's payment failure text.
pub const PAYMENT_PROBLEM: &str = messages::PAYMENT_PROBLEM;
/// The spec's session-timeout payment result.
pub const USER_TIMEOUT: &str = messages::USER_TIMEOUT;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(sign_request))
        .routes(routes!(verify_response))
        .routes(routes!(confirmation))
        .routes(routes!(list_payments))
        .routes(routes!(get_payment))
}

/// The gateway's signed request for the card widget.
#[derive(Serialize, ToSchema)]
struct Signed {
    status: u16,
    data: SignedView,
}

/// What the widget is started with.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SignedView {
    signed_request: String,
    /// The widget's page for this request, framed by the payment page.
    widget_url: String,
    /// The widget's origin (its messages are accepted from it only).
    gateway_origin: String,
    request_id: String,
    /// Unix seconds.
    expires_at: i64,
    /// What the page starts the widget with besides the request (spec section 7): mode,
    /// integration id and experience; the payment account is the institution's `entityId`.
    widget_start: PaymentWidgetStart,
}

/// The provider-style envelope of `verifyresponse`: `status`, `data.data`, `data.error.error_message`.
#[derive(Serialize, ToSchema)]
struct Envelope {
    status: u16,
    data: EnvelopeData,
}

#[derive(Serialize, ToSchema)]
struct EnvelopeData {
    /// The payment, on success.
    data: Option<PaymentRecord>,
    error: Option<EnvelopeError>,
}

/// The charge the widget made, as the page shows it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct PaymentRecord {
    /// The gateway's tracking number.
    tracking_number: String,
    /// MM/DD/YYYY.
    payment_date: String,
    /// Cents, tax included.
    amount: i64,
}

#[derive(Serialize, ToSchema)]
struct EnvelopeError {
    /// 'User timeout.', the processor's refusal, or the spec's payment problem text.
    error_message: String,
    /// Set when the charge was taken but is refunded: `secondChargeRefunded` (the contract was
    /// already paid), `voided` (the contract was voided first), `chargeRefunded` (it did not match).
    code: Option<ErrorCode>,
}

/// A refused verification: the envelope (expired session, card refused, processor failure) or an
/// ordinary error (bad request, not the caller's policy).
#[derive(ToSchema)]
#[serde(untagged)]
#[allow(dead_code)] // a schema only: the handler answers either shape
enum VerifyRefusal {
    Envelope(Envelope),
    Error(ErrorBody),
}

/// A payment of the member.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct PaymentView {
    /// The gateway's tracking number.
    payment_id: String,
    policy_id: String,
    /// Cents, tax included.
    amount: i64,
    /// Cents.
    tax_amount: i64,
    /// MM/DD/YYYY.
    payment_date: String,
}

#[derive(Serialize, ToSchema)]
struct Payments {
    payments: Vec<PaymentView>,
}

#[derive(Serialize, ToSchema)]
struct OnePayment {
    payment: PaymentView,
}

fn payment_problem() -> ApiError {
    ApiError::new(StatusCode::BAD_GATEWAY, ErrorCode::PaymentFailed, PAYMENT_PROBLEM)
}

fn already_paid() -> ApiError {
    ApiError::new(StatusCode::CONFLICT, ErrorCode::AlreadyPaid, messages::ALREADY_PAID)
}

/// The booked policy to pay.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct PolicyRef {
    policy_id: String,
}

/// Loads a booked purchase of the caller.
async fn booked_purchase(state: &AppState, uid: &str, policy_id: &str) -> ApiResult<PolicyDetails> {
    state.store.user_policy(uid, policy_id).await?.ok_or_else(ApiError::not_found)?;
    let purchase = PolicyDetails::load(&state.store, policy_id).await?;
    if purchase.policy.status == PurchaseStatus::Voided {
        return Err(crate::http::routes::policy::voided(state));
    }
    if purchase.policy.contract_number.is_none()
        || !matches!(purchase.policy.status, PurchaseStatus::Booked | PurchaseStatus::Paid | PurchaseStatus::Fulfilled)
    {
        return Err(ApiError::new(StatusCode::CONFLICT, ErrorCode::Conflict, messages::POLICY_NOT_BOOKED));
    }
    Ok(purchase)
}

/// The request to start the card widget with. The checkout asks the gateway first, so a contract
/// never has two chargeable requests: an open one is reused (another tab, Retry Payment), and a
/// contract the gateway already charged gets none.
#[utoipa::path(post, path = "/institution/{iid}/user/{uid}/signrequest", tag = "purchase", params(MemberPath), request_body = PolicyRef, security(("session" = [])),
    responses((status = 200, description = "The signed request to start the card widget with (an open one is reused)", body = Signed),
        (status = "4XX", description = "No live session (401), not the member's policy (404), not booked, voided, or already paid (409 alreadyPaid)", body = ErrorBody),
        (status = 502, description = "The spec's payment problem text", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn sign_request(
    State(state): State<AppState>,
    InstitutionMember { institution, member }: InstitutionMember,
    Path((_, uid)): Path<(String, String)>,
    Json(body): Json<PolicyRef>,
) -> ApiResult<Json<Signed>> {
    let purchase = booked_purchase(&state, &uid, &body.policy_id).await?;
    if purchase.payment.is_some() {
        return Err(already_paid());
    }
    if institution.testing_settings.payment_sign_error_test {
        return Err(payment_problem());
    }
    match checkouts::payment_request(&state, &member.user).await {
        Ok(PaymentRequestOutcome::Open { request_id, expires_at }) => {
            let stored = state
                .store
                .payment_request(&request_id)
                .await?
                .ok_or_else(|| anyhow::anyhow!("payment request {request_id} not stored"))?;
            let data = SignedView {
                widget_url: state.gateway.widget_url(&stored.signed_request, &state.config.public_url),
                signed_request: stored.signed_request,
                gateway_origin: state.gateway.public_origin().to_string(),
                request_id,
                expires_at,
                widget_start: PAYMENT_WIDGET_START,
            };
            Ok(Json(Signed { status: 200, data }))
        }
        Ok(PaymentRequestOutcome::Paid { .. }) => Err(already_paid()),
        Ok(PaymentRequestOutcome::Unavailable { reason }) => {
            tracing::warn!(%reason, policy_id = %body.policy_id, "no payment request");
            Err(payment_problem())
        }
        Err(CheckoutError::Refused(r)) if r.code == ErrorCode::Voided => Err(crate::http::routes::policy::voided(&state)),
        Err(CheckoutError::NoAnswer) => Err(payment_problem()),
        Err(e) => Err(e.into_api()),
    }
}

/// The widget's result for the policy.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct VerifyBody {
    policy_id: String,
    result: String,
}

/// The provider-style envelope the web app reads: `status`, `data.data`, `data.error.error_message`.
fn envelope(status: StatusCode, data: Option<PaymentRecord>, error_message: Option<&str>) -> Response {
    coded_envelope(status, data, error_message, None)
}

fn coded_envelope(status: StatusCode, data: Option<PaymentRecord>, error_message: Option<&str>, code: Option<ErrorCode>) -> Response {
    let error = error_message.map(|m| EnvelopeError { error_message: m.to_string(), code });
    (status, Json(Envelope { status: status.as_u16(), data: EnvelopeData { data, error } })).into_response()
}

/// Verifies the widget's signed result with the gateway and reports the charge to the checkout,
/// which records it as the payment (or refunds it: a second charge); answers the envelope the
/// web app reads. The gateway's webhook reports the same charge when this call is lost.
#[utoipa::path(post, path = "/institution/{iid}/user/{uid}/verifyresponse", tag = "purchase", params(MemberPath), request_body = VerifyBody, security(("session" = [])),
    responses((status = 200, description = "The payment, recorded by the checkout (or taken to be recorded)", body = Envelope),
        (status = "4XX", description = "The envelope with its error: the session expired (401, the spec's user-timeout text), the card was refused (402), \
            the charge is being refunded (409, `code` says why), another contract's payment (422); \
            or an error: no session (401), not the member's policy (404), not booked or voided (409)", body = VerifyRefusal),
        (status = 502, description = "The processor failed", body = Envelope)))]
#[tracing::instrument(skip_all)]
async fn verify_response(
    State(state): State<AppState>,
    ActiveInstitution(institution): ActiveInstitution,
    headers: HeaderMap,
    Path((_, uid)): Path<(String, String)>,
    Json(body): Json<VerifyBody>,
) -> ApiResult<Response> {
    let member = match auth::session(&state, &headers).await? {
        // The spec's text, and its code: the page tells the member in their language by the code.
        Err(SessionRefusal::Expired) => {
            return Ok(coded_envelope(StatusCode::UNAUTHORIZED, None, Some(USER_TIMEOUT), Some(ErrorCode::SessionExpired)));
        }
        Err(SessionRefusal::Missing) => return Err(ApiError::unauthorized()),
        Ok(m) if m.user.user_id != uid || m.user.institution_id != institution.institution_id => return Err(ApiError::not_found()),
        Ok(m) => m,
    };
    let purchase = booked_purchase(&state, &uid, &body.policy_id).await?;
    if institution.testing_settings.payment_verify_error_test {
        return Ok(envelope(StatusCode::BAD_GATEWAY, None, Some(PAYMENT_PROBLEM)));
    }
    let verified = match state.gateway.verify(&body.result).await {
        Ok(v) => v,
        Err(PaymentError::Refused(message)) => return Ok(envelope(StatusCode::PAYMENT_REQUIRED, None, Some(&message))),
        Err(e @ PaymentError::Unavailable(_)) => {
            tracing::warn!(error = %e, "gateway verify failed");
            return Ok(envelope(StatusCode::BAD_GATEWAY, None, Some(PAYMENT_PROBLEM)));
        }
    };
    let contract = purchase.policy.contract_number.clone().unwrap_or_default();
    if verified.apply_funds_to != contract || verified.payment_account_id != institution.entity_id {
        tracing::error!(policy_id = %body.policy_id, tracking = %verified.tracking_number, "a verified payment of another contract or merchant account");
        return Ok(envelope(StatusCode::UNPROCESSABLE_ENTITY, None, Some(PAYMENT_PROBLEM)));
    }
    // The checkout decides: the first charge is the payment; any other (a second tab that paid too,
    // an amount that does not match) is refunded. The webhook of the same charge is the same Update.
    let charge = ChargeSeen {
        tracking_number: verified.tracking_number.clone(),
        amount: verified.amount,
        apply_funds_to: verified.apply_funds_to.clone(),
        paid_at: verified.paid_at,
        refunded_amount: 0,
    };
    let verdict = match checkouts::report_charge(&state, &member.user, ChargeReport { charge, source: ChargeSource::Page }).await {
        Ok(answer) => answer,
        Err(CheckoutError::NoAnswer) => return Ok(envelope(StatusCode::BAD_GATEWAY, None, Some(PAYMENT_PROBLEM))),
        Err(e) => return Err(e.into_api()),
    };
    match verdict {
        // Accepted: the checkout holds the charge and records it; the confirmation waits for it.
        Answer::Done(ChargeVerdict::Paid { .. }) | Answer::Accepted => {
            let paid_on = time::OffsetDateTime::from_unix_timestamp(verified.paid_at).map(|t| format_us_date(t.date())).unwrap_or_default();
            Ok(envelope(
                StatusCode::OK,
                Some(PaymentRecord { tracking_number: verified.tracking_number.clone(), payment_date: paid_on, amount: verified.amount }),
                None,
            ))
        }
        Answer::Done(ChargeVerdict::Refunded { reason, .. }) => {
            let amount = coverline_domain::Cents(verified.amount).dollar_sign();
            let (code, message) = match reason {
                RefundReason::SecondCharge => {
                    (ErrorCode::SecondChargeRefunded, fill(messages::SECOND_CHARGE_REFUNDED, &[("amount", &amount)]))
                }
                RefundReason::ContractVoided => (ErrorCode::Voided, fill(messages::VOIDED_PAYMENT_REFUNDED, &[("amount", &amount)])),
                RefundReason::AmountMismatch => {
                    (ErrorCode::ChargeRefunded, fill(messages::PAYMENT_REFUNDED, &[("problem", PAYMENT_PROBLEM), ("amount", &amount)]))
                }
            };
            tracing::warn!(policy_id = %body.policy_id, tracking = %verified.tracking_number, ?reason, "a charge reported by the page is refunded");
            Ok(coded_envelope(StatusCode::CONFLICT, None, Some(&message), Some(code)))
        }
    }
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ConfirmationBody {
    policy_id: String,
}

/// The confirmation page's data once the workflow recorded the payment (spec section 3).
#[utoipa::path(post, path = "/institution/{iid}/user/{uid}/payment/confirmation", tag = "purchase", params(MemberPath), request_body = ConfirmationBody, security(("session" = [])),
    responses((status = 200, description = "The confirmation page's data, once the payment is recorded", body = Confirmation),
        (status = "4XX", description = "No live session (401), not the member's policy (404), the payment is not recorded yet (409 paymentPending)", body = ErrorBody),
        (status = 502, description = "The spec's payment problem text", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn confirmation(
    State(state): State<AppState>,
    InstitutionMember { institution, member }: InstitutionMember,
    Path((_, uid)): Path<(String, String)>,
    Json(body): Json<ConfirmationBody>,
) -> ApiResult<Json<Confirmation>> {
    state.store.user_policy(&uid, &body.policy_id).await?.ok_or_else(ApiError::not_found)?;
    if institution.testing_settings.payment_confirmation_error_test {
        return Err(payment_problem());
    }
    // The checkout answers once it has recorded the payment (paid a moment ago by the webhook or
    // another tab, it waits for it), so the member's next step finds it paid too; when it cannot
    // answer now, the read model does.
    match checkouts::await_payment(&state, &member.user).await {
        Ok(_) => {}
        Err(CheckoutError::NoAnswer | CheckoutError::Unavailable | CheckoutError::Closed)
            if state.store.payment_for_policy(&body.policy_id).await?.is_some() => {}
        Err(e) => return Err(e.into_api()),
    }
    let purchase = PolicyDetails::load(&state.store, &body.policy_id).await?;
    confirmation_of(&purchase)
        .map(Json)
        .ok_or_else(|| ApiError::new(StatusCode::CONFLICT, ErrorCode::PaymentPending, messages::PAYMENT_RECORDING))
}

fn payment_view(p: &coverline_store::PaymentRecord) -> PaymentView {
    let paid_on = time::OffsetDateTime::from_unix_timestamp(p.paid_at).map(|t| format_us_date(t.date())).unwrap_or_default();
    PaymentView {
        payment_id: p.payment_id.clone(),
        policy_id: p.policy_id.clone(),
        amount: p.amount_cents,
        tax_amount: p.tax_cents,
        payment_date: paid_on,
    }
}

/// The member's payments, newest first.
#[utoipa::path(get, path = "/institution/{iid}/user/{uid}/payment", tag = "purchase", params(MemberPath), security(("session" = [])),
    responses((status = 200, description = "The member's payments, newest first (none before paying)", body = Payments),
        (status = "4XX", description = "No live session (401), an inactive institution (403), an unknown institution or another member's id (404)", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn list_payments(
    State(state): State<AppState>,
    _member: InstitutionMember,
    Path((_, uid)): Path<(String, String)>,
) -> ApiResult<Json<Payments>> {
    let payments = state.store.payments_of_user(&uid).await?;
    Ok(Json(Payments { payments: payments.iter().map(payment_view).collect() }))
}

/// One of the member's payments.
#[utoipa::path(get, path = "/institution/{iid}/user/{uid}/payment/{payment_id}", tag = "purchase", params(MemberPath, ("payment_id" = String, Path)), security(("session" = [])),
    responses((status = 200, description = "The payment", body = OnePayment),
        (status = "4XX", description = "No live session (401), an inactive institution (403), an unknown payment or not the member's (404)", body = ErrorBody)))]
#[tracing::instrument(skip_all, fields(payment_id = %payment_id))]
async fn get_payment(
    State(state): State<AppState>,
    _member: InstitutionMember,
    Path((_, uid, payment_id)): Path<(String, String, String)>,
) -> ApiResult<Json<OnePayment>> {
    let payment =
        state.store.payments_of_user(&uid).await?.into_iter().find(|p| p.payment_id == payment_id).ok_or_else(ApiError::not_found)?;
    Ok(Json(OnePayment { payment: payment_view(&payment) }))
}
