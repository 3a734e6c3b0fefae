import { z } from 'zod'
import { fieldErrors } from '../../lib/product'
import { emailField, nameField, phoneField } from '../../lib/validation-rules'

/**
 * One word of a name as the server's PersonName takes it (domain/src/contact.rs, `is_worded`): it
 * starts with a letter (Rust's char::is_alphabetic is Unicode's Alphabetic property; an accent may
 * follow as its own mark), an apostrophe, hyphen or period sits between letters, and only a period
 * ends it: O'Brien, Mary-Jane, José, St. John, J.R.
 */
const WORD = String.raw`\p{Alphabetic}[\p{Alphabetic}\p{M}]*(?:['\u2019.\-]\p{Alphabetic}[\p{Alphabetic}\p{M}]*)*\.?`

/**
 * A name: words separated by spaces. The server checks it too, but the request goes out from the
 * thank-you page after this form has closed (a refusal brings the member back here), so the form
 * checks first, with the server's rule.
 */
const NAME = new RegExp(`^ *${WORD}(?: +${WORD})* *$`, 'u')

/** A contact form's first or last name: required, the server's name rule. */
const contactNameField = nameField.regex(NAME, fieldErrors.nameLetters)

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
