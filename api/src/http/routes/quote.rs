//! Quotes: rate the member's car with the institution's provider and store what they saw.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use coverline_domain::contact::StateCode;
use coverline_domain::language::{Language, MessageValue};
use coverline_domain::money::Cents;
use coverline_domain::quote::{RateView, StoredRate};
use coverline_domain::vehicle::{parse_miles_per_year, parse_years_to_own};
use coverline_store::{CarRecord, QuoteRecord, RateRecord};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::http::app::AppState;
use crate::http::auth::InstitutionMember;
use crate::http::error::{ApiError, ApiResult};
use crate::http::openapi::{ErrorBody, MemberPath};
use crate::http::web_page::request_language;
use crate::services::quoting::{rate_car, rerate, store_quote};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(create_quote, list_quotes)).routes(routes!(get_quote, update_quote))
}

/// A quote: up to three rates for the member's car and answers.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuoteView {
    quote_id: String,
    pen_track_key: String,
    car_id: String,
    /// Two-letter state of residence.
    state: String,
    /// Up to three options, each with its derived fields (spec section 3).
    rates: Vec<RateOption>,
}

/// One coverage option: the rate with its derived fields, who rates and books it, the back of its
/// card and who to call about it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RateOption {
    #[serde(flatten)]
    pub rate: RateView,
    /// The provider that rated this option and books it (`NAC`, `Rt66`, `EFG`).
    pub provider: String,
    pub description: PlanDescription,
    pub contact_numbers: ContactNumbers,
    /// Who owes this option's coverage (its provider), named as the contract names it to a member
    /// of the quote's state: with its licence there where the state requires it.
    pub obligor: Option<coverline_domain::obligor::NamedObligor>,
}

/// The back of a coverage card.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlanDescription {
    pub intro: String,
    /// The covered component areas (spec section 3); empty for a plan without texts.
    pub components: Vec<PlanComponent>,
    /// The provider's benefits (rental car, roadside, key replacement, ...; spec section 9).
    pub benefits: Vec<PlanBenefit>,
}

/// One covered component area of a plan.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlanComponent {
    pub title: String,
    pub text: String,
    /// Its element id on the card (`AC / Heating` → `ac-heating`).
    pub css_id: String,
}

/// One of the provider's benefits.
#[derive(Serialize, ToSchema)]
pub struct PlanBenefit {
    pub title: String,
    pub text: String,
}

/// Who to call about a contract (10 digits, or null): the institution's own lines where it set
/// them, else the rating provider's (spec section 3's emailSettings and provider fallback numbers).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContactNumbers {
    pub general: Option<String>,
    pub mechanical_breakdown: Option<String>,
    pub key_replacement: Option<String>,
    pub emergency_roadside: Option<String>,
}

#[derive(Serialize, ToSchema)]
struct Quotes {
    quotes: Vec<QuoteView>,
}

/// The member's answers for their car.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct CreateQuote {
    car_id: String,
    miles_per_year: u32,
    #[schema(minimum = 1, maximum = 7)]
    years_to_own: u8,
    /// Two-letter code of the state of residence, one of the 50 states or DC, in either case.
    // The pattern is the shape `StateCode::parse` checks; which codes exist, it checks after.
    #[schema(pattern = "^\\s*[A-Za-z]{2}\\s*$")]
    state: String,
    pen_track_key: Option<String>,
}

/// The quote as the web app sees it: every rate with its derived fields.
/// The back of a coverage card: a summary, the covered component areas (spec section 3, with a
/// `cssId` each) and the provider's benefits (spec section 9 amounts), from `data/plans/`.
fn plan_description(state: &AppState, provider: &str, rate: &RateRecord, language: Language) -> PlanDescription {
    let components = state.plan_texts.components(provider, &rate.coverage_name);
    let benefits = state.plan_texts.benefits(provider, &rate.coverage_name);
    let intro = language.format(
        "plans.intro",
        &[
            ("plan", MessageValue::String(rate.coverage_name.clone())),
            ("months", MessageValue::Integer(rate.months)),
            ("miles", MessageValue::String(coverline_domain::money::group_thousands(rate.miles as u64))),
            ("deductible", MessageValue::String(Cents(rate.deductible_cents).dollar_sign())),
            ("areas", MessageValue::Integer(components.len() as i64)),
        ],
    );
    let translated = |c: &coverline_activities::documents::CoveredComponent| {
        (state.plan_texts.translated(&c.title, language), state.plan_texts.translated(&c.text, language))
    };
    PlanDescription {
        intro,
        components: components
            .iter()
            .map(|c| {
                let (title, text) = translated(c);
                // The id names the spec's area (`ac-heating`) in every language.
                PlanComponent { title, text, css_id: css_id(&c.title) }
            })
            .collect(),
        benefits: benefits
            .iter()
            .map(|b| {
                let (title, text) = translated(b);
                PlanBenefit { title, text }
            })
            .collect(),
    }
}

