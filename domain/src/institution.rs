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
    /// How the institution's online banking launches its members already signed in (docs/launch.md):
    /// none, either or both ways.
    #[serde(default)]
    pub launch: Option<Launch>,
}

/// The launch from online banking: an OpenID Connect sign-in, a signed launch token, or both, and
/// where the member's details are in what the institution sends.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Launch {
    #[serde(default)]
    pub oidc: Option<OidcLaunch>,
    #[serde(default)]
    pub token: Option<TokenLaunch>,
    #[serde(default)]
    pub claims: LaunchClaims,
}

/// Coverline as an OpenID Connect relying party of the institution: authorization code with PKCE.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct OidcLaunch {
    /// The issuer (its `/.well-known/openid-configuration` is read).
    pub issuer: String,
    pub client_id: String,
    /// Where the client secret is, never the secret itself: `env:NAME` or `file:PATH`.
    pub client_secret: String,
    /// The scopes asked for, besides `openid`.
    #[serde(default = "default_launch_scopes")]
    pub scopes: Vec<String>,
}

/// A JWT the institution signs and posts with the member (`launch_token`): RS256 or ES256, keys
/// from its JWKS, issuer and audience checked, at most five minutes between `iat` and `exp`, each
/// `jti` used once.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TokenLaunch {
    pub issuer: String,
    pub audience: String,
    pub jwks_url: String,
}

/// The claims that carry the member's details (OpenID Connect's standard names by default). The
/// address claim is OpenID Connect's object (`street_address`, `locality`, `region`, `postal_code`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
pub struct LaunchClaims {
    pub email: String,
    pub email_verified: String,
    pub first_name: String,
    pub last_name: String,
    pub phone: String,
    pub address: String,
    /// A boolean claim saying whether the person is a member; none: everyone the institution
    /// launches is a member.
    pub membership: Option<String>,
}

impl Default for LaunchClaims {
    fn default() -> Self {
        Self {
            email: "email".into(),
            email_verified: "email_verified".into(),
            first_name: "given_name".into(),
            last_name: "family_name".into(),
            phone: "phone_number".into(),
            address: "address".into(),
            membership: None,
        }
    }
}

impl Launch {
    /// URLs that are URLs (https, or http on the loopback for the lab) and a secret given by reference.
    fn check(&self) -> Result<(), String> {
        let web = |name: &str, url: &str| {
            let loopback = ["http://127.0.0.1", "http://localhost", "http://[::1]"]
                .iter()
                .any(|l| url.strip_prefix(l).is_some_and(|rest| rest.is_empty() || rest.starts_with([':', '/'])));
            if (url.starts_with("https://") && url.len() > "https://".len()) || loopback {
                Ok(())
            } else {
                Err(format!("{name} {url:?} must be an https URL (or http on the loopback, for the lab)"))
            }
        };
        if let Some(oidc) = &self.oidc {
            web("launch.oidc.issuer", &oidc.issuer)?;
            if oidc.client_id.trim().is_empty() {
                return Err("launch.oidc.clientId must not be empty".into());
            }
            let reference = &oidc.client_secret;
            if !(reference.strip_prefix("env:").is_some_and(|n| !n.is_empty())
                || reference.strip_prefix("file:").is_some_and(|p| !p.is_empty()))
            {
                return Err("launch.oidc.clientSecret must say where the secret is (env:NAME or file:PATH), never the secret".into());
            }
        }
        if let Some(token) = &self.token {
            web("launch.token.jwksUrl", &token.jwks_url)?;
            if token.issuer.trim().is_empty() || token.audience.trim().is_empty() {
                return Err("launch.token.issuer and launch.token.audience must not be empty".into());
            }
        }
        Ok(())
    }
}

fn default_launch_scopes() -> Vec<String> {
    ["email", "profile", "phone", "address"].map(String::from).to_vec()
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
    /// The languages its members may choose (`["en", "es"]`); the page offers a switch when there
    /// are two. Default: English only.
    #[serde(default = "english_only")]
    #[schema(required = true)]
    pub languages: Vec<crate::Language>,
    /// The language of a first visit whose browser asks for none of `languages`. Default: English.
    #[serde(default = "english")]
    #[schema(required = true)]
    pub default_language: crate::Language,
    /// The institution's own texts above in its other languages (`[applicationSettings.texts.es]`;
    /// the fields above are English). Each text the institution sets needs its translation in every
    /// language it offers (checked at import). The institution as a page or an email reads it has
    /// them in place ([`Institution::in_language`]), and this left empty.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    #[schema(value_type = Object)]
    pub texts: std::collections::BTreeMap<crate::Language, OwnTexts>,
}

