//! The contract PDF, rendered with typst from `data/templates/contract.typ`. The template reads
//! the contract's fields from `sys.inputs.data` (JSON), so branding and wording live in data.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use anyhow::Context;
use coverline_domain::language::Language;
use serde::{Deserialize, Serialize};
use typst::foundations::{Dict, IntoValue};
use typst_as_lib::{TypstEngine, TypstTemplateMainFile};
use typst_layout::PagedDocument;

/// Everything printed on a contract, in one language.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ContractDocument {
    /// A sample shown before paying: marked SAMPLE on every page, no contract number or payment.
    #[serde(default)]
    pub sample: bool,
    /// The document's language: its texts, dates and hyphenation.
    pub language: Language,
    /// Every fixed text of the template, in `language`: [`contract_texts`].
    pub texts: BTreeMap<String, String>,
    /// Where the reader of a contract in another language than English finds its English version
    /// (the provider's filed texts exist only in English): the bought contract's find-your-contract
    /// page. `None` in English and on a sample (the review page links the English sample).
    pub english_version: Option<String>,
    pub contract_number: String,
    pub policy_reference: String,
    pub product_name: String,
    pub provider: String,
    pub institution_name: String,
    pub institution_phone: String,
    pub primary_color: String,
    pub member_name: String,
    pub member_address: String,
    pub member_email: String,
    pub member_phone: String,
    pub vehicle: String,
    pub vin: String,
    pub odometer: String,
    pub coverage_name: String,
    /// `72 months or 100,000 miles from the odometer reading at purchase, whichever comes first`.
    pub term: String,
    pub odometer_when_coverage_expires: String,
    pub effective_date: String,
    pub expiration_date: String,
    pub deductible: String,
    pub price: String,
    pub sales_tax: Option<String>,
    pub total: String,
    pub payment_id: String,
    pub covered_components: Vec<CoveredComponent>,
    /// The provider's benefits for the plan (rental car, roadside, key replacement, ...).
    pub benefits: Vec<CoveredComponent>,
    /// Who to call, as (what for, formatted number) pairs; only the lines that have a number.
    pub contact_lines: Vec<CoveredComponent>,
    pub refund_text: String,
    /// The cancellation rules of the member's state (data/cancellation/states.toml), in a sentence
    /// with its source; empty on contracts rendered before the state rules.
    #[serde(default)]
    pub cancellation_rules: String,
    /// Who owes the coverage (data/providers/), with its licence where the member's state requires
    /// it; `None` on contracts rendered before the obligor was printed.
    #[serde(default)]
    pub obligor: Option<coverline_domain::obligor::NamedObligor>,
    pub disclaimer: String,
}

/// The template's texts in `language`: the catalogue's `contract` group (domain/texts), by key
/// within it (`summary.title`).
pub fn contract_texts(language: Language) -> BTreeMap<String, String> {
    language.group("contract").into_iter().map(|(key, text)| (key.to_owned(), text.to_owned())).collect()
}

/// A covered component area and what the plan says about it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CoveredComponent {
    pub title: String,
    pub text: String,
}

/// The typst engine with the contract template and embedded fonts; cheap to clone.
#[derive(Clone)]
pub struct ContractRenderer {
    engine: Arc<TypstEngine<TypstTemplateMainFile>>,
    /// Renders at once: each holds a typst world (tens of MiB), so a burst of purchases must
    /// queue here rather than multiply the worker's memory.
    slots: Arc<tokio::sync::Semaphore>,
}

/// Contracts rendered at once per process.
pub const RENDER_SLOTS: usize = 2;

impl std::fmt::Debug for ContractRenderer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ContractRenderer")
    }
}

impl ContractRenderer {
    /// Loads `data_dir/templates/contract.typ`.
    pub fn load(data_dir: &Path) -> anyhow::Result<Self> {
        let path = data_dir.join("templates/contract.typ");
        let template = std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
        let engine = TypstEngine::builder().main_file(template).fonts(typst_assets::fonts()).build();
        Ok(Self { engine: Arc::new(engine), slots: Arc::new(tokio::sync::Semaphore::new(RENDER_SLOTS)) })
    }

