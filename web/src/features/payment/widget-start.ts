import type { SignedRequest } from '../../api/types'
import { pageLocale } from '../../lib/language'

/**
 * The card widget's address as the page starts it (spec section 7: "The payment widget starts with
 * mode selection, integration id DICE, payment account = institution entityId, experience
 * NAO_CC_ONLY"): the sign response's widget URL with the sign response's start parameters and the
 * institution's entityId as the payment account. The gateway refuses a start that does not match
 * its signed request, and the page shows the speed bump. The locale is the page's (`es-US`): the
 * gateway writes its widget, and answers the charge, in that language.
 */
export function widgetStartUrl(signed: SignedRequest, entityId: string): string {
  const url = new URL(signed.widgetUrl)
  url.searchParams.set('mode', signed.widgetStart.mode)
  url.searchParams.set('integrationId', signed.widgetStart.integrationId)
  url.searchParams.set('paymentAccountId', entityId)
  url.searchParams.set('experience', signed.widgetStart.experience)
  url.searchParams.set('locale', pageLocale())
  return url.toString()
}
