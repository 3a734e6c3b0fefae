//! The contract document: served to its owner's session, or — for "find your contract", which a
//! member reaches from their email without a session — through a short-lived signed link handed
//! out once their last name and zip match the policy.

use coverline_activities::purchase::{ContractTexts, PolicyDetails, contract_document, sample_contract_document};
use coverline_domain::ErrorCode;
use coverline_domain::Language;
use coverline_domain::contact::PersonName;
use coverline_domain::lifecycle::PurchaseStatus;
use coverline_domain::product::field_errors;
use std::net::SocketAddr;

use axum::Json;
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::IntoResponse;
use axum::routing::post;
use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use sha2::Sha256;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::http::app::AppState;
use crate::http::auth;
use crate::http::error::{ApiError, ApiResult};
use crate::http::openapi::{ErrorBody, MemberPath};
use crate::http::routes::policy::voided;
use crate::services::limits::{self, Limit};
use coverline_store::{AnalyticsEvent, PolicyRecord};

/// A document link lives this long.
const LINK_TTL_SECS: i64 = 600;
const TOO_MANY_LOOKUPS: &str = coverline_domain::product::messages::TOO_MANY_CONTRACT_LOOKUPS;
/// Wrong last name / zip answers on one policy per hour before lookups of it are refused.
const FAILED_PER_POLICY_PER_HOUR: Limit = Limit::new("find-contract", 5, 3600, TOO_MANY_LOOKUPS);
/// Lookups per client address per hour.
const LOOKUPS_PER_CLIENT_PER_HOUR: Limit = Limit::new("find-contract-client", 30, 3600, TOO_MANY_LOOKUPS);

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(verify_details))
        // The spec's form of the call ends with a slash; the same operation.
        .route("/institution/{iid}/user/{uid}/verifydetails/{policy_id}/", post(verify_details))
        .routes(routes!(fetch_document))
        .routes(routes!(sample_contract))
}

/// A signed link to the contract PDF.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct DocumentLink {
    /// `{expires}.{hex hmac}`.
    token: String,
    /// The link to open: `/api/.../fetchdocument/{policyId}?token=...`.
    policy: String,
    /// Unix seconds.
    expires_at: i64,
}

fn signature(key: &str, institution_id: &str, user_id: &str, policy_id: &str, expires: i64) -> Hmac<Sha256> {
    let mut mac = Hmac::<Sha256>::new_from_slice(key.as_bytes()).expect("HMAC takes any key length");
    mac.update(format!("contract-document\n{institution_id}\n{user_id}\n{policy_id}\n{expires}").as_bytes());
    mac
}

/// `{expires}.{hex hmac}`: opens one policy's document until `expires`.
fn link_token(state: &AppState, institution_id: &str, user_id: &str, policy_id: &str, expires: i64) -> String {
    let sig = signature(state.config.signing_key.expose(), institution_id, user_id, policy_id, expires).finalize().into_bytes();
    format!("{expires}.{}", hex::encode(sig))
}

/// Checks a link token: `Err` with the member-facing refusal.
pub(crate) fn check_link_token(state: &AppState, institution_id: &str, user_id: &str, policy_id: &str, token: &str) -> ApiResult<()> {
    let (expires, sig) = token.split_once('.').ok_or_else(ApiError::not_found)?;
    let expires: i64 = expires.parse().map_err(|_| ApiError::not_found())?;
    let sig = hex::decode(sig).map_err(|_| ApiError::not_found())?;
    signature(state.config.signing_key.expose(), institution_id, user_id, policy_id, expires)
        .verify_slice(&sig)
        .map_err(|_| ApiError::not_found())?;
    if expires < state.clock.now() {
        return Err(ApiError::new(StatusCode::GONE, ErrorCode::LinkExpired, coverline_domain::product::messages::CONTRACT_LINK_EXPIRED));
    }
    Ok(())
}

/// The caller's address for rate limits (see [`crate::http::client_address`]).
pub(crate) fn client_address(state: &AppState, headers: &HeaderMap, peer: SocketAddr) -> String {
    state.config.trusted_proxies.client(headers, peer)
}

/// The member's last name and zip code, as on the policy.
#[derive(Deserialize, ToSchema)]
struct VerifyDetails {
    /// The personal details' name rule: letters of any script, spaces, and the apostrophes,
    /// hyphens and periods of real names (O'Brien, Mary-Jane).
    #[serde(default)]
    lastname: String,
    /// Five digits; spaces around them are ignored.
    // The pattern is `parse_details`'s zip rule.
    #[serde(default)]
    #[schema(pattern = "^\\s*[0-9]{5}\\s*$")]
    zipcode: String,
}

