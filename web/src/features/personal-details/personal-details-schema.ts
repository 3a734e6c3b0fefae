import { z } from 'zod'
import { nameField, phoneField, REQUIRED } from '../../lib/validation-rules'

export { NAME_MESSAGE } from '../../lib/validation-rules'

/** Letters, digits, spaces, underscores and dots with at least one letter or digit. */
const ALPHANUMERIC_TEXT = /^(?=.*[A-Za-z0-9])[A-Za-z0-9 _.]+$/
const CITY = /^(?=.*[A-Za-z])[A-Za-z ]+$/

export function membershipMessage(institutionName: string): string {
  return `Please indicate if you are a member of ${institutionName}`
}

/** Personal details (missing-info); the membership message names the institution. */
export function personalDetailsSchema(institutionName: string) {
  return z.object({
    firstName: nameField,
    lastName: nameField,
    phoneNumber: phoneField,
    street: z.string().trim().min(1, REQUIRED).regex(ALPHANUMERIC_TEXT, 'No special characters'),
    city: z.string().trim().min(1, REQUIRED).regex(CITY, 'Can only contain letters'),
    zip: z
      .string()
      .trim()
      .min(1, REQUIRED)
      .min(5, 'Zip code should be 5 digits in length')
      .max(5, 'Zip code should be 5 digits in length')
      .regex(/^\d+$/, 'Can contain only numbers'),
    isMember: z.enum(['yes', 'no'], { error: membershipMessage(institutionName) }),
  })
}

export type PersonalDetailsValues = z.input<ReturnType<typeof personalDetailsSchema>>
