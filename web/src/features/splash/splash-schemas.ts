import { z } from 'zod'
import { fieldErrors } from '../../lib/product'
import { US_STATES } from '../../lib/us-states'
import { emailField } from '../../lib/validation-rules'

/** Splash step 1: the member's email. */
export const splashEmailSchema = z.object({ emailAddress: emailField })
export type SplashEmailValues = z.infer<typeof splashEmailSchema>

const STATE_CODES = US_STATES.map((s) => s.code)

/** Splash step 2: the state of residence (50 states + DC). */
export const residenceSchema = z.object({
  state: z
    .string()
    .min(1, fieldErrors.required)
    .refine((code) => STATE_CODES.includes(code), fieldErrors.required),
})
export type ResidenceValues = z.infer<typeof residenceSchema>
