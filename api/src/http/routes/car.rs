//! Cars: VIN decode, the description catalog (year → make → model → style → mock VIN), and the
//! member's car.

use std::collections::HashMap;

use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use coverline_domain::product;
use coverline_domain::vehicle::CarFlags;
use coverline_store::CarRecord;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::http::app::AppState;
use crate::http::auth::{self, InstitutionMember, InstitutionSession};
use crate::http::error::{ApiError, ApiResult};
use crate::http::openapi::{ErrorBody, InstitutionPath, MemberPath};
use crate::services::garage::{new_car, parse_vin, vehicle_not_found};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(decode_vin))
        .routes(routes!(vin_for_description))
        .routes(routes!(years))
        .routes(routes!(makes))
        .routes(routes!(models))
        .routes(routes!(styles))
        .routes(routes!(bodies))
        .routes(routes!(create_car, list_cars))
        .routes(routes!(get_car))
}

/// A catalog list (`data`): years, makes, models, styles or bodies.
#[derive(Serialize, ToSchema)]
struct CatalogList<T: ToSchema> {
    data: Vec<T>,
}

impl CatalogList<String> {
    fn of(names: Vec<&str>) -> Self {
        Self { data: names.into_iter().map(str::to_string).collect() }
    }
}

/// The catalog's parameters, each narrowing the next list.
#[derive(IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)] // read by the derive only: the handlers read the query as a map
struct CatalogParams {
    /// Model year, e.g. `2021` (makes, models, styles, VIN).
    year: Option<u16>,
    /// Make, e.g. `Toyota` (models, styles, VIN).
    make: Option<String>,
    /// Model (styles, VIN).
    model: Option<String>,
    /// Style (VIN).
    style: Option<String>,
}

/// A description's representative ("mock") VIN, in `data.message` as the spec has it.
#[derive(Serialize, ToSchema)]
struct MockVin {
    data: MockVinData,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct MockVinData {
    message: String,
    is_mock_vin: bool,
}

/// A decoded VIN.
#[derive(Serialize, ToSchema)]
struct Decoded {
    data: coverline_activities::vehicles::DecodedVehicle,
}

/// A member's car.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CarView {
    car_id: String,
    vin: String,
    year: i64,
    make: String,
    model: String,
    style: String,
    vehicle_type: String,
    odometer: i64,
    miles_per_year: i64,
    years_to_own: i64,
    car_flags: CarFlags,
    is_mock_vin: bool,
}

#[derive(Serialize, ToSchema)]
struct OneCar {
    car: CarView,
}

#[derive(Serialize, ToSchema)]
struct Cars {
    cars: Vec<CarView>,
}

