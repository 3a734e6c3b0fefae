import type { BounceSource } from '../api/types'

/**
 * Why the member is on the no-rates page, which words it has for each: the description lookup
 * gave up ('we couldn't find your vehicle'), no rate came back (or the car or quote request
 * failed), or fewer rates came back than the three the institution shows (threeCardView).
 */
export type NoRatesCause = 'vehicleNotFound' | 'noRates' | 'tooFewRates'

/** The no-rates bounces (spec section 4) a car's rates record: the cause adds whether any came back. */
type NoRatesBounce = Extract<BounceSource, 'mockVinNoRates' | 'validCarNoRates'>

/**
 * The checkout's recorded name for too few rates (the checkout keeps `pageUserBouncedFrom` as a page
 * name, the contact request does not know these: they never leave the checkout's record).
 */
const TOO_FEW: Record<NoRatesBounce, string> = {
  mockVinNoRates: 'mockVinTooFewRates',
  validCarNoRates: 'validCarTooFewRates',
}

function isNoRatesBounce(bounce: BounceSource | null): bounce is NoRatesBounce {
  return bounce === 'mockVinNoRates' || bounce === 'validCarNoRates'
}

/**
 * The bounce as the checkout records it (PUT U/checkout's answers.bounce.pageUserBouncedFrom), so
 * that a reload finds the no-rates page's cause again: too few rates as its own name.
 */
export function recordedBounce(bounce: BounceSource | null, cause: NoRatesCause | null): string | null {
  return cause === 'tooFewRates' && isNoRatesBounce(bounce) ? TOO_FEW[bounce] : bounce
}

/** The bounce and the no-rates cause a checkout's recorded bounce stands for (recordedBounce's inverse). */
export function bounceOfRecord(recorded: string | null | undefined): {
  pageUserBouncedFrom: BounceSource | null
  noRatesCause: NoRatesCause | null
} {
  const tooFew = (Object.keys(TOO_FEW) as NoRatesBounce[]).find((bounce) => TOO_FEW[bounce] === recorded)
  if (tooFew) return { pageUserBouncedFrom: tooFew, noRatesCause: 'tooFewRates' }
  const bounce = (recorded as BounceSource | null | undefined) ?? null
  const noRatesCause = bounce === 'descriptionLookup' ? 'vehicleNotFound' : isNoRatesBounce(bounce) ? 'noRates' : null
  return { pageUserBouncedFrom: bounce, noRatesCause }
}
