//! Opaque ids: a prefix and 128 bits (never guessable, never PII).

use rand::RngCore;

const ALPHABET: &[u8; 32] = b"0123456789abcdefghjkmnpqrstvwxyz";

/// `prefix_` + 26 base32 characters of 128 random bits.
pub fn new_id(prefix: &str) -> String {
    let mut bytes = [0u8; 16];
    rand::rng().fill_bytes(&mut bytes);
    encode(prefix, u128::from_be_bytes(bytes))
}

/// Like [`new_id`], but ids sort in the order they were made (to the millisecond), as ULIDs do:
/// 48 bits of Unix milliseconds, then 80 random bits. Rows stamped in whole seconds use it to
/// keep their order within a second (analytics hits, listed oldest first).
pub fn new_ordered_id(prefix: &str) -> String {
    let millis = (time::OffsetDateTime::now_utc().unix_timestamp_nanos() / 1_000_000) as u128;
    let mut bytes = [0u8; 16];
    rand::rng().fill_bytes(&mut bytes);
    let random = u128::from_be_bytes(bytes) & ((1u128 << 80) - 1);
    encode(prefix, (millis & ((1u128 << 48) - 1)) << 80 | random)
}

/// Most significant digit first, so the text sorts as the number does.
fn encode(prefix: &str, n: u128) -> String {
    let mut out = String::with_capacity(prefix.len() + 27);
    out.push_str(prefix);
    out.push('_');
    for i in (0..26).rev() {
        out.push(ALPHABET[((n >> (i * 5)) & 31) as usize] as char);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordered_ids_sort_in_the_order_they_were_made() {
        let mut made = Vec::new();
        for _ in 0..5 {
            made.push(new_ordered_id("evt"));
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
        let mut sorted = made.clone();
        sorted.sort();
        assert_eq!(sorted, made);
        assert!(made.iter().all(|id| id.len() == 30 && id.starts_with("evt_")));
    }

    #[test]
    fn random_ids_differ() {
        assert_ne!(new_id("usr"), new_id("usr"));
        assert_eq!(new_id("usr").len(), 30);
    }
}
