//! Cars: VIN decode and the member's car.

use axum::extract::{Path, State};
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
        .route("/institution/{iid}/user/{uid}/car", post(create_car))
        .route("/institution/{iid}/user/{uid}/car/{car_id}", get(get_car))
}

fn vehicle_not_found() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "vehicleNotFound", FAILED_TO_FIND_VIN)
}

/// Decodes a VIN: length errors carry the spec's texts; anything else undecodable is 'failed to find vin'.
fn parse_vin(raw: &str) -> ApiResult<Vin> {
    Vin::parse(raw).map_err(|e| if e.message == FAILED_TO_FIND_VIN { vehicle_not_found() } else { e.into() })
}

async fn decode_vin(State(state): State<AppState>, headers: HeaderMap, Path((iid, vin)): Path<(String, String)>) -> ApiResult<Json<Value>> {
    let institution = state.active_institution(&iid).await?;
    let member = auth::session(&state, &headers).await??;
    if member.user.institution_id != institution.institution_id {
        return Err(ApiError::not_found());
    }
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
    let vin = parse_vin(&body.vin)?;
    let odometer = Odometer::parse(&body.odometer)?;
    let miles_per_year = parse_miles_per_year(body.miles_per_year)?;
    let years_to_own = parse_years_to_own(body.years_to_own)?;
    let decoded = state.vehicles.decode(&vin).ok_or_else(vehicle_not_found)?;
    let car = CarRecord {
        car_id: crate::ids::new_id("car"),
        user_id: uid.clone(),
        vin: decoded.vin,
        year: i64::from(decoded.year),
        make: decoded.make,
        model: decoded.model,
        style: decoded.style,
        vehicle_type: decoded.vehicle_type,
        odometer: i64::from(odometer.0),
        miles_per_year: i64::from(miles_per_year),
        years_to_own: i64::from(years_to_own),
        flags_json: serde_json::to_string(&body.car_flags).map_err(|e| ApiError::internal(e.into()))?,
        is_mock_vin: 0,
        created_at: 0,
    };
    state.store.insert_car(&car).await?;
    let stored = state.store.car(&uid, &car.car_id).await?.ok_or_else(ApiError::not_found)?;
    Ok((StatusCode::CREATED, Json(json!({ "car": car_json(&stored) }))))
}

async fn get_car(State(state): State<AppState>, headers: HeaderMap, Path((iid, uid, car_id)): Path<(String, String, String)>) -> ApiResult<Json<Value>> {
    let institution = state.active_institution(&iid).await?;
    auth::member(&state, &headers, &institution, &uid).await?;
    let car = state.store.car(&uid, &car_id).await?.ok_or_else(ApiError::not_found)?;
    Ok(Json(json!({ "car": car_json(&car) })))
}
