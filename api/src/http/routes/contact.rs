//! Contact requests: a non-member, a member who wants expert guidance or a payment option, or a
//! member stopped by an error page asks the institution to call. The request is stored first, then
//! emailed to the institution's `contactEmail`; a mail failure leaves it stored and unsent
//! (`emailed_at` NULL) rather than losing it. A repeat within a minute answers the first id.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use coverline_domain::collected::{BounceSource, CollectedInfo, NumberOrText};
use coverline_domain::contact::{EmailAddress, PersonName, PhoneNumber};
use coverline_domain::institution::Institution;
use coverline_store::{ContactRequestRecord, UserRecord};
use serde::Deserialize;
use sha2::{Digest, Sha256};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::http::app::AppState;
use crate::http::auth::{ActiveInstitution, InstitutionMember};
use crate::http::error::ApiResult;
use crate::http::openapi::{ErrorBody, InstitutionPath, MemberPath};
use crate::services::limits::Limit;

/// A repeat of the same request within this many seconds answers the first one.
const REPEAT_WINDOW_SECS: i64 = 60;
const ALREADY_HAVE_IT: &str = coverline_domain::product::messages::REQUEST_ALREADY_RECEIVED;
/// Requests per hour and address without a session.
const ANONYMOUS_PER_HOUR: Limit = Limit::new("contact-anonymous", 5, 3600, ALREADY_HAVE_IT);
/// Requests per hour and member.
const MEMBER_PER_HOUR: Limit = Limit::new("contact-member", 20, 3600, ALREADY_HAVE_IT);

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(member_request)).routes(routes!(anonymous_request))
}

/// A request to be called: where the member was, and what they told us.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ContactRequest {
    page_user_bounced_from: BounceSource,
    #[serde(default = "yes")]
    does_consent_to_email: bool,
    #[serde(default = "yes")]
    institution_contact: bool,
    #[serde(default)]
    collected_info: CollectedInfo,
}

/// The stored request (a repeat within a minute answers the first one's id).
#[derive(serde::Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ContactRequestId {
    contact_request_id: String,
}

fn yes() -> bool {
    true
}

