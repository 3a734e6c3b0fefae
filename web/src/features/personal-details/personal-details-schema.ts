import { z } from 'zod'
import { fieldErrors, fill, limits } from '../../lib/product'
import { nameField, phoneField } from '../../lib/validation-rules'

/** Letters, digits, spaces, underscores and dots with at least one letter or digit. */
const ALPHANUMERIC_TEXT = /^(?=.*[A-Za-z0-9])[A-Za-z0-9 _.]+$/
const CITY = /^(?=.*[A-Za-z])[A-Za-z ]+$/

/** Personal details (missing-info); the membership message names the institution. */
export function personalDetailsSchema(institutionName: string) {
  return z.object({
    firstName: nameField,
    lastName: nameField,
    phoneNumber: phoneField,
    street: z.string().trim().min(1, fieldErrors.required).regex(ALPHANUMERIC_TEXT, fieldErrors.street),
    city: z.string().trim().min(1, fieldErrors.required).regex(CITY, fieldErrors.cityLetters),
    zip: z
      .string()
      .trim()
      .min(1, fieldErrors.required)
      .min(limits.zipLength, fieldErrors.zip)
      .max(limits.zipLength, fieldErrors.zip)
      .regex(/^\d+$/, fieldErrors.numbersOnly),
    isMember: z.enum(['yes', 'no'], { error: fill(fieldErrors.memberQuestion, { institution: institutionName }) }),
  })
}

export type PersonalDetailsValues = z.input<ReturnType<typeof personalDetailsSchema>>