/// The numbers a contract holder calls: the institution's own where it set them, else the
/// provider's lines (spec section 9: fixed for two providers). Digits; `null` when neither has one.
fn contact_numbers(state: &AppState, institution: &coverline_domain::institution::Institution, provider: &str) -> ContactNumbers {
    let n = state.plan_texts.contact_numbers_for(provider, &institution.email_settings);
    ContactNumbers {
        general: n.general,
        mechanical_breakdown: n.mechanical_breakdown,
        key_replacement: n.key_replacement,
        emergency_roadside: n.emergency_roadside,
    }
}

/// `AC / Heating` → `ac-heating`.
fn css_id(title: &str) -> String {
    title.split(|c: char| !c.is_ascii_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_ascii_lowercase).collect::<Vec<_>>().join("-")
}

pub fn quote_json(
    state: &AppState,
    institution: &coverline_domain::institution::Institution,
    quote: &QuoteRecord,
    rates: &[RateRecord],
    car: &CarRecord,
    language: Language,
) -> QuoteView {
    let today = state.clock.today();
    let rates: Vec<RateOption> = rates
        .iter()
        .map(|r| {
            let view = RateView::derive(
                &StoredRate {
                    rate_id: &r.rate_id,
                    rate_collection_id: &r.rate_collection_id,
                    coverage_name: &r.coverage_name,
                    miles: r.miles as u32,
                    months: r.months as u16,
                    deductible: Cents(r.deductible_cents),
                    price: Cents(r.price_cents),
                    tax: Cents(r.tax_cents),
                },
                car.odometer.0,
                today,
            );
            let provider = r.provider.as_deref().unwrap_or(&quote.provider);
            RateOption {
                rate: view,
                provider: provider.to_string(),
                description: plan_description(state, provider, r, language),
                contact_numbers: contact_numbers(state, institution, provider),
                obligor: state.obligors.named(provider, &quote.state, &state.cancellation_rules),
            }
        })
        .collect();
    QuoteView {
        quote_id: quote.quote_id.clone(),
        pen_track_key: quote.pen_track_key.clone(),
        car_id: quote.car_id.clone(),
        state: quote.state.clone(),
        rates,
    }
}

