//! The member's contact details, each parsed once at the edge with the spec's texts (spec section 5).

use serde::{Deserialize, Serialize};
use std::fmt;

use crate::ValidationError;
use crate::product::field_errors;

/// A trimmed, lower-cased email address of plausible shape (`local@domain.tld`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct EmailAddress(String);

impl EmailAddress {
    /// The spec's text for an invalid address.
    pub const INVALID: &'static str = field_errors::INVALID_EMAIL;

    /// Parses an address: 'Field is required' when empty, 'Must be a valid email' when malformed.
    pub fn parse(raw: &str) -> Result<Self, ValidationError> {
        let email = raw.trim().to_lowercase();
        if email.is_empty() {
            return Err(ValidationError::new("emailAddress", ValidationError::REQUIRED));
        }
        // Only addresses a mail relay takes: SMTP's path limit (RFC 5321 4.5.3.1.3, 256 octets with
        // its punctuation; relays count it as at most 253 for the address, Nodemailer's
        // smtp-server among them), a local part of at most 64 and DNS labels of 1 to 63 characters
        // that neither start nor end with a hyphen. An address a relay refuses would pass here and
        // fail at the send ("We could not send the email") on every try.
        let valid = email.len() <= 253
            && email.split_once('@').is_some_and(|(local, domain)| {
                !local.is_empty()
                    && local.len() <= 64
                    && !local.starts_with('.')
                    && !local.ends_with('.')
                    && !local.contains("..")
                    && domain.contains('.')
                    && domain.split('.').all(|label| {
                        (1..=63).contains(&label.len())
                            && !label.starts_with('-')
                            && !label.ends_with('-')
                            && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
                    })
                    && local.chars().all(|c| !c.is_whitespace() && !c.is_control() && c != '<' && c != '>' && c != '@')
            });
        if !valid {
            return Err(ValidationError::new("emailAddress", Self::INVALID));
        }
        Ok(Self(email))
    }

    /// The address as stored and sent to.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for EmailAddress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl TryFrom<String> for EmailAddress {
    type Error = ValidationError;
    fn try_from(value: String) -> Result<Self, Self::Error> {
        Self::parse(&value)
    }
}

impl From<EmailAddress> for String {
    fn from(value: EmailAddress) -> Self {
        value.0
    }
}

/// Punctuation found between the letters of real names and place names: apostrophes (O'Brien,
/// Coeur d'Alene), hyphens (Mary-Jane, Winston-Salem) and periods (St. Louis, Jr.).
const WORD_PUNCTUATION: [char; 3] = ['\'', '-', '.'];

/// An accent typed as its own character after a letter (`e` + U+0301 for `é`).
fn is_combining_mark(c: char) -> bool {
    matches!(c, '\u{0300}'..='\u{036F}' | '\u{1AB0}'..='\u{1AFF}' | '\u{1DC0}'..='\u{1DFF}' | '\u{20D0}'..='\u{20FF}')
}

/// Words of letters (any script, accents included) separated by spaces, with a name's
/// punctuation inside a word: each word starts with a letter, no two punctuation marks touch, and
/// only a period ends a word. Digits, punctuation alone, `<`, `_`, commas, control characters and
/// emoji are refused.
fn is_worded(text: &str) -> bool {
    text.split(' ').filter(|w| !w.is_empty()).all(|word| {
        let mut prev: Option<char> = None;
        for c in word.chars() {
            let after_letter = prev.is_some_and(|p| p.is_alphabetic() || is_combining_mark(p));
            let fits = c.is_alphabetic() || ((is_combining_mark(c) || WORD_PUNCTUATION.contains(&c)) && after_letter);
            if !fits {
                return false;
            }
            prev = Some(c);
        }
        prev.is_some_and(|last| last.is_alphabetic() || is_combining_mark(last) || last == '.')
    })
}

/// A typographic apostrophe (’, as phones type it) written as the plain one.
fn plain_apostrophes(text: &str) -> String {
    text.replace('\u{2019}', "'")
}

/// A first or last name: letters, with the apostrophes, hyphens and periods of real names
/// (O'Brien, Mary-Jane, José, St. John), words separated by single spaces, trimmed, at most 60
/// characters.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PersonName(String);

