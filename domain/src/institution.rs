//! An institution (credit union or bank) and everything that brands and configures its app
//! (spec sections 1 and 3). Onboarded from one TOML file in `data/institutions/`.

use serde::{Deserialize, Serialize};

/// An institution's full settings, as imported and stored.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Institution {
    /// URL segment and primary key (`summit-cu`): lower-case letters, digits and dashes.
    pub institution_id: String,
    pub portal_account_id: String,
    /// The payment account at the gateway (`PaymentAccountId` of the sign request).
    pub entity_id: String,
    pub is_active: bool,
    /// Demo data shipped with Coverline (`make run`, the tests): production mode refuses to import it.
    #[serde(default)]
    pub lab: bool,
    pub name: String,
    pub branding: Branding,
    pub application_settings: ApplicationSettings,
    #[serde(default)]
    pub only_covered_plan_name: Option<String>,
    #[serde(default)]
    pub testing_settings: TestingSettings,
    pub email_settings: EmailSettings,
}

/// Branding (spec section 3). Colours are hex without `#`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Branding {
    pub name: String,
    pub colors: Colors,
    pub phone_number: String,
    #[serde(default)]
    #[schema(required = true)]
    pub phone_number_extension: String,
    #[serde(default)]
    #[schema(required = true)]
    pub should_start_in_dark_mode: bool,
    #[serde(default = "yes")]
    #[schema(required = true)]
    pub should_have_header: bool,
    #[serde(default = "yes")]
    #[schema(required = true)]
    pub allow_dark_mode_toggle: bool,
    #[serde(default)]
    #[schema(required = true)]
    pub should_have_promotional_checkbox: bool,
}

/// Brand colours, hex without `#`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Colors {
    pub cta: String,
    pub primary: String,
    pub secondary: String,
}

/// Application settings (spec section 3).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ApplicationSettings {
    /// Rate provider codes (`NAC`, `Rt66`, `EFG`); the first one rates this institution's quotes.
    pub rate_providers: Vec<String>,
    /// Highest price shown, dollars (capped at 5000 anyway).
    #[serde(default = "default_price_limit")]
    #[schema(required = true)]
    pub price_limit: i64,
    #[serde(default)]
    #[schema(required = true)]
    pub allow_payment_options: bool,
    pub logo_name: String,
    #[serde(default)]
    #[schema(required = true)]
    pub splash_page_text: Option<String>,
    #[serde(default)]
    #[schema(required = true)]
    pub institution_disclaimer: Option<String>,
    #[serde(default)]
    #[schema(required = true)]
    pub institution_quote_modal_text: Option<String>,
    #[serde(default = "yes")]
    #[schema(required = true)]
    pub three_card_view: bool,
    #[serde(default)]
    #[schema(required = true)]
    pub custom_product_name: Option<String>,
    #[serde(default)]
    #[schema(required = true)]
    pub institution_refund_text: Option<String>,
}

/// Switches that force failures so each error path can be shown and tested (never on for a live institution).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct TestingSettings {
    pub car_vin_error_test: bool,
    pub description_error_test: bool,
    pub quote_post_error_test: bool,
    pub verify_email_error_test: bool,
    pub payment_sign_error_test: bool,
    pub payment_verify_error_test: bool,
    pub payment_confirmation_error_test: bool,
    pub policy_post_error_test: bool,
    pub skip_email_verification: bool,
}

/// Where the institution is reached and the product's contact numbers (spec section 3).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EmailSettings {
    pub contact_email: String,
    /// The institution's postal address, printed on every promotional email (CAN-SPAM, 15 U.S.C.
    /// 7704(a)(5)(A)(iii)): `1420 Larimer St, Denver, CO 80202`. Required at import; stored rows from
    /// before it read as empty, and no reminder is sent without one.
    #[serde(default)]
    pub postal_address: String,
    /// The display name of the emails' sender (default: the institution's name).
    #[serde(default)]
    pub sender_name: Option<String>,
    /// The emails' sender address, on a domain the institution delegated to Coverline (its DKIM
    /// key in `COVERLINE_DKIM_DIR`); default: the platform's address (`COVERLINE_MAIL_FROM`).
    #[serde(default)]
    pub sender_address: Option<String>,
    /// Where members' replies go (default: `contactEmail`).
    #[serde(default)]
    pub reply_to: Option<String>,
    #[serde(default)]
    pub general_questions_contact_number: Option<String>,
    #[serde(default)]
    pub mechanical_breakdown_contact_number: Option<String>,
    #[serde(default)]
    pub key_replacement_contact_number: Option<String>,
    #[serde(default)]
    pub emergency_roadside_contact_number: Option<String>,
}

fn yes() -> bool {
    true
}

fn default_price_limit() -> i64 {
    crate::quote::MAX_PRICE_LIMIT_DOLLARS
}

/// How the gateway's card widget is started (spec section 7: "The payment widget starts with mode
/// selection, integration id DICE, payment account = institution entityId, experience
/// NAO_CC_ONLY"): the same for every institution; the payment account is the institution's
/// `entity_id`, which the sign request carries as `PaymentAccountId`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentWidgetStart {
    /// `selection`: the member selects the payment method in the widget.
    pub mode: &'static str,
    /// `DICE`: Coverline's integration at the gateway.
    pub integration_id: &'static str,
    /// `NAO_CC_ONLY`: card only; also the sign request's `experience`.
    pub experience: &'static str,
}

/// The widget's start parameters.
pub const PAYMENT_WIDGET_START: PaymentWidgetStart =
    PaymentWidgetStart { mode: "selection", integration_id: "DICE", experience: "NAO_CC_ONLY" };

