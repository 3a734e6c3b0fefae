/**
 * The gateway sandbox's merchant view (SANDBOX_URL, set by scripts/e2e.sh): the charges it approved
 * for a contract and what was refunded of each, to count what a member was really charged.
 */
export const SANDBOX_URL = process.env.SANDBOX_URL ?? ''
const MERCHANT_KEY = 'sandbox-merchant-key'

/** One approved charge: cents charged and cents refunded so far. */
export interface Charge {
  trackingNumber: string
  amount: number
  refunded: number
}

interface Transaction {
  trackingNumber: string
  amount: number
  applyFundsTo: string
  refunds?: Array<{ amount: number }>
}

/** Every charge applied to `contractNumber` (GET /_sandbox/gateway/transactions, merchant key). */
export async function chargesFor(contractNumber: string): Promise<Charge[]> {
  if (!SANDBOX_URL) throw new Error('SANDBOX_URL is not set (scripts/e2e.sh sets it)')
  const response = await fetch(`${SANDBOX_URL}/_sandbox/gateway/transactions`, {
    headers: { Authorization: `Bearer ${MERCHANT_KEY}` },
  })
  if (!response.ok) throw new Error(`the gateway sandbox answered ${response.status}`)
  const transactions = (await response.json()) as Transaction[]
  return transactions
    .filter((t) => t.applyFundsTo === contractNumber)
    .map((t) => ({
      trackingNumber: t.trackingNumber,
      amount: t.amount,
      refunded: (t.refunds ?? []).reduce((sum, refund) => sum + refund.amount, 0),
    }))
}

/** What the member paid for the contract in the end: charges minus refunds, in cents. */
export function netCharged(charges: Charge[]): number {
  return charges.reduce((sum, charge) => sum + charge.amount - charge.refunded, 0)
}
