import { z } from 'zod'
import { fieldErrors, limits } from '../../lib/product'
import type { ApiFieldTable } from '../../lib/refused-field'
import { requiredText } from '../../lib/validation-rules'

/**
 * The contract finder (spec section 5's rules): the last name and zip code on the contract, trimmed
 * and required. The last name's letters are the server's rule (verifydetails, api/src/routes/documents.rs),
 * answered on `lastname`; the zip's ##### mask lets only digits in, and its completeness (5 digits)
 * is checked here with the server's text.
 */
export const findContractSchema = z.object({
  lastname: requiredText,
  zipcode: requiredText.length(limits.zipLength, fieldErrors.findZip),
})
export type FindContractValues = z.infer<typeof findContractSchema>

/** POST verifydetails' field names → this form's fields (the same names). */
export const FIND_CONTRACT_API_FIELDS = {
  lastname: 'lastname',
  zipcode: 'zipcode',
} as const satisfies ApiFieldTable<keyof FindContractValues>
