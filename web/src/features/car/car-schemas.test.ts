import { describe, expect, it } from 'vitest'
import { NO_CAR_FLAGS } from '../../flow/flow-context'
import { fieldErrors, options } from '../../lib/product'
import {
  CAR_FLAG_OPTIONS,
  carDetailsSchema,
  descriptionSchema,
  MILES_PER_YEAR_OPTIONS,
  mileageSchema,
  milesPerYearSchema,
  YEARS_TO_OWN_OPTIONS,
  yearsToOwnSchema,
} from './car-schemas'
import { cleanDecimal, odometerDigits, odometerToSend } from './odometer'

const firstError = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message

describe('descriptionSchema', () => {
  const complete = { year: '2020', make: 'Honda', model: 'Accord', style: 'EX 1.5L FWD Sedan' }

  it('accepts a complete description', () => {
    expect(descriptionSchema.safeParse(complete).success).toBe(true)
  })

  it(`says '${fieldErrors.required}' for each missing field`, () => {
    for (const field of ['year', 'make', 'model', 'style'] as const) {
      const result = descriptionSchema.safeParse({ ...complete, [field]: '' })
      expect(
        result.error?.issues.map((issue) => [issue.path[0], issue.message]),
        field,
      ).toEqual([[field, fieldErrors.required]])
    }
    expect(descriptionSchema.safeParse({ year: '', make: '', model: '', style: ' ' }).error?.issues).toHaveLength(4)
  })
})

describe('mileageSchema', () => {
  const error = (odometer: string) => firstError(mileageSchema.safeParse({ odometer, carFlags: NO_CAR_FLAGS }))

  it('requires a value', () => {
    expect(error('')).toBe(fieldErrors.required)
  })

  it('allows only whole numbers', () => {
    expect(error('45.5')).toBe(fieldErrors.wholeNumbers)
    expect(error('-1')).toBe(fieldErrors.wholeNumbers)
    expect(error('abc')).toBe(fieldErrors.wholeNumbers)
  })

  it('allows at most 6 digits (7 characters with the comma)', () => {
    expect(error('999,999')).toBeUndefined()
    expect(error('1,000,000')).toBe(fieldErrors.sixDigits)
    expect(error('1000000')).toBe(fieldErrors.sixDigits)
  })

  it('must be greater than zero', () => {
    expect(error('0')).toBe(fieldErrors.greaterThanZero)
    expect(error('0,000')).toBe(fieldErrors.greaterThanZero)
    expect(error('45,000')).toBeUndefined()
  })

  it('carries the six car flags', () => {
    const flags = { ...NO_CAR_FLAGS, isSalvageTitle: true, secondOwner: true }
    expect(mileageSchema.parse({ odometer: '45,000', carFlags: flags }).carFlags).toEqual(flags)
    expect(CAR_FLAG_OPTIONS.map((f) => f.label)).toEqual(options.carFlags.map((f) => f.label))
    expect(CAR_FLAG_OPTIONS.map((f) => f.key).sort()).toEqual(Object.keys(NO_CAR_FLAGS).sort())
  })
})

describe('odometer cleaning', () => {
  it('keeps digits only in the field', () => {
    expect(odometerDigits('45,000 mi')).toBe('45000')
  })

  it('keeps digits and one dot, and completes a trailing dot', () => {
    expect(cleanDecimal('45,000.5')).toBe('45000.5')
    expect(cleanDecimal('45,000.')).toBe('45000.0')
    expect(cleanDecimal('1.2.3')).toBe('1.23')
    expect(cleanDecimal('abc12')).toBe('12')
  })

  it('sends whole miles, rounded up', () => {
    expect(odometerToSend('45,000')).toBe('45000')
    expect(odometerToSend('45,000.2')).toBe('45001')
    expect(odometerToSend('45,000.')).toBe('45000')
    expect(odometerToSend('999,999')).toBe('999999')
  })
})

