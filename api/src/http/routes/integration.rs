//! Integration mode: a partner (integrator) embeds the flow. The partner's server launches it for
//! one member with its token — member and vehicle data in, a single-use launch code out — and the
//! embedded app exchanges the code for a session and continues at the coverage step (or at the
//! vehicle selection when the partner gave no vehicle).

use axum::Json;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::AppendHeaders;
use base64::Engine;
use coverline_domain::ErrorCode;
use coverline_domain::checkout::{Answers, Step, Vehicle};
use coverline_domain::contact::{EmailAddress, StateCode};
use coverline_domain::institution::Institution;
use coverline_domain::vehicle::CarFlags;
use coverline_store::{CarRecord, IntegratorRecord, LaunchRecord, QuoteRecord, UserRecord};
use rand::RngCore;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::http::app::AppState;
use crate::http::auth::{self, ActiveInstitution};
use crate::http::error::{ApiError, ApiResult};
use crate::http::openapi::ErrorBody;
use crate::http::routes::car::{CarView, car_view};
use crate::http::routes::quote::{QuoteView, quote_json};
use crate::http::routes::user::{UserView, user_view};
use crate::http::web_page::request_language;
use crate::services::checkouts;
use crate::services::garage::{new_car, parse_vin};
use crate::services::personal_details::{Address, check_details};
use crate::services::quoting::{rate_car, store_quote};

/// The spec's text when the partner's vehicle gets no coverage.
pub const NO_AVAILABLE_POLICIES: &str = coverline_domain::product::messages::NO_AVAILABLE_POLICIES;
/// A launch code lives this long.
const LAUNCH_TTL_SECS: i64 = 600;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(launch)).routes(routes!(session))
}

/// `{iid}/integration/{integrator_id}`: a partner of an institution.
#[derive(IntoParams)]
#[into_params(parameter_in = Path)]
#[allow(dead_code)] // read by the derive only
struct IntegratorPath {
    /// The institution's id.
    iid: String,
    /// The integrator's id.
    integrator_id: String,
}

/// Where to send the member: a one-time launch code in the embedded app's URL.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Launched {
    launch_code: String,
    /// `/{iid}/user/integration/{integratorId}/silent|selection?launch=...`.
    url: String,
    /// Unix seconds.
    expires_at: i64,
}

/// The embedded app's session: the member, the token, and (with a vehicle) the car and quote.
#[derive(Serialize, ToSchema)]
struct IntegrationSession {
    user: UserView,
    token: String,
    car: Option<CarView>,
    quote: Option<QuoteView>,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct PartnerMember {
    email_address: String,
    first_name: String,
    last_name: String,
    phone_number: String,
    address: Address,
    #[serde(default = "yes")]
    is_member: bool,
    #[serde(default = "yes")]
    does_consent_to_soliciting: bool,
}

fn yes() -> bool {
    true
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct PartnerVehicle {
    vin: String,
    /// The vehicle's style, when its VIN fits several (the `vehicle.style` error names them).
    style: Option<String>,
    /// Miles, as a number or a string.
    #[schema(value_type = String)]
    odometer: Value,
    #[serde(default = "default_miles_per_year")]
    miles_per_year: u32,
    #[serde(default = "default_years_to_own")]
    years_to_own: u8,
    #[serde(default)]
    car_flags: CarFlags,
}

fn default_miles_per_year() -> u32 {
    15_000
}

fn default_years_to_own() -> u8 {
    6
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Launch {
    member: PartnerMember,
    vehicle: Option<PartnerVehicle>,
    /// State of residence for the quote; default: the member's address.
    state: Option<String>,
}

/// The integrator named in the path, for this institution; 401 when unknown (never says whether
/// the id or the token was wrong), 403 when inactive.
async fn integrator(state: &AppState, institution_id: &str, integrator_id: &str) -> ApiResult<IntegratorRecord> {
    let refused = || ApiError::new(StatusCode::UNAUTHORIZED, ErrorCode::InvalidIntegrator, "The integrator or its token is not valid.");
    let found = state.store.integrator(integrator_id).await?.filter(|i| i.institution_id == institution_id).ok_or_else(refused)?;
    if found.is_active != 1 {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            ErrorCode::IntegratorInactive,
            coverline_domain::product::messages::INTEGRATION_INACTIVE,
        ));
    }
    Ok(found)
}

fn launch_url(iid: &str, integrator_id: &str, with_vehicle: bool, code: &str) -> String {
    let child = if with_vehicle { "silent" } else { "selection" };
    format!("/{iid}/user/integration/{integrator_id}/{child}?launch={code}")
}

fn code_hash(code: &str) -> String {
    hex::encode(Sha256::digest(format!("integration-launch:{code}").as_bytes()))
}

/// The partner's server starts the flow for one member (`Authorization: Bearer <integrator token>`).
/// With a vehicle, it is rated first: none fits → 422 'No available policies', nothing created.
#[utoipa::path(post, path = "/institution/{iid}/integration/{integrator_id}/launch", tag = "integration", params(IntegratorPath), request_body = Launch,
    security(("integrator" = [])), responses((status = 201, description = "The launch code and the embedded app's URL to send the member to (once, within 10 minutes)", body = Launched),
        (status = "4XX", description = "Member or vehicle data the rules refuse (400), a bad integrator or token (401 invalidIntegrator), \
            an inactive integration or institution (403), an undecodable VIN (404), no coverage for the vehicle (422 noPolicies)", body = ErrorBody)))]
