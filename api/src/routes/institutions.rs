//! GET institution (branding and settings) and its logo.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::header;
use axum::response::IntoResponse;
use coverline_domain::institution::{ApplicationSettings, Branding};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::app::AppState;
use crate::error::{ApiError, ApiResult};
use crate::openapi::{ErrorBody, InstitutionPath};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(institution)).routes(routes!(logo))
}

/// An institution's public settings.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct InstitutionView {
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
    responses((status = 200, body = InstitutionView), (status = "4XX", description = "Unknown institution", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn institution(State(state): State<AppState>, Path(iid): Path<String>) -> ApiResult<Json<InstitutionView>> {
    let inst = state.institution(&iid).await?;
    Ok(Json(InstitutionView {
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
    }))
}

/// The institution's logo image.
#[utoipa::path(get, path = "/institution/{iid}/logo", tag = "institutions", params(InstitutionPath),
    responses((status = 200, description = "The logo (SVG, PNG or JPEG)", content(("image/svg+xml"), ("image/png"), ("image/jpeg"))),
              (status = "4XX", description = "Unknown institution or no logo", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn logo(State(state): State<AppState>, Path(iid): Path<String>) -> ApiResult<impl IntoResponse> {
    let inst = state.institution(&iid).await?;
    let name = &inst.application_settings.logo_name;
    let path = state.config.data_dir.join("institutions/logos").join(name);
    let bytes = tokio::fs::read(&path).await.map_err(|_| ApiError::not_found())?;
    let content_type = match path.extension().and_then(|e| e.to_str()) {
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("jpg" | "jpeg") => "image/jpeg",
        _ => "application/octet-stream",
    };
    Ok(([(header::CONTENT_TYPE, content_type), (header::CACHE_CONTROL, "public, max-age=3600")], bytes))
}
