import { z } from 'zod'
import { withThousands } from '../../lib/format'
import { fieldErrors, fill, limits, messages } from '../../lib/product'
import type { ApiFieldTable } from '../../lib/refused-field'
import { requiredText } from '../../lib/validation-rules'

/**
 * The contract finder (spec section 5's rules): the last name and zip code on the contract, trimmed
 * and required. The last name's letters are the server's rule (verifydetails, api/src/http/routes/document.rs),
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

/** The cancellation dialog's first step: the odometer reading today (as typed) and its attestation. */
export interface OdometerValues {
  odometer: string
  attested: boolean
}

/**
 * The highest reading the server quotes for (ODOMETER_MAX of activities/src/cancellation.rs; the
 * limit messages.cancelOdometerTooHigh names).
 */
export const ODOMETER_MAX = 1_000_000

/**
 * What is wrong with the odometer reading typed (null: nothing): whole miles, at least the reading
 * when the contract was bought (`atSale`), at most ODOMETER_MAX. The server checks the same
 * (GET …/cancellation?odometer=, field `odometer`) and has the last word.
 */
export function odometerProblem(value: string, atSale: number): string | null {
  const reading = value.trim()
  if (!/^[0-9]+$/.test(reading)) return messages.cancelOdometerRequired
  const miles = Number(reading)
  if (miles < atSale) return fill(messages.cancelOdometerBelowSale, { odometer: withThousands(atSale) })
  if (miles > ODOMETER_MAX) return messages.cancelOdometerTooHigh
  return null
}

/** GET and POST …/cancellation's refused fields → the dialog's fields (the same names). */
export const CANCEL_API_FIELDS = {
  odometer: 'odometer',
  attested: 'attested',
} as const satisfies ApiFieldTable<keyof OdometerValues>