    /// [`render`](Self::render) on a blocking thread, at most [`RENDER_SLOTS`] at a time.
    pub async fn render_async(&self, contract: ContractDocument) -> anyhow::Result<Vec<u8>> {
        let _slot = self.slots.acquire().await.context("render slots closed")?;
        let renderer = self.clone();
        tokio::task::spawn_blocking(move || renderer.render(&contract)).await.context("rendering task")?
    }

    /// Renders a contract to PDF bytes (CPU-bound: call from a blocking task).
    pub fn render(&self, contract: &ContractDocument) -> anyhow::Result<Vec<u8>> {
        let mut inputs = Dict::new();
        inputs.insert("data".into(), serde_json::to_string(contract)?.into_value());
        let document: PagedDocument =
            self.engine.compile_with_input(inputs).output.map_err(|e| anyhow::anyhow!("typst could not compile the contract: {e:?}"))?;
        typst_pdf::pdf(&document, &typst_pdf::PdfOptions::default()).map_err(|e| anyhow::anyhow!("typst could not write the PDF: {e:?}"))
    }
}

/// The refund terms when the institution has none of its own (spec section 9); the review page
/// shows the same words next to the box the member ticks (product.json).
pub const DEFAULT_REFUND_TEXT: &str = coverline_domain::product::messages::DEFAULT_REFUND_TEXT;

/// The disclosure when the institution has no disclaimer of its own (spec section 9); the coverage
/// page shows the same words (product.json).
pub const DEFAULT_DISCLAIMER: &str = coverline_domain::product::messages::DEFAULT_DISCLAIMER;

/// The component areas of spec section 3, in the spec's order: the only titles a plan's
/// covered components may use.
pub const COMPONENT_AREAS: [&str; 11] = [
    "Engine",
    "Transmission",
    "Transfer Case",
    "Drive Axles",
    "AC / Heating",
    "Suspension",
    "Steering",
    "Cooling",
    "Fuel System",
    "Brakes",
    "Electrical",
];

/// The key under `benefits` that applies to every plan of the provider.
pub const ALL_PLANS: &str = "all_plans";

/// Plan texts per provider: which component areas each plan covers, with the wording printed on
/// contracts, and the provider's benefits (rental car, roadside, key replacement, ... with the
/// amounts of spec section 9).
#[derive(Debug, Clone, Default)]
pub struct PlanTexts {
    providers: std::collections::HashMap<String, ProviderTexts>,
    /// Every language but English → an English title or text of a plan file → how a page in that
    /// language shows it (`data/plans/<code>.json`, gettext-style: a text changed in English has
    /// no translation until one is added). The contract prints the filed English.
    translations: BTreeMap<Language, std::collections::HashMap<String, String>>,
}

/// Phone lines for a contract holder (10 digits each): general questions, mechanical breakdown
/// (claims), key replacement and emergency roadside.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct ContactNumbers {
    pub general: Option<String>,
    pub mechanical_breakdown: Option<String>,
    pub key_replacement: Option<String>,
    pub emergency_roadside: Option<String>,
}

/// One `data/plans/*.toml` file.
#[derive(Debug, Clone, Default, Deserialize)]
struct ProviderTexts {
    provider: String,
    /// The provider's own phone lines, the fallback for an institution's contact numbers.
    #[serde(default)]
    contact_numbers: Option<ContactNumbers>,
    /// `all_plans` or a plan name → benefits; a plan's entry replaces the `all_plans` one of the same title.
    #[serde(default)]
    benefits: std::collections::HashMap<String, Vec<CoveredComponent>>,
    /// Plan name → covered component areas.
    #[serde(flatten)]
    plans: std::collections::HashMap<String, Vec<CoveredComponent>>,
}