fn field_error(field: &'static str, message: &str) -> ApiError {
    ApiError::field(ErrorCode::Validation, message, field)
}

/// Spec section 5, find contract: the last name and zip as the form checks them.
fn parse_details(body: &VerifyDetails) -> ApiResult<(String, String)> {
    // The personal details' name rule (O'Brien, Mary-Jane, José), with the finder's own text.
    let last = PersonName::parse_with("lastname", &body.lastname, field_errors::LETTERS_AND_SPACES)?;
    let zip = body.zipcode.trim();
    if zip.is_empty() {
        return Err(field_error("zipcode", field_errors::REQUIRED));
    }
    if !zip.chars().all(|c| c.is_ascii_digit()) {
        return Err(field_error("zipcode", field_errors::NUMBERS_ONLY));
    }
    if zip.len() != 5 {
        return Err(field_error("zipcode", field_errors::FIND_ZIP));
    }
    Ok((last.as_str().to_string(), zip.to_string()))
}

/// Find your contract: last name + zip → a signed link to the document, valid 10 minutes.
/// Needs no session; limited per policy (5 wrong answers an hour) and per client (30 an hour).
#[utoipa::path(post, path = "/institution/{iid}/user/{uid}/verifydetails/{policy_id}", tag = "documents", params(MemberPath, ("policy_id" = String, Path)),
    request_body = VerifyDetails, responses((status = 200, description = "The details match: a signed link to the contract PDF, valid 10 minutes", body = DocumentLink),
        (status = "4XX", description = "A last name or zip the rules refuse (400), no contract with those details (404), \
            a voided contract or one still being prepared (409), too many tries (429)", body = ErrorBody)))]
#[tracing::instrument(skip_all, fields(policy_id = %policy_id))]
async fn verify_details(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path((iid, uid, policy_id)): Path<(String, String, String)>,
    Json(body): Json<VerifyDetails>,
) -> ApiResult<Json<DocumentLink>> {
    let institution = state.institution(&iid).await?;
    // The member's own policy at this institution, if it is one (read once, for the look-up and the event).
    let policy = state.store.user_policy(&uid, &policy_id).await?.filter(|p| p.institution_id == institution.institution_id);
    let owned = policy.is_some();
    let answer = find_document(&state, &institution, client_address(&state, &headers, peer), (&uid, &policy_id, policy), &body).await;
    // The page has no session to post analytics with (spec section 7: events on policy retrieval),
    // so the server records them, on the member whose policy it is (no row for anyone else's).
    if owned {
        let (category, action, label) = match &answer {
            Ok(_) => ("PolicyRetrieval", "retrieved", policy_id.clone()),
            Err(e) => ("ErrorEncountered", "PolicyRetrieval", e.code.to_string()),
        };
        let event = AnalyticsEvent {
            user_id: uid.clone(),
            institution_id: institution.institution_id.clone(),
            hit_type: Some("event".into()),
            event_category: Some(category.into()),
            event_action: Some(action.into()),
            event_label: Some(label),
            page_path: Some(format!("/{iid}/user/{uid}/policy/{policy_id}")),
            page_title: None,
            client_id: None,
            user_agent: None,
        };
        if let Err(e) = state.store.insert_analytics_event(&crate::services::ids::new_ordered_id("evt"), &event).await {
            tracing::warn!(error = ?e, %policy_id, "recording a policy retrieval event");
        }
    }
    answer.map(Json)
}

