//! Money in integer cents, and the spec's display formats (`0,0` and `0,0[.]00`).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::{Add, Sub};

/// An amount of US money in cents. Never a float.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Cents(pub i64);

impl Cents {
    /// Whole dollars.
    pub const fn dollars(d: i64) -> Self {
        Self(d * 100)
    }

    /// The spec's `0,0[.]00`: `1,234.56`, and `1,234` for whole dollars.
    pub fn formatted(self) -> String {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        match abs % 100 {
            0 => format!("{sign}{}", group_thousands(abs / 100)),
            cents => format!("{sign}{}.{cents:02}", group_thousands(abs / 100)),
        }
    }

    /// `$1,234.56`, `$1,234`.
    pub fn dollar_sign(self) -> String {
        let formatted = self.formatted();
        match formatted.strip_prefix('-') {
            Some(rest) => format!("-${rest}"),
            None => format!("${formatted}"),
        }
    }

    /// `$1,234.56`, `$1,234.00`: always with cents, the one format of a receipt's amounts (the
    /// confirmation page's and the receipt email's), so that they line up and read alike.
    pub fn dollar_sign_with_cents(self) -> String {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        format!("{sign}${}.{:02}", group_thousands(abs / 100), abs % 100)
    }

    /// Multiplies by a rate in basis points (1/100 of a percent), rounding half up.
    pub fn apply_basis_points(self, bps: i64) -> Self {
        Self((self.0 * bps + 5_000).div_euclid(10_000))
    }
}

impl Add for Cents {
    type Output = Cents;
    fn add(self, rhs: Self) -> Self {
        Self(self.0 + rhs.0)
    }
}

impl Sub for Cents {
    type Output = Cents;
    fn sub(self, rhs: Self) -> Self {
        Self(self.0 - rhs.0)
    }
}

impl fmt::Display for Cents {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.dollar_sign())
    }
}

/// `12345` → `12,345` (the spec's `0,0`).
pub fn group_thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_like_the_spec() {
        // `0,0[.]00`: whole dollars without cents, other amounts with two decimals.
        assert_eq!(Cents(189_900).dollar_sign(), "$1,899");
        assert_eq!(Cents(189_950).dollar_sign(), "$1,899.50");
        assert_eq!(Cents(5_697).formatted(), "56.97");
        assert_eq!(Cents(5).formatted(), "0.05");
        assert_eq!(Cents(0).dollar_sign(), "$0");
        assert_eq!(Cents(123_456_789).dollar_sign(), "$1,234,567.89");
        assert_eq!(Cents(10_000).dollar_sign(), "$100");
        assert_eq!(Cents(-250).dollar_sign(), "-$2.50");
        assert_eq!(group_thousands(120_000), "120,000");
        assert_eq!(group_thousands(999), "999");
    }

    #[test]
    fn a_receipt_s_amounts_always_have_cents() {
        assert_eq!(Cents(189_900).dollar_sign_with_cents(), "$1,899.00");
        assert_eq!(Cents(5_697).dollar_sign_with_cents(), "$56.97");
        assert_eq!(Cents(5).dollar_sign_with_cents(), "$0.05");
        assert_eq!(Cents(0).dollar_sign_with_cents(), "$0.00");
        assert_eq!(Cents(123_456_789).dollar_sign_with_cents(), "$1,234,567.89");
        assert_eq!(Cents(-250).dollar_sign_with_cents(), "-$2.50");
    }

    #[test]
    fn basis_points_round_half_up() {
        assert_eq!(Cents(189_900).apply_basis_points(300), Cents(5_697));
        assert_eq!(Cents(50).apply_basis_points(100), Cents(1)); // 0.5 -> 1
        assert_eq!(Cents(49).apply_basis_points(100), Cents(0));
    }
}
