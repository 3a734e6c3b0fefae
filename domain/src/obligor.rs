//! The obligor: the company that owes a contract's coverage (its provider). White label cannot hide
//! it: the review page, the sample contract and the contract name it with its address, and in the
//! states whose cancellation row says `licence_on_contract`, its licence or registration number there.
//!
//! [`Obligors`] is `data/providers/*.toml`, one file per provider (its header explains the fields).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::cancellation::CancellationTable;
use crate::contact::{STATE_CODES, format_phone};

/// One provider's file.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProviderFile {
    /// The provider's code, as the rate books spell it (`NAC`, `Rt66`, `EFG`).
    pub provider: String,
    /// Illustrative data for the lab: production refuses a file that says so.
    #[serde(default)]
    pub lab: bool,
    pub obligor: Obligor,
    /// State code → the obligor's licence or registration there.
    #[serde(default)]
    pub licences: BTreeMap<String, Licence>,
}

/// Who owes the coverage, as printed.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Obligor {
    /// The legal name.
    pub name: String,
    pub street: String,
    pub city: String,
    /// Two-letter state code.
    pub state: String,
    /// Five digits.
    pub zip: String,
    /// Ten digits.
    pub phone: String,
    /// Where the name, address and numbers were copied from (a filing, a regulator's register).
    pub source: String,
}

/// A licence or registration in one state.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Licence {
    /// What it is, as the contract names it (`Texas service contract provider registration`).
    pub title: String,
    pub number: String,
}

/// The obligor as a contract, a sample or the review page names it to a member of one state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NamedObligor {
    pub name: String,
    /// `street, city, ST zip`.
    pub address: String,
    /// `(800) 555-0170`.
    pub phone: String,
    /// `Texas service contract provider registration no. 123`, where the member's state requires
    /// it on the contract; else `null`.
    pub licence: Option<String>,
}

impl ProviderFile {
    /// Parses and checks one file.
    pub fn from_toml(text: &str) -> Result<Self, String> {
        let file: ProviderFile = toml::from_str(text).map_err(|e| e.to_string())?;
        file.check()?;
        Ok(file)
    }

    fn check(&self) -> Result<(), String> {
        let o = &self.obligor;
        let provider = &self.provider;
        for (field, value) in [
            ("provider", provider),
            ("obligor.name", &o.name),
            ("obligor.street", &o.street),
            ("obligor.city", &o.city),
            ("obligor.source", &o.source),
        ] {
            if value.trim().is_empty() {
                return Err(format!("{field} is empty"));
            }
        }
        if !STATE_CODES.contains(&o.state.as_str()) {
            return Err(format!("{provider}: obligor.state {:?} is not a state code", o.state));
        }
        if o.zip.len() != 5 || !o.zip.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!("{provider}: obligor.zip {:?} is not five digits", o.zip));
        }
        format_phone(&o.phone).map_err(|_| format!("{provider}: obligor.phone {:?} is not ten digits", o.phone))?;
        for (state, licence) in &self.licences {
            if !STATE_CODES.contains(&state.as_str()) {
                return Err(format!("{provider}: licences.{state} is not a state code"));
            }
            if licence.title.trim().is_empty() || licence.number.trim().is_empty() {
                return Err(format!("{provider}: licences.{state} needs a title and a number"));
            }
        }
        Ok(())
    }
}

/// Every provider's obligor, by provider code.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Obligors {
    providers: BTreeMap<String, ProviderFile>,
}

impl Obligors {
    /// The files, each `(its name, its text)`; refuses a bad file and a provider given twice.
    pub fn from_files(files: impl IntoIterator<Item = (String, String)>) -> Result<Self, String> {
        let mut providers = BTreeMap::new();
        for (name, text) in files {
            let file = ProviderFile::from_toml(&text).map_err(|e| format!("providers file {name}: {e}"))?;
            if providers.contains_key(&file.provider) {
                return Err(format!("providers file {name}: a second file for provider {}", file.provider));
            }
            providers.insert(file.provider.clone(), file);
        }
        Ok(Self { providers })
    }

    /// A provider's file.
    pub fn file(&self, provider: &str) -> Option<&ProviderFile> {
        self.providers.get(provider)
    }

