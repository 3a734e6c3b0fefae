//! Analytics hits from the web app (spec section 7): pageviews and events, stored per member, and
//! the pageviews of pages seen without a user (splash, user-creation-error, find your contract;
//! spec section 2: every navigation sends one), stored apart with nothing personal and limited per
//! client address like the other calls without a session. The web app never waits on these calls;
//! a bad hit is refused with 400 and changes nothing. A pageview of a checkout step counts in the
//! funnel's metrics (crate::services::funnel) the first time its member, or its tab at the splash, reaches it.

use std::net::SocketAddr;

use axum::Json;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{HeaderMap, StatusCode};
use coverline_store::{AnalyticsEvent, AnonymousPageview};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::http::app::AppState;
use crate::http::auth::{ActiveInstitution, InstitutionMember};
use crate::http::error::{ApiError, ApiResult};
use crate::http::openapi::{ErrorBody, InstitutionPath, MemberPath};
use crate::http::routes::document::client_address;
use crate::services::funnel;
use crate::services::limits::Limit;

/// Longest value stored per field.
const MAX_FIELD: usize = 500;

/// Pageviews without a user one client address may send per hour.
const ANONYMOUS_PAGEVIEWS_PER_HOUR: Limit = Limit::new("anonymous-pageview", 120, 3600, "Too many requests. Please try again later.");

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(record)).routes(routes!(record_anonymous))
}

/// One hit: `data` carries the fields of spec section 7.
#[derive(Deserialize, ToSchema)]
struct Hit {
    /// A JSON object (an array is refused, though serde would read one as the fields in order).
    #[serde(deserialize_with = "crate::http::routes::object")]
    data: HitData,
}

/// What was hit.
#[derive(Deserialize, ToSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
enum HitType {
    Pageview,
    Event,
}

impl HitType {
    fn as_str(self) -> &'static str {
        match self {
            HitType::Pageview => "pageview",
            HitType::Event => "event",
        }
    }
}

/// A pageview or event; each text field at most 500 characters.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct HitData {
    hit_type: HitType,
    #[serde(default)]
    #[schema(max_length = 500)]
    device_user_agent_string: Option<String>,
    #[serde(default)]
    #[schema(max_length = 500)]
    client_id: Option<String>,
    #[serde(default)]
    #[schema(max_length = 500)]
    event_category: Option<String>,
    #[serde(default)]
    #[schema(max_length = 500)]
    event_action: Option<String>,
    #[serde(default)]
    #[schema(max_length = 500)]
    event_label: Option<String>,
    #[serde(default)]
    #[schema(max_length = 500)]
    page_path: Option<String>,
    #[serde(default)]
    #[schema(max_length = 500)]
    page_title: Option<String>,
}

fn field(value: Option<String>) -> ApiResult<Option<String>> {
    match value {
        Some(v) if v.chars().count() > MAX_FIELD => {
            Err(ApiError::bad_request(format!("An analytics field is longer than {MAX_FIELD} characters.")))
        }
        Some(v) if v.trim().is_empty() => Ok(None),
        v => Ok(v),
    }
}

/// Stores an analytics hit of the member (pageview, event, `ErrorEncountered`).
#[utoipa::path(post, path = "/institution/{iid}/user/{uid}/analytics", tag = "analytics", params(MemberPath), request_body = Hit,
    security(("session" = [])),
    responses((status = 202, description = "Stored (no body)"), (status = "4XX", description = "Refused", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn record(
    State(state): State<AppState>,
    InstitutionMember { institution, .. }: InstitutionMember,
    Path((_, uid)): Path<(String, String)>,
    Json(hit): Json<Hit>,
) -> ApiResult<StatusCode> {
    let d = hit.data;
    let event = AnalyticsEvent {
        user_id: uid,
        institution_id: institution.institution_id,
        hit_type: Some(d.hit_type.as_str().to_string()),
        event_category: field(d.event_category)?,
        event_action: field(d.event_action)?,
        event_label: field(d.event_label)?,
        page_path: field(d.page_path)?,
        page_title: field(d.page_title)?,
        client_id: field(d.client_id)?,
        user_agent: field(d.device_user_agent_string)?,
    };
    let event_id = crate::services::ids::new_ordered_id("evt");
    state.store.insert_analytics_event(&event_id, &event).await?;
    if let (HitType::Pageview, Some(page)) = (d.hit_type, &event.page_path) {
        funnel::count_member_pageview(&state.store, &event.institution_id, &event.user_id, page).await?;
    }
    Ok(StatusCode::ACCEPTED)
}

/// Stores a pageview of a page seen without a user (no session): only the page, its title and the
/// tab's random analytics id (`clientId`) are kept, never the user agent or the address. Other hit
/// types need a member. At most 120 an hour per client address (429 `rateLimited` beyond).
#[utoipa::path(post, path = "/institution/{iid}/analytics", tag = "analytics", params(InstitutionPath), request_body = Hit,
    responses((status = 202, description = "Stored (no body)"), (status = "4XX", description = "Refused", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn record_anonymous(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    ActiveInstitution(institution): ActiveInstitution,
    Json(hit): Json<Hit>,
) -> ApiResult<StatusCode> {
    let d = hit.data;
    if !matches!(d.hit_type, HitType::Pageview) {
        return Err(ApiError::bad_request("Only pageviews are recorded without a session."));
    }
    let pageview = AnonymousPageview {
        institution_id: institution.institution_id,
        client_id: field(d.client_id)?,
        page_path: field(d.page_path)?,
        page_title: field(d.page_title)?,
    };
    // The other fields are checked like a member's, then dropped.
    for other in [d.device_user_agent_string, d.event_category, d.event_action, d.event_label] {
        field(other)?;
    }
    let now = state.clock.now();
    ANONYMOUS_PAGEVIEWS_PER_HOUR.take(&state.store, &client_address(&state, &headers, peer), now).await?;
    let event_id = crate::services::ids::new_ordered_id("evt");
    state.store.insert_anonymous_pageview(&event_id, &pageview).await?;
    if let (Some(client), Some(page)) = (&pageview.client_id, &pageview.page_path) {
        funnel::count_visitor_pageview(&state.store, &pageview.institution_id, client, page).await?;
    }
    Ok(StatusCode::ACCEPTED)
}
