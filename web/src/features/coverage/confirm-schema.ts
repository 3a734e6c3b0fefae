import { z } from 'zod'

/** Review page: both boxes must be ticked before booking. */
export const confirmSchema = z.object({
  acceptsTerms: z.boolean().refine((ticked) => ticked, 'Please read the terms of service before continuing'),
  acceptsRefundTerms: z.boolean().refine((ticked) => ticked, 'Please agree to the refund terms before continuing'),
})
export type ConfirmValues = z.infer<typeof confirmSchema>
