//! GET institution (branding and settings) and its logo.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, header};
use axum::response::IntoResponse;
use coverline_domain::institution::{ApplicationSettings, Branding, PAYMENT_WIDGET_START, PaymentWidgetStart};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::http::app::AppState;
use crate::http::error::{ApiError, ApiResult};
use crate::http::openapi::{ErrorBody, InstitutionPath};

pub fn router() -> OpenApiRouter<AppState> {
    // `/institution/global-settings` is a fixed path, which axum's router matches before the
    // `{iid}` segment; no institution may take the id (Institution::check).
    OpenApiRouter::new().routes(routes!(global_settings)).routes(routes!(institution)).routes(routes!(logo))
}

/// How long browsers and proxies may reuse the global settings: they change only with a deploy
/// (or a restart with other session settings).
const GLOBAL_SETTINGS_CACHE: &str = "public, max-age=300";

/// Settings that are the same for every institution and that a client needs (spec section 7).
/// No secrets: what the app already shows or does, from the one source of the constants
/// (domain/product.json) and the server's configuration.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct GlobalSettings {
    /// The API's version (the `coverline` build).
    app_version: &'static str,
    /// The terms-of-service PDF the review page links to (same origin as the app).
    terms_of_service_path: &'static str,
    timings: GlobalTimings,
    limits: GlobalLimits,
    /// How the card widget is started (the payment account is each institution's `entityId`).
    payment_widget: PaymentWidgetStart,
}

/// Time limits (spec sections 4 and 9).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct GlobalTimings {
    /// The page's inactivity time-out (900000).
    idle_timeout_ms: u64,
    /// How often the page checks it (30000).
    idle_check_ms: u64,
    /// A booking with no answer in this long fails (120000).
    booking_no_response_ms: u64,
    /// The server refuses a session token after this much inactivity.
    session_idle_timeout_secs: u64,
    /// The server refreshes no session (chain of tokens) past this age.
    session_max_secs: u64,
}

/// Limits of the forms and the coverage options (spec section 9).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct GlobalLimits {
    max_rates: usize,
    price_cap_dollars: usize,
    default_rate_index: usize,
    vin_length: usize,
    zip_length: usize,
    phone_digits: usize,
    odometer_digits: usize,
    code_digits: usize,
}

/// The settings shared by every institution: time-outs, limits, the widget's start parameters,
/// the terms PDF and the app version. Cacheable for 5 minutes.
#[utoipa::path(get, path = "/institution/global-settings", tag = "institutions",
    responses((status = 200, description = "The settings, the same for every institution", body = GlobalSettings,
            headers(("Cache-Control" = String, description = "public, max-age=300")))))]
#[tracing::instrument(skip_all)]
async fn global_settings(State(state): State<AppState>) -> impl IntoResponse {
    use coverline_domain::product::{limits, timings};
    let settings = GlobalSettings {
        app_version: env!("CARGO_PKG_VERSION"),
        terms_of_service_path: TERMS_OF_SERVICE_PATH,
        timings: GlobalTimings {
            idle_timeout_ms: timings::IDLE_TIMEOUT_MS,
            idle_check_ms: timings::IDLE_CHECK_MS,
            booking_no_response_ms: timings::BOOKING_NO_RESPONSE_MS,
            session_idle_timeout_secs: state.config.idle_timeout.as_secs(),
            session_max_secs: state.config.session_max.as_secs(),
        },
        limits: GlobalLimits {
            max_rates: limits::MAX_RATES,
            price_cap_dollars: limits::PRICE_CAP_DOLLARS,
            default_rate_index: limits::DEFAULT_RATE_INDEX,
            vin_length: limits::VIN_LENGTH,
            zip_length: limits::ZIP_LENGTH,
            phone_digits: limits::PHONE_DIGITS,
            odometer_digits: limits::ODOMETER_DIGITS,
            code_digits: limits::CODE_DIGITS,
        },
        payment_widget: PAYMENT_WIDGET_START,
    };
    ([(header::CACHE_CONTROL, GLOBAL_SETTINGS_CACHE)], Json(settings))
}

/// The terms-of-service PDF (web/public/terms-of-service.pdf, served with the app).
const TERMS_OF_SERVICE_PATH: &str = "/terms-of-service.pdf";

/// An institution's public settings.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct InstitutionView {
    institution_id: String,
    portal_account_id: String,
    entity_id: String,
    is_active: bool,
    name: String,
    /// Colours, phone, dark mode, header (spec section 3).
    branding: Branding,
    /// Providers, price limit, payment options, logo, texts, product name (spec section 3).
    application_settings: ApplicationSettings,
    only_covered_plan_name: Option<String>,
    logo_url: String,
    /// The two-letter states the institution's providers sell in.
    eligible_states: Vec<String>,
}

/// The institution's public settings (test switches and contact email stay server-side).
/// An inactive institution answers too (`isActive: false`), so the app can say so.
#[utoipa::path(get, path = "/institution/{iid}", tag = "institutions", params(InstitutionPath),
    responses((status = 200, description = "The institution's public settings, also when it is inactive", body = InstitutionView),
        (status = "4XX", description = "An unknown institution (404)", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn institution(State(state): State<AppState>, headers: HeaderMap, Path(iid): Path<String>) -> ApiResult<Json<InstitutionView>> {
    let inst = state.institution(&iid).await?;
    // Its own texts in the language of the member's page.
    let language = crate::http::web_page::request_language(&inst, &headers);
    Ok(Json(institution_view(&state, inst.in_language(language))))
}

/// What `GET /institution/{iid}` answers; the app's page carries the same (crate::http::web_page).
pub(crate) fn institution_view(state: &AppState, inst: coverline_domain::institution::Institution) -> InstitutionView {
    InstitutionView {
        logo_url: format!("/api/institution/{}/logo", inst.institution_id),
        eligible_states: state.rating.eligible_states(&inst),
        branding: inst.branding,
        application_settings: inst.application_settings,
        institution_id: inst.institution_id,
        portal_account_id: inst.portal_account_id,
        entity_id: inst.entity_id,
        is_active: inst.is_active,
        name: inst.name,
        only_covered_plan_name: inst.only_covered_plan_name,
    }
}

/// The institution's logo image.
#[utoipa::path(get, path = "/institution/{iid}/logo", tag = "institutions", params(InstitutionPath),
    responses((status = 200, description = "The logo (SVG, PNG or JPEG)", content(("image/svg+xml"), ("image/png"), ("image/jpeg"))),
        (status = "4XX", description = "An unknown institution, or one without a logo (404)", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn logo(State(state): State<AppState>, Path(iid): Path<String>) -> ApiResult<impl IntoResponse> {
    let inst = state.institution(&iid).await?;
    let (content_type, bytes) = state.store.institution_logo(&inst.institution_id).await?.ok_or_else(ApiError::not_found)?;
    Ok(([(header::CONTENT_TYPE, content_type), (header::CACHE_CONTROL, "public, max-age=3600".to_string())], bytes))
}
