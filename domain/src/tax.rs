//! Sales tax on service contracts, from the per-state table in `data/tax/service-contracts.toml`.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use crate::money::Cents;

/// The five states without a state sales tax (spec section 9): never taxed.
pub const NO_SALES_TAX_STATES: [&str; 5] = ["AK", "DE", "MT", "NH", "OR"];

/// One state's treatment of vehicle service contracts.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StateTax {
    /// Whether the state taxes the sale of a motor-vehicle service contract.
    pub service_contracts_taxed: bool,
    /// State rate in basis points (625 = 6.25%); local add-ons are not collected by Coverline.
    pub rate_bps: i64,
    /// Where the treatment comes from (statute, revenue department guidance) or what still needs review.
    pub source: String,
}

/// The table: state code → treatment.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TaxTable {
    /// Entries for all 50 states and DC.
    pub states: BTreeMap<String, StateTax>,
}

impl TaxTable {
    /// Parses the TOML table and checks it covers every state, with the five no-tax states at zero.
    pub fn from_toml(text: &str) -> Result<Self, String> {
        let table: TaxTable = toml::from_str(text).map_err(|e| e.to_string())?;
        for state in crate::contact::STATE_CODES {
            let entry = table.states.get(state).ok_or_else(|| format!("tax table lacks {state}"))?;
            if NO_SALES_TAX_STATES.contains(&state) && (entry.service_contracts_taxed || entry.rate_bps != 0) {
                return Err(format!("{state} has no sales tax"));
            }
            if entry.rate_bps < 0 || entry.rate_bps > 2_000 {
                return Err(format!("{state}: implausible rate {}", entry.rate_bps));
            }
        }
        Ok(table)
    }

    /// Tax due on a contract sold to a resident of `state`.
    pub fn tax_for(&self, state: &str, price: Cents) -> Cents {
        match self.states.get(state) {
            Some(entry) if entry.service_contracts_taxed && !NO_SALES_TAX_STATES.contains(&state) => {
                price.apply_basis_points(entry.rate_bps)
            }
            _ => Cents(0),
        }
    }

    /// Whether the state has a sales tax on service contracts at all (the spec shows tax lines only then).
    pub fn has_sales_tax(&self, state: &str) -> bool {
        !NO_SALES_TAX_STATES.contains(&state)
            && self.states.get(state).is_some_and(|e| e.service_contracts_taxed && e.rate_bps > 0)
    }
}
