//! The contract PDF, rendered with typst from `data/templates/contract.typ`. The template reads
//! the contract's fields from `sys.inputs.data` (JSON), so branding and wording live in data.

use std::path::Path;
use std::sync::Arc;

use anyhow::Context;
use serde::{Deserialize, Serialize};
use typst::foundations::{Dict, IntoValue};
use typst_layout::PagedDocument;
use typst_as_lib::{TypstEngine, TypstTemplateMainFile};

/// Everything printed on a contract.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ContractDocument {
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
    pub term_months: u16,
    pub term_miles: String,
    pub odometer_when_coverage_expires: String,
    pub effective_date: String,
    pub expiration_date: String,
    pub deductible: String,
    pub price: String,
    pub sales_tax: Option<String>,
    pub total: String,
    pub payment_id: String,
    pub covered_components: Vec<CoveredComponent>,
    pub refund_text: String,
    pub disclaimer: String,
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
}

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
        Ok(Self { engine: Arc::new(engine) })
    }

    /// Renders a contract to PDF bytes (CPU-bound: call from a blocking task).
    pub fn render(&self, contract: &ContractDocument) -> anyhow::Result<Vec<u8>> {
        let mut inputs = Dict::new();
        inputs.insert("data".into(), serde_json::to_string(contract)?.into_value());
        let document: PagedDocument = self
            .engine
            .compile_with_input(inputs)
            .output
            .map_err(|e| anyhow::anyhow!("typst could not compile the contract: {e:?}"))?;
        typst_pdf::pdf(&document, &typst_pdf::PdfOptions::default())
            .map_err(|e| anyhow::anyhow!("typst could not write the PDF: {e:?}"))
    }
}

/// The refund terms when the institution has none of its own (spec section 9).
pub const DEFAULT_REFUND_TEXT: &str = "You may cancel this contract at any time. If you cancel within 30 days of purchase, \
the full price is credited back to the card you paid with (allow up to 5 business days). If you cancel after 30 days, \
the refund for the unused part of the contract is paid by check.";

/// The disclosure when the institution has no disclaimer of its own (spec section 9).
pub const DEFAULT_DISCLAIMER: &str = "Coverage shown is an illustration only; the terms, conditions and exclusions of the \
service contract govern. Coverage begins on the purchase date and at the odometer reading recorded at purchase. \
Administered by Coverline Contract Administration, 1550 Wewatta St, Denver, CO 80202, (800) 555-0199.";

/// Plan texts per provider: which component areas each plan covers, with the wording printed on contracts.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct PlanTexts {
    /// provider → plan name → component areas.
    providers: std::collections::HashMap<String, std::collections::HashMap<String, Vec<CoveredComponent>>>,
}

impl PlanTexts {
    /// Loads `data_dir/plans/*.toml`; each file is one provider (`provider = "NAC"`, then `[[PLAN]]` tables).
    pub fn load(data_dir: &Path) -> anyhow::Result<Self> {
        #[derive(Deserialize)]
        struct File {
            provider: String,
            #[serde(flatten)]
            plans: std::collections::HashMap<String, Vec<CoveredComponent>>,
        }
        let mut providers = std::collections::HashMap::new();
        let dir = data_dir.join("plans");
        for entry in std::fs::read_dir(&dir).with_context(|| format!("reading {}", dir.display()))? {
            let path = entry?.path();
            if path.extension().is_some_and(|e| e == "toml") {
                let file: File = toml::from_str(&std::fs::read_to_string(&path)?).with_context(|| format!("plan texts {}", path.display()))?;
                providers.insert(file.provider, file.plans);
            }
        }
        Ok(Self { providers })
    }

    /// The covered components of a plan (empty when the provider has no texts for it).
    pub fn components(&self, provider: &str, plan: &str) -> Vec<CoveredComponent> {
        self.providers.get(provider).and_then(|p| p.get(plan)).cloned().unwrap_or_default()
    }
}
