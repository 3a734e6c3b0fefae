import { z } from 'zod'
import { fieldErrors, limits } from './product'

/** Email: trimmed, required, valid (splash and verify-email forms). */
export const emailField = z.string().trim().min(1, fieldErrors.required).pipe(z.email(fieldErrors.invalidEmail))

/** Strips everything but digits (phone, odometer). */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '')
}

/** Letters, spaces and underscores with at least one letter (spec section 5's name rule). */
const NAME = /^(?=.*[A-Za-z])[A-Za-z _]+$/

/** First or last name: trimmed, required, letters (personal details and contact forms). */
export const nameField = z.string().trim().min(1, fieldErrors.required).regex(NAME, fieldErrors.nameLetters)

/** Phone typed through the (###) ###-#### mask: required, 10 digits. */
export const phoneField = z
  .string()
  .trim()
  .min(1, fieldErrors.required)
  .refine((value) => digitsOnly(value).length === limits.phoneDigits, fieldErrors.phoneTenDigits)
