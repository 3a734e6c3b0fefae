//! Rating: the providers' rate books and the sales-tax table, loaded from `data/`, and the quote
//! rule that combines them with an institution's filter.

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

use anyhow::Context;
use coverline_domain::institution::Institution;
use coverline_domain::money::Cents;
use coverline_domain::quote::{NoQuotes, RateFilter, filter_rates};
use coverline_domain::rating::{RateBook, RatedOption, RatingRequest};
use coverline_domain::tax::TaxTable;

/// Rate books by provider code, and the tax table.
#[derive(Debug, Clone)]
pub struct Rating {
    books: Arc<HashMap<String, RateBook>>,
    tax: Arc<TaxTable>,
}

/// A rated, filtered option with its tax.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PricedOption {
    pub option: RatedOption,
    pub tax: Cents,
}

/// Why a quote has no rates.
#[derive(Debug, thiserror::Error)]
pub enum QuoteError {
    /// Nothing passed the filter, or the car is not eligible: 'No quotes present'.
    #[error("No quotes present")]
    NoQuotes,
    /// The institution names a provider without a rate book (a configuration error).
    #[error("no rate book for provider {0}")]
    UnknownProvider(String),
}

impl From<NoQuotes> for QuoteError {
    fn from(_: NoQuotes) -> Self {
        Self::NoQuotes
    }
}

impl Rating {
    /// Loads every `*.toml` of `data_dir/ratebooks` and `data_dir/tax/service-contracts.toml`.
    pub fn load(data_dir: &Path) -> anyhow::Result<Self> {
        let mut books = HashMap::new();
        let dir = data_dir.join("ratebooks");
        for entry in std::fs::read_dir(&dir).with_context(|| format!("reading {}", dir.display()))? {
            let path = entry?.path();
            if path.extension().is_some_and(|e| e == "toml") {
                let text = std::fs::read_to_string(&path)?;
                let book = RateBook::from_toml(&text).with_context(|| format!("rate book {}", path.display()))?;
                books.insert(book.provider.clone(), book);
            }
        }
        let tax_path = data_dir.join("tax/service-contracts.toml");
        let tax = TaxTable::from_toml(&std::fs::read_to_string(&tax_path).with_context(|| format!("reading {}", tax_path.display()))?)
            .map_err(|e| anyhow::anyhow!("{}: {e}", tax_path.display()))?;
        Ok(Self { books: Arc::new(books), tax: Arc::new(tax) })
    }

    /// The rate book of a provider.
    pub fn book(&self, provider: &str) -> Option<&RateBook> {
        self.books.get(provider)
    }

    /// The tax table.
    pub fn tax(&self) -> &TaxTable {
        &self.tax
    }

    /// States where the institution's provider sells.
    pub fn eligible_states(&self, institution: &Institution) -> Vec<String> {
        self.book(institution.primary_provider()).map(|b| b.states.clone()).unwrap_or_default()
    }

    /// Rates a car for an institution's member in `state`: the provider's options, filtered by
    /// the institution (price cap, plan name, at most three by miles), each with its sales tax.
    pub fn quote(&self, institution: &Institution, request: &RatingRequest<'_>, state: &str) -> Result<Vec<PricedOption>, QuoteError> {
        let provider = institution.primary_provider();
        let book = self.book(provider).ok_or_else(|| QuoteError::UnknownProvider(provider.to_string()))?;
        if !book.sells_in(state) {
            return Err(QuoteError::NoQuotes);
        }
        let options = book.rate(request).map_err(|_| QuoteError::NoQuotes)?;
        let filter = RateFilter {
            price_limit_dollars: Some(institution.application_settings.price_limit),
            only_covered_plan_name: institution.only_covered_plan_name.as_deref(),
        };
        let kept = filter_rates(options, &filter)?;
        Ok(kept
            .into_iter()
            .map(|option| PricedOption { tax: self.tax.tax_for(state, option.price), option })
            .collect())
    }
}
