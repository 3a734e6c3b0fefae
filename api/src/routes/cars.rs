//! Cars: VIN decode, the description catalog (year → make → model → style → mock VIN), and the
//! member's car.

use std::collections::HashMap;

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::{get, post};
use axum::{Json, Router};
use coverline_domain::Vin;
use coverline_domain::vehicle::{CarFlags, Odometer, parse_miles_per_year, parse_years_to_own};
use coverline_domain::vin::FAILED_TO_FIND_VIN;
use coverline_store::CarRecord;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::app::AppState;
use crate::auth;
use crate::error::{ApiError, ApiResult};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/institution/{iid}/car/vin/{vin}", get(decode_vin))
        .route("/institution/{iid}/car/vin", get(vin_for_description))
        .route("/institution/{iid}/car/years", get(years))
        .route("/institution/{iid}/car/makes", get(makes))
        .route("/institution/{iid}/car/models", get(models))
        .route("/institution/{iid}/car/styles", get(styles))
        .route("/institution/{iid}/car/bodies", get(bodies))
        .route("/institution/{iid}/user/{uid}/car", post(create_car).get(list_cars))
        .route("/institution/{iid}/user/{uid}/car/{car_id}", get(get_car))
}

pub(crate) fn vehicle_not_found() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "vehicleNotFound", FAILED_TO_FIND_VIN)
}

/// Decodes a VIN: length errors carry the spec's texts; anything else undecodable is 'failed to find vin'.
pub(crate) fn parse_vin(raw: &str) -> ApiResult<Vin> {
    Vin::parse(raw).map_err(|e| if e.message == FAILED_TO_FIND_VIN { vehicle_not_found() } else { e.into() })
}

/// The catalog and VIN calls need a session of the institution's own member.
async fn institution_session(state: &AppState, headers: &HeaderMap, iid: &str) -> ApiResult<coverline_domain::institution::Institution> {
    Ok(institution_member(state, headers, iid).await?.0)
}

async fn institution_member(state: &AppState, headers: &HeaderMap, iid: &str) -> ApiResult<(coverline_domain::institution::Institution, auth::Member)> {
    let institution = state.active_institution(iid).await?;
    let member = auth::session(state, headers).await??;
    if member.user.institution_id != institution.institution_id {
        return Err(ApiError::not_found());
    }
    Ok((institution, member))
}

/// A member's car from its VIN and their answers, checked and decoded (not stored yet).
pub(crate) fn new_car(
    state: &AppState,
    user_id: &str,
    vin: &str,
    odometer: &str,
    miles_per_year: u32,
    years_to_own: u8,
    flags: &CarFlags,
) -> ApiResult<CarRecord> {
    let vin = parse_vin(vin)?;
    let odometer = Odometer::parse(odometer)?;
    let miles_per_year = parse_miles_per_year(miles_per_year)?;
    let years_to_own = parse_years_to_own(years_to_own)?;
    let decoded = state.vehicles.decode(&vin).ok_or_else(vehicle_not_found)?;
    Ok(CarRecord {
        car_id: crate::ids::new_id("car"),
        user_id: user_id.to_string(),
        vin: decoded.vin,
        year: i64::from(decoded.year),
        make: decoded.make,
        model: decoded.model,
        style: decoded.style,
        vehicle_type: decoded.vehicle_type,
        odometer: i64::from(odometer.0),
        miles_per_year: i64::from(miles_per_year),
        years_to_own: i64::from(years_to_own),
        flags_json: serde_json::to_string(flags).map_err(|e| ApiError::internal(e.into()))?,
        is_mock_vin: i64::from(decoded.is_mock_vin),
        created_at: 0,
    })
}

/// A member's VIN lookups are limited (the VIN tables are not for scraping).
fn vin_lookup_allowed(state: &AppState, member: &auth::Member) -> ApiResult<()> {
    if state.vin_lookups.allow(&member.user.user_id) {
        Ok(())
    } else {
        tracing::warn!(user_id = %member.user.user_id, "VIN lookups refused: too many");
        Err(ApiError::new(StatusCode::TOO_MANY_REQUESTS, "rateLimited", "Too many vehicle lookups. Please wait a minute and try again."))
    }
}

/// A required query parameter, trimmed; `Field is required` names it when missing or blank.
fn required<'a>(query: &'a HashMap<String, String>, field: &'static str) -> ApiResult<&'a str> {
    match query.get(field).map(|v| v.trim()) {
        Some(v) if !v.is_empty() && v.len() <= 100 => Ok(v),
        _ => Err(coverline_domain::ValidationError::new(field, coverline_domain::ValidationError::REQUIRED).into()),
    }
}

/// The model year parameter: a number; an out-of-range year simply has nothing under it.
fn year(query: &HashMap<String, String>) -> ApiResult<u16> {
    required(query, "year")?
        .parse()
        .map_err(|_| coverline_domain::ValidationError::new("year", coverline_domain::ValidationError::REQUIRED).into())
}

type CatalogQuery = Query<HashMap<String, String>>;

async fn years(State(state): State<AppState>, headers: HeaderMap, Path(iid): Path<String>) -> ApiResult<Json<Value>> {
    institution_session(&state, &headers, &iid).await?;
    Ok(Json(json!({ "data": state.vehicles.catalog().years() })))
}

