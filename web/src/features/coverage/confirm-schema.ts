import { fieldErrors } from '../../lib/product'

/** Review page's form: the two agreements. */
export interface ConfirmValues {
  acceptsTerms: boolean
  acceptsRefundTerms: boolean
}

/**
 * Review page: both boxes must be ticked before booking. Each rule answers true or the field's
 * message (react-hook-form's `validate`); two booleans need no schema library in the page's code.
 */
export const confirmRules: Record<keyof ConfirmValues, (ticked: boolean) => true | string> = {
  acceptsTerms: (ticked) => ticked || fieldErrors.terms,
  acceptsRefundTerms: (ticked) => ticked || fieldErrors.refund,
}