#[tracing::instrument(skip_all, fields(integrator_id = %integrator_id))]
async fn launch(
    State(state): State<AppState>,
    ActiveInstitution(institution): ActiveInstitution,
    headers: HeaderMap,
    Path((_, integrator_id)): Path<(String, String)>,
    Json(body): Json<Launch>,
) -> ApiResult<(StatusCode, Json<Launched>)> {
    let partner = integrator(&state, &institution.institution_id, &integrator_id).await?;
    let token =
        headers.get(header::AUTHORIZATION).and_then(|v| v.to_str().ok()).and_then(|v| v.strip_prefix("Bearer ")).unwrap_or_default();
    let presented = crate::services::integrators::token_sha256(token.trim());
    if token.trim().is_empty() || !bool::from(presented.as_bytes().ct_eq(partner.token_sha256.as_bytes())) {
        tracing::warn!(%integrator_id, "integration launch with a bad token");
        return Err(ApiError::new(StatusCode::UNAUTHORIZED, ErrorCode::InvalidIntegrator, "The integrator or its token is not valid."));
    }

    let m = &body.member;
    let email = EmailAddress::parse(&m.email_address)?;
    let details = check_details(&m.first_name, &m.last_name, &m.phone_number, &m.address)?;
    let residence = StateCode::parse(body.state.as_deref().unwrap_or(&details.state))?;
    let user_id = crate::services::ids::new_id("usr");

    // Rate first: a vehicle without coverage creates nothing.
    let rated = match &body.vehicle {
        None => None,
        Some(v) => {
            let odometer = match &v.odometer {
                Value::String(text) => text.clone(),
                Value::Number(n) => n.to_string(),
                _ => String::new(),
            };
            let car = match new_car(&state, &user_id, &v.vin, v.style.as_deref(), &odometer, v.miles_per_year, v.years_to_own, &v.car_flags)
            {
                Err(e) if e.field.as_deref() == Some("style") => {
                    // The integrator has no page to choose on: the answer names the choices.
                    let choices =
                        parse_vin(&v.vin).ok().and_then(|vin| state.vehicles.decode(&vin)).map(|d| d.style_choices).unwrap_or_default();
                    return Err(ApiError::field(
                        ErrorCode::Validation,
                        format!("{} One of: {}.", e.message, choices.join("; ")),
                        "vehicle.style",
                    ));
                }
                car => car?,
            };
            let (miles_per_year, years_to_own) = (car.miles_per_year, car.years_to_own);
            let priced = rate_car(&state, &institution, &car, miles_per_year, years_to_own, &residence)
                .map_err(|_| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, ErrorCode::NoPolicies, NO_AVAILABLE_POLICIES))?;
            Some((car, priced, miles_per_year, years_to_own))
        }
    };

    let hash = auth::hash_password_blocking(&auth::generated_password()).await?;
    // A partner's server asks: no member's browser to read a language from; the institution's default.
    state
        .store
        .insert_user(&user_id, &institution.institution_id, email.as_str(), &hash, institution.application_settings.default_language)
        .await?;
    state.store.set_user_integrator(&user_id, &partner.integrator_id).await?;
    state.store.update_personal_details(&user_id, &details.personal_details(m.is_member, m.does_consent_to_soliciting)).await?;
    let (car_id, quote_id) = match rated {
        None => (None, None),
        Some((car, priced, miles_per_year, years_to_own)) => {
            state.store.insert_car(&car).await?;
            let (quote, _) = store_quote(&state, &institution, &car, &residence, (miles_per_year, years_to_own), &priced, None).await?;
            (Some(car.car_id), Some(quote.quote_id))
        }
    };

    let mut code = [0u8; 32];
    rand::rng().fill_bytes(&mut code);
    let code = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(code);
    let expires_at = state.clock.now() + LAUNCH_TTL_SECS;
    let with_vehicle = car_id.is_some();
    state
        .store
        .insert_launch(
            &code_hash(&code),
            &LaunchRecord { integrator_id: integrator_id.clone(), user_id: user_id.clone(), car_id, quote_id, expires_at },
        )
        .await?;
    tracing::info!(%integrator_id, %user_id, with_vehicle, "integration launched");
    Ok((
        StatusCode::CREATED,
        Json(Launched { url: launch_url(&institution.institution_id, &integrator_id, with_vehicle, &code), launch_code: code, expires_at }),
    ))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Exchange {
    launch_code: String,
}

