import { z } from 'zod'
import { fieldErrors } from '../../lib/product'
import { emailField, nameField, phoneField } from '../../lib/validation-rules'

/**
 * Letters and spaces, as the server's PersonName takes them (Rust's char::is_alphabetic is Unicode's
 * Alphabetic property). The server checks them too, but the request goes out from the thank-you page
 * after this form has closed (a refusal brings the member back here), so the form checks first.
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
