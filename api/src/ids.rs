//! Opaque ids: a prefix and 128 random bits (never guessable, never PII).

use rand::RngCore;

/// `prefix_` + 26 base32 characters.
pub fn new_id(prefix: &str) -> String {
    let mut bytes = [0u8; 16];
    rand::rng().fill_bytes(&mut bytes);
    const ALPHABET: &[u8; 32] = b"0123456789abcdefghjkmnpqrstvwxyz";
    let mut n = u128::from_be_bytes(bytes);
    let mut out = String::with_capacity(prefix.len() + 27);
    out.push_str(prefix);
    out.push('_');
    for _ in 0..26 {
        out.push(ALPHABET[(n & 31) as usize] as char);
        n >>= 5;
    }
    out
}
