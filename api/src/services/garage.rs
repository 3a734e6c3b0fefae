//! The member's garage, the business operation behind the car routes and the integration launch:
//! a car from its VIN and the member's answers, checked with the domain's rules and decoded.

use axum::http::StatusCode;
use coverline_activities::vehicles::{DecodedVehicle, NotAChoice};
use coverline_domain::product::field_errors;
use coverline_domain::vehicle::{CarFlags, Odometer, parse_miles_per_year, parse_years_to_own};
use coverline_domain::vin::FAILED_TO_FIND_VIN;
use coverline_domain::{ErrorCode, ValidationError, Vin};
use coverline_store::CarRecord;

use crate::http::app::AppState;
use crate::http::error::{ApiError, ApiResult};

/// 404 with the spec's decode-failure text.
pub fn vehicle_not_found() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, ErrorCode::VehicleNotFound, FAILED_TO_FIND_VIN)
}

/// Decodes a VIN: length errors carry the spec's texts; anything else undecodable is 'failed to find vin'.
pub fn parse_vin(raw: &str) -> ApiResult<Vin> {
    Vin::parse(raw).map_err(|e| if e.message == FAILED_TO_FIND_VIN { vehicle_not_found() } else { e.into() })
}

/// Decodes a VIN and settles its style: the member's choice when the VIN fits several
/// (`style` field error [`field_errors::CHOOSE_STYLE`] when it is not one of them).
pub fn decode_with_style(state: &AppState, vin: &str, style: Option<&str>) -> ApiResult<DecodedVehicle> {
    let decoded = state.vehicles.decode(&parse_vin(vin)?).ok_or_else(vehicle_not_found)?;
    Ok(decoded.choose_style(style).map_err(|NotAChoice| ValidationError::new("style", field_errors::CHOOSE_STYLE))?)
}

/// A member's car from its VIN (and its style, when the VIN fits several) and their answers,
/// checked and decoded (not stored yet).
#[allow(clippy::too_many_arguments)]
pub fn new_car(
    state: &AppState,
    user_id: &str,
    vin: &str,
    style: Option<&str>,
    odometer: &str,
    miles_per_year: u32,
    years_to_own: u8,
    flags: &CarFlags,
) -> ApiResult<CarRecord> {
    let vin = parse_vin(vin)?;
    let odometer = Odometer::parse(odometer)?;
    let miles_per_year = parse_miles_per_year(miles_per_year)?;
    let years_to_own = parse_years_to_own(years_to_own)?;
    let decoded = decode_with_style(state, vin.as_str(), style)?;
    Ok(CarRecord {
        car_id: crate::services::ids::new_id("car"),
        user_id: user_id.to_string(),
        vin: decoded.vin,
        year: decoded.year,
        make: decoded.make,
        model: decoded.model,
        style: decoded.style,
        vehicle_type: decoded.vehicle_type,
        odometer,
        miles_per_year,
        years_to_own,
        flags: *flags,
        is_mock_vin: decoded.is_mock_vin,
        created_at: 0,
    })
}
