//! What a member told us before asking to be contacted (spec section 3's `collectedInfo`): the
//! contact request carries it, the institution's email lists it, and a thank-you page shows it
//! again after a reload.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::product::{field_errors, labels, options};
use crate::{Language, ValidationError};

/// The longest text kept for any one field.
pub const MAX_TEXT: usize = 200;
/// The most coverage options kept.
pub const MAX_RATES: usize = 10;
/// The longest coverage term a rate summary may name (20 years), in months.
const MAX_COVERAGE_MONTHS: u32 = 240;
/// The most miles a rate summary may name.
const MAX_COVERAGE_MILES: u32 = 1_000_000;

/// Where a member was when they asked to be contacted, chosen by the priority of spec section 4.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum BounceSource {
    PaymentError,
    BookingError,
    PaymentOptions,
    MockVinPaymentOptions,
    ExpertGuidance,
    MockVinExpertGuidance,
    StateContactRequest,
    InvalidState,
    ValidCarNoRates,
    MockVinNoRates,
    DescriptionLookup,
    NotAMember,
    UserCreationError,
    ContactRequest,
    MockVinContactRequest,
}

impl BounceSource {
    /// Every source.
    pub const ALL: [BounceSource; 15] = [
        Self::PaymentError,
        Self::BookingError,
        Self::PaymentOptions,
        Self::MockVinPaymentOptions,
        Self::ExpertGuidance,
        Self::MockVinExpertGuidance,
        Self::StateContactRequest,
        Self::InvalidState,
        Self::ValidCarNoRates,
        Self::MockVinNoRates,
        Self::DescriptionLookup,
        Self::NotAMember,
        Self::UserCreationError,
        Self::ContactRequest,
        Self::MockVinContactRequest,
    ];

    /// The JSON form (as the request carried it and the store keeps it).
    pub fn as_str(self) -> &'static str {
        match self {
            Self::PaymentError => "paymentError",
            Self::BookingError => "bookingError",
            Self::PaymentOptions => "paymentOptions",
            Self::MockVinPaymentOptions => "mockVinPaymentOptions",
            Self::ExpertGuidance => "expertGuidance",
            Self::MockVinExpertGuidance => "mockVinExpertGuidance",
            Self::StateContactRequest => "stateContactRequest",
            Self::InvalidState => "invalidState",
            Self::ValidCarNoRates => "validCarNoRates",
            Self::MockVinNoRates => "mockVinNoRates",
            Self::DescriptionLookup => "descriptionLookup",
            Self::NotAMember => "notAMember",
            Self::UserCreationError => "userCreationError",
            Self::ContactRequest => "contactRequest",
            Self::MockVinContactRequest => "mockVinContactRequest",
        }
    }

    /// The reason the institution reads in its email.
    pub fn reason(self) -> &'static str {
        match self {
            Self::PaymentError => "Payment could not be completed",
            Self::BookingError => "Booking could not be completed",
            Self::PaymentOptions => "Asked about payment options",
            Self::MockVinPaymentOptions => "Asked about payment options (estimate, no VIN yet)",
            Self::ExpertGuidance => "Asked for a coverage expert",
            Self::MockVinExpertGuidance => "Asked for a coverage expert (estimate, no VIN yet)",
            Self::StateContactRequest | Self::InvalidState => "Lives in a state the product is not sold in",
            Self::ValidCarNoRates => "No coverage options for their vehicle",
            Self::MockVinNoRates => "No coverage options for the described vehicle",
            Self::DescriptionLookup => "Could not find their vehicle",
            Self::NotAMember => "Not a member yet",
            Self::UserCreationError => "Could not start a quote",
            Self::ContactRequest => "Asked to be contacted",
            Self::MockVinContactRequest => "Asked to be contacted (estimate, no VIN yet)",
        }
    }
}

/// Every field is optional; a request carries what the member had answered so far.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CollectedInfo {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_name: Option<String>,
    /// Required without a session.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub email_address: Option<String>,
    /// Digits only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub phone_number: Option<String>,
    /// The state chosen on the splash page.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chosen_state_of_residence: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub state: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vin: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub year: Option<NumberOrText>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub make: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub model: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub style: Option<String>,
    /// Whole miles.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub current_odometer: Option<NumberOrText>,
    /// One of the miles-per-year choices.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 5000, maximum = 30000)]
    pub miles_per_year: Option<u32>,
    /// One of the years-to-own choices (7: seven or more).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 1, maximum = 7)]
    pub years_to_own: Option<u32>,
    /// The coverage options the member saw (a full rate is accepted; what is kept is its summary).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rate_array: Option<Vec<RateSummary>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub is_member: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wants_membership_info: Option<bool>,
}