/// An institution's own texts in one language: `applicationSettings`' fields of the same names.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct OwnTexts {
    pub splash_page_text: Option<String>,
    pub institution_disclaimer: Option<String>,
    pub institution_quote_modal_text: Option<String>,
    pub custom_product_name: Option<String>,
    pub institution_refund_text: Option<String>,
}

impl OwnTexts {
    /// Each text by its field's name.
    fn fields(&self) -> [(&'static str, &Option<String>); 5] {
        [
            ("splashPageText", &self.splash_page_text),
            ("institutionDisclaimer", &self.institution_disclaimer),
            ("institutionQuoteModalText", &self.institution_quote_modal_text),
            ("customProductName", &self.custom_product_name),
            ("institutionRefundText", &self.institution_refund_text),
        ]
    }
}

fn english_only() -> Vec<crate::Language> {
    vec![crate::Language::En]
}

fn english() -> crate::Language {
    crate::Language::En
}

impl ApplicationSettings {
    /// The texts of the fields `OwnTexts` translates, in English (the file's own).
    fn own_texts(&self) -> OwnTexts {
        OwnTexts {
            splash_page_text: self.splash_page_text.clone(),
            institution_disclaimer: self.institution_disclaimer.clone(),
            institution_quote_modal_text: self.institution_quote_modal_text.clone(),
            custom_product_name: self.custom_product_name.clone(),
            institution_refund_text: self.institution_refund_text.clone(),
        }
    }