/// A member's VIN lookups are limited (the VIN tables are not for scraping).
async fn vin_lookup_allowed(state: &AppState, member: &auth::Member) -> ApiResult<()> {
    state.vin_lookups.take(&state.store, &member.user.user_id, state.clock.now_ms()).await?.map_err(|wait| {
        tracing::warn!(user_id = %member.user.user_id, "VIN lookups refused: too many");
        let seconds = crate::http::error::retry_after_seconds(wait).to_string();
        ApiError::rate_limited(product::fill(product::messages::TOO_MANY_LOOKUPS, &[("seconds", &seconds)]), wait)
    })
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

/// Model years of the description catalog, newest first.
#[utoipa::path(get, path = "/institution/{iid}/car/years", tag = "vehicles", params(InstitutionPath), security(("session" = [])),
    responses((status = 200, description = "The catalog's model years, newest first", body = CatalogList<u16>),
        (status = "4XX", description = "No live session (401), an inactive institution (403), an unknown one or a session of another (404)", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn years(State(state): State<AppState>, _session: InstitutionSession) -> ApiResult<Json<CatalogList<u16>>> {
    Ok(Json(CatalogList { data: state.vehicles.catalog().years() }))
}

/// Makes of a model year.
#[utoipa::path(get, path = "/institution/{iid}/car/makes", tag = "vehicles", params(InstitutionPath, CatalogParams), security(("session" = [])),
    responses((status = 200, description = "The makes of that model year (none for a year the catalog lacks)", body = CatalogList<String>),
        (status = "4XX", description = "A missing or non-numeric `year` (400), no live session (401), an inactive (403) or unknown (404) institution", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn makes(
    State(state): State<AppState>,
    _session: InstitutionSession,
    Query(q): CatalogQuery,
) -> ApiResult<Json<CatalogList<String>>> {
    Ok(Json(CatalogList::of(state.vehicles.catalog().makes(year(&q)?))))
}

/// Models of a year and make.
#[utoipa::path(get, path = "/institution/{iid}/car/models", tag = "vehicles", params(InstitutionPath, CatalogParams), security(("session" = [])),
    responses((status = 200, description = "The models of that year and make (none when the catalog has none)", body = CatalogList<String>),
        (status = "4XX", description = "A missing `year` or `make` (400), no live session (401), an inactive (403) or unknown (404) institution", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn models(
    State(state): State<AppState>,
    _session: InstitutionSession,
    Query(q): CatalogQuery,
) -> ApiResult<Json<CatalogList<String>>> {
    Ok(Json(CatalogList::of(state.vehicles.catalog().models(year(&q)?, required(&q, "make")?))))
}

/// Styles of a year, make and model.
#[utoipa::path(get, path = "/institution/{iid}/car/styles", tag = "vehicles", params(InstitutionPath, CatalogParams), security(("session" = [])),
    responses((status = 200, description = "The styles of that year, make and model (none when the catalog has none)", body = CatalogList<String>),
        (status = "4XX", description = "A missing `year`, `make` or `model` (400), no live session (401), an inactive (403) or unknown (404) institution", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn styles(
    State(state): State<AppState>,
    _session: InstitutionSession,
    Query(q): CatalogQuery,
) -> ApiResult<Json<CatalogList<String>>> {
    let catalog = state.vehicles.catalog();
    Ok(Json(CatalogList::of(catalog.styles(year(&q)?, required(&q, "make")?, required(&q, "model")?))))
}

/// Body types of the catalog.
#[utoipa::path(get, path = "/institution/{iid}/car/bodies", tag = "vehicles", params(InstitutionPath), security(("session" = [])),
    responses((status = 200, description = "The catalog's body types", body = CatalogList<String>),
        (status = "4XX", description = "No live session (401), an inactive institution (403), an unknown one or a session of another (404)", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn bodies(State(state): State<AppState>, _session: InstitutionSession) -> ApiResult<Json<CatalogList<String>>> {
    Ok(Json(CatalogList { data: state.vehicles.catalog().bodies().to_vec() }))
}

/// The representative ("mock") VIN of a description, in `data.message` as the spec has it.
/// Limited per member like VIN decodes.
#[utoipa::path(get, path = "/institution/{iid}/car/vin", tag = "vehicles", params(InstitutionPath, CatalogParams), security(("session" = [])),
    responses((status = 200, description = "The description's representative VIN (`isMockVin: true`)", body = MockVin),
        (status = "4XX", description = "A missing field (400), no live session (401), no VIN for that description (404 vehicleNotFound), too many lookups (429)", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn vin_for_description(
    State(state): State<AppState>,
    InstitutionSession { institution, member }: InstitutionSession,
    Query(q): CatalogQuery,
) -> ApiResult<Json<MockVin>> {
    vin_lookup_allowed(&state, &member).await?;
    let (year, make, model, style) = (year(&q)?, required(&q, "make")?, required(&q, "model")?, required(&q, "style")?);
    if institution.testing_settings.description_error_test {
        return Err(vehicle_not_found());
    }
    let vin = state.vehicles.catalog().mock_vin(year, make, model, style).ok_or_else(vehicle_not_found)?;
    Ok(Json(MockVin { data: MockVinData { message: vin.to_string(), is_mock_vin: true } }))
}

/// Decodes a VIN (17 characters). Limited per member (a burst of 30, then one per 6 s).
///
/// A VIN whose check digit is wrong but whose vehicle vPIC knows is decoded with
/// `checkDigitMismatch`; a VIN that fits several styles lists them in `styleChoices`, and the
/// car is then created with the member's `style`.
#[utoipa::path(get, path = "/institution/{iid}/car/vin/{vin}", tag = "vehicles", security(("session" = [])),
    params(InstitutionPath, ("vin" = String, Path, description = "The VIN, 17 characters")),
    responses((status = 200, description = "The decoded vehicle", body = Decoded),
        (status = "4XX", description = "The spec's VIN length texts (400), no live session (401), an undecodable VIN (404 vehicleNotFound), too many lookups (429)", body = ErrorBody)))]
#[tracing::instrument(skip_all, fields(vin = %vin))]
async fn decode_vin(
    State(state): State<AppState>,
    InstitutionSession { institution, member }: InstitutionSession,
    Path((_, vin)): Path<(String, String)>,
) -> ApiResult<Json<Decoded>> {
    vin_lookup_allowed(&state, &member).await?;
    if institution.testing_settings.car_vin_error_test {
        return Err(vehicle_not_found());
    }
    let vin = parse_vin(&vin)?;
    let decoded = state.vehicles.decode(&vin).ok_or_else(vehicle_not_found)?;
    Ok(Json(Decoded { data: decoded }))
}

/// The member's car: VIN, flags and their answers.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct CreateCar {
    /// 17 characters, digits and letters other than I, O and Q, in either case; spaces around it
    /// are ignored.
    // The pattern is `Vin::parse`'s rule (a test in crate::http::openapi holds them together).
    #[schema(pattern = "^\\s*[0-9A-HJ-NPR-Za-hj-npr-z]{17}\\s*$")]
    vin: String,
    /// The member's choice among the decoded VIN's `styleChoices` (required when it has any).
    style: Option<String>,
    #[serde(default)]
    car_flags: CarFlags,
    /// Miles on the odometer as typed: digits and commas, at most 7 characters, spaces around them
    /// ignored; 1 to 999,999 miles, at most 6 digits.
    // The pattern is the shape `Odometer::parse` checks; the miles it checks after.
    #[schema(pattern = "^\\s*[0-9,]{1,7}\\s*$")]
    odometer: String,
    /// One of the offered options: 5000, 10000, 15000, 20000, 25000 or 30000.
    miles_per_year: u32,
    #[schema(minimum = 1, maximum = 7)]
    years_to_own: u8,
}

pub fn car_view(car: &CarRecord) -> CarView {
    CarView {
        car_id: car.car_id.clone(),
        vin: car.vin.clone(),
        year: i64::from(car.year),
        make: car.make.clone(),
        model: car.model.clone(),
        style: car.style.clone(),
        vehicle_type: car.vehicle_type.clone(),
        odometer: i64::from(car.odometer.0),
        miles_per_year: i64::from(car.miles_per_year),
        years_to_own: i64::from(car.years_to_own),
        car_flags: car.flags,
        is_mock_vin: car.is_mock_vin,
    }
}

/// Stores the member's car (decoded from its VIN).
#[utoipa::path(post, path = "/institution/{iid}/user/{uid}/car", tag = "vehicles", params(MemberPath), request_body = CreateCar, security(("session" = [])),
    responses((status = 201, description = "The car, decoded from its VIN and stored", body = OneCar),
        (status = "4XX", description = "A VIN, style, odometer or answer the rules refuse (400, `field` names it), \
            an undecodable VIN (404 vehicleNotFound), no live session (401), an inactive institution (403), an unknown institution or another member's id (404)", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn create_car(
    State(state): State<AppState>,
    _member: InstitutionMember,
    Path((_, uid)): Path<(String, String)>,
    Json(body): Json<CreateCar>,
) -> ApiResult<(StatusCode, Json<OneCar>)> {
    let car =
        new_car(&state, &uid, &body.vin, body.style.as_deref(), &body.odometer, body.miles_per_year, body.years_to_own, &body.car_flags)?;
    state.store.insert_car(&car).await?;
    let stored = state.store.car(&uid, &car.car_id).await?.ok_or_else(ApiError::not_found)?;
    Ok((StatusCode::CREATED, Json(OneCar { car: car_view(&stored) })))
}

/// The member's cars.
#[utoipa::path(get, path = "/institution/{iid}/user/{uid}/car", tag = "vehicles", params(MemberPath), security(("session" = [])),
    responses((status = 200, description = "The member's cars (none before the first)", body = Cars),
        (status = "4XX", description = "No live session (401), an inactive institution (403), an unknown institution or another member's id (404)", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn list_cars(
    State(state): State<AppState>,
    _member: InstitutionMember,
    Path((_, uid)): Path<(String, String)>,
) -> ApiResult<Json<Cars>> {
    let cars = state.store.cars(&uid).await?;
    Ok(Json(Cars { cars: cars.iter().map(car_view).collect() }))
}

/// One of the member's cars.
#[utoipa::path(get, path = "/institution/{iid}/user/{uid}/car/{car_id}", tag = "vehicles", params(MemberPath, ("car_id" = String, Path)), security(("session" = [])),
    responses((status = 200, description = "The car", body = OneCar),
        (status = "4XX", description = "No live session (401), an inactive institution (403), an unknown car or not the member's (404)", body = ErrorBody)))]
#[tracing::instrument(skip_all, fields(car_id = %car_id))]
async fn get_car(
    State(state): State<AppState>,
    _member: InstitutionMember,
    Path((_, uid, car_id)): Path<(String, String, String)>,
) -> ApiResult<Json<OneCar>> {
    let car = state.store.car(&uid, &car_id).await?.ok_or_else(ApiError::not_found)?;
    Ok(Json(OneCar { car: car_view(&car) }))
}