/// Institution ids the API's paths reserve: `/institution/global-settings` is not an institution.
pub const RESERVED_INSTITUTION_IDS: [&str; 1] = ["global-settings"];

/// The product name on payments and contracts: the custom one, else 'Vehicle Service Contract'.
pub const DEFAULT_PRODUCT_NAME: &str = crate::product::labels::DEFAULT_PRODUCT_NAME;

impl Institution {
    /// Parses an institution TOML file and checks what the schema cannot.
    pub fn from_toml(text: &str) -> Result<Self, String> {
        let institution: Institution = toml::from_str(text).map_err(|e| e.to_string())?;
        institution.check()?;
        Ok(institution)
    }

    /// Checks ids, colours, the phone number and that a rate provider is named.
    pub fn check(&self) -> Result<(), String> {
        let id = &self.institution_id;
        if id.is_empty() || id.len() > 40 || !id.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-') {
            return Err(format!("institutionId {id:?} must be 1-40 lower-case letters, digits or dashes"));
        }
        if RESERVED_INSTITUTION_IDS.contains(&id.as_str()) {
            return Err(format!("institutionId {id:?} is reserved (GET /institution/{id} is another call)"));
        }
        for (name, hex) in
            [("cta", &self.branding.colors.cta), ("primary", &self.branding.colors.primary), ("secondary", &self.branding.colors.secondary)]
        {
            if hex.len() != 6 || !hex.chars().all(|c| c.is_ascii_hexdigit()) {
                return Err(format!("colors.{name} {hex:?} must be 6 hex digits without #"));
            }
        }
        crate::contact::format_phone(&self.branding.phone_number).map_err(|e| format!("branding.phoneNumber: {e}"))?;
        if self.application_settings.rate_providers.is_empty() {
            return Err("applicationSettings.rateProviders must name at least one provider".into());
        }
        if self.application_settings.logo_name.contains('/') || self.application_settings.logo_name.contains("..") {
            return Err("applicationSettings.logoName must be a file name".into());
        }
        let email = &self.email_settings;
        for (field, address) in [
            ("contactEmail", Some(&email.contact_email)),
            ("senderAddress", email.sender_address.as_ref()),
            ("replyTo", email.reply_to.as_ref()),
        ] {
            if let Some(address) = address
                && crate::EmailAddress::parse(address).map(|a| a.as_str() != address).unwrap_or(true)
            {
                return Err(format!("emailSettings.{field} {address:?} must be an email address (lower case, no spaces)"));
            }
        }
        if let Some(name) = &email.sender_name
            && (name.trim().is_empty()
                || name.trim() != name
                || name.chars().count() > 64
                || name.chars().any(|c| c.is_control() || "<>\"".contains(c)))
        {
            return Err(format!("emailSettings.senderName {name:?} must be 1-64 characters, without <, >, quotes or line breaks"));
        }
        let postal = self.email_settings.postal_address.trim();
        if postal.len() < 10 || !postal.chars().any(|c| c.is_ascii_digit()) {
            return Err("emailSettings.postalAddress must be the institution's postal address (street, city, state, zip): promotional emails print it".into());
        }
        Ok(())
    }

    /// The display name of the emails' sender: `emailSettings.senderName`, else the name.
    pub fn sender_name(&self) -> &str {
        self.email_settings.sender_name.as_deref().unwrap_or(&self.name)
    }

    /// Where members' replies go: `emailSettings.replyTo`, else `contactEmail`.
    pub fn reply_to(&self) -> &str {
        self.email_settings.reply_to.as_deref().unwrap_or(&self.email_settings.contact_email)
    }

    /// The product name on payments and contracts.
    pub fn product_name(&self) -> &str {
        self.application_settings.custom_product_name.as_deref().unwrap_or(DEFAULT_PRODUCT_NAME)
    }

    /// The provider that rates and books this institution's contracts.
    pub fn primary_provider(&self) -> &str {
        &self.application_settings.rate_providers[0]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_global_settings_path_is_no_institution_id() {
        let text = include_str!("../../data/institutions/summit-cu.toml");
        assert!(Institution::from_toml(text).is_ok());
        let reserved = text.replace("institutionId = \"summit-cu\"", "institutionId = \"global-settings\"");
        assert!(Institution::from_toml(&reserved).unwrap_err().contains("reserved"));
    }

    #[test]
    fn the_sender_defaults_to_the_institution_and_its_contact_address() {
        let text = include_str!("../../data/institutions/summit-cu.toml");
        let summit = Institution::from_toml(text).unwrap();
        assert_eq!((summit.sender_name(), summit.reply_to()), ("Summit Credit Union", "vsc@summit-cu.example"));
        let own = text.replace(
            "[emailSettings]",
            "[emailSettings]\nsenderName = \"Summit CU Member Care\"\nreplyTo = \"care@summitcu.example\"\nsenderAddress = \"no-reply@mail.summitcu.example\"",
        );
        let own = Institution::from_toml(&own).unwrap();
        assert_eq!((own.sender_name(), own.reply_to()), ("Summit CU Member Care", "care@summitcu.example"));
        assert_eq!(own.email_settings.sender_address.as_deref(), Some("no-reply@mail.summitcu.example"));
        for (line, field) in [
            ("senderName = \"Summit <CU>\"", "senderName"),
            ("senderName = \" \"", "senderName"),
            ("replyTo = \"not an address\"", "replyTo"),
            ("senderAddress = \"No-Reply@Summitcu.example\"", "senderAddress"),
        ] {
            let bad = text.replace("[emailSettings]", &format!("[emailSettings]\n{line}"));
            assert!(Institution::from_toml(&bad).unwrap_err().contains(field), "{line}");
        }
    }
}
