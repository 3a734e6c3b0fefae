//! Quoting, the business operation behind the quote routes, the checkout's re-rating and the
//! integration launch: rate a member's car with the institution's providers, filter and tax, and
//! store the quote the member saw (or re-price one in place).

use axum::http::StatusCode;
use coverline_activities::rating::{PricedOption, QuoteError, quote_provider};
use coverline_domain::ErrorCode;
use coverline_domain::contact::StateCode;
use coverline_domain::institution::Institution;
use coverline_domain::quote::NO_QUOTES_PRESENT;
use coverline_domain::rating::RatingRequest;
use coverline_store::{CarRecord, QuoteRecord, RateRecord};

use crate::http::app::AppState;
use crate::http::error::{ApiError, ApiResult};

pub fn no_quotes() -> ApiError {
    ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, ErrorCode::NoQuotes, NO_QUOTES_PRESENT)
}

/// Rates the car with the member's answers: the institution's providers, its filter, the state's tax.
pub fn rate_car(
    state: &AppState,
    institution: &Institution,
    car: &CarRecord,
    miles_per_year: u32,
    years_to_own: u8,
    residence: &StateCode,
) -> ApiResult<Vec<PricedOption>> {
    if institution.testing_settings.quote_post_error_test {
        return Err(no_quotes());
    }
    let request = RatingRequest {
        make: &car.make,
        model: &car.model,
        model_year: car.year,
        current_year: state.clock.today().year() as u16,
        odometer: car.odometer,
        flags: car.flags,
        miles_per_year,
        years_to_own,
    };
    match state.rating.quote(institution, &request, residence.as_str()) {
        Ok(p) => Ok(p),
        Err(QuoteError::NoQuotes) => Err(no_quotes()),
        Err(e @ QuoteError::UnknownProvider(_)) => Err(ApiError::internal(e.into())),
    }
}

/// Stores a new quote of `car` with its priced rates (group-committed); returns both.
pub async fn store_quote(
    state: &AppState,
    institution: &Institution,
    car: &CarRecord,
    residence: &StateCode,
    (miles_per_year, years_to_own): (u32, u8),
    priced: &[PricedOption],
    pen_track_key: Option<String>,
) -> ApiResult<(QuoteRecord, Vec<RateRecord>)> {
    let quote = QuoteRecord {
        quote_id: crate::services::ids::new_id("quo"),
        user_id: car.user_id.clone(),
        car_id: car.car_id.clone(),
        state: residence.as_str().to_string(),
        pen_track_key: pen_track_key.unwrap_or_else(|| crate::services::ids::new_id("pen")),
        provider: quote_provider(priced, institution).to_string(),
        created_at: state.clock.now(),
        miles_per_year: Some(i64::from(miles_per_year)),
        years_to_own: Some(i64::from(years_to_own)),
    };
    let rates = rate_records(&quote.quote_id, priced);
    state.quotes.insert(quote.clone(), rates.clone()).await?;
    Ok((quote, rates))
}

fn rate_records(quote_id: &str, priced: &[PricedOption]) -> Vec<RateRecord> {
    let rate_collection_id = crate::services::ids::new_id("rc");
    priced
        .iter()
        .enumerate()
        .map(|(i, p)| RateRecord {
            rate_id: crate::services::ids::new_id("rate"),
            quote_id: quote_id.to_string(),
            rate_collection_id: rate_collection_id.clone(),
            position: i as i64,
            coverage_name: p.option.plan.clone(),
            miles: i64::from(p.option.miles),
            months: i64::from(p.option.months),
            deductible_cents: p.option.deductible.0,
            price_cents: p.option.price.0,
            tax_cents: p.tax.0,
            provider: Some(p.option.provider.clone()),
        })
        .collect()
}

/// Replaces a quote's rates with `priced` under the same quote id, priced as of now (never once
/// a purchase holds it: 409).
pub async fn rerate(
    state: &AppState,
    institution: &Institution,
    mut quote: QuoteRecord,
    priced: &[PricedOption],
) -> ApiResult<(QuoteRecord, Vec<RateRecord>)> {
    quote.provider = quote_provider(priced, institution).to_string();
    quote.created_at = state.clock.now();
    let rates = rate_records(&quote.quote_id, priced);
    if !state.store.replace_quote_rates(&quote, &rates).await? {
        return Err(ApiError::new(StatusCode::CONFLICT, ErrorCode::Conflict, coverline_domain::product::messages::QUOTE_BEING_PURCHASED));
    }
    Ok((quote, rates))
}
