import { z } from 'zod'
import type { CarFlags } from '../../api/types'
import { REQUIRED } from '../../lib/validation-rules'

/** Description page: each of year, make, model and style is required. */
export const descriptionSchema = z.object({
  year: z.string().trim().min(1, REQUIRED),
  make: z.string().trim().min(1, REQUIRED),
  model: z.string().trim().min(1, REQUIRED),
  style: z.string().trim().min(1, REQUIRED),
})
export type DescriptionValues = z.infer<typeof descriptionSchema>

/** The car flags the mileage page offers (spec section 3), in the spec's order. */
export const CAR_FLAG_OPTIONS = [
  { key: 'certifiedPreowned', label: 'Certified Pre-Owned' },
  { key: 'commercialUse', label: 'Commercial Use' },
  { key: 'hasLiftKitOrOversizeTires', label: 'Lifted' },
  { key: 'isSalvageTitle', label: 'Salvage Title' },
  { key: 'modifiedVehicle', label: 'Modified' },
  { key: 'secondOwner', label: 'Second Owner' },
] as const satisfies ReadonlyArray<{ key: keyof CarFlags; label: string }>

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

const oneOf = (values: readonly number[]) => z.number({ error: REQUIRED }).refine((value) => values.includes(value), REQUIRED)

export const milesPerYearSchema = z.object({ milesPerYear: oneOf(MILES_PER_YEAR_OPTIONS.map((o) => o.value)) })
export type MilesPerYearValues = z.infer<typeof milesPerYearSchema>

export const yearsToOwnSchema = z.object({ yearsToOwn: oneOf(YEARS_TO_OWN_OPTIONS.map((o) => o.value)) })
export type YearsToOwnValues = z.infer<typeof yearsToOwnSchema>
