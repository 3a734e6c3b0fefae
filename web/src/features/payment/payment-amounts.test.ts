import { describe, expect, it } from 'vitest'
import { confirmation, rates } from '../../test/fixtures'

/**
 * Spec section 9: "Subtotal equals total minus tax; payment amount comes from the unformatted
 * rate". The fixtures every page test answers with are the server's shapes (domain/src/quote.rs
 * RateView, api/src/http/routes/policy.rs confirmation): these keep them to the server's rule, so a
 * page test cannot show a total the server would not charge.
 */
describe('payment amounts', () => {
  it('a rate charges its unformatted rate, tax included: the total and the $ forms are that amount', () => {
    for (const rate of rates) {
      expect(rate.taxAmount).toBeGreaterThan(0)
      expect(rate.totalRateCost).toBe(rate.unformattedRate)
      expect(rate.dollarSignRate).toBe(rate.dollarSignTotalRateCost)
    }
  })

  it("the confirmation's amount is the bought rate's unformatted rate, and subtotal + tax = amount", () => {
    const bought = rates[1]
    expect(confirmation.payment.amount).toBe(bought.unformattedRate)
    expect(confirmation.payment.salesTax).toBe(bought.taxAmount)
    expect(confirmation.payment.subtotal + confirmation.payment.salesTax).toBe(confirmation.payment.amount)
  })
})
