//! Cancelling a bought contract: within the money-back period (spec section 9: 30 days from the
//! payment) the contract is voided and the card refunded in full; after it, the request goes to
//! the institution and the refund text that applies is shown (the default promises a refund by
//! check for the unused part).

use crate::product::limits::MONEY_BACK_DAYS;

/// Seconds in a day.
const DAY: i64 = 86_400;

/// The last moment (UTC unix seconds) a purchase paid at `paid_at` may be cancelled for a full refund.
pub fn money_back_deadline(paid_at: i64) -> i64 {
    paid_at + MONEY_BACK_DAYS as i64 * DAY
}

/// Whether a cancellation asked for at `requested_at` is within the money-back period of a
/// purchase paid at `paid_at`.
pub fn within_money_back(paid_at: i64, requested_at: i64) -> bool {
    requested_at <= money_back_deadline(paid_at)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_period_is_thirty_days_from_the_payment_to_the_second() {
        let paid = 1_795_000_000;
        assert_eq!(MONEY_BACK_DAYS, 30);
        assert!(within_money_back(paid, paid));
        assert!(within_money_back(paid, paid + 30 * DAY));
        assert!(!within_money_back(paid, paid + 30 * DAY + 1));
    }
}
