import { z } from 'zod'

/** Member-facing validation texts shared by more than one form (spec section 5). */
export const REQUIRED = 'Field is required'
export const INVALID_EMAIL = 'Must be a valid email'

/** Email: trimmed, required, valid (splash and verify-email forms). */
export const emailField = z.string().trim().min(1, REQUIRED).pipe(z.email(INVALID_EMAIL))

/** Strips everything but digits (phone, odometer). */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '')
}

/** Letters, spaces and underscores with at least one letter (spec section 5's name rule). */
const NAME = /^(?=.*[A-Za-z])[A-Za-z _]+$/
export const NAME_MESSAGE = 'Can contain only letters with no special characters or spaces'

/** First or last name: trimmed, required, letters (personal details and contact forms). */
export const nameField = z.string().trim().min(1, REQUIRED).regex(NAME, NAME_MESSAGE)

/** Phone typed through the (###) ###-#### mask: required, 10 digits. */
export const phoneField = z
  .string()
  .trim()
  .min(1, REQUIRED)
  .refine((value) => digitsOnly(value).length === 10, 'Phone number must be 10 digits long')
