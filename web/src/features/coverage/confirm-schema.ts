import { fieldErrors } from '../../lib/product'

/**
 * Review page's form: the two agreements. The E-SIGN consent box beside them is not one: it is
 * optional (unticked, the contract is also mailed), so it has no rule and never stops booking.
 */
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