/// A value the page may hold as a number or as text (a model year: a number from a decoded VIN,
/// text for a described vehicle; an odometer as typed or parsed).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum NumberOrText {
    Number(i64),
    Text(String),
}

/// What the institution reads of a coverage option the member saw.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RateSummary {
    pub coverage_name: String,
    #[schema(maximum = 240)]
    pub coverage_months: u32,
    #[schema(maximum = 1000000)]
    pub coverage_miles: u32,
    /// `$1,234` or `$1,234.50` (`0,0[.]00`).
    pub dollar_sign_rate: String,
}

impl CollectedInfo {
    /// Trims every text and drops the empty ones; refuses a text over [`MAX_TEXT`] characters or
    /// more than [`MAX_RATES`] options (`collectedInfo.<field>` names the field at fault).
    pub fn clean(mut self) -> Result<Self, ValidationError> {
        for (field, text) in self.texts_mut() {
            if let Some(t) = text.as_mut() {
                if t.chars().count() > MAX_TEXT {
                    return Err(ValidationError::new(field, field_errors::TOO_LONG));
                }
                *t = t.trim().to_string();
            }
            if text.as_deref().is_some_and(str::is_empty) {
                *text = None;
            }
        }
        for (field, value) in [("collectedInfo.year", &self.year), ("collectedInfo.currentOdometer", &self.current_odometer)] {
            if let Some(NumberOrText::Text(t)) = value
                && t.chars().count() > MAX_TEXT
            {
                return Err(ValidationError::new(field, field_errors::TOO_LONG));
            }
        }
        if self.miles_per_year.is_some_and(|miles| !options::MILES_PER_YEAR.iter().any(|(choice, _)| *choice == miles)) {
            return Err(ValidationError::new("collectedInfo.milesPerYear", field_errors::NOT_A_CHOICE));
        }
        if self.years_to_own.is_some_and(|years| !options::YEARS_TO_OWN.iter().any(|(choice, _)| u32::from(*choice) == years)) {
            return Err(ValidationError::new("collectedInfo.yearsToOwn", field_errors::NOT_A_CHOICE));
        }
        if let Some(rates) = &self.rate_array {
            let too_long = rates.iter().any(|r| {
                r.coverage_name.chars().count() > MAX_TEXT
                    || r.dollar_sign_rate.chars().count() > MAX_TEXT
                    || r.coverage_months > MAX_COVERAGE_MONTHS
                    || r.coverage_miles > MAX_COVERAGE_MILES
            });
            if rates.len() > MAX_RATES || too_long {
                return Err(ValidationError::new("collectedInfo.rateArray", field_errors::TOO_LONG));
            }
        }
        Ok(self)
    }

