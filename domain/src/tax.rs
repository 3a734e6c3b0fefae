//! Sales tax on service contracts, from the per-state table in `data/tax/service-contracts.toml`.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use crate::money::Cents;

/// The five states without a state sales tax (spec section 9): never taxed.
pub use crate::product::options::NO_SALES_TAX_STATES;

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
#[serde(deny_unknown_fields)]
pub struct TaxTable {
    /// Entries for all 50 states and DC.
    pub states: BTreeMap<String, StateTax>,
}

impl TaxTable {
    /// Parses the TOML table and checks it: exactly the 50 states and DC, each citing a source,
    /// rates plausible, and the five no-tax states untaxed at zero.
    pub fn from_toml(text: &str) -> Result<Self, String> {
        let table: TaxTable = toml::from_str(text).map_err(|e| e.to_string())?;
        if let Some(unknown) = table.states.keys().find(|s| !crate::contact::STATE_CODES.contains(&s.as_str())) {
            return Err(format!("tax table names unknown state {unknown}"));
        }
        for state in crate::contact::STATE_CODES {
            let entry = table.states.get(state).ok_or_else(|| format!("tax table lacks {state}"))?;
            if entry.source.trim().is_empty() {
                return Err(format!("{state}: source must say where the treatment comes from"));
            }
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
        !NO_SALES_TAX_STATES.contains(&state) && self.states.get(state).is_some_and(|e| e.service_contracts_taxed && e.rate_bps > 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contact::STATE_CODES;

    fn table_text(edit: impl Fn(&str) -> Option<String>) -> String {
        STATE_CODES
            .iter()
            .map(|&state| {
                edit(state).unwrap_or_else(|| {
                    let (taxed, bps) = if NO_SALES_TAX_STATES.contains(&state) { (false, 0) } else { (state == "NC", 475) };
                    format!("[states.{state}]\nservice_contracts_taxed = {taxed}\nrate_bps = {bps}\nsource = \"test\"\n")
                })
            })
            .collect()
    }

    #[test]
    fn taxes_only_where_the_table_says() {
        let table = TaxTable::from_toml(&table_text(|_| None)).unwrap();
        assert_eq!(table.tax_for("NC", Cents::dollars(2_000)), Cents::dollars(95));
        assert!(table.has_sales_tax("NC"));
        assert_eq!(table.tax_for("CO", Cents::dollars(2_000)), Cents(0), "a rate without taxability charges nothing");
        assert!(!table.has_sales_tax("CO"));
        for state in NO_SALES_TAX_STATES {
            assert_eq!(table.tax_for(state, Cents::dollars(2_000)), Cents(0));
        }
        assert_eq!(table.tax_for("ZZ", Cents::dollars(2_000)), Cents(0));
    }

    #[test]
    fn the_loader_refuses_broken_tables() {
        let refuse = |text: String, expected: &str| {
            let error = TaxTable::from_toml(&text).unwrap_err();
            assert!(error.contains(expected), "{error:?} should mention {expected:?}");
        };
        for state in NO_SALES_TAX_STATES {
            refuse(
                table_text(|s| {
                    (s == state).then(|| format!("[states.{s}]\nservice_contracts_taxed = true\nrate_bps = 0\nsource = \"x\"\n"))
                }),
                "has no sales tax",
            );
            refuse(
                table_text(|s| {
                    (s == state).then(|| format!("[states.{s}]\nservice_contracts_taxed = false\nrate_bps = 100\nsource = \"x\"\n"))
                }),
                "has no sales tax",
            );
        }
        refuse(table_text(|s| (s == "TX").then(String::new)), "lacks TX");
        refuse(table_text(|_| None) + "[states.PR]\nservice_contracts_taxed = false\nrate_bps = 0\nsource = \"x\"\n", "unknown state PR");
        refuse(
            table_text(|s| (s == "CT").then(|| "[states.CT]\nservice_contracts_taxed = true\nrate_bps = 635\nsource = \" \"\n".into())),
            "source",
        );
        refuse(
            table_text(|s| (s == "CT").then(|| "[states.CT]\nservice_contracts_taxed = true\nrate_bps = 6350\nsource = \"x\"\n".into())),
            "implausible",
        );
        refuse(table_text(|s| (s == "CT").then(|| "[states.CT]\nservice_contracts_taxed = true\nrate_bps = 635\n".into())), "source");
    }
}
