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
