//! Vehicle identification numbers (ISO 3779 / 49 CFR 565): syntax, check digit and model year.

use serde::{Deserialize, Serialize};
use std::fmt;

use crate::ValidationError;
use crate::product::field_errors;

/// The spec's text when more than 17 characters are given.
pub const VIN_TOO_LONG: &str = field_errors::VIN_TOO_LONG;
/// The spec's text when fewer than 17 characters are submitted.
pub const VIN_TOO_SHORT: &str = field_errors::VIN_TOO_SHORT;
/// The API's text for a VIN that cannot be decoded (shown to the member as [`VEHICLE_NOT_FOUND`]).
pub const FAILED_TO_FIND_VIN: &str = crate::product::messages::FAILED_TO_FIND_VIN;
/// What the member sees under the VIN field when decoding fails.
pub const VEHICLE_NOT_FOUND: &str = field_errors::VEHICLE_NOT_FOUND;

/// A syntactically valid, upper-case, 17-character VIN.
///
/// Its check digit (position 9) is not required: NHTSA's own data holds thousands of production VINs
/// whose check digit is wrong, and a member must be able to quote the VIN on their registration. The
/// decoder accepts such a VIN only when vPIC knows the vehicle, and the member is warned
/// ([`Vin::has_valid_check_digit`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Vin(String);

impl Vin {
    /// Parses a VIN as typed by a member: trimmed and upper-cased first.
    ///
    /// Length errors carry the spec's texts; characters a VIN cannot hold (letters I, O, Q, anything
    /// but letters and digits) are [`FAILED_TO_FIND_VIN`].
    pub fn parse(raw: &str) -> Result<Self, ValidationError> {
        let vin = raw.trim().to_ascii_uppercase();
        let len = vin.chars().count();
        if len == 0 {
            return Err(ValidationError::new("vin", ValidationError::REQUIRED));
        }
        if len > 17 {
            return Err(ValidationError::new("vin", VIN_TOO_LONG));
        }
        if len < 17 {
            return Err(ValidationError::new("vin", VIN_TOO_SHORT));
        }
        if !vin.bytes().all(|b| transliterate(b).is_some()) {
            return Err(ValidationError::new("vin", FAILED_TO_FIND_VIN));
        }
        Ok(Self(vin))
    }

    /// Whether position 9 is the check digit ISO 3779 / 49 CFR 565.15 computes from the others.
    pub fn has_valid_check_digit(&self) -> bool {
        check_digit(self.0.as_bytes()) == self.0.as_bytes()[8]
    }

    /// The VIN as 17 upper-case characters.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// World manufacturer identifier: positions 1-3.
    pub fn wmi(&self) -> &str {
        &self.0[..3]
    }

    /// The model year encoded at position 10, disambiguated by position 7 as 49 CFR 565.15 does for
    /// passenger cars, MPVs and light trucks: a letter at position 7 means the 2010-2039 cycle,
    /// a digit the 1980-2009 cycle. Returns `None` for a code that is not a year code.
    pub fn model_year(&self) -> Option<u16> {
        let code = self.0.as_bytes()[9];
        let index = YEAR_CODES.iter().position(|&c| c == code)? as u16;
        let seventh = self.0.as_bytes()[6];
        let base = if seventh.is_ascii_alphabetic() { 2010 } else { 1980 };
        Some(base + index)
    }

    /// Both candidate model years for position 10 (30 years apart), newest first.
    pub fn model_year_candidates(&self) -> Option<[u16; 2]> {
        let code = self.0.as_bytes()[9];
        let index = YEAR_CODES.iter().position(|&c| c == code)? as u16;
        Some([2010 + index, 1980 + index])
    }
}

impl fmt::Display for Vin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl TryFrom<String> for Vin {
    type Error = ValidationError;
    fn try_from(value: String) -> Result<Self, Self::Error> {
        Self::parse(&value)
    }
}

impl From<Vin> for String {
    fn from(vin: Vin) -> Self {
        vin.0
    }
}

/// Year codes at position 10 for 1980 (A) ... 2009 (9), repeating from 2010 (A).
const YEAR_CODES: &[u8; 30] = b"ABCDEFGHJKLMNPRSTVWXY123456789";

