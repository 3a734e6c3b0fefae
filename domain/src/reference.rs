//! The reference of a purchase that a member reads out on the phone: `CL-7F3K-92QD`.
//!
//! Eight characters from an alphabet without the ones people confuse when reading or hearing them
//! (0/O, 1/I/L, U/V), so about 6.6 × 10¹¹ references; the store keeps them unique. Support finds
//! a purchase by its reference however it is typed (lower case, spaces, no dashes).

/// The characters of a reference: digits 2-9 and letters other than I, L, O and U.
pub const ALPHABET: &[u8; 30] = b"23456789ABCDEFGHJKMNPQRSTVWXYZ";

const PREFIX: &str = "CL";
const LENGTH: usize = 8;

/// The reference made of `random` (eight random bytes): `CL-XXXX-XXXX`.
pub fn policy_reference(random: [u8; 8]) -> String {
    let mut n = u64::from_le_bytes(random);
    let mut chars = [0u8; LENGTH];
    for c in &mut chars {
        *c = ALPHABET[(n % ALPHABET.len() as u64) as usize];
        n /= ALPHABET.len() as u64;
    }
    let chars = std::str::from_utf8(&chars).unwrap_or_default();
    format!("{PREFIX}-{}-{}", &chars[..4], &chars[4..])
}

/// A reference as someone typed it (`cl 7f3k92qd`), written the one way it is stored; `None` when
/// it cannot be one.
pub fn normalize(typed: &str) -> Option<String> {
    let compact: String = typed.chars().filter(|c| !c.is_whitespace() && *c != '-').collect::<String>().to_ascii_uppercase();
    let body = compact.strip_prefix(PREFIX)?;
    (body.len() == LENGTH && body.bytes().all(|b| ALPHABET.contains(&b))).then(|| format!("{PREFIX}-{}-{}", &body[..4], &body[4..]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn reads_like_the_example() {
        let reference = policy_reference([0; 8]);
        assert_eq!(reference, "CL-2222-2222");
        assert_eq!(normalize("cl 7f3k 92qd").as_deref(), Some("CL-7F3K-92QD"));
        assert_eq!(normalize("CL-7F3K-92QD").as_deref(), Some("CL-7F3K-92QD"));
        assert_eq!(normalize("CL-7F3K-92Q0"), None, "0 is not in the alphabet");
        assert_eq!(normalize("CL-7F3K-92Q"), None);
        assert_eq!(normalize("pol_f591d5a9b33eec3edb6e727e"), None);
    }

    proptest! {
        #[test]
        fn every_reference_has_the_format_and_normalizes_to_itself(random in any::<[u8; 8]>()) {
            let reference = policy_reference(random);
            prop_assert_eq!(reference.len(), 12);
            prop_assert!(reference.starts_with("CL-") && reference.as_bytes()[7] == b'-');
            prop_assert!(reference[3..].bytes().filter(|&b| b != b'-').all(|b| ALPHABET.contains(&b)));
            prop_assert_eq!(normalize(&reference.to_lowercase().replace('-', " ")), Some(reference));
        }
    }
}
