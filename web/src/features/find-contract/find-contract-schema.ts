import { z } from 'zod'
import { fieldErrors, limits } from '../../lib/product'

/** The contract finder (spec section 5's rules): the last name and zip code on the contract, trimmed. */
export const findContractSchema = z.object({
  lastname: z
    .string()
    .trim()
    .min(1, fieldErrors.required)
    .regex(/^[A-Za-z ]+$/, fieldErrors.lettersAndSpaces),
  zipcode: z
    .string()
    .trim()
    .min(1, fieldErrors.required)
    .regex(/^\d+$/, fieldErrors.numbersOnly)
    .length(limits.zipLength, fieldErrors.findZip),
})
export type FindContractValues = z.infer<typeof findContractSchema>