/// Rates the member's car with their answers (state, miles per year, years to own) and stores
/// the quote. No rate fits → 422 'No quotes present'.
#[utoipa::path(post, path = "/institution/{iid}/user/{uid}/quote", tag = "quotes", params(MemberPath), request_body = CreateQuote, security(("session" = [])),
    responses((status = 201, description = "The quote, stored with its rates", body = QuoteView),
        (status = "4XX", description = "A state or answer the rules refuse (400), no live session (401), an unknown car (404), no rate fits (422 noQuotes)", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn create_quote(
    State(state): State<AppState>,
    InstitutionMember { institution, .. }: InstitutionMember,
    headers: HeaderMap,
    Path((_, uid)): Path<(String, String)>,
    Json(body): Json<CreateQuote>,
) -> ApiResult<(StatusCode, Json<QuoteView>)> {
    let residence = StateCode::parse(&body.state)?;
    let miles_per_year = parse_miles_per_year(body.miles_per_year)?;
    let years_to_own = parse_years_to_own(body.years_to_own)?;
    let car = state.store.car(&uid, &body.car_id).await?.ok_or_else(ApiError::not_found)?;
    let priced = rate_car(&state, &institution, &car, miles_per_year, years_to_own, &residence)?;
    let pen_track_key = body.pen_track_key.filter(|k| !k.is_empty() && k.len() <= 64);
    let (quote, rates) =
        store_quote(&state, &institution, &car, &residence, (miles_per_year, years_to_own), &priced, pen_track_key).await?;
    Ok((StatusCode::CREATED, Json(quote_json(&state, &institution, &quote, &rates, &car, request_language(&institution, &headers)))))
}

/// New answers for the same car.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct UpdateQuote {
    miles_per_year: u32,
    #[schema(minimum = 1, maximum = 7)]
    years_to_own: u8,
    /// Two-letter code of the state of residence, one of the 50 states or DC, in either case.
    // The pattern is the shape `StateCode::parse` checks; which codes exist, it checks after.
    #[schema(pattern = "^\\s*[A-Za-z]{2}\\s*$")]
    state: String,
}

/// Re-rates the same car with new answers under the same quote id (never once a purchase holds it).
#[utoipa::path(put, path = "/institution/{iid}/user/{uid}/quote/{quote_id}", tag = "quotes", params(MemberPath, ("quote_id" = String, Path)), request_body = UpdateQuote,
    security(("session" = [])), responses((status = 200, description = "The quote, rated again under the same id", body = QuoteView),
        (status = "4XX", description = "A state or answer the rules refuse (400), no live session (401), an unknown quote (404), \
            a quote a purchase holds (409), no rate fits (422 noQuotes)", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn update_quote(
    State(state): State<AppState>,
    InstitutionMember { institution, .. }: InstitutionMember,
    headers: HeaderMap,
    Path((_, uid, quote_id)): Path<(String, String, String)>,
    Json(body): Json<UpdateQuote>,
) -> ApiResult<Json<QuoteView>> {
    let residence = StateCode::parse(&body.state)?;
    let miles_per_year = parse_miles_per_year(body.miles_per_year)?;
    let years_to_own = parse_years_to_own(body.years_to_own)?;
    let mut quote = state.store.quote(&uid, &quote_id).await?.ok_or_else(ApiError::not_found)?;
    let car = state.store.car(&uid, &quote.car_id).await?.ok_or_else(ApiError::not_found)?;
    let priced = rate_car(&state, &institution, &car, miles_per_year, years_to_own, &residence)?;
    quote.state = residence.as_str().to_string();
    quote.miles_per_year = Some(i64::from(miles_per_year));
    quote.years_to_own = Some(i64::from(years_to_own));
    let (quote, rates) = rerate(&state, &institution, quote, &priced).await?;
    Ok(Json(quote_json(&state, &institution, &quote, &rates, &car, request_language(&institution, &headers))))
}

/// One of the member's quotes.
#[utoipa::path(get, path = "/institution/{iid}/user/{uid}/quote/{quote_id}", tag = "quotes", params(MemberPath, ("quote_id" = String, Path)), security(("session" = [])),
    responses((status = 200, description = "The quote with its rates", body = QuoteView),
        (status = "4XX", description = "No live session (401), an inactive institution (403), an unknown quote or not the member's (404)", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn get_quote(
    State(state): State<AppState>,
    InstitutionMember { institution, .. }: InstitutionMember,
    headers: HeaderMap,
    Path((_, uid, quote_id)): Path<(String, String, String)>,
) -> ApiResult<Json<QuoteView>> {
    let quote = state.store.quote(&uid, &quote_id).await?.ok_or_else(ApiError::not_found)?;
    let rates = state.store.rates(&quote_id).await?;
    let car = state.store.car(&uid, &quote.car_id).await?.ok_or_else(ApiError::not_found)?;
    Ok(Json(quote_json(&state, &institution, &quote, &rates, &car, request_language(&institution, &headers))))
}

/// The member's latest quotes (at most 20), newest first, each with its rates.
#[utoipa::path(get, path = "/institution/{iid}/user/{uid}/quote", tag = "quotes", params(MemberPath), security(("session" = [])),
    responses((status = 200, description = "The member's latest quotes, newest first (none before the first)", body = Quotes),
        (status = "4XX", description = "No live session (401), an inactive institution (403), an unknown institution or another member's id (404)", body = ErrorBody)))]
#[tracing::instrument(skip_all)]
async fn list_quotes(
    State(state): State<AppState>,
    InstitutionMember { institution, .. }: InstitutionMember,
    headers: HeaderMap,
    Path((_, uid)): Path<(String, String)>,
) -> ApiResult<Json<Quotes>> {
    let language = request_language(&institution, &headers);
    let mut quotes = Vec::new();
    for quote in state.store.quotes_of_user(&uid, 20).await? {
        let Some(car) = state.store.car(&uid, &quote.car_id).await? else { continue };
        let rates = state.store.rates(&quote.quote_id).await?;
        quotes.push(quote_json(&state, &institution, &quote, &rates, &car, language));
    }
    Ok(Json(Quotes { quotes }))
}
