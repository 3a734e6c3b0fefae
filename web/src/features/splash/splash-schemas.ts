import { z } from 'zod'
import { emailField, REQUIRED } from '../../lib/validation-rules'
import { US_STATES } from '../../lib/us-states'

/** Splash step 1: the member's email. */
export const splashEmailSchema = z.object({ emailAddress: emailField })
export type SplashEmailValues = z.infer<typeof splashEmailSchema>

const STATE_CODES = US_STATES.map((s) => s.code)

/** Splash step 2: the state of residence (50 states + DC). */
export const residenceSchema = z.object({
  state: z
    .string()
    .min(1, REQUIRED)
    .refine((code) => STATE_CODES.includes(code), REQUIRED),
})
export type ResidenceValues = z.infer<typeof residenceSchema>
