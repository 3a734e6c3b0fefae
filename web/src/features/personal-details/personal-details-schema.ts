import { z } from 'zod'
import { fieldErrors, fill } from '../../lib/product'
import type { ApiFieldTable } from '../../lib/refused-field'
import { cityField, personNameField, phoneField, streetField, zipField } from '../../lib/validation-rules'

/**
 * Personal details (missing-info); the membership message names the institution. Every field is
 * checked here with the server's rules (PUT U, domain/src/contact.rs: the names' letters, the
 * street's and city's characters, the zip's digits and length; the phone mask complete), so all
 * mistakes show after one submit: the server answers one field at a time. Its refusal still lands
 * on the field through PERSONAL_DETAILS_API_FIELDS.
 */
export function personalDetailsSchema(institutionName: string) {
  return z.object({
    firstName: personNameField,
    lastName: personNameField,
    phoneNumber: phoneField,
    street: streetField,
    city: cityField,
    zip: zipField,
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
