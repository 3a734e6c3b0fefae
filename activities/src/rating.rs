//! Rating: the providers' rate books and the sales-tax table, loaded from `data/`, and the quote
//! rule that combines them with an institution's filter.

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

use anyhow::Context;
use coverline_domain::institution::Institution;
use coverline_domain::money::Cents;
use coverline_domain::quote::{NoQuotes, RateFilter, filter_rates};
use coverline_domain::rating::{RateBook, RatedOption, RatingRequest, menu};
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
    /// The plan, term and price; `option.provider` is the provider that rates and books it.
    pub option: RatedOption,
    pub tax: Cents,
}

/// Why a quote has no rates.
#[derive(Debug, thiserror::Error)]
pub enum QuoteError {
    /// Nothing passed the filter, or the car is not eligible: 'No quotes present'.
    #[error("{}", coverline_domain::quote::NO_QUOTES_PRESENT)]
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
    /// Providers and plan names must be unique across books, so a stored rate's coverage name
    /// identifies its provider ([`Rating::provider_of_plan`]).
    pub fn load(data_dir: &Path) -> anyhow::Result<Self> {
        let mut books: HashMap<String, RateBook> = HashMap::new();
        let dir = data_dir.join("ratebooks");
        let mut paths: Vec<_> = std::fs::read_dir(&dir)
            .with_context(|| format!("reading {}", dir.display()))?
            .map(|entry| entry.map(|e| e.path()))
            .collect::<Result<_, _>>()?;
        paths.sort();
        for path in paths.into_iter().filter(|p| p.extension().is_some_and(|e| e == "toml")) {
            let text = std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
            let book = RateBook::from_toml(&text).with_context(|| format!("rate book {}", path.display()))?;
            if books.contains_key(&book.provider) {
                anyhow::bail!("rate book {}: a second book for provider {}", path.display(), book.provider);
            }
            if let Some(other) = books.values().find(|b| b.plans.iter().any(|p| book.plans.iter().any(|q| q.name == p.name))) {
                anyhow::bail!("rate book {}: a plan name is also sold by {}; plan names must be unique", path.display(), other.provider);
            }
            books.insert(book.provider.clone(), book);
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

    /// Every loaded rate book, by provider code.
    pub fn books(&self) -> impl Iterator<Item = &RateBook> {
        let mut books: Vec<&RateBook> = self.books.values().collect();
        books.sort_by(|a, b| a.provider.cmp(&b.provider));
        books.into_iter()
    }

    /// The tax table.
    pub fn tax(&self) -> &TaxTable {
        &self.tax
    }

    /// The provider whose book sells a plan (plan names are unique across books).
    pub fn provider_of_plan(&self, plan: &str) -> Option<&str> {
        self.books.values().find(|b| b.plans.iter().any(|p| p.name == plan)).map(|b| b.provider.as_str())
    }

    /// Refuses rate books whose contracts could not name their obligor in full: a provider
    /// without a providers file, or without its licence in a state it is filed in whose contracts
    /// must print it. Every problem at once.
    pub fn check_obligors(
        &self,
        obligors: &coverline_domain::obligor::Obligors,
        rules: &coverline_domain::cancellation::CancellationTable,
    ) -> anyhow::Result<()> {
        let missing: Vec<String> = self
            .books()
            .flat_map(|book| {
                let states = coverline_domain::contact::STATE_CODES.iter().copied().filter(|s| book.sells_in(s));
                obligors.missing(&book.provider, states, rules)
            })
            .collect();
        anyhow::ensure!(missing.is_empty(), "the providers' obligors are incomplete:\n  - {}", missing.join("\n  - "));
        Ok(())
    }

    /// States where any of the institution's providers sells, in the order of `STATE_CODES`.
    pub fn eligible_states(&self, institution: &Institution) -> Vec<String> {
        coverline_domain::contact::STATE_CODES
            .iter()
            .filter(|state| self.providers(institution).any(|(_, b)| b.is_some_and(|b| b.sells_in(state))))
            .map(|state| state.to_string())
            .collect()
    }

    /// The institution's providers with their books, in its order, each provider once (None: no book).
    fn providers<'a>(&'a self, institution: &'a Institution) -> impl Iterator<Item = (&'a str, Option<&'a RateBook>)> + 'a {
        let listed = &institution.application_settings.rate_providers;
        listed.iter().enumerate().filter(|(i, p)| !listed[..*i].contains(p)).map(|(_, p)| (p.as_str(), self.book(p)))
    }

    /// Rates a car for an institution's member in `state`: every listed provider whose book sells
    /// there prices its plans, one menu is cut from all of them (see `coverline_domain::rating`),
    /// filtered by the institution (price cap, plan name, at most three by miles), each option
    /// with its provider and sales tax. A provider the car is not eligible with is skipped.
    pub fn quote(&self, institution: &Institution, request: &RatingRequest<'_>, state: &str) -> Result<Vec<PricedOption>, QuoteError> {
        let filter = RateFilter {
            price_limit_dollars: Some(institution.application_settings.price_limit),
            only_covered_plan_name: institution.only_covered_plan_name.as_deref(),
        };
        let mut sheet = Vec::new();
        for (provider, book) in self.providers(institution) {
            let book = book.ok_or_else(|| QuoteError::UnknownProvider(provider.to_string()))?;
            if book.sells_in(state) {
                sheet.extend(book.price_plans(request, &filter).unwrap_or_default());
            }
        }
        let kept = filter_rates(menu(sheet, request.need(), &filter), &filter)?;
        Ok(kept.into_iter().map(|option| PricedOption { tax: self.tax.tax_for(state, option.price), option }).collect())
    }
}

/// The provider a stored quote records: the provider of all its rates, or the institution's first
/// when they come from several. Each stored rate also records its own provider, which is the one
/// that books it.
pub fn quote_provider<'a>(priced: &'a [PricedOption], institution: &'a Institution) -> &'a str {
    match priced.split_first() {
        Some((first, rest)) if rest.iter().all(|p| p.option.provider == first.option.provider) => &first.option.provider,
        _ => institution.primary_provider(),
    }
}
