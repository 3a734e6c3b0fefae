import { z } from 'zod'
import type { CarFlags } from '../../api/types'
import { fieldErrors, limits, options } from '../../lib/product'

const { required } = fieldErrors

/** Description page: each of year, make, model and style is required. */
export const descriptionSchema = z.object({
  year: z.string().trim().min(1, required),
  make: z.string().trim().min(1, required),
  model: z.string().trim().min(1, required),
  style: z.string().trim().min(1, required),
})
export type DescriptionValues = z.infer<typeof descriptionSchema>

/**
 * The car flags the mileage page offers (spec section 3), in the spec's order. Their keys are the
 * API's CarFlags fields (car-schemas.test checks that they are exactly those).
 */
export const CAR_FLAG_OPTIONS = options.carFlags as ReadonlyArray<{ key: keyof CarFlags; label: string }>

/** Mileage page: the odometer as typed, with thousands separators ('45,000'), and the optional car flags. */
export const mileageSchema = z.object({
  carFlags: z.object({
    certifiedPreowned: z.boolean(),
    commercialUse: z.boolean(),
    hasLiftKitOrOversizeTires: z.boolean(),
    isSalvageTitle: z.boolean(),
    modifiedVehicle: z.boolean(),
    secondOwner: z.boolean(),
  }),
  odometer: z
    .string()
    .trim()
    .min(1, required)
    .regex(/^[\d,]+$/, fieldErrors.wholeNumbers)
    // The digits and the thousands comma: '999,999'.
    .max(limits.odometerDigits + 1, fieldErrors.sixDigits)
    .refine((value) => Number(value.replace(/,/g, '')) > 0, fieldErrors.greaterThanZero),
})
export type MileageValues = z.infer<typeof mileageSchema>

/** The miles-per-year choices (spec section 9); the default is options.defaultMilesPerYear. */
export const MILES_PER_YEAR_OPTIONS: ReadonlyArray<{ value: number; label: string }> = options.milesPerYear

/** The years-to-own choices, ids 1..7; the default is options.defaultYearsToOwn. */
export const YEARS_TO_OWN_OPTIONS: ReadonlyArray<{ value: number; label: string }> = options.yearsToOwn

const oneOf = (values: readonly number[]) => z.number({ error: required }).refine((value) => values.includes(value), required)

export const milesPerYearSchema = z.object({ milesPerYear: oneOf(MILES_PER_YEAR_OPTIONS.map((o) => o.value)) })
export type MilesPerYearValues = z.infer<typeof milesPerYearSchema>

export const yearsToOwnSchema = z.object({ yearsToOwn: oneOf(YEARS_TO_OWN_OPTIONS.map((o) => o.value)) })
export type YearsToOwnValues = z.infer<typeof yearsToOwnSchema>

/** A number as typed on the combined car-details form: required, digits (and thousands commas), 7 characters at most. */
const typedNumber = z
  .string()
  .trim()
  .min(1, required)
  .regex(/^[\d,]+$/, fieldErrors.onlyNumbers)
  .max(limits.odometerDigits + 1, fieldErrors.sixDigits)

/**
 * The combined car-details form (spec section 5): current mileage and miles per year typed, each
 * required, numeric and 7 characters at most; years to own chosen.
 */
export const carDetailsSchema = z.object({
  odometer: typedNumber,
  milesPerYear: typedNumber,
  yearsToOwn: oneOf(YEARS_TO_OWN_OPTIONS.map((o) => o.value)),
})
export type CarDetailsValues = z.infer<typeof carDetailsSchema>

/**
 * Typed miles per year as the API's choice: the option whose band holds them (5000 is '0 - 5,000',
 * 10000 up to 10,000, …), the last ('25,000+') above.
 */
export function milesPerYearChoice(miles: number): number {
  const choices = MILES_PER_YEAR_OPTIONS.map((o) => o.value)
  return choices.find((choice) => miles <= choice) ?? choices[choices.length - 1]
}
