//! Analytics hits from the web app (spec section 7): pageviews and events, stored per member.
//! The web app never waits on this call; a bad hit is refused with 400 and changes nothing.

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use axum::{Json, Router};
use coverline_store::AnalyticsEvent;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::app::AppState;
use crate::auth;
use crate::error::{ApiError, ApiResult};

/// Longest value stored per field.
const MAX_FIELD: usize = 500;

pub fn router() -> Router<AppState> {
    Router::new().route("/institution/{iid}/user/{uid}/analytics", post(record))
}

#[derive(Deserialize)]
struct Hit {
    data: HitData,
}

#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase", default)]
struct HitData {
    device_user_agent_string: Option<String>,
    client_id: Option<String>,
    hit_type: Option<String>,
    event_category: Option<String>,
    event_action: Option<String>,
    event_label: Option<String>,
    page_path: Option<String>,
    page_title: Option<String>,
}

fn field(value: Option<String>) -> ApiResult<Option<String>> {
    match value {
        Some(v) if v.chars().count() > MAX_FIELD => Err(ApiError::bad_request(format!("An analytics field is longer than {MAX_FIELD} characters."))),
        Some(v) if v.trim().is_empty() => Ok(None),
        v => Ok(v),
    }
}

async fn record(State(state): State<AppState>, headers: HeaderMap, Path((iid, uid)): Path<(String, String)>, Json(hit): Json<Hit>) -> ApiResult<(StatusCode, Json<Value>)> {
    let institution = state.active_institution(&iid).await?;
    auth::member(&state, &headers, &institution, &uid).await?;
    let d = hit.data;
    let event = AnalyticsEvent {
        user_id: uid,
        institution_id: institution.institution_id,
        hit_type: field(d.hit_type)?,
        event_category: field(d.event_category)?,
        event_action: field(d.event_action)?,
        event_label: field(d.event_label)?,
        page_path: field(d.page_path)?,
        page_title: field(d.page_title)?,
        client_id: field(d.client_id)?,
        user_agent: field(d.device_user_agent_string)?,
    };
    state.store.insert_analytics_event(&crate::ids::new_id("evt"), &event).await?;
    Ok((StatusCode::ACCEPTED, Json(json!({}))))
}
