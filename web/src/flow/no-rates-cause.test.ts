import { describe, expect, it } from 'vitest'
import type { BounceSource } from '../api/types'
import { bounceOfRecord, recordedBounce, type NoRatesCause } from './no-rates-cause'

describe("the no-rates page's cause in the checkout's record", () => {
  it.each<[BounceSource | null, NoRatesCause | null, string | null]>([
    ['descriptionLookup', 'vehicleNotFound', 'descriptionLookup'],
    ['validCarNoRates', 'noRates', 'validCarNoRates'],
    ['mockVinNoRates', 'noRates', 'mockVinNoRates'],
    ['validCarNoRates', 'tooFewRates', 'validCarTooFewRates'],
    ['mockVinNoRates', 'tooFewRates', 'mockVinTooFewRates'],
    ['invalidState', null, 'invalidState'],
    [null, null, null],
  ])('%s for %s is recorded as %s, and read back', (bounce, cause, recorded) => {
    expect(recordedBounce(bounce, cause)).toBe(recorded)
    expect(bounceOfRecord(recorded)).toEqual({ pageUserBouncedFrom: bounce, noRatesCause: cause })
  })

  it('reads a checkout recorded before the causes as no rates', () => {
    expect(bounceOfRecord(undefined)).toEqual({ pageUserBouncedFrom: null, noRatesCause: null })
  })
})
