import type { Institution } from '../api/types'

/** The product's name when the institution gives none (spec section 7: the payment's type). */
export const DEFAULT_PRODUCT_NAME = 'Vehicle Service Contract'

/** What the product is called for this institution: its custom product name, else the default. */
export function productNameOf(institution: Pick<Institution, 'applicationSettings'> | null | undefined): string {
  return institution?.applicationSettings.customProductName?.trim() || DEFAULT_PRODUCT_NAME
}