impl ProviderTexts {
    /// Titles are spec areas (components) or unique (benefits), texts are not empty, and
    /// plan-specific benefits name a plan of the file.
    fn check(&self) -> Result<(), String> {
        let unique_non_empty = |what: &str, entries: &[CoveredComponent]| -> Result<(), String> {
            for (i, c) in entries.iter().enumerate() {
                if c.title.trim().is_empty() || c.text.trim().is_empty() {
                    return Err(format!("{what}: an entry has no title or text"));
                }
                if entries[..i].iter().any(|d| d.title == c.title) {
                    return Err(format!("{what}: {} is listed twice", c.title));
                }
            }
            Ok(())
        };
        for (plan, components) in &self.plans {
            unique_non_empty(plan, components)?;
            if let Some(c) = components.iter().find(|c| !COMPONENT_AREAS.contains(&c.title.as_str())) {
                return Err(format!("{plan}: {:?} is not a component area of spec section 3", c.title));
            }
        }
        if let Some(n) = &self.contact_numbers {
            for number in [&n.general, &n.mechanical_breakdown, &n.key_replacement, &n.emergency_roadside].into_iter().flatten() {
                if number.len() != 10 || !number.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(format!("contact_numbers: {number:?} is not 10 digits"));
                }
            }
        }
        for (key, benefits) in &self.benefits {
            unique_non_empty(&format!("benefits.{key}"), benefits)?;
            if key != ALL_PLANS && !self.plans.contains_key(key) {
                return Err(format!("benefits.{key}: no such plan in this file"));
            }
        }
        Ok(())
    }
}

/// A language's table translates every title and text of every plan file, none empty, and nothing
/// else (a key no file has is a stale translation of a text since changed).
fn check_translations(
    providers: &std::collections::HashMap<String, ProviderTexts>,
    table: &std::collections::HashMap<String, String>,
) -> Result<(), String> {
    let mut used = std::collections::HashSet::new();
    let mut names: Vec<&String> = providers.keys().collect();
    names.sort();
    for name in names {
        let texts = &providers[name];
        let mut lists: Vec<(String, &Vec<CoveredComponent>)> = texts.plans.iter().map(|(plan, list)| (plan.clone(), list)).collect();
        lists.extend(texts.benefits.iter().map(|(key, list)| (format!("benefits.{key}"), list)));
        lists.sort_by(|a, b| a.0.cmp(&b.0));
        for (list, entries) in lists {
            for entry in entries {
                for (what, english) in [("title", &entry.title), ("text", &entry.text)] {
                    match table.get(english) {
                        Some(translation) if !translation.trim().is_empty() => drop(used.insert(english.as_str())),
                        _ => return Err(format!("no translation of {name} {list} {:?}'s {what}: {english:?}", entry.title)),
                    }
                }
            }
        }
    }
    let mut stale: Vec<&String> = table.keys().filter(|key| !used.contains(key.as_str())).collect();
    stale.sort();
    match stale.first() {
        Some(key) => Err(format!("translates {key:?}, which no plan file has (changed in English?)")),
        None => Ok(()),
    }
}

/// Loads every `*.toml` of `dir` (`COVERLINE_PROVIDERS_DIR`, default `data/providers`): each
/// provider's obligor. A missing directory is an error: no contract may go out unnamed.
pub fn load_obligors(dir: &Path) -> anyhow::Result<coverline_domain::obligor::Obligors> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).with_context(|| format!("reading the providers directory {}", dir.display()))? {
        let path = entry?.path();
        if path.extension().is_some_and(|e| e == "toml") {
            files
                .push((path.display().to_string(), std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?));
        }
    }
    files.sort();
    coverline_domain::obligor::Obligors::from_files(files).map_err(|e| anyhow::anyhow!(e))
}

