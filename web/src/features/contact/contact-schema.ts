import { z } from 'zod'
import { emailField, nameField, phoneField } from '../../lib/validation-rules'

/**
 * Contact-me and the non-member contact form: who to call and how. The names follow the server's
 * PersonName rule (lib/validation-rules.ts): the request goes out from the thank-you page after
 * this form has closed (a refusal brings the member back here), so the form checks first.
 * Membership is never required here (the contact variant); the member checkboxes are optional
 * answers. The server's refusals land on these fields through CONTACT_API_FIELDS
 * (flow/contact-request.ts).
 */
export const contactSchema = z.object({
  firstName: nameField,
  lastName: nameField,
  phoneNumber: phoneField,
  emailAddress: emailField,
  isMember: z.boolean(),
  wantsMembershipInfo: z.boolean(),
})

export type ContactValues = z.input<typeof contactSchema>
