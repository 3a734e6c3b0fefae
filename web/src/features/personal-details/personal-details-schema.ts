import { z } from 'zod'
import { digitsOnly, REQUIRED } from '../../lib/validation-rules'

/** Letters, spaces and underscores with at least one letter (spec section 5's name rule). */
const NAME = /^(?=.*[A-Za-z])[A-Za-z _]+$/
/** Letters, digits, spaces, underscores and dots with at least one letter or digit. */
const ALPHANUMERIC_TEXT = /^(?=.*[A-Za-z0-9])[A-Za-z0-9 _.]+$/
const CITY = /^(?=.*[A-Za-z])[A-Za-z ]+$/

export const NAME_MESSAGE = 'Can contain only letters with no special characters or spaces'

export function membershipMessage(institutionName: string): string {
  return `Please indicate if you are a member of ${institutionName}`
}

const name = z.string().trim().min(1, REQUIRED).regex(NAME, NAME_MESSAGE)

/** Personal details (missing-info); the membership message names the institution. */
export function personalDetailsSchema(institutionName: string) {
  return z.object({
    firstName: name,
    lastName: name,
    phoneNumber: z
      .string()
      .trim()
      .min(1, REQUIRED)
      .refine((value) => digitsOnly(value).length === 10, 'Phone number must be 10 digits long'),
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