async fn find_document(
    state: &AppState,
    institution: &coverline_domain::institution::Institution,
    client: String,
    (uid, policy_id, policy): (&str, &str, Option<PolicyRecord>),
    body: &VerifyDetails,
) -> ApiResult<DocumentLink> {
    let iid = institution.institution_id.as_str();
    let (last_name, zip) = parse_details(body)?;
    let now = state.clock.now();
    // Both tries are taken before the answers are compared; a match gives the policy's back.
    let limits = [(&LOOKUPS_PER_CLIENT_PER_HOUR, client.as_str()), (&FAILED_PER_POLICY_PER_HOUR, policy_id)];
    if let Err(refused) = limits::take_all(&state.store, &limits, now).await {
        tracing::warn!(%policy_id, %client, "find-your-contract lookups refused");
        return Err(refused);
    }
    let user = match &policy {
        Some(_) => state.store.user(uid).await?,
        None => None,
    };
    let matched = user.as_ref().is_some_and(|u| {
        u.last_name
            .as_deref()
            .is_some_and(|l| l.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase() == last_name.to_lowercase())
            && u.zip.as_deref() == Some(zip.as_str())
    });
    state.store.record_document_lookup(policy_id, &client, matched, now).await?;
    if matched {
        FAILED_PER_POLICY_PER_HOUR.give_back(&state.store, policy_id).await?;
    }
    let Some(policy) = policy.filter(|_| matched) else {
        // One answer for an unknown policy, another member's policy and wrong details.
        return Err(ApiError::new(StatusCode::NOT_FOUND, ErrorCode::NotFound, coverline_domain::product::messages::CONTRACT_NOT_FOUND));
    };
    if policy.status == PurchaseStatus::Voided {
        return Err(voided(state));
    }
    if state.store.contract_document(&policy.policy_id).await?.is_none() {
        return Err(ApiError::new(StatusCode::CONFLICT, ErrorCode::NotReady, coverline_domain::product::messages::CONTRACT_NOT_READY));
    }
    let expires = now + LINK_TTL_SECS;
    let token = link_token(state, iid, uid, policy_id, expires);
    let link = format!("/api/institution/{iid}/user/{uid}/fetchdocument/{policy_id}?token={token}");
    tracing::info!(%policy_id, "contract document link issued");
    Ok(DocumentLink { token, policy: link, expires_at: expires })
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct DocumentQuery {
    /// A link token from `verifydetails`; without it, the owner's session is needed.
    token: Option<String>,
    /// The contract in this language, rendered now (`en`: the English version a Spanish
    /// contract links to); without it, the stored contract, in the member's language.
    language: Option<Language>,
}

/// The contract PDF: to its owner's session (as a download), or through a signed link (inline,
/// so it opens in the new tab). The stored PDF is in the member's language; `language` renders
/// it in another (the provider's filed texts exist only in English).
#[utoipa::path(get, path = "/institution/{iid}/user/{uid}/fetchdocument/{policy_id}", tag = "documents", params(MemberPath, ("policy_id" = String, Path), DocumentQuery),
    security((), ("session" = [])),
    responses((status = 200, description = "The contract PDF (the stored one, or with `language` the same contract rendered in that language): \
            inline through a link, as a download to the owner's session", content(("application/pdf"))),
        (status = "4XX", description = "No link and no session of the owner (401), a bad link or an unknown contract (404), \
            a voided contract (409), an expired link (410)", body = ErrorBody)))]
#[tracing::instrument(skip_all, fields(policy_id = %policy_id))]
async fn fetch_document(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path((iid, uid, policy_id)): Path<(String, String, String)>,
    Query(query): Query<DocumentQuery>,
) -> ApiResult<impl IntoResponse> {
    let institution = state.institution(&iid).await?;
    let disposition = match &query.token {
        Some(token) => {
            check_link_token(&state, &institution.institution_id, &uid, &policy_id, token)?;
            "inline"
        }
        None => {
            auth::member(&state, &headers, &institution, &uid).await?;
            "attachment"
        }
    };
    let policy = state
        .store
        .user_policy(&uid, &policy_id)
        .await?
        .filter(|p| p.institution_id == institution.institution_id)
        .ok_or_else(ApiError::not_found)?;
    if policy.status == PurchaseStatus::Voided {
        return Err(voided(&state));
    }
    let stored = state.store.contract_document(&policy_id).await?.ok_or_else(ApiError::not_found)?;
    let pdf = match query.language {
        None => stored,
        Some(language) => {
            let purchase = PolicyDetails::load(&state.store, &policy_id).await?;
            let document = contract_document(&purchase, contract_texts(&state), language, &state.config.public_url)?;
            state.renderer.render_async(document).await?
        }
    };
    let filename = format!("{disposition}; filename=\"contract-{}.pdf\"", policy.contract_number.unwrap_or_default());
    Ok((
        [
            (header::CONTENT_TYPE, "application/pdf".to_string()),
            (header::CONTENT_DISPOSITION, filename),
            (header::CACHE_CONTROL, "private, no-store".to_string()),
            (header::REFERRER_POLICY, "no-referrer".to_string()),
        ],
        pdf,
    ))
}

/// What a contract prints beside the purchase (plan texts, state rules, obligors).
fn contract_texts(state: &AppState) -> ContractTexts<'_> {
    ContractTexts { plans: &state.plan_texts, cancellation: &state.cancellation_rules, obligors: &state.obligors }
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct SampleQuery {
    /// The sample in this language (`en`: the English version the Spanish review page links to);
    /// without it, in the member's language.
    language: Option<Language>,
}

