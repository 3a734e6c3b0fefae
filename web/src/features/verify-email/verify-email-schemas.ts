import { z } from 'zod'
import { emailField, REQUIRED } from '../../lib/validation-rules'

/** Send-email page: the address the code goes to. */
export const sendEmailSchema = z.object({ emailAddress: emailField })
export type SendEmailValues = z.infer<typeof sendEmailSchema>

/** Code page: the 6-digit code from the email. */
export const verificationCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, REQUIRED)
    .regex(/^\d{6}$/, 'Must be 6 digits'),
})
export type VerificationCodeValues = z.infer<typeof verificationCodeSchema>
