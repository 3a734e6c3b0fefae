import { z } from 'zod'
import { REQUIRED } from '../../lib/validation-rules'

/** Spec section 5, Find contract. */
export const LETTERS_ONLY = 'Can contain only letters with no special characters'
export const ZIP_LENGTH = 'Zip code must be 5 numbers'
export const NUMBERS_ONLY = 'Can contain only numbers'

/** Find your contract: the last name and zip code on the contract, trimmed. */
export const findContractSchema = z.object({
  lastname: z
    .string()
    .trim()
    .min(1, REQUIRED)
    .regex(/^[A-Za-z ]+$/, LETTERS_ONLY),
  zipcode: z.string().trim().min(1, REQUIRED).regex(/^\d+$/, NUMBERS_ONLY).length(5, ZIP_LENGTH),
})
export type FindContractValues = z.infer<typeof findContractSchema>
