//! The card gateway: `POST /v1/sign` and `POST /v1/verify` for Coverline's servers (merchant
//! bearer), `GET /widget` + `GET /widget.js` for the member's browser, and `POST /v1/charge`
//! for the widget. Every JSON answer is the gateway's envelope
//! `{"status", "data", "error": {"error_message"}}` with the HTTP status equal to `status`. The
//! widget and its charge speak the member's language (`texts`); the merchant's calls, English.
//! The merchant's look-ups and refunds are in `lookups` and `refunds`; what a charge tells the
//! merchant server to server is in `webhooks`. The merchant calls (sign, verify, look-ups,
//! refunds) can be delayed, failed or have their connection dropped by the test switches of
//! `switches` (`/_sandbox/gateway/behaviour`).

use axum::Router;
use axum::body::Bytes;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use rand::Rng;
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::card::{self, Outcome};
use crate::store::{PaymentRequest, Transaction, request_id};
use crate::texts::{Locale, Text};
use crate::webhooks::{self, ChargeApproved, EventBody};
use crate::{Shared, auth, millis, now_unix, now_unix_ms, signing, widget};

/// The only experience the gateway offers Coverline: card only.
pub const EXPERIENCE: &str = "NAO_CC_ONLY";
/// The integration id the gateway gave Coverline: the widget starts only with it.
pub const INTEGRATION_ID: &str = "DICE";
/// The widget's start mode: the member selects the payment method (card) in the widget.
pub const MODE: &str = "selection";

/// The payer, as the sign request carries it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Payer {
    pub first_name: String,
    pub last_name: String,
    pub email_address: String,
    pub address: String,
    pub city: String,
    pub state: String,
    pub zip_code: String,
}

/// One payment line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PaymentLine {
    /// Cents.
    pub amount: i64,
    pub apply_funds_to: String,
    #[serde(rename = "type")]
    pub kind: String,
}

/// The sign request body.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SignRequest {
    pub experience: String,
    pub user: Payer,
    #[serde(rename = "paymentInformation")]
    pub payment_information: Vec<PaymentLine>,
    #[serde(rename = "PaymentAccountId")]
    pub payment_account_id: String,
    /// The member's language as a BCP 47 tag (`en-US`, `es-US`): the widget's unless its start
    /// names another. Optional; one the gateway does not speak reads as English.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub locale: Option<String>,
}

impl SignRequest {
    fn line(&self) -> &PaymentLine {
        &self.payment_information[0]
    }
}

/// What a signed request carries.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RequestClaims {
    pub payload: SignRequest,
    pub nonce: String,
    pub expires_at: i64,
}

/// What a signed result carries.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ResultClaims {
    tracking_number: String,
    nonce: String,
}

const MSG_UNVERIFIABLE: &str = "The payment result could not be verified.";
pub(crate) const MSG_UNAUTHORIZED: &str = "Missing or invalid merchant key.";
const MSG_SIGN_STORAGE: &str = "The gateway could not record the payment request.";

/// The merchant's calls (merchant bearer), which the switches in `switches` act on.
pub fn merchant_routes() -> Router<Shared> {
    Router::new().route("/v1/sign", post(sign)).route("/v1/verify", post(verify))
}

/// The widget, its charge, and the list of charges for tests.
pub fn routes() -> Router<Shared> {
    Router::new()
        .route("/v1/charge", post(charge))
        .route("/widget", get(widget_page))
        .route("/widget.js", get(widget::script))
        .route("/_sandbox/gateway/transactions", get(list_transactions))
}

/// Every approved charge (tests and the chaos harness count them; merchant key required).
async fn list_transactions(State(sandbox): State<Shared>, headers: HeaderMap) -> Response {
    if !auth::bearer_ok(&headers, &sandbox.config.merchant_key) {
        return fail(StatusCode::UNAUTHORIZED, MSG_UNAUTHORIZED);
    }
    let transactions: Vec<Transaction> = sandbox.store.read(|s| s.transactions.values().cloned().collect());
    axum::Json(transactions).into_response()
}

/// `{"status":200,"data":…,"error":null}`.
pub(crate) fn ok(data: impl Serialize) -> Response {
    (StatusCode::OK, axum::Json(json!({ "status": 200, "data": data, "error": null }))).into_response()
}

/// `{"status":<status>,"data":null,"error":{"error_message":…}}` with the same HTTP status.
pub(crate) fn fail(status: StatusCode, message: &str) -> Response {
    (status, axum::Json(json!({ "status": status.as_u16(), "data": null, "error": { "error_message": message } }))).into_response()
}