    /// The language a page is in: the member's choice (the device's cookie) when the institution
    /// offers it, else the first of their browser's `Accept-Language` it offers, else its default.
    pub fn page_language(&self, chosen: Option<&str>, accept_language: Option<&str>) -> crate::Language {
        chosen
            .and_then(crate::Language::parse)
            .filter(|l| self.languages.contains(l))
            .or_else(|| accept_language.and_then(|header| crate::Language::negotiate(header, &self.languages)))
            .unwrap_or(self.default_language)
    }
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
        let settings = &self.application_settings;
        if !settings.languages.contains(&settings.default_language) {
            return Err(format!(
                "applicationSettings.defaultLanguage {:?} must be one of applicationSettings.languages {:?}",
                settings.default_language.code(),
                settings.languages.iter().map(|l| l.code()).collect::<Vec<_>>()
            ));
        }
        let english = settings.own_texts();
        for language in settings.languages.iter().filter(|l| **l != crate::Language::En) {
            let translated = settings.texts.get(language).cloned().unwrap_or_default();
            for ((field, text), (_, translation)) in english.fields().into_iter().zip(translated.fields()) {
                if text.is_some() && translation.is_none() {
                    return Err(format!(
                        "applicationSettings.texts.{code}.{field} is missing: the institution offers {code} and sets its own {field}",
                        code = language.code()
                    ));
                }
            }
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
        if let Some(launch) = &self.launch {
            launch.check()?;
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

    /// The product name in `language`: the custom one (the institution's own words, in that
    /// language), else the catalogue's default ('Vehicle Service Contract', 'Contrato de servicio
    /// para vehículos').
    pub fn product_name_in(&self, language: crate::Language) -> String {
        let settings = &self.application_settings;
        self.own_text_in(language, |texts| &texts.custom_product_name, &settings.custom_product_name)
            .unwrap_or_else(|| language.text("labels.defaultProductName").to_owned())
    }

    /// The refund terms in `language`: the institution's own, else the catalogue's default (spec
    /// section 9), as the review page, the cancellation page and its email and the contract print them.
    pub fn refund_text_in(&self, language: crate::Language) -> String {
        let settings = &self.application_settings;
        self.own_text_in(language, |texts| &texts.institution_refund_text, &settings.institution_refund_text)
            .unwrap_or_else(|| language.text("messages.defaultRefundText").to_owned())
    }

    /// One of its own texts in `language` (`english`, the field of the same name, where the
    /// language has no translation), without the copy [`Institution::in_language`] makes.
    fn own_text_in(
        &self,
        language: crate::Language,
        translated: fn(&OwnTexts) -> &Option<String>,
        english: &Option<String>,
    ) -> Option<String> {
        self.application_settings.texts.get(&language).and_then(|texts| translated(texts).clone()).or_else(|| english.clone())
    }

    /// The institution as a member reading `language` sees it: its own texts in that language
    /// (English's where it has no translation, which an offered language always has), and no
    /// other language's.
    pub fn in_language(&self, language: crate::Language) -> Institution {
        let mut institution = self.clone();
        let settings = &mut institution.application_settings;
        if let Some(own) = std::mem::take(&mut settings.texts).remove(&language) {
            let OwnTexts {
                splash_page_text,
                institution_disclaimer,
                institution_quote_modal_text,
                custom_product_name,
                institution_refund_text,
            } = own;
            settings.splash_page_text = splash_page_text.or(settings.splash_page_text.take());
            settings.institution_disclaimer = institution_disclaimer.or(settings.institution_disclaimer.take());
            settings.institution_quote_modal_text = institution_quote_modal_text.or(settings.institution_quote_modal_text.take());
            settings.custom_product_name = custom_product_name.or(settings.custom_product_name.take());
            settings.institution_refund_text = institution_refund_text.or(settings.institution_refund_text.take());
        }
        institution
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
    fn an_institution_s_own_texts_are_read_in_the_member_s_language() {
        let text = include_str!("../../data/institutions/summit-cu.toml");
        let summit = Institution::from_toml(text).unwrap();
        let english = summit.application_settings.splash_page_text.clone().unwrap();
        let spanish = summit.in_language(crate::Language::Es);
        let splash = spanish.application_settings.splash_page_text.unwrap();
        assert!(splash.starts_with("Proteja su vehículo"), "{splash}");
        assert!(spanish.application_settings.texts.is_empty(), "no other language's texts");
        assert_eq!(summit.in_language(crate::Language::En).application_settings.splash_page_text, Some(english));
        // Its own product name, translated; without one, the catalogue's.
        let named = text.replace("threeCardView = true", "threeCardView = true\ncustomProductName = \"Ride Protection\"").replace(
            "[applicationSettings.texts.es]\n",
            "[applicationSettings.texts.es]\ncustomProductName = \"Protección para su auto\"\n",
        );
        let named = Institution::from_toml(&named).unwrap();
        assert_eq!(named.product_name_in(crate::Language::Es), "Protección para su auto");
        assert_eq!(named.product_name_in(crate::Language::En), "Ride Protection");
        assert_eq!(summit.product_name_in(crate::Language::Es), crate::Language::Es.text("labels.defaultProductName"));
        // Its own refund terms, translated; without them, the catalogue's.
        let refunds =
            text.replace("threeCardView = true", "threeCardView = true\ninstitutionRefundText = \"Refunds within 60 days.\"").replace(
                "[applicationSettings.texts.es]\n",
                "[applicationSettings.texts.es]\ninstitutionRefundText = \"Reembolsos dentro de 60 días.\"\n",
            );
        let refunds = Institution::from_toml(&refunds).unwrap();
        assert_eq!(refunds.refund_text_in(crate::Language::Es), "Reembolsos dentro de 60 días.");
        assert_eq!(refunds.refund_text_in(crate::Language::En), "Refunds within 60 days.");
        assert_eq!(summit.refund_text_in(crate::Language::Es), crate::Language::Es.text("messages.defaultRefundText"));

        // Offering Spanish without a text's translation is refused, naming the field.
        let offered = text.replace("[applicationSettings]\n", "[applicationSettings]\nlanguages = [\"en\", \"es\"]\n");
        assert!(Institution::from_toml(&offered).is_ok());
        let untranslated = offered.replace("threeCardView = true", "threeCardView = true\ninstitutionDisclaimer = \"Terms apply.\"");
        let refused = Institution::from_toml(&untranslated).unwrap_err().to_string();
        assert!(refused.contains("applicationSettings.texts.es.institutionDisclaimer is missing"), "{refused}");
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

    #[test]
    fn a_launch_names_https_urls_and_a_secret_by_reference() {
        let text = include_str!("../../data/institutions/summit-cu.toml");
        let summit = Institution::from_toml(text).unwrap();
        let launch = summit.launch.expect("Summit's lab launch");
        assert_eq!(launch.oidc.unwrap().scopes, ["email", "profile", "phone", "address"]);
        assert_eq!(launch.claims, LaunchClaims::default());
        for (from, to, field) in [
            ("clientSecret = \"env:COVERLINE_SUMMIT_CU_OIDC_SECRET\"", "clientSecret = \"hunter2\"", "clientSecret"),
            ("issuer = \"http://127.0.0.1:8084\"\nclientId", "issuer = \"http://bank.example\"\nclientId", "launch.oidc.issuer"),
            ("jwksUrl = \"http://127.0.0.1:8084/launch/jwks.json\"", "jwksUrl = \"http://127.0.0.1.evil.example/jwks\"", "jwksUrl"),
            ("audience = \"coverline-summit-cu\"", "audience = \" \"", "audience"),
        ] {
            assert!(text.contains(from), "{from}");
            let bad = text.replace(from, to);
            assert!(Institution::from_toml(&bad).unwrap_err().contains(field), "{to}");
        }
        let https = text.replace("http://127.0.0.1:8084", "https://login.summit-cu.example");
        assert!(Institution::from_toml(&https).is_ok());
    }
}