async fn makes(State(state): State<AppState>, headers: HeaderMap, Path(iid): Path<String>, Query(q): CatalogQuery) -> ApiResult<Json<Value>> {
    institution_session(&state, &headers, &iid).await?;
    Ok(Json(json!({ "data": state.vehicles.catalog().makes(year(&q)?) })))
}

async fn models(State(state): State<AppState>, headers: HeaderMap, Path(iid): Path<String>, Query(q): CatalogQuery) -> ApiResult<Json<Value>> {
    institution_session(&state, &headers, &iid).await?;
    Ok(Json(json!({ "data": state.vehicles.catalog().models(year(&q)?, required(&q, "make")?) })))
}

async fn styles(State(state): State<AppState>, headers: HeaderMap, Path(iid): Path<String>, Query(q): CatalogQuery) -> ApiResult<Json<Value>> {
    institution_session(&state, &headers, &iid).await?;
    let catalog = state.vehicles.catalog();
    Ok(Json(json!({ "data": catalog.styles(year(&q)?, required(&q, "make")?, required(&q, "model")?) })))
}

async fn bodies(State(state): State<AppState>, headers: HeaderMap, Path(iid): Path<String>) -> ApiResult<Json<Value>> {
    institution_session(&state, &headers, &iid).await?;
    Ok(Json(json!({ "data": state.vehicles.catalog().bodies() })))
}

/// The representative ("mock") VIN of a description, in `data.message` as the spec has it.
async fn vin_for_description(State(state): State<AppState>, headers: HeaderMap, Path(iid): Path<String>, Query(q): CatalogQuery) -> ApiResult<Json<Value>> {
    let (institution, member) = institution_member(&state, &headers, &iid).await?;
    vin_lookup_allowed(&state, &member)?;
    let (year, make, model, style) = (year(&q)?, required(&q, "make")?, required(&q, "model")?, required(&q, "style")?);
    if institution.testing_settings.description_error_test {
        return Err(vehicle_not_found());
    }
    let vin = state.vehicles.catalog().mock_vin(year, make, model, style).ok_or_else(vehicle_not_found)?;
    Ok(Json(json!({ "data": { "message": vin, "isMockVin": true } })))
}

async fn decode_vin(State(state): State<AppState>, headers: HeaderMap, Path((iid, vin)): Path<(String, String)>) -> ApiResult<Json<Value>> {
    let (institution, member) = institution_member(&state, &headers, &iid).await?;
    vin_lookup_allowed(&state, &member)?;
    if institution.testing_settings.car_vin_error_test {
        return Err(vehicle_not_found());
    }
    let vin = parse_vin(&vin)?;
    let decoded = state.vehicles.decode(&vin).ok_or_else(vehicle_not_found)?;
    Ok(Json(json!({ "data": decoded })))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct CreateCar {
    vin: String,
    #[serde(default)]
    car_flags: CarFlags,
    odometer: String,
    miles_per_year: u32,
    years_to_own: u8,
}

pub fn car_json(car: &CarRecord) -> Value {
    let flags: CarFlags = serde_json::from_str(&car.flags_json).unwrap_or_default();
    json!({
        "carId": car.car_id, "vin": car.vin, "year": car.year, "make": car.make, "model": car.model, "style": car.style,
        "vehicleType": car.vehicle_type, "odometer": car.odometer, "milesPerYear": car.miles_per_year,
        "yearsToOwn": car.years_to_own, "carFlags": flags, "isMockVin": car.is_mock_vin == 1,
    })
}

async fn create_car(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path((iid, uid)): Path<(String, String)>,
    Json(body): Json<CreateCar>,
) -> ApiResult<(StatusCode, Json<Value>)> {
    let institution = state.active_institution(&iid).await?;
    auth::member(&state, &headers, &institution, &uid).await?;
    let car = new_car(&state, &uid, &body.vin, &body.odometer, body.miles_per_year, body.years_to_own, &body.car_flags)?;
    state.store.insert_car(&car).await?;
    let stored = state.store.car(&uid, &car.car_id).await?.ok_or_else(ApiError::not_found)?;
    Ok((StatusCode::CREATED, Json(json!({ "car": car_json(&stored) }))))
}

async fn list_cars(State(state): State<AppState>, headers: HeaderMap, Path((iid, uid)): Path<(String, String)>) -> ApiResult<Json<Value>> {
    let institution = state.active_institution(&iid).await?;
    auth::member(&state, &headers, &institution, &uid).await?;
    let cars = state.store.cars(&uid).await?;
    Ok(Json(json!({ "cars": cars.iter().map(car_json).collect::<Vec<_>>() })))
}

async fn get_car(State(state): State<AppState>, headers: HeaderMap, Path((iid, uid, car_id)): Path<(String, String, String)>) -> ApiResult<Json<Value>> {
    let institution = state.active_institution(&iid).await?;
    auth::member(&state, &headers, &institution, &uid).await?;
    let car = state.store.car(&uid, &car_id).await?.ok_or_else(ApiError::not_found)?;
    Ok(Json(json!({ "car": car_json(&car) })))
}