/// Unix milliseconds from which a request can no longer be charged, not even by a charge begun
/// before `expires_at`: once past it, a request not charged stays so.
pub(crate) fn charge_deadline_ms(sandbox: &Shared, expires_at: i64) -> i64 {
    expires_at.saturating_mul(1000).saturating_add(millis(sandbox.config.processor_timeout))
}

/// Checks a signed request's signature, then its expiry; the refusal is what the member reads.
pub fn open_request(secret: &[u8], token: &str) -> Result<RequestClaims, Text> {
    let claims: RequestClaims = signing::open(secret, token).ok_or(Text::RequestInvalid)?;
    if validate_sign_request(&claims.payload).is_err() {
        return Err(Text::RequestInvalid);
    }
    if now_unix() >= claims.expires_at {
        return Err(Text::RequestExpired);
    }
    Ok(claims)
}

fn validate_sign_request(r: &SignRequest) -> Result<(), String> {
    if r.experience != EXPERIENCE {
        return Err(format!("experience must be {EXPERIENCE}."));
    }
    let [line] = r.payment_information.as_slice() else {
        return Err("paymentInformation must have exactly one line.".into());
    };
    if line.amount <= 0 {
        return Err("paymentInformation[0].amount must be a positive number of cents.".into());
    }
    if line.apply_funds_to.trim().is_empty() {
        return Err("paymentInformation[0].applyFundsTo is required.".into());
    }
    if r.payment_account_id.trim().is_empty() {
        return Err("PaymentAccountId is required.".into());
    }
    Ok(())
}

fn random_nonce() -> String {
    hex::encode(rand::random::<[u8; 16]>())
}

fn tracking_number() -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    let mut rng = rand::rng();
    let tail: String = (0..12).map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char).collect();
    format!("PAY-{tail}")
}

async fn sign(State(sandbox): State<Shared>, headers: HeaderMap, body: Bytes) -> Response {
    if !auth::bearer_ok(&headers, &sandbox.config.merchant_key) {
        return fail(StatusCode::UNAUTHORIZED, MSG_UNAUTHORIZED);
    }
    let request: SignRequest = match serde_json::from_slice(&body) {
        Ok(r) => r,
        Err(e) => return fail(StatusCode::BAD_REQUEST, &format!("The sign request is malformed: {e}")),
    };
    if let Err(message) = validate_sign_request(&request) {
        return fail(StatusCode::BAD_REQUEST, &message);
    }
    let ttl = i64::try_from(sandbox.config.request_ttl.as_secs()).unwrap_or(i64::MAX / 2);
    let now = now_unix();
    let claims = RequestClaims { payload: request, nonce: random_nonce(), expires_at: now.saturating_add(ttl) };
    let record = PaymentRequest {
        request_id: request_id(&claims.nonce),
        amount: claims.payload.line().amount,
        apply_funds_to: claims.payload.line().apply_funds_to.clone(),
        payment_account_id: claims.payload.payment_account_id.clone(),
        created_at: now,
        expires_at: claims.expires_at,
    };
    if let Err(e) = sandbox.store.update(|state| state.requests.insert(record.request_id.clone(), record.clone())) {
        tracing::error!(error = %format!("{e:#}"), "gateway could not persist a payment request");
        return fail(StatusCode::INTERNAL_SERVER_ERROR, MSG_SIGN_STORAGE);
    }
    tracing::info!(request_id = %record.request_id, apply_funds_to = %record.apply_funds_to, amount = record.amount, "gateway signed a payment request");
    ok(json!({
        "signedRequest": signing::seal(&sandbox.config.signing_secret, &claims),
        "requestId": record.request_id,
        "expiresAt": record.expires_at,
    }))
}

#[derive(Deserialize)]
struct VerifyBody {
    result: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct VerifiedPayment<'a> {
    tracking_number: &'a str,
    amount: i64,
    apply_funds_to: &'a str,
    payment_account_id: &'a str,
    paid_at: i64,
}

async fn verify(State(sandbox): State<Shared>, headers: HeaderMap, body: Bytes) -> Response {
    if !auth::bearer_ok(&headers, &sandbox.config.merchant_key) {
        return fail(StatusCode::UNAUTHORIZED, MSG_UNAUTHORIZED);
    }
    let Ok(VerifyBody { result }) = serde_json::from_slice(&body) else {
        return fail(StatusCode::BAD_REQUEST, MSG_UNVERIFIABLE);
    };
    let Some(claims) = signing::open::<ResultClaims>(&sandbox.config.signing_secret, &result) else {
        return fail(StatusCode::BAD_REQUEST, MSG_UNVERIFIABLE);
    };
    sandbox.store.read(|state| match state.transactions.get(&claims.tracking_number) {
        Some(t) if t.nonce == claims.nonce => ok(VerifiedPayment {
            tracking_number: &t.tracking_number,
            amount: t.amount,
            apply_funds_to: &t.apply_funds_to,
            payment_account_id: &t.payment_account_id,
            paid_at: t.paid_at,
        }),
        _ => fail(StatusCode::BAD_REQUEST, MSG_UNVERIFIABLE),
    })
}

