//! GET institution (branding and settings) and its logo.

use axum::extract::{Path, State};
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{Value, json};

use crate::app::AppState;
use crate::error::{ApiError, ApiResult};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/institution/{iid}", get(institution))
        .route("/institution/{iid}/logo", get(logo))
}

/// The institution's public settings (test switches and contact email stay server-side).
async fn institution(State(state): State<AppState>, Path(iid): Path<String>) -> ApiResult<Json<Value>> {
    let inst = state.institution(&iid).await?;
    Ok(Json(json!({
        "institutionId": inst.institution_id,
        "portalAccountId": inst.portal_account_id,
        "entityId": inst.entity_id,
        "isActive": inst.is_active,
        "name": inst.name,
        "branding": inst.branding,
        "applicationSettings": inst.application_settings,
        "onlyCoveredPlanName": inst.only_covered_plan_name,
        "logoUrl": format!("/api/institution/{}/logo", inst.institution_id),
        "eligibleStates": state.rating.eligible_states(&inst),
    })))
}

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
