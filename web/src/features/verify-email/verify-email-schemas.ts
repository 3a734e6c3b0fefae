import { z } from 'zod'
import { fieldErrors, limits } from '../../lib/product'
import { emailField } from '../../lib/validation-rules'

/** Send-email page: the address the code goes to. */
export const sendEmailSchema = z.object({ emailAddress: emailField })
export type SendEmailValues = z.infer<typeof sendEmailSchema>

/** The code's digits and nothing else. */
const CODE = new RegExp(`^\\d{${limits.codeDigits}}$`)

/** Code page: the 6-digit code from the email. */
export const verificationCodeSchema = z.object({
  code: z.string().trim().min(1, fieldErrors.required).regex(CODE, fieldErrors.codeDigits),
})
export type VerificationCodeValues = z.infer<typeof verificationCodeSchema>