describe('miles per year and years to own', () => {
  it('offer the spec choices', () => {
    expect(MILES_PER_YEAR_OPTIONS.map((o) => [o.value, o.label])).toEqual(options.milesPerYear.map((o) => [o.value, o.label]))
    expect(MILES_PER_YEAR_OPTIONS.map((o) => o.value)).toEqual([5000, 10000, 15000, 20000, 25000, 30000])
    expect(YEARS_TO_OWN_OPTIONS.map((o) => [o.value, o.label])).toEqual(options.yearsToOwn.map((o) => [o.value, o.label]))
    expect(YEARS_TO_OWN_OPTIONS.map((o) => o.value)).toEqual([1, 2, 3, 4, 5, 6, 7])
  })

  it('accept only the offered choices', () => {
    expect(milesPerYearSchema.safeParse({ milesPerYear: 15000 }).success).toBe(true)
    expect(milesPerYearSchema.safeParse({ milesPerYear: 12345 }).success).toBe(false)
    expect(yearsToOwnSchema.safeParse({ yearsToOwn: 7 }).success).toBe(true)
    expect(yearsToOwnSchema.safeParse({ yearsToOwn: 8 }).success).toBe(false)
  })

  it('say a missing choice is required', () => {
    expect(firstError(milesPerYearSchema.safeParse({}))).toBe(fieldErrors.required)
    expect(firstError(yearsToOwnSchema.safeParse({}))).toBe(fieldErrors.required)
  })
})

describe('carDetailsSchema (the combined car-details form)', () => {
  const valid = { odometer: '45,000', milesPerYear: 15000, yearsToOwn: 6, carFlags: NO_CAR_FLAGS }
  /** Each field's first error, as the form shows it. */
  const errorsOf = (values: Record<string, unknown>): Record<string, string> => {
    const issues = carDetailsSchema.safeParse(values).error?.issues ?? []
    return Object.fromEntries(issues.map((issue) => [String(issue.path[0]), issue.message] as const).reverse())
  }

  it('accepts an odometer of up to 6 digits, a miles-per-year and a years-to-own choice, and the car flags', () => {
    expect(carDetailsSchema.safeParse(valid).success).toBe(true)
    expect(carDetailsSchema.safeParse({ ...valid, odometer: '999,999' }).success).toBe(true)
    const flags = { ...NO_CAR_FLAGS, modifiedVehicle: true }
    expect(carDetailsSchema.parse({ ...valid, carFlags: flags }).carFlags).toEqual(flags)
  })

  it(`requires mileage, miles per year and years to own ('${fieldErrors.required}')`, () => {
    expect(errorsOf({ ...valid, odometer: '', milesPerYear: undefined, yearsToOwn: undefined })).toEqual({
      odometer: fieldErrors.required,
      milesPerYear: fieldErrors.required,
      yearsToOwn: fieldErrors.required,
    })
  })

  it(`says '${fieldErrors.onlyNumbers}' and '${fieldErrors.sixDigits}' for the mileage (7 characters at most)`, () => {
    expect(errorsOf({ ...valid, odometer: '45k' })).toEqual({ odometer: fieldErrors.onlyNumbers })
    expect(errorsOf({ ...valid, odometer: '1,000,000' })).toEqual({ odometer: fieldErrors.sixDigits })
  })

  it('refuses the odometers the mileage page refuses: 0 and 1,000,000 (typed without commas too)', () => {
    expect(errorsOf({ ...valid, odometer: '0' })).toEqual({ odometer: fieldErrors.greaterThanZero })
    expect(errorsOf({ ...valid, odometer: '1000000' })).toEqual({ odometer: fieldErrors.sixDigits })
  })

  it('takes only a miles-per-year choice, never another number rounded to one', () => {
    expect(errorsOf({ ...valid, milesPerYear: 12000 })).toEqual({ milesPerYear: fieldErrors.required })
    expect(carDetailsSchema.safeParse({ ...valid, milesPerYear: 10000 }).data?.milesPerYear).toBe(10000)
  })
})