/// What the widget posts. Never logged: it holds the card.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ChargeBody {
    request: String,
    /// The widget page's language (its `<html lang>`): the charge answers in it, else in the
    /// signed request's.
    #[serde(default)]
    locale: Option<String>,
    #[serde(default)]
    card_number: String,
    #[serde(default)]
    expiry: String,
    #[serde(default)]
    cvc: String,
    #[serde(default)]
    zip: String,
}

impl std::fmt::Debug for ChargeBody {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ChargeBody { <redacted> }")
    }
}

/// The first card field that fails the gateway's checks, as the member should read it.
fn card_problem(body: &ChargeBody, card_number: &str) -> Option<Text> {
    let today = time::OffsetDateTime::now_utc();
    if !card::luhn_valid(card_number) {
        Some(Text::CardNumberInvalid)
    } else if !card::expiry_valid(&body.expiry, today.year(), u8::from(today.month())) {
        Some(Text::ExpiryInvalid)
    } else if !card::cvc_valid(body.cvc.trim()) {
        Some(Text::CvcInvalid)
    } else if !card::zip_valid(body.zip.trim()) {
        Some(Text::ZipInvalid)
    } else {
        None
    }
}

async fn charge(State(sandbox): State<Shared>, body: Bytes) -> Response {
    let Ok(body) = serde_json::from_slice::<ChargeBody>(&body) else {
        return fail(StatusCode::BAD_REQUEST, "The charge request is malformed.");
    };
    let claims = match open_request(&sandbox.config.signing_secret, &body.request) {
        Ok(c) => c,
        Err(problem) => return fail(StatusCode::BAD_REQUEST, Locale::choose([body.locale.as_deref()]).text(problem)),
    };
    let locale = Locale::choose([body.locale.as_deref(), claims.payload.locale.as_deref()]);
    if sandbox.store.read(|s| s.used_nonces.contains_key(&claims.nonce)) {
        return fail(StatusCode::CONFLICT, locale.text(Text::RequestUsed));
    }
    let card_number = card::normalise_number(&body.card_number);
    if let Some(problem) = card_problem(&body, &card_number) {
        return fail(StatusCode::UNPROCESSABLE_ENTITY, locale.text(problem));
    }
    match card::outcome(&card_number) {
        Outcome::Decline(reason) => {
            tracing::info!(apply_funds_to = %claims.payload.line().apply_funds_to, "gateway declined a card");
            return fail(StatusCode::PAYMENT_REQUIRED, locale.text(reason));
        }
        Outcome::NoAnswer => {
            tokio::time::sleep(sandbox.config.processor_timeout).await;
            tracing::warn!(apply_funds_to = %claims.payload.line().apply_funds_to, "gateway's processor did not answer");
            return fail(StatusCode::GATEWAY_TIMEOUT, locale.text(Text::NoAnswer));
        }
        Outcome::Approve => {}
    }
    let last4 = card_number[card_number.len() - 4..].to_string();
    let recorded = sandbox.store.update(|state| record_charge(&sandbox, state, &claims, &last4));
    match recorded {
        Ok(Recorded::Charged(tracking)) => {
            let line = claims.payload.line();
            tracing::info!(tracking_number = %tracking, amount = line.amount, apply_funds_to = %line.apply_funds_to, card_last4 = %last4, "gateway approved a charge");
            sandbox.webhooks.wake();
            let result = signing::seal(&sandbox.config.signing_secret, &ResultClaims { tracking_number: tracking, nonce: claims.nonce });
            ok(json!({ "result": result }))
        }
        Ok(Recorded::AlreadyUsed) => fail(StatusCode::CONFLICT, locale.text(Text::RequestUsed)),
        Ok(Recorded::TooLate) => fail(StatusCode::BAD_REQUEST, locale.text(Text::RequestExpired)),
        Err(e) => {
            tracing::error!(error = %format!("{e:#}"), "gateway could not persist a charge");
            fail(StatusCode::INTERNAL_SERVER_ERROR, locale.text(Text::NotRecorded))
        }
    }
}