    fn texts_mut(&mut self) -> [(&'static str, &mut Option<String>); 10] {
        [
            ("collectedInfo.firstName", &mut self.first_name),
            ("collectedInfo.lastName", &mut self.last_name),
            ("collectedInfo.emailAddress", &mut self.email_address),
            ("collectedInfo.phoneNumber", &mut self.phone_number),
            ("collectedInfo.chosenStateOfResidence", &mut self.chosen_state_of_residence),
            ("collectedInfo.state", &mut self.state),
            ("collectedInfo.vin", &mut self.vin),
            ("collectedInfo.make", &mut self.make),
            ("collectedInfo.model", &mut self.model),
            ("collectedInfo.style", &mut self.style),
        ]
    }

    /// The lines of the institution's email, in the spec's order, with the labels it reads.
    pub fn details(&self) -> Vec<(&'static str, String)> {
        let text = |v: &Option<String>| v.clone();
        let yes_no = |v: &Option<bool>| v.map(|b| if b { "Yes" } else { "No" }.to_string());
        let number = |v: &Option<u32>| v.map(|n| n.to_string());
        let either = |v: &Option<NumberOrText>| {
            v.as_ref().map(|v| match v {
                NumberOrText::Number(n) => n.to_string(),
                NumberOrText::Text(t) => t.clone(),
            })
        };
        let rates = self.rate_array.as_ref().map(|rates| {
            rates
                .iter()
                .map(|r| format!("{} {} months / {} miles {}", r.coverage_name, r.coverage_months, r.coverage_miles, r.dollar_sign_rate))
                .collect::<Vec<_>>()
                .join("; ")
        });
        [
            // The institution reads its contact requests in English: the labels the member's page has in English.
            (Language::En.text("screens.personalDetails.firstName"), text(&self.first_name)),
            (Language::En.text("screens.personalDetails.lastName"), text(&self.last_name)),
            ("Email", text(&self.email_address)),
            ("Phone", text(&self.phone_number)),
            (labels::STATE_OF_RESIDENCE, text(&self.chosen_state_of_residence)),
            ("State", text(&self.state)),
            ("VIN", text(&self.vin)),
            ("Year", either(&self.year)),
            ("Make", text(&self.make)),
            ("Model", text(&self.model)),
            ("Style", text(&self.style)),
            ("Odometer", either(&self.current_odometer)),
            (labels::MILES_PER_YEAR, number(&self.miles_per_year)),
            (labels::YEARS_TO_OWN, number(&self.years_to_own)),
            ("Coverage options shown", rates),
            ("Is a member", yes_no(&self.is_member)),
            ("Wants membership information", yes_no(&self.wants_membership_info)),
        ]
        .into_iter()
        .filter_map(|(label, value)| value.map(|v| (label, v)))
        .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounce_sources_are_named_as_serde_names_them() {
        for source in BounceSource::ALL {
            assert_eq!(serde_json::to_string(&source).unwrap(), format!("\"{}\"", source.as_str()));
            assert!(!source.reason().is_empty());
        }
    }

    #[test]
    fn clean_trims_drops_empty_and_refuses_oversized_texts() {
        let info = CollectedInfo { first_name: Some("  Ana ".into()), last_name: Some("   ".into()), ..Default::default() };
        let clean = info.clean().unwrap();
        assert_eq!(clean.first_name.as_deref(), Some("Ana"));
        assert_eq!(clean.last_name, None);
        let long = CollectedInfo { make: Some("x".repeat(MAX_TEXT + 1)), ..Default::default() };
        assert_eq!(long.clean().unwrap_err().field, "collectedInfo.make");
        let rate =
            RateSummary { coverage_name: "Gold".into(), coverage_months: 36, coverage_miles: 36000, dollar_sign_rate: "$1.00".into() };
        let many = CollectedInfo { rate_array: Some(vec![rate.clone(); MAX_RATES + 1]), ..Default::default() };
        assert_eq!(many.clean().unwrap_err().field, "collectedInfo.rateArray");
        let far = RateSummary { coverage_miles: 2_147_483_648, ..rate.clone() };
        let huge = CollectedInfo { rate_array: Some(vec![far]), ..Default::default() };
        assert_eq!(huge.clean().unwrap_err().field, "collectedInfo.rateArray");
    }

    #[test]
    fn miles_and_years_must_be_among_the_choices() {
        let chosen = CollectedInfo { miles_per_year: Some(15_000), years_to_own: Some(7), ..Default::default() };
        assert!(chosen.clean().is_ok());
        for (info, field) in [
            (CollectedInfo { miles_per_year: Some(0), ..Default::default() }, "collectedInfo.milesPerYear"),
            (CollectedInfo { miles_per_year: Some(12_345), ..Default::default() }, "collectedInfo.milesPerYear"),
            (CollectedInfo { years_to_own: Some(8), ..Default::default() }, "collectedInfo.yearsToOwn"),
            (CollectedInfo { years_to_own: Some(2_147_483_648), ..Default::default() }, "collectedInfo.yearsToOwn"),
        ] {
            let refused = info.clean().unwrap_err();
            assert_eq!((refused.field, refused.message), (field, field_errors::NOT_A_CHOICE));
        }
    }

    #[test]
    fn a_full_rate_is_read_as_its_summary_and_listed_for_the_institution() {
        let json = r#"{"year":"2019","isMember":false,"rateArray":[{"rateId":"r1","coverageName":"Gold","coverageMonths":36,
            "coverageMiles":36000,"dollarSignRate":"$1,200.00","provider":"NAC"}]}"#;
        let info: CollectedInfo = serde_json::from_str(json).unwrap();
        assert_eq!(
            info.details(),
            vec![
                ("Year", "2019".to_string()),
                ("Coverage options shown", "Gold 36 months / 36000 miles $1,200.00".to_string()),
                ("Is a member", "No".to_string())
            ]
        );
        assert!(!serde_json::to_string(&info).unwrap().contains("rateId"), "only the summary is kept");
    }
}