/// A member asks to be contacted (expert guidance, payment options, an error page).
#[utoipa::path(put, path = "/institution/{iid}/user/{uid}/contact-request", tag = "contact", params(MemberPath), request_body = ContactRequest,
    security(("session" = [])), responses((status = 202, description = "Stored (a repeat within a minute answers the first one's id); the institution is emailed", body = ContactRequestId),
        (status = "4XX", description = "Collected info the rules refuse (400), \
            no live session (401), an inactive institution (403), an unknown institution or another member's id (404), too many requests (429)", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn member_request(
    State(state): State<AppState>,
    InstitutionMember { institution, member }: InstitutionMember,
    Json(body): Json<ContactRequest>,
) -> ApiResult<(StatusCode, Json<ContactRequestId>)> {
    record(&state, &institution, Some(&member.user), body).await
}

/// A visitor without a session (e.g. not a member yet) asks to be contacted; 5 per hour and address.
#[utoipa::path(post, path = "/institution/{iid}/contact-request", tag = "contact", params(InstitutionPath), request_body = ContactRequest,
    responses((status = 202, description = "Stored (a repeat within a minute answers the first one's id); the institution is emailed", body = ContactRequestId),
        (status = "4XX", description = "No email address, or collected info the rules refuse (400), an inactive (403) or unknown (404) institution, \
            too many requests (429)", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn anonymous_request(
    State(state): State<AppState>,
    ActiveInstitution(institution): ActiveInstitution,
    Json(body): Json<ContactRequest>,
) -> ApiResult<(StatusCode, Json<ContactRequestId>)> {
    record(&state, &institution, None, body).await
}

async fn record(
    state: &AppState,
    institution: &Institution,
    user: Option<&UserRecord>,
    body: ContactRequest,
) -> ApiResult<(StatusCode, Json<ContactRequestId>)> {
    let reason = body.page_user_bounced_from.reason();
    let mut collected = body.collected_info.clean()?;
    // What the server knows of the member beats what the browser sends.
    if let Some(user) = user {
        collected.first_name = user.first_name.clone().or(collected.first_name);
        collected.last_name = user.last_name.clone().or(collected.last_name);
        collected.phone_number = user.phone.clone().or(collected.phone_number);
        collected.email_address = Some(user.email.clone());
        if let Some(car) = state.store.cars(&user.user_id).await?.into_iter().next() {
            collected.vin = collected.vin.or(Some(car.vin));
            collected.year = collected.year.or(Some(NumberOrText::Number(i64::from(car.year))));
            collected.make = collected.make.or(Some(car.make));
            collected.model = collected.model.or(Some(car.model));
            collected.style = collected.style.or(Some(car.style));
        }
    }
    // Typed names and phone follow the personal details' rules (spec section 5); what the server
    // knows of a member already does.
    for (field, name) in [("collectedInfo.firstName", &collected.first_name), ("collectedInfo.lastName", &collected.last_name)] {
        if let Some(name) = name {
            PersonName::parse(field, name)?;
        }
    }
    if let Some(phone) = &collected.phone_number {
        PhoneNumber::parse(phone).map_err(|e| coverline_domain::ValidationError::new("collectedInfo.phoneNumber", e.message))?;
    }
    let email = match &collected.email_address {
        Some(e) => EmailAddress::parse(e)?.as_str().to_string(),
        None => return Err(coverline_domain::ValidationError::new("emailAddress", coverline_domain::ValidationError::REQUIRED).into()),
    };
    let collected_json = serde_json::to_string(&collected).map_err(anyhow::Error::from)?;
    let now = state.clock.now();
    let user_id = user.map(|u| u.user_id.clone());
    let fingerprint = hex::encode(Sha256::digest(
        format!(
            "{}\n{:?}\n{email}\n{}\n{}\n{collected_json}",
            institution.institution_id,
            user_id,
            body.page_user_bounced_from.as_str(),
            body.does_consent_to_email
        )
        .as_bytes(),
    ));
    if let Some(first) = state.store.contact_request_by_fingerprint(&fingerprint, now - REPEAT_WINDOW_SECS).await? {
        return Ok((StatusCode::ACCEPTED, Json(ContactRequestId { contact_request_id: first.contact_request_id })));
    }
    let limit = if user.is_some() { &MEMBER_PER_HOUR } else { &ANONYMOUS_PER_HOUR };
    limit.take(&state.store, &format!("{}:{email}", institution.institution_id), now).await?;
    let request = ContactRequestRecord {
        contact_request_id: crate::services::ids::new_id("cr"),
        institution_id: institution.institution_id.clone(),
        user_id,
        email: email.clone(),
        page_bounced_from: body.page_user_bounced_from.as_str().to_string(),
        consents_to_email: i64::from(body.does_consent_to_email),
        institution_contact: i64::from(body.institution_contact),
        collected_json,
        fingerprint,
        created_at: 0,
        emailed_at: None,
    };
    state.store.insert_contact_request(&request).await?;

    let mut details: Vec<(String, String)> = collected.details().into_iter().map(|(label, v)| (label.to_string(), v)).collect();
    details.push(("Consents to promotional email".into(), if body.does_consent_to_email { "Yes" } else { "No" }.into()));
    details.push(("Reference".into(), request.contact_request_id.clone()));
    match state
        .mailer
        .send_contact_request(
            &state.mailer.sender(institution),
            &institution.email_settings.contact_email,
            &institution.name,
            reason,
            Some(&email),
            &details,
        )
        .await
    {
        Ok(()) => state.store.mark_contact_request_emailed(&request.contact_request_id).await?,
        // Stored and unsent: `emailed_at` stays NULL for a resend; the member's request is not lost.
        Err(e) => tracing::warn!(contact_request_id = %request.contact_request_id, error = %e, "contact request email not sent"),
    }
    Ok((StatusCode::ACCEPTED, Json(ContactRequestId { contact_request_id: request.contact_request_id })))
}