impl PlanTexts {
    /// Loads `data_dir/plans/*.toml`; each file is one provider (`provider = "NAC"`, optional
    /// `[[benefits.all_plans]]` / `[[benefits.PLAN]]` tables, then `[[PLAN]]` tables).
    /// Then `data_dir/plans/<code>.json` of every language but English: each title and text translated.
    pub fn load(data_dir: &Path) -> anyhow::Result<Self> {
        let mut providers = std::collections::HashMap::new();
        let dir = data_dir.join("plans");
        for entry in std::fs::read_dir(&dir).with_context(|| format!("reading {}", dir.display()))? {
            let path = entry?.path();
            if path.extension().is_some_and(|e| e == "toml") {
                let file: ProviderTexts =
                    toml::from_str(&std::fs::read_to_string(&path)?).with_context(|| format!("plan texts {}", path.display()))?;
                file.check().map_err(|e| anyhow::anyhow!("plan texts {}: {e}", path.display()))?;
                if providers.contains_key(&file.provider) {
                    anyhow::bail!("plan texts {}: a second file for provider {}", path.display(), file.provider);
                }
                providers.insert(file.provider.clone(), file);
            }
        }
        let mut translations = BTreeMap::new();
        for language in Language::ALL.into_iter().filter(|l| *l != Language::En) {
            let path = dir.join(format!("{}.json", language.code()));
            let text = std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
            let mut table: std::collections::HashMap<String, String> =
                serde_json::from_str(&text).with_context(|| format!("plan texts {}", path.display()))?;
            table.remove("$comment");
            check_translations(&providers, &table).map_err(|e| anyhow::anyhow!("plan texts {}: {e}", path.display()))?;
            translations.insert(language, table);
        }
        Ok(Self { providers, translations })
    }

    /// A title or text of a plan file as a page in `language` shows it (the English itself in
    /// English; every other language has them all, or the texts did not load).
    pub fn translated(&self, english: &str, language: Language) -> String {
        self.translations.get(&language).and_then(|table| table.get(english)).cloned().unwrap_or_else(|| english.to_owned())
    }

    /// The covered components of a plan (empty when the provider has no texts for it).
    pub fn components(&self, provider: &str, plan: &str) -> Vec<CoveredComponent> {
        self.providers.get(provider).and_then(|p| p.plans.get(plan)).cloned().unwrap_or_default()
    }

    /// The benefits of a plan: the provider's `all_plans` benefits, each replaced by the plan's
    /// own entry of the same title, then the plan's other entries.
    pub fn benefits(&self, provider: &str, plan: &str) -> Vec<CoveredComponent> {
        let Some(texts) = self.providers.get(provider) else { return Vec::new() };
        let own = texts.benefits.get(plan).map(Vec::as_slice).unwrap_or_default();
        let mut benefits: Vec<CoveredComponent> = texts
            .benefits
            .get(ALL_PLANS)
            .into_iter()
            .flatten()
            .map(|b| own.iter().find(|o| o.title == b.title).unwrap_or(b).clone())
            .collect();
        let extra: Vec<CoveredComponent> = own.iter().filter(|o| !benefits.iter().any(|b| b.title == o.title)).cloned().collect();
        benefits.extend(extra);
        benefits
    }

    /// The provider's own phone lines (empty when its file has none).
    pub fn contact_numbers(&self, provider: &str) -> ContactNumbers {
        self.providers.get(provider).and_then(|p| p.contact_numbers.clone()).unwrap_or_default()
    }

    /// The numbers a contract holder calls: the institution's own where it set them, else the
    /// provider's lines (spec section 9: fixed for two providers).
    pub fn contact_numbers_for(&self, provider: &str, own: &coverline_domain::institution::EmailSettings) -> ContactNumbers {
        let fallback = self.contact_numbers(provider);
        let pick = |own: &Option<String>, fallback: Option<String>| own.clone().filter(|n| !n.is_empty()).or(fallback);
        ContactNumbers {
            general: pick(&own.general_questions_contact_number, fallback.general),
            mechanical_breakdown: pick(&own.mechanical_breakdown_contact_number, fallback.mechanical_breakdown),
            key_replacement: pick(&own.key_replacement_contact_number, fallback.key_replacement),
            emergency_roadside: pick(&own.emergency_roadside_contact_number, fallback.emergency_roadside),
        }
    }

    /// The plan names that have texts for a provider.
    pub fn plans(&self, provider: &str) -> Vec<&str> {
        let mut plans: Vec<&str> = self.providers.get(provider).map(|p| p.plans.keys().map(String::as_str).collect()).unwrap_or_default();
        plans.sort_unstable();
        plans
    }
}