/// The embedded app exchanges the launch code (once) for a session, the car and the quote.
#[utoipa::path(post, path = "/institution/{iid}/integration/{integrator_id}/session", tag = "integration", params(IntegratorPath), request_body = Exchange,
    responses((status = 200, description = "The member's session (the restore cookie is set), with the car and quote when the partner gave a vehicle", body = IntegrationSession),
        (status = "4XX", description = "An inactive integration or institution (403), an unknown institution or integrator, or a used or expired launch code (404)", body = ErrorBody)))]
#[tracing::instrument(skip_all, fields(integrator_id = %integrator_id))]
async fn session(
    State(state): State<AppState>,
    ActiveInstitution(institution): ActiveInstitution,
    Path((_, integrator_id)): Path<(String, String)>,
    headers: HeaderMap,
    Json(body): Json<Exchange>,
) -> ApiResult<(super::SetCookie, Json<IntegrationSession>)> {
    integrator(&state, &institution.institution_id, &integrator_id)
        .await
        .map_err(|e| if e.status == StatusCode::UNAUTHORIZED { ApiError::not_found() } else { e })?;
    let Some(launch) = state.store.take_launch(&code_hash(body.launch_code.trim()), &integrator_id, state.clock.now()).await? else {
        return Err(ApiError::new(StatusCode::NOT_FOUND, ErrorCode::NotFound, coverline_domain::product::messages::LAUNCH_EXPIRED));
    };
    let user = state.store.user(&launch.user_id).await?.ok_or_else(ApiError::not_found)?;
    let (token, cookie) = auth::open_session(&state, &institution.institution_id, &user.user_id).await?;
    let car = match &launch.car_id {
        Some(id) => state.store.car(&user.user_id, id).await?,
        None => None,
    };
    let quote = match (&launch.quote_id, &car) {
        (Some(id), Some(_)) => {
            let quote = state.store.quote(&user.user_id, id).await?.ok_or_else(ApiError::not_found)?;
            let rates = state.store.rates(id).await?;
            Some((quote, rates))
        }
        _ => None,
    };
    record_launch(&state, &institution, &user, car.as_ref(), quote.as_ref().map(|(q, _)| q)).await;
    let quote = match (&quote, &car) {
        (Some((q, rates)), Some(car)) => Some(quote_json(&state, &institution, q, rates, car, request_language(&institution, &headers))),
        _ => None,
    };
    Ok((
        AppendHeaders([(header::SET_COOKIE, cookie)]),
        Json(IntegrationSession { user: user_view(&user), token, car: car.as_ref().map(car_view), quote }),
    ))
}

/// Records where a partner's launch puts the member in their checkout: at the coverage with the
/// partner's vehicle rated, else at the vehicle look-up. The flow goes on without it when the
/// checkout cannot answer (the member's next step records it).
async fn record_launch(
    state: &AppState,
    institution: &Institution,
    user: &UserRecord,
    car: Option<&CarRecord>,
    quote: Option<&QuoteRecord>,
) {
    let residence = quote.map(|q| q.state.clone()).or_else(|| user.state.clone());
    let mut answers = Answers { state_of_residence: residence, ..Answers::default() };
    let mut step = Step::Lookup;
    if let (Some(car), Some(quote)) = (car, quote) {
        answers.vehicle = Some(Vehicle {
            vin: car.vin.clone(),
            year: car.year,
            make: car.make.clone(),
            model: car.model.clone(),
            style: car.style.clone(),
            is_mock_vin: car.is_mock_vin,
        });
        answers.odometer = Some(car.odometer.0);
        answers.car_flags = car.flags;
        answers.miles_per_year = Some(car.miles_per_year);
        answers.years_to_own = Some(car.years_to_own);
        answers.car_id = Some(car.car_id.clone());
        answers.quote_id = Some(quote.quote_id.clone());
        step = Step::Coverage;
    }
    let recorded = async {
        let facts = checkouts::facts(state, institution, user, answers.state_of_residence.as_deref()).await?;
        checkouts::advance(state, user, step, answers, facts, None).await.map_err(|e| anyhow::anyhow!("{}", e.message))
    };
    if let Err(e) = recorded.await {
        tracing::warn!(error = %e, user_id = %user.user_id, "the partner's launch was not recorded in the checkout");
    }
}