    /// The obligor of `provider`'s contracts as named to a member of `state`: with its licence
    /// there when the state's rules require it on the contract.
    pub fn named(&self, provider: &str, state: &str, rules: &CancellationTable) -> Option<NamedObligor> {
        let file = self.providers.get(provider)?;
        let o = &file.obligor;
        let required = rules.rules(state).is_some_and(|r| r.licence_on_contract);
        Some(NamedObligor {
            name: o.name.clone(),
            address: format!("{}, {}, {} {}", o.street, o.city, o.state, o.zip),
            phone: format_phone(&o.phone).unwrap_or_default(),
            licence: required.then(|| file.licences.get(state)).flatten().map(|l| format!("{} no. {}", l.title, l.number)),
        })
    }

    /// What a provider selling in `states` lacks: its file, or its licence in a state whose rules
    /// require it on the contract. Empty: every contract it sells can name its obligor in full.
    pub fn missing<'a>(&self, provider: &str, states: impl IntoIterator<Item = &'a str>, rules: &CancellationTable) -> Vec<String> {
        let Some(file) = self.providers.get(provider) else {
            return vec![format!("{provider}: no providers file names its obligor")];
        };
        states
            .into_iter()
            .filter(|s| rules.rules(s).is_some_and(|r| r.licence_on_contract) && !file.licences.contains_key(*s))
            .map(|s| format!("{provider}: sells in {s}, whose contracts must print the obligor's licence there, and its file has none"))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NAC: &str = r#"
provider = "NAC"
lab = true
[obligor]
name = "Example Obligor Company"
street = "100 Example Way, Suite 200"
city = "Springfield"
state = "IL"
zip = "62701"
phone = "8005550170"
source = "lab"
[licences.TX]
title = "Texas service contract provider registration"
number = "LAB-TX-1"
"#;

    fn rules() -> CancellationTable {
        CancellationTable::from_toml(
            &std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../data/cancellation/states.toml")).unwrap(),
        )
        .unwrap()
    }

    fn nac() -> Obligors {
        Obligors::from_files([("nac.toml".to_string(), NAC.to_string())]).unwrap()
    }

    #[test]
    fn the_licence_is_named_only_where_the_state_requires_it() {
        let rules = rules();
        assert!(rules.rules("TX").unwrap().licence_on_contract && !rules.rules("CO").unwrap().licence_on_contract);
        let tx = nac().named("NAC", "TX", &rules).unwrap();
        assert_eq!(tx.name, "Example Obligor Company");
        assert_eq!(tx.address, "100 Example Way, Suite 200, Springfield, IL 62701");
        assert_eq!(tx.phone, "(800) 555-0170");
        assert_eq!(tx.licence.as_deref(), Some("Texas service contract provider registration no. LAB-TX-1"));
        assert_eq!(nac().named("NAC", "CO", &rules).unwrap().licence, None, "Colorado does not require it");
        assert_eq!(nac().named("EFG", "TX", &rules), None);
    }

    #[test]
    fn a_provider_lacks_its_file_or_a_required_licence() {
        let rules = rules();
        assert_eq!(nac().missing("NAC", ["CO", "TX", "CA"], &rules), Vec::<String>::new());
        let missing = nac().missing("NAC", ["OK", "TX"], &rules);
        assert_eq!(missing.len(), 1, "{missing:?}");
        assert!(missing[0].starts_with("NAC: sells in OK"), "{missing:?}");
        assert_eq!(nac().missing("EFG", ["CO"], &rules), vec!["EFG: no providers file names its obligor".to_string()]);
    }

    #[test]
    fn a_bad_file_is_refused_with_its_name() {
        let refused = |text: String| Obligors::from_files([("x.toml".to_string(), text)]).unwrap_err();
        assert!(refused(NAC.replace("62701", "627")).contains("x.toml: NAC: obligor.zip"));
        assert!(refused(NAC.replace("8005550170", "555")).contains("obligor.phone"));
        assert!(refused(NAC.replace("state = \"IL\"", "state = \"ZZ\"")).contains("obligor.state"));
        assert!(refused(NAC.replace("[licences.TX]", "[licences.XX]")).contains("licences.XX"));
        assert!(refused(NAC.replace("number = \"LAB-TX-1\"", "number = \" \"")).contains("title and a number"));
        assert!(refused(NAC.replace("source = \"lab\"", "source = \"\"")).contains("obligor.source is empty"));
        assert!(refused(NAC.replace("lab = true", "lab = true\nlicense = 1")).contains("unknown field"));
        let twice = Obligors::from_files([("a.toml".to_string(), NAC.to_string()), ("b.toml".to_string(), NAC.to_string())]);
        assert!(twice.unwrap_err().contains("b.toml: a second file for provider NAC"));
    }
}
