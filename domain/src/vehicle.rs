//! The member's car as the quote sees it: odometer, miles per year, years to own and the car flags.

use serde::{Deserialize, Serialize};

use crate::ValidationError;
use crate::product::field_errors;

/// Car flags (spec section 3) with their provider codes CERT, COMM, LIFT, SALV, MOD, 2ND.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct CarFlags {
    /// CERT: certified pre-owned.
    pub certified_preowned: bool,
    /// COMM: used commercially.
    pub commercial_use: bool,
    /// LIFT: lift kit or oversize tires.
    pub has_lift_kit_or_oversize_tires: bool,
    /// SALV: salvage title (not insurable).
    pub is_salvage_title: bool,
    /// MOD: modified vehicle.
    pub modified_vehicle: bool,
    /// 2ND: second owner.
    pub second_owner: bool,
}

impl CarFlags {
    /// The provider codes of the flags that are set, in the spec's order.
    pub fn codes(&self) -> Vec<&'static str> {
        [
            (self.certified_preowned, "CERT"),
            (self.commercial_use, "COMM"),
            (self.has_lift_kit_or_oversize_tires, "LIFT"),
            (self.is_salvage_title, "SALV"),
            (self.modified_vehicle, "MOD"),
            (self.second_owner, "2ND"),
        ]
        .into_iter()
        .filter_map(|(on, code)| on.then_some(code))
        .collect()
    }
}

/// Odometer reading in whole miles, 1..=999,999 (six digits; the field allows 7 characters with the comma).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Odometer(pub u32);

impl Odometer {
    /// Parses the mileage field as typed (`45,000`), with the spec's texts. Decimals are refused
    /// ('Can only contain whole numbers'); the web app rounds up before sending.
    pub fn parse(raw: &str) -> Result<Self, ValidationError> {
        let text = raw.trim();
        if text.is_empty() {
            return Err(ValidationError::new("odometer", ValidationError::REQUIRED));
        }
        if !text.chars().all(|c| c.is_ascii_digit() || c == ',') {
            return Err(ValidationError::new("odometer", field_errors::WHOLE_NUMBERS));
        }
        if text.len() > 7 {
            return Err(ValidationError::new("odometer", field_errors::SIX_DIGITS));
        }
        let digits: String = text.chars().filter(char::is_ascii_digit).collect();
        if digits.is_empty() {
            return Err(ValidationError::new("odometer", field_errors::WHOLE_NUMBERS));
        }
        if digits.len() > 6 {
            return Err(ValidationError::new("odometer", field_errors::SIX_DIGITS));
        }
        let miles: u32 = digits.parse().expect("at most six digits");
        if miles == 0 {
            return Err(ValidationError::new("odometer", field_errors::GREATER_THAN_ZERO));
        }
        Ok(Self(miles))
    }
}

pub use crate::product::options::{DEFAULT_MILES_PER_YEAR, DEFAULT_YEARS_TO_OWN};
use crate::product::options::{MILES_PER_YEAR, YEARS_TO_OWN};

/// Checks a miles-per-year choice (spec section 9: one of the listed values).
pub fn parse_miles_per_year(value: u32) -> Result<u32, ValidationError> {
    if MILES_PER_YEAR.iter().any(|(miles, _)| *miles == value) {
        Ok(value)
    } else {
        Err(ValidationError::new("milesPerYear", ValidationError::REQUIRED))
    }
}

/// Checks a years-to-own choice: ids 1..=6 are years, the last (7) means that many or more.
pub fn parse_years_to_own(value: u8) -> Result<u8, ValidationError> {
    if YEARS_TO_OWN.iter().any(|(years, _)| *years == value) {
        Ok(value)
    } else {
        Err(ValidationError::new("yearsToOwn", ValidationError::REQUIRED))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn odometer_rules_and_messages() {
        assert_eq!(Odometer::parse("45,000").unwrap(), Odometer(45_000));
        assert_eq!(Odometer::parse("999,999").unwrap(), Odometer(999_999));
        assert_eq!(Odometer::parse("").unwrap_err().message, field_errors::REQUIRED);
        assert_eq!(Odometer::parse("45.5").unwrap_err().message, field_errors::WHOLE_NUMBERS);
        assert_eq!(Odometer::parse("1,000,000").unwrap_err().message, field_errors::SIX_DIGITS);
        assert_eq!(Odometer::parse("0").unwrap_err().message, field_errors::GREATER_THAN_ZERO);
    }

    #[test]
    fn flags_map_to_provider_codes() {
        let flags = CarFlags { commercial_use: true, second_owner: true, ..CarFlags::default() };
        assert_eq!(flags.codes(), vec!["COMM", "2ND"]);
        let json: CarFlags = serde_json::from_str(r#"{"hasLiftKitOrOversizeTires":true}"#).unwrap();
        assert_eq!(json.codes(), vec!["LIFT"]);
    }

    #[test]
    fn choices_are_checked() {
        assert!(parse_miles_per_year(15_000).is_ok());
        assert!(parse_miles_per_year(12_000).is_err());
        assert!(parse_years_to_own(7).is_ok());
        assert!(parse_years_to_own(0).is_err());
    }
}