/// What recording an approved charge came to.
enum Recorded {
    Charged(String),
    /// Another charge of the same request won the race.
    AlreadyUsed,
    /// The request's charge deadline passed while the card was being charged.
    TooLate,
}

/// Records the charge and queues its `charge.approved` event, in one state update.
fn record_charge(sandbox: &Shared, state: &mut crate::store::State, claims: &RequestClaims, last4: &str) -> Recorded {
    if state.used_nonces.contains_key(&claims.nonce) {
        return Recorded::AlreadyUsed;
    }
    if now_unix_ms() >= charge_deadline_ms(sandbox, claims.expires_at) {
        return Recorded::TooLate;
    }
    let mut tracking = tracking_number();
    while state.transactions.contains_key(&tracking) {
        tracking = tracking_number();
    }
    let line = claims.payload.line();
    let transaction = Transaction {
        tracking_number: tracking.clone(),
        nonce: claims.nonce.clone(),
        amount: line.amount,
        apply_funds_to: line.apply_funds_to.clone(),
        payment_account_id: claims.payload.payment_account_id.clone(),
        paid_at: now_unix(),
        card_last4: last4.to_string(),
        sequence: u64::try_from(state.transactions.len()).unwrap_or(u64::MAX).saturating_add(1),
        refunds: Vec::new(),
    };
    let event = EventBody::ChargeApproved(ChargeApproved {
        tracking_number: tracking.clone(),
        request_id: transaction.request_id(),
        amount: transaction.amount,
        apply_funds_to: transaction.apply_funds_to.clone(),
        payment_account_id: transaction.payment_account_id.clone(),
        paid_at: transaction.paid_at,
        card_last4: transaction.card_last4.clone(),
    });
    state.used_nonces.insert(claims.nonce.clone(), tracking.clone());
    state.transactions.insert(tracking.clone(), transaction);
    webhooks::queue(sandbox, state, event);
    Recorded::Charged(tracking)
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct WidgetQuery {
    request: Option<String>,
    parent_origin: Option<String>,
    #[serde(flatten)]
    start: WidgetStart,
}

/// What the merchant's page starts the widget with, besides the request: the mode, its
/// integration id, the payment account, the experience and the locale. The account and the
/// experience must be the signed request's; the locale, a BCP 47 tag, chooses the widget's
/// language over the signed request's, and one the gateway does not speak is passed over.
#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase")]
struct WidgetStart {
    mode: Option<String>,
    integration_id: Option<String>,
    payment_account_id: Option<String>,
    experience: Option<String>,
    locale: Option<String>,
}

impl WidgetStart {
    /// The first start parameter that does not fit `request`, as the widget says it.
    fn problem(&self, request: &SignRequest) -> Option<Text> {
        let is = |given: &Option<String>, want: &str| given.as_deref() == Some(want);
        if !is(&self.mode, MODE) {
            Some(Text::WrongMode)
        } else if !is(&self.integration_id, INTEGRATION_ID) {
            Some(Text::WrongIntegrationId)
        } else if !is(&self.payment_account_id, &request.payment_account_id) {
            Some(Text::WrongPaymentAccount)
        } else if !is(&self.experience, &request.experience) {
            Some(Text::WrongExperience)
        } else {
            None
        }
    }
}

async fn widget_page(State(sandbox): State<Shared>, query: Result<Query<WidgetQuery>, QueryRejection>) -> Response {
    let (request, parent_origin, start) = match query {
        Ok(Query(q)) => (q.request.unwrap_or_default(), q.parent_origin.and_then(|o| widget::parse_origin(&o)), q.start),
        Err(_) => (String::new(), None, WidgetStart::default()),
    };
    let Some(parent_origin) = parent_origin else {
        return widget::failure_page(None, Locale::choose([start.locale.as_deref()]), Text::NoParentOrigin);
    };
    let claims = match open_request(&sandbox.config.signing_secret, &request) {
        Ok(claims) => claims,
        Err(problem) => return widget::failure_page(Some(&parent_origin), Locale::choose([start.locale.as_deref()]), problem),
    };
    let locale = Locale::choose([start.locale.as_deref(), claims.payload.locale.as_deref()]);
    if sandbox.store.read(|s| s.used_nonces.contains_key(&claims.nonce)) {
        return widget::failure_page(Some(&parent_origin), locale, Text::RequestUsed);
    }
    match start.problem(&claims.payload) {
        Some(problem) => widget::failure_page(Some(&parent_origin), locale, problem),
        None => widget::form_page(&parent_origin, &request, &claims.payload, locale),
    }
}
