import { z } from 'zod'
import { emailField, nameField, phoneField } from '../../lib/validation-rules'

/**
 * Contact-me and the non-member contact form: who to call and how. Membership is never required
 * here (the contact variant); the member checkboxes are optional answers.
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
