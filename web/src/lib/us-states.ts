import { options } from './product'

/** The states a member may live in: the 50 US states plus DC, by two-letter code. */
export const US_STATES: ReadonlyArray<{ code: string; name: string }> = options.states

/** States without a sales tax (spec section 9): no tax line is ever shown for them. */
export const NO_SALES_TAX_STATES: ReadonlySet<string> = new Set(options.noSalesTaxStates)

/** Whether a price shows its sales tax: the state has sales tax and the tax is above 0. */
export function showsSalesTax(state: string | null | undefined, taxAmount: number): boolean {
  return !NO_SALES_TAX_STATES.has((state ?? '').toUpperCase()) && taxAmount > 0
}
