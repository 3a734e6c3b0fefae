import type { Institution } from '../api/types'
import { labels } from './product'

/**
 * What the product is called for this institution: its custom product name, else the default
 * (labels.defaultProductName, spec section 7: the payment's type).
 */
export function productNameOf(institution: Pick<Institution, 'applicationSettings'> | null | undefined): string {
  return institution?.applicationSettings.customProductName?.trim() || labels.defaultProductName
}
