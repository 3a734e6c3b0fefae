//! Card checks the gateway repeats server-side (the widget's checks are only a convenience), and
//! the test cards that choose the processor's answer.

use crate::texts::Text;

/// Card numbers that make the sandbox processor answer a particular way. Any other
/// Luhn-valid number is approved, as in a real gateway's sandbox.
pub mod test_cards {
    /// Approved.
    pub const APPROVED: &str = "4242424242424242";
    /// Declined: 402 'Your card was declined.'
    pub const DECLINED: &str = "4000000000000002";
    /// Declined: 402 'Your card has insufficient funds.'
    pub const INSUFFICIENT_FUNDS: &str = "4000000000009995";
    /// The processor never answers: after `processor_timeout`, 504 and no charge.
    pub const PROCESSOR_TIMEOUT: &str = "4000000000000119";
}

/// What the sandbox processor does with a card that passed the checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Approve,
    /// Declined, with the reason the member reads (in the charge's language).
    Decline(Text),
    NoAnswer,
}

/// The processor's answer for a (normalised) card number.
pub fn outcome(number: &str) -> Outcome {
    match number {
        test_cards::DECLINED => Outcome::Decline(Text::Declined),
        test_cards::INSUFFICIENT_FUNDS => Outcome::Decline(Text::InsufficientFunds),
        test_cards::PROCESSOR_TIMEOUT => Outcome::NoAnswer,
        _ => Outcome::Approve,
    }
}

/// The card number without the spaces and dashes people type.
pub fn normalise_number(raw: &str) -> String {
    raw.chars().filter(|c| !matches!(c, ' ' | '-')).collect()
}

/// 12 to 19 digits passing the Luhn check.
pub fn luhn_valid(number: &str) -> bool {
    if !(12..=19).contains(&number.len()) || !number.bytes().all(|b| b.is_ascii_digit()) {
        return false;
    }
    let sum: u32 = number
        .bytes()
        .rev()
        .enumerate()
        .map(|(i, b)| {
            let d = u32::from(b - b'0');
            if i % 2 == 1 { if d * 2 > 9 { d * 2 - 9 } else { d * 2 } } else { d }
        })
        .sum();
    sum.is_multiple_of(10)
}

/// `MM/YY` (spaces ignored) for a month that has not ended yet, given today's year and month.
pub fn expiry_valid(raw: &str, year: i32, month: u8) -> bool {
    let compact: String = raw.chars().filter(|c| !c.is_whitespace()).collect();
    let Some((mm, yy)) = compact.split_once('/') else { return false };
    if mm.len() != 2 || yy.len() != 2 || !mm.bytes().chain(yy.bytes()).all(|b| b.is_ascii_digit()) {
        return false;
    }
    let (mm, yy): (u8, i32) = (mm.parse().unwrap_or(0), yy.parse().unwrap_or(-1));
    if !(1..=12).contains(&mm) {
        return false;
    }
    let card_year = 2000 + yy;
    (card_year, mm) >= (year, month)
}

/// Three or four digits.
pub fn cvc_valid(raw: &str) -> bool {
    (3..=4).contains(&raw.len()) && raw.bytes().all(|b| b.is_ascii_digit())
}

/// Five digits.
pub fn zip_valid(raw: &str) -> bool {
    raw.len() == 5 && raw.bytes().all(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn luhn() {
        for n in
            [test_cards::APPROVED, test_cards::DECLINED, test_cards::INSUFFICIENT_FUNDS, test_cards::PROCESSOR_TIMEOUT, "5555555555554444"]
        {
            assert!(luhn_valid(n), "{n}");
        }
        assert!(!luhn_valid("4242424242424241"));
        assert!(!luhn_valid("42424242424242a2"));
        assert!(!luhn_valid(""));
        assert_eq!(normalise_number("4242 4242-4242 4242"), test_cards::APPROVED);
    }

    #[test]
    fn expiry() {
        assert!(expiry_valid("05/26", 2026, 5));
        assert!(expiry_valid("12 / 30", 2026, 5));
        assert!(!expiry_valid("04/26", 2026, 5));
        assert!(!expiry_valid("13/30", 2026, 5));
        assert!(!expiry_valid("00/30", 2026, 5));
        assert!(!expiry_valid("5/30", 2026, 5));
        assert!(!expiry_valid("0530", 2026, 5));
    }

    #[test]
    fn cvc_and_zip() {
        assert!(cvc_valid("123") && cvc_valid("1234") && !cvc_valid("12") && !cvc_valid("12a"));
        assert!(zip_valid("30301") && !zip_valid("3030") && !zip_valid("30301-1234"));
    }
}
