import { z } from 'zod'
import { fieldErrors, fill } from '../../lib/product'
import type { ApiFieldTable } from '../../lib/refused-field'
import { nameField, phoneField, requiredText } from '../../lib/validation-rules'

/**
 * Personal details (missing-info); the membership message names the institution. Each field is
 * required here; the letters of the names, the street's and city's characters and the zip's digits
 * and length are checked by the server (PUT U, domain/src/contact.rs), whose refusal lands on the
 * field through PERSONAL_DETAILS_API_FIELDS. The phone keeps its mask's completeness (phoneField).
 */
export function personalDetailsSchema(institutionName: string) {
  return z.object({
    firstName: nameField,
    lastName: nameField,
    phoneNumber: phoneField,
    street: requiredText,
    city: requiredText,
    zip: requiredText,
    isMember: z.enum(['yes', 'no'], { error: fill(fieldErrors.memberQuestion, { institution: institutionName }) }),
  })
}

export type PersonalDetailsValues = z.input<ReturnType<typeof personalDetailsSchema>>

/**
 * PUT U's field names (update_user: PersonName, PhoneNumber, parse_street, parse_city, ZipCode and
 * the membership answer) → this form's fields. The address's `state` is not on the form (it comes
 * from the splash): its refusal stays in the page's general error.
 */
export const PERSONAL_DETAILS_API_FIELDS = {
  firstName: 'firstName',
  lastName: 'lastName',
  phoneNumber: 'phoneNumber',
  street: 'street',
  city: 'city',
  zip: 'zip',
  isMember: 'isMember',
} as const satisfies ApiFieldTable<keyof PersonalDetailsValues>
