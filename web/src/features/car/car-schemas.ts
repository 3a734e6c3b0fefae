import { z } from 'zod'
import type { CarFlags } from '../../api/types'
import { fieldErrors, limits, options } from '../../lib/product'
import { odometerDigits } from './odometer'

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

/** The car flags as the checkboxes give them: each ticked or not. */
const carFlagsRule = z.object({
  certifiedPreowned: z.boolean(),
  commercialUse: z.boolean(),
  hasLiftKitOrOversizeTires: z.boolean(),
  isSalvageTitle: z.boolean(),
  modifiedVehicle: z.boolean(),
  secondOwner: z.boolean(),
})

/**
 * The odometer as typed, with thousands separators ('45,000'), on the mileage page and the combined
 * form alike (spec section 5): required, digits only (`notANumber`, each form's own text), at most
 * 6 digits (7 characters with the comma), greater than zero.
 */
function odometerRule(notANumber: string) {
  return (
    z
      .string()
      .trim()
      .min(1, required)
      .regex(/^[\d,]+$/, notANumber)
      // The digits and the thousands comma: '999,999'; and never a 7th digit, however it was typed.
      .max(limits.odometerDigits + 1, fieldErrors.sixDigits)
      .refine((value) => odometerDigits(value).length <= limits.odometerDigits, fieldErrors.sixDigits)
      .refine((value) => Number(odometerDigits(value)) > 0, fieldErrors.greaterThanZero)
  )
}

/** Mileage page: the odometer ('Can only contain whole numbers') and the optional car flags. */
export const mileageSchema = z.object({
  carFlags: carFlagsRule,
  odometer: odometerRule(fieldErrors.wholeNumbers),
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

/**
 * The combined car-details form (spec section 5): the mileage page's odometer rules ('Can only
 * contain numbers' for anything but digits, the text the spec gives this form), a miles-per-year and
 * a years-to-own choice as their own pages take them, and the mileage page's car flags.
 */
export const carDetailsSchema = z.object({
  odometer: odometerRule(fieldErrors.onlyNumbers),
  milesPerYear: oneOf(MILES_PER_YEAR_OPTIONS.map((o) => o.value)),
  yearsToOwn: oneOf(YEARS_TO_OWN_OPTIONS.map((o) => o.value)),
  carFlags: carFlagsRule,
})
export type CarDetailsValues = z.infer<typeof carDetailsSchema>