impl PersonName {
    /// The spec's text for a name with other characters.
    pub const INVALID: &'static str = field_errors::NAME_LETTERS;

    /// Parses a name for `field` (`firstName` or `lastName`).
    pub fn parse(field: &'static str, raw: &str) -> Result<Self, ValidationError> {
        Self::parse_with(field, raw, Self::INVALID)
    }

    /// Parses a name with the same rule, refusing it with `invalid` (the contract finder's last
    /// name has its own text).
    pub fn parse_with(field: &'static str, raw: &str, invalid: &'static str) -> Result<Self, ValidationError> {
        let name = plain_apostrophes(raw.trim());
        if name.is_empty() {
            return Err(ValidationError::new(field, ValidationError::REQUIRED));
        }
        if name.chars().count() > 60 || !is_worded(&name) {
            return Err(ValidationError::new(field, invalid));
        }
        Ok(Self(name.split(' ').filter(|w| !w.is_empty()).collect::<Vec<_>>().join(" ")))
    }

    /// The name as given, trimmed.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A US phone number: exactly 10 digits, stored digits only.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PhoneNumber(String);

impl PhoneNumber {
    /// The spec's text for a phone field with fewer than 10 digits.
    pub const TOO_SHORT: &'static str = field_errors::PHONE_TEN_DIGITS;
    /// The spec's text when a phone number to display is not 10 digits.
    pub const NOT_TEN_DIGITS: &'static str = field_errors::PHONE_DISPLAY;

    /// Parses what a member typed, mask characters included (`(303) 555-0142`).
    pub fn parse(raw: &str) -> Result<Self, ValidationError> {
        let digits: String = raw.chars().filter(char::is_ascii_digit).collect();
        if raw.trim().is_empty() {
            return Err(ValidationError::new("phoneNumber", ValidationError::REQUIRED));
        }
        if digits.len() != 10 || raw.chars().any(|c| !(c.is_ascii_digit() || "()- .".contains(c))) {
            return Err(ValidationError::new("phoneNumber", Self::TOO_SHORT));
        }
        Ok(Self(digits))
    }

    /// The ten digits.
    pub fn digits(&self) -> &str {
        &self.0
    }

    /// `(AAA) BBB-CCCC`.
    pub fn display(&self) -> String {
        format!("({}) {}-{}", &self.0[..3], &self.0[3..6], &self.0[6..])
    }
}

/// Formats a stored phone number for display, with the spec's error when it is not 10 digits.
pub fn format_phone(digits: &str) -> Result<String, &'static str> {
    if digits.len() == 10 && digits.chars().all(|c| c.is_ascii_digit()) {
        Ok(PhoneNumber(digits.to_string()).display())
    } else {
        Err(PhoneNumber::NOT_TEN_DIGITS)
    }
}

/// A five-digit US zip code.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ZipCode(String);

impl ZipCode {
    /// The spec's text for a zip that is not five digits long.
    pub const WRONG_LENGTH: &'static str = field_errors::ZIP;
    /// The spec's text for a zip with non-digits.
    pub const NOT_NUMERIC: &'static str = field_errors::NUMBERS_ONLY;

    /// Parses a zip code (trimmed).
    pub fn parse(raw: &str) -> Result<Self, ValidationError> {
        let zip = raw.trim();
        if zip.is_empty() {
            return Err(ValidationError::new("zip", ValidationError::REQUIRED));
        }
        if !zip.chars().all(|c| c.is_ascii_digit()) {
            return Err(ValidationError::new("zip", Self::NOT_NUMERIC));
        }
        if zip.len() != 5 {
            return Err(ValidationError::new("zip", Self::WRONG_LENGTH));
        }
        Ok(Self(zip.to_string()))
    }

    /// The five digits.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A state of residence: one of the 50 US states or DC, by its two-letter code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct StateCode([u8; 2]);

/// The allowed states of residence: the 50 US states plus DC.
pub use crate::product::options::STATE_CODES;

impl StateCode {
    /// Parses a two-letter code (case-insensitive).
    pub fn parse(raw: &str) -> Result<Self, ValidationError> {
        let code = raw.trim().to_ascii_uppercase();
        if code.is_empty() {
            return Err(ValidationError::new("state", ValidationError::REQUIRED));
        }
        if !STATE_CODES.contains(&code.as_str()) {
            return Err(ValidationError::new("state", field_errors::STATE));
        }
        let b = code.as_bytes();
        Ok(Self([b[0], b[1]]))
    }

