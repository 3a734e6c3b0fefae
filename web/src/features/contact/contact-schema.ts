import { z } from 'zod'
import { fieldErrors } from '../../lib/product'
import { emailField, nameField, phoneField } from '../../lib/validation-rules'

/**
 * Letters and spaces, as the server's PersonName takes them (Rust's char::is_alphabetic is Unicode's
 * Alphabetic property). The contact request's server side keeps collectedInfo's names as sent (it
 * checks only their length), so this form checks the letters itself until it does.
 */
const LETTERS = /^[\p{Alphabetic} ]+$/u

/** A contact form's first or last name: required, letters and spaces. */
const contactNameField = nameField.regex(LETTERS, fieldErrors.nameLetters)

/**
 * Contact-me and the non-member contact form: who to call and how. Membership is never required
 * here (the contact variant); the member checkboxes are optional answers. The server's refusals
 * land on these fields through CONTACT_API_FIELDS (flow/contact-request.ts).
 */
export const contactSchema = z.object({
  firstName: contactNameField,
  lastName: contactNameField,
  phoneNumber: phoneField,
  emailAddress: emailField,
  isMember: z.boolean(),
  wantsMembershipInfo: z.boolean(),
})

export type ContactValues = z.input<typeof contactSchema>