/// A sample of the member's own contract for a rate they were offered, before paying: the
/// rate's plan, term, deductible, benefits and the institution's refund text on the contract's
/// template, marked SAMPLE on every page (review page, "View a sample of your contract"), in the
/// member's language or the one asked for.
#[utoipa::path(get, path = "/institution/{iid}/user/{uid}/quote/{quote_id}/rate/{rate_id}/sample-contract", tag = "documents",
    params(MemberPath, ("quote_id" = String, Path), ("rate_id" = String, Path), SampleQuery), security(("session" = [])),
    responses((status = 200, description = "The sample contract PDF, marked SAMPLE on every page", content(("application/pdf"))),
        (status = "4XX", description = "No live session (401), an unknown quote or rate (404), too many samples (429)", body = ErrorBody)))]
#[tracing::instrument(skip_all, fields(quote_id = %quote_id, rate_id = %rate_id))]
async fn sample_contract(
    State(state): State<AppState>,
    auth::InstitutionMember { institution, member }: auth::InstitutionMember,
    Path((_iid, uid, quote_id, rate_id)): Path<(String, String, String, String)>,
    Query(query): Query<SampleQuery>,
) -> ApiResult<impl IntoResponse> {
    let quote = state.store.quote(&uid, &quote_id).await?.ok_or_else(ApiError::not_found)?;
    let rate = state.store.rates(&quote_id).await?.into_iter().find(|r| r.rate_id == rate_id).ok_or_else(ApiError::not_found)?;
    let car = state.store.car(&uid, &quote.car_id).await?.ok_or_else(ApiError::not_found)?;
    state
        .sample_contracts
        .take(&state.store, &uid, state.clock.now_ms())
        .await?
        .map_err(|wait| ApiError::rate_limited(coverline_domain::product::messages::TOO_MANY_SAMPLE_CONTRACTS, wait))?;
    let document = sample_contract_document(
        query.language.unwrap_or(member.user.language),
        &institution,
        &member.user,
        &car,
        &quote,
        &rate,
        contract_texts(&state),
        state.clock.today(),
    );
    let pdf = state.renderer.render_async(document).await?;
    let filename =
        format!("inline; filename=\"sample-contract-{}.pdf\"", rate.coverage_name.replace(|c: char| !c.is_ascii_alphanumeric(), "-"));
    Ok((
        [
            (header::CONTENT_TYPE, "application/pdf".to_string()),
            (header::CONTENT_DISPOSITION, filename),
            (header::CACHE_CONTROL, "private, no-store".to_string()),
        ],
        pdf,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn details(lastname: &str, zipcode: &str) -> Result<(String, String), String> {
        parse_details(&VerifyDetails { lastname: lastname.into(), zipcode: zipcode.into() }).map_err(|e| e.message)
    }

    #[test]
    fn find_contract_rules_are_the_specs() {
        assert_eq!(details("  Van  Der Berg ", " 80202 "), Ok(("Van Der Berg".into(), "80202".into())));
        assert_eq!(details("", "80202").unwrap_err(), field_errors::REQUIRED);
        assert_eq!(details("O\u{2019}Brien", "80202"), Ok(("O'Brien".into(), "80202".into())));
        assert_eq!(details("Mary-Jane", "80202"), Ok(("Mary-Jane".into(), "80202".into())));
        assert_eq!(details("Sm1th", "80202").unwrap_err(), field_errors::LETTERS_AND_SPACES);
        assert_eq!(details("<script>", "80202").unwrap_err(), field_errors::LETTERS_AND_SPACES);
        assert_eq!(details("Doe", "").unwrap_err(), field_errors::REQUIRED);
        assert_eq!(details("Doe", "8020a").unwrap_err(), field_errors::NUMBERS_ONLY);
        assert_eq!(details("Doe", "8020").unwrap_err(), field_errors::FIND_ZIP);
        assert_eq!(details("Doe", "802021").unwrap_err(), field_errors::FIND_ZIP);
    }

    #[test]
    fn the_openapi_zipcode_pattern_is_the_find_contract_rule() {
        let doc = serde_json::to_value(crate::http::routes::openapi()).unwrap();
        let pattern = doc["components"]["schemas"]["VerifyDetails"]["properties"]["zipcode"]["pattern"].as_str().expect("a pattern");
        let rule = regex::Regex::new(pattern).unwrap();
        for zip in ["80202", " 80202\t", "8020", "802021", "8020a", "", "80 202", "\u{a0}80202", "\u{ff18}0202"] {
            assert_eq!(rule.is_match(zip), details("Doe", zip).is_ok(), "{zip:?}");
        }
    }
}