    /// The two-letter code.
    pub fn as_str(&self) -> &str {
        std::str::from_utf8(&self.0).expect("state codes are ASCII")
    }

    /// All 51 codes, in the order of [`STATE_CODES`].
    pub fn all() -> impl Iterator<Item = StateCode> {
        STATE_CODES.iter().map(|c| StateCode::parse(c).expect("known code"))
    }
}

impl fmt::Display for StateCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl TryFrom<String> for StateCode {
    type Error = ValidationError;
    fn try_from(value: String) -> Result<Self, Self::Error> {
        Self::parse(&value)
    }
}

impl From<StateCode> for String {
    fn from(value: StateCode) -> Self {
        value.as_str().to_string()
    }
}

/// Characters a US street line has besides letters, digits and spaces: `123 Main St, Apt #4`,
/// `12 1/2 Elm St.`, `45-B O'Farrell St` (and the underscore of the spec's alphanumeric rule).
const STREET_PUNCTUATION: [char; 7] = ['.', ',', '#', '/', '-', '\'', '_'];

/// A street address line: letters, digits, spaces and the punctuation of real addresses (periods,
/// commas, `#`, `/`, hyphens, apostrophes), with at least one letter or digit; at most 120
/// characters. `<`, `;`, quotes, control characters and emoji are refused ('No special characters').
pub fn parse_street(raw: &str) -> Result<String, ValidationError> {
    let street = plain_apostrophes(raw.trim());
    if street.is_empty() {
        return Err(ValidationError::new("street", ValidationError::REQUIRED));
    }
    let allowed = street.chars().all(|c| c.is_alphanumeric() || c == ' ' || is_combining_mark(c) || STREET_PUNCTUATION.contains(&c));
    if !allowed || !street.chars().any(char::is_alphanumeric) || street.chars().count() > 120 {
        return Err(ValidationError::new("street", field_errors::STREET));
    }
    Ok(street)
}

/// A city: words of letters with the apostrophes, hyphens and periods of place names
/// (St. Louis, Winston-Salem, Coeur d'Alene); no digits; at most 60 characters.
pub fn parse_city(raw: &str) -> Result<String, ValidationError> {
    let city = plain_apostrophes(raw.trim());
    if city.is_empty() {
        return Err(ValidationError::new("city", ValidationError::REQUIRED));
    }
    if !is_worded(&city) || city.chars().count() > 60 {
        return Err(ValidationError::new("city", field_errors::CITY_LETTERS));
    }
    Ok(city)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn email_is_trimmed_lowercased_and_checked() {
        assert_eq!(EmailAddress::parse("  Jane.Doe@Example.COM ").unwrap().as_str(), "jane.doe@example.com");
        assert_eq!(EmailAddress::parse("").unwrap_err().message, field_errors::REQUIRED);
        for bad in [
            "jane",
            "jane@",
            "@example.com",
            "jane@example",
            "ja ne@example.com",
            "a@b..com",
            ".jane@example.com",
            "jane.@example.com",
            "jane@-example.com",
            "jane@example-.com",
        ] {
            assert_eq!(EmailAddress::parse(bad).unwrap_err().message, field_errors::INVALID_EMAIL, "{bad}");
        }
        // A relay's limits: labels of at most 63 characters, 253 for the whole address.
        let label = |n: usize| "a".repeat(n);
        assert!(EmailAddress::parse(&format!("jane@{}.com", label(63))).is_ok());
        assert!(EmailAddress::parse(&format!("jane@{}.com", label(64))).is_err());
        let longest = format!("0@{}.{}.{}.{}", label(63), label(63), label(63), label(59));
        assert_eq!(longest.len(), 253);
        assert!(EmailAddress::parse(&longest).is_ok());
        assert!(
            EmailAddress::parse(&format!("0@{}.{}.{}.{}", label(63), label(63), label(63), label(60))).is_err(),
            "254 characters: refused by relays"
        );
    }

    #[test]
    fn names_take_what_real_names_contain() {
        assert_eq!(PersonName::parse("firstName", " Mary  Ann ").unwrap().as_str(), "Mary Ann");
        for name in ["O'Brien", "Mary-Jane", "José", "Jose\u{301}", "D'Angelo", "St. John", "King Jr.", "J.R.", "Núñez", "Łukasz", "李"]
        {
            assert_eq!(PersonName::parse("lastName", name).unwrap().as_str(), name, "{name}");
        }
        // A typographic apostrophe is kept as the plain one, so the contract finder matches either.
        assert_eq!(PersonName::parse("lastName", "O\u{2019}Brien").unwrap().as_str(), "O'Brien");
        for bad in [
            "J0hn",
            "R2D2",
            "'",
            "--",
            ".",
            "-Ann",
            "Ann-",
            "Mary--Jane",
            "O''Brien",
            "<script>",
            "Ann\u{0}",
            "Ann\tLee",
            "Ann😀",
            "Mary_Ann",
            "Smith, Jr",
            "\u{301}Ann",
        ] {
            let err = PersonName::parse("lastName", bad).unwrap_err();
            assert_eq!((err.field, err.message), ("lastName", PersonName::INVALID), "{bad:?}");
        }
        assert_eq!(PersonName::parse("firstName", "").unwrap_err().message, field_errors::REQUIRED);
        assert_eq!(PersonName::parse("firstName", &"a".repeat(61)).unwrap_err().message, PersonName::INVALID);
        // The contract finder's last name: the same rule with its own text.
        let err = PersonName::parse_with("lastname", "Sm1th", field_errors::LETTERS_AND_SPACES).unwrap_err();
        assert_eq!((err.field, err.message), ("lastname", field_errors::LETTERS_AND_SPACES));
        assert_eq!(PersonName::parse_with("lastname", " o'brien ", field_errors::LETTERS_AND_SPACES).unwrap().as_str(), "o'brien");
    }

    #[test]
    fn phone_needs_ten_digits_and_displays_masked() {
        let phone = PhoneNumber::parse("(303) 555-0142").unwrap();
        assert_eq!(phone.digits(), "3035550142");
        assert_eq!(phone.display(), "(303) 555-0142");
        assert_eq!(PhoneNumber::parse("(303) 555-014").unwrap_err().message, PhoneNumber::TOO_SHORT);
        assert_eq!(format_phone("800555014"), Err(field_errors::PHONE_DISPLAY));
        assert_eq!(format_phone("8005550142").unwrap(), "(800) 555-0142");
    }

    #[test]
    fn zip_street_city_and_state_rules() {
        assert_eq!(ZipCode::parse(" 80202 ").unwrap().as_str(), "80202");
        assert_eq!(ZipCode::parse("8020").unwrap_err().message, ZipCode::WRONG_LENGTH);
        assert_eq!(ZipCode::parse("8020a").unwrap_err().message, ZipCode::NOT_NUMERIC);
        assert_eq!(parse_street("100 Main St.").unwrap(), "100 Main St.");
        for street in ["123 Main St, Apt #4", "100 Main St #4", "12 1/2 Elm St.", "45-B O'Farrell St", "9 Calle José Martí", "PO Box 12"]
        {
            assert_eq!(parse_street(street).unwrap(), street, "{street}");
        }
        for bad in ["<script>", "#", "., /", "1 Main St; DROP", "1 Main\nSt", "1 Main St \"A\"", "1 Main St 🏠", "1 Main\u{0}St"] {
            assert_eq!(parse_street(bad).unwrap_err().message, field_errors::STREET, "{bad:?}");
        }
        assert_eq!(parse_city("Fort Collins").unwrap(), "Fort Collins");
        for city in ["St. Louis", "Winston-Salem", "Coeur d'Alene", "Española", "Wilkes-Barre"] {
            assert_eq!(parse_city(city).unwrap(), city, "{city}");
        }
        for bad in ["Denver1", "--", ".", "<script>", "St. Louis, MO", "Denver😀"] {
            assert_eq!(parse_city(bad).unwrap_err().message, field_errors::CITY_LETTERS, "{bad:?}");
        }
        assert_eq!(StateCode::parse("co").unwrap().as_str(), "CO");
        assert!(StateCode::parse("PR").is_err());
        assert_eq!(StateCode::all().count(), 51);
    }
}