const WEIGHTS: [u32; 17] = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/// The numeric value of a VIN character, `None` for characters a VIN cannot hold (I, O, Q, ...).
fn transliterate(c: u8) -> Option<u32> {
    Some(match c {
        b'0'..=b'9' => u32::from(c - b'0'),
        b'A' | b'J' => 1,
        b'B' | b'K' | b'S' => 2,
        b'C' | b'L' | b'T' => 3,
        b'D' | b'M' | b'U' => 4,
        b'E' | b'N' | b'V' => 5,
        b'F' | b'W' => 6,
        b'G' | b'P' | b'X' => 7,
        b'H' | b'Y' => 8,
        b'R' | b'Z' => 9,
        _ => return None,
    })
}

/// The check digit (`0`-`9` or `X`) for 17 valid VIN characters; position 9 itself has weight 0.
pub fn check_digit(vin: &[u8]) -> u8 {
    let sum: u32 = vin.iter().zip(WEIGHTS).map(|(&c, w)| transliterate(c).unwrap_or(0) * w).sum();
    match sum % 11 {
        10 => b'X',
        n => b'0' + n as u8,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn accepts_real_vins_and_upper_cases_them() {
        for raw in ["1HGCM82633A004352", "5xyrldlc3ng097496", " 1C6RR7LT2JS179571 "] {
            let vin = Vin::parse(raw).expect(raw);
            assert_eq!(vin.as_str(), raw.trim().to_ascii_uppercase());
        }
    }

    #[test]
    fn length_errors_use_the_spec_texts() {
        assert_eq!(Vin::parse("1HGCM82633A0043521").unwrap_err().message, VIN_TOO_LONG);
        assert_eq!(Vin::parse("1HGCM82633A00435").unwrap_err().message, VIN_TOO_SHORT);
        assert_eq!(Vin::parse("  ").unwrap_err().message, field_errors::REQUIRED);
    }

    #[test]
    fn forbidden_characters_are_not_found() {
        assert_eq!(Vin::parse("1HGCM8263OA004352").unwrap_err().message, FAILED_TO_FIND_VIN);
        assert_eq!(Vin::parse("1HGCM8263QA004352").unwrap_err().message, FAILED_TO_FIND_VIN);
        assert_eq!(Vin::parse("1HGCM82-3A004352X").unwrap_err().message, FAILED_TO_FIND_VIN);
    }

    #[test]
    fn a_wrong_check_digit_parses_and_is_told() {
        let wrong = Vin::parse("1HGCM82643A004352").expect("syntax is all a VIN needs to parse");
        assert!(!wrong.has_valid_check_digit());
        assert!(Vin::parse("1HGCM82633A004352").unwrap().has_valid_check_digit());
        assert!(!Vin::parse("5YJ3E1EA7KF317000").unwrap().has_valid_check_digit());
    }

    #[test]
    fn model_year_uses_position_seven() {
        // Position 7 '3' (digit) -> 1980s cycle: '3' at position 10 = 2003.
        assert_eq!(Vin::parse("1HGCM82633A004352").unwrap().model_year(), Some(2003));
        // Position 7 'L' (letter) -> 2010 cycle: 'N' = 2022.
        assert_eq!(Vin::parse("5XYRLDLC3NG097496").unwrap().model_year(), Some(2022));
        assert_eq!(Vin::parse("1C6RR7LT2JS179571").unwrap().model_year(), Some(2018));
        assert_eq!(Vin::parse("1C6RR7LT2JS179571").unwrap().wmi(), "1C6");
    }

    proptest! {
        /// Any 16 VIN characters plus their computed check digit validate; any other digit does not.
        #[test]
        fn computed_check_digit_always_validates(body in "[A-HJ-NPR-Z0-9]{16}") {
            let mut bytes: Vec<u8> = body.bytes().collect();
            bytes.insert(8, b'0');
            let digit = check_digit(&bytes);
            bytes[8] = digit;
            let vin = String::from_utf8(bytes.clone()).unwrap();
            prop_assert!(Vin::parse(&vin).unwrap().has_valid_check_digit());
            bytes[8] = if digit == b'X' { b'0' } else if digit == b'9' { b'X' } else { digit + 1 };
            prop_assert!(!Vin::parse(&String::from_utf8(bytes).unwrap()).unwrap().has_valid_check_digit());
        }
    }
}
