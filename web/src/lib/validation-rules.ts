import { z } from 'zod'
import { fieldErrors, limits } from './product'

/*
 * One source for field rules: the server owns the pattern and length rules of a field (names,
 * street, city, zip: domain/src/contact.rs; the contract finder's last name and zip:
 * api/src/routes/documents.rs) and names the field it refuses in its error (`error.field`). The web
 * checks only what it alone can: that a field is filled, that a mask is complete, and the rules of
 * a request the server does not check (the contact form's names, see contact-schema.ts).
 */

/** Email: trimmed, required, valid (splash and verify-email forms). */
export const emailField = z.string().trim().min(1, fieldErrors.required).pipe(z.email(fieldErrors.invalidEmail))

/** Strips everything but digits (phone, odometer). */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '')
}

/** A required text, trimmed: its pattern and length are the server's (error.field names it). */
export const requiredText = z.string().trim().min(1, fieldErrors.required)

/** First or last name: trimmed and required; the server's PersonName checks the letters. */
export const nameField = requiredText

/**
 * Phone typed through the (###) ###-#### mask: required, and the mask complete (10 digits). The mask
 * allows nothing but digits, so completeness is all there is to check; the check stays here because
 * an unfinished mask is the form's own state, and the contact request's server side does not check
 * the phone at all (PUT U does, with this text: PhoneNumber::parse).
 */
export const phoneField = z
  .string()
  .trim()
  .min(1, fieldErrors.required)
  .refine((value) => digitsOnly(value).length === limits.phoneDigits, fieldErrors.phoneTenDigits)
