import { z } from 'zod'
import { fieldErrors } from '../../lib/product'

/** Review page: both boxes must be ticked before booking. */
export const confirmSchema = z.object({
  acceptsTerms: z.boolean().refine((ticked) => ticked, fieldErrors.terms),
  acceptsRefundTerms: z.boolean().refine((ticked) => ticked, fieldErrors.refund),
})
export type ConfirmValues = z.infer<typeof confirmSchema>
