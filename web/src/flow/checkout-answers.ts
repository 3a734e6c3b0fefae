import type { CheckoutAnswers, CheckoutBounce } from '../api/types'
import type { FlowContext } from './flow-context'
import { recordedBounce } from './no-rates-cause'
import { quoteKey } from './quote-rules'
import { STEP_INFO, type Step } from './steps'

/** Steps the member's checkout records (domain/steps.json's `recorded`): every step but the splash and the user-creation error. */
export function isRecordedStep(step: Step): boolean {
  return STEP_INFO[step].recorded
}

/** The bounce as the checkout records it: with the no-rates page's cause (no-rates-cause.ts). */
function bounceOf(context: FlowContext): CheckoutBounce {
  const recorded = recordedBounce(context.pageUserBouncedFrom, context.noRatesCause)
  return {
    ...(recorded ? { pageUserBouncedFrom: recorded } : {}),
    ...(context.contactOrigin ? { contactOrigin: context.contactOrigin } : {}),
    paymentOptionsRequested: context.paymentOptionsRequested,
  }
}

/**
 * Everything the member has answered so far, as the checkout records it (the whole snapshot, not
 * what changed). Only answers that belong together are sent, so the server can check each against
 * the one before it: the car when it is the vehicle's, the quote when it was made for that car and
 * these habits, the chosen rate when it is one of that quote's. A member going back and changing an
 * answer therefore never sends a car, quote or rate of the earlier answers.
 */
export function checkoutAnswersOf(context: FlowContext): CheckoutAnswers {
  const answers: CheckoutAnswers = { carFlags: context.carFlags, bounce: bounceOf(context) }
  if (context.stateOfResidence) answers.stateOfResidence = context.stateOfResidence
  const vehicle = context.vehicle
  if (!vehicle) return answers
  // The style too: the member's choice when the VIN fits several (the server keeps its own for any other).
  answers.vehicle = { vin: vehicle.vin, style: vehicle.style }
  if (!context.odometer) return answers
  answers.odometer = Number(context.odometer)
  answers.milesPerYear = context.milesPerYear
  answers.yearsToOwn = context.yearsToOwn
  const car = context.car?.vin === vehicle.vin ? context.car : null
  if (!car) return answers
  answers.carId = car.carId
  const quote = context.quote && context.quotedFor === quoteKey(context) ? context.quote : null
  if (!quote) return answers
  answers.quoteId = quote.quoteId
  const chosen = context.selectedRate
  const index = chosen ? quote.rates.findIndex((rate) => rate.rateId === chosen.rateId) : -1
  if (chosen && index >= 0) answers.rate = { rateId: chosen.rateId, index }
  return answers
}
