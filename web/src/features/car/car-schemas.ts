import { z } from 'zod'
import { REQUIRED } from '../../lib/validation-rules'

export const VIN_LENGTH = 17
export const VIN_TOO_LONG = 'A VIN can be a maximum of 17 digits'
export const VIN_TOO_SHORT = 'VIN must be at least 17 digits'

/** VIN page: exactly 17 characters, sent upper-cased. */
export const vinSchema = z.object({
  vin: z.string().trim().max(VIN_LENGTH, VIN_TOO_LONG).min(VIN_LENGTH, VIN_TOO_SHORT).toUpperCase(),
})
export type VinValues = z.infer<typeof vinSchema>

/** Mileage page: the odometer as typed, with thousands separators ('45,000'). */
export const mileageSchema = z.object({
  odometer: z
    .string()
    .trim()
    .min(1, REQUIRED)
    .regex(/^[\d,]+$/, 'Can only contain whole numbers')
    .max(7, 'Can only be 6 digits')
    .refine((value) => Number(value.replace(/,/g, '')) > 0, 'Can only be greater than zero'),
})
export type MileageValues = z.infer<typeof mileageSchema>

/** Miles per year choices (spec section 9); default 15000. */
export const MILES_PER_YEAR_OPTIONS = [
  { value: 5000, label: '0 - 5,000' },
  { value: 10000, label: '10,000' },
  { value: 15000, label: '15,000' },
  { value: 20000, label: '20,000' },
  { value: 25000, label: '25,000' },
  { value: 30000, label: '25,000+' },
] as const

/** Years to own choices, ids 1..7; default 6. */
export const YEARS_TO_OWN_OPTIONS = [
  { value: 1, label: '1 Year' },
  { value: 2, label: '2 Years' },
  { value: 3, label: '3 Years' },
  { value: 4, label: '4 Years' },
  { value: 5, label: '5 Years' },
  { value: 6, label: '6 Years' },
  { value: 7, label: '7+ Years' },
] as const

const oneOf = (values: readonly number[]) =>
  z.number({ error: REQUIRED }).refine((value) => values.includes(value), REQUIRED)

export const milesPerYearSchema = z.object({ milesPerYear: oneOf(MILES_PER_YEAR_OPTIONS.map((o) => o.value)) })
export type MilesPerYearValues = z.infer<typeof milesPerYearSchema>

export const yearsToOwnSchema = z.object({ yearsToOwn: oneOf(YEARS_TO_OWN_OPTIONS.map((o) => o.value)) })
export type YearsToOwnValues = z.infer<typeof yearsToOwnSchema>
