import { limits } from '../lib/product'
import type { Quote, Rate } from '../api/types'
import type { FlowContext } from './flow-context'

/** The driving habits a quote is for. */
function habitsKey(context: Pick<FlowContext, 'milesPerYear' | 'yearsToOwn'>): string {
  return `${context.milesPerYear}|${context.yearsToOwn}`
}

/** The quote is for this car and these driving habits: a change of any of them quotes again. */
export function quoteKey(context: Pick<FlowContext, 'car' | 'milesPerYear' | 'yearsToOwn'>): string {
  return `${context.car?.carId}|${habitsKey(context)}`
}

/** The same coverage option at the same price (the ids of a new quote differ). */
function sameOffer(a: Rate, b: Rate): boolean {
  return (
    a.coverageName === b.coverageName &&
    a.coverageMonths === b.coverageMonths &&
    a.coverageMiles === b.coverageMiles &&
    a.coverageDeductible === b.coverageDeductible &&
    a.unformattedRate === b.unformattedRate &&
    a.taxAmount === b.taxAmount &&
    a.provider === b.provider
  )
}

/**
 * A new quote keeps the member's carousel choice when it was made for the same driving habits and
 * offers exactly the same options at the same prices as the last one (a real VIN replacing the
 * description's, the car created again): the member sees what they chose. Otherwise the choice
 * starts again (spec section 4).
 */
export function keepsRateChoice(
  context: Pick<FlowContext, 'quote' | 'quotedFor' | 'milesPerYear' | 'yearsToOwn'>,
  next: Quote,
): boolean {
  const last = context.quote
  if (!last || !context.quotedFor?.endsWith(`|${habitsKey(context)}`)) return false
  return last.rates.length === next.rates.length && last.rates.every((rate, i) => sameOffer(rate, next.rates[i]))
}

/** Carousel start: the middle card (limits.defaultRateIndex) when there is more than one rate (spec section 4). */
export function startRateIndex(rateCount: number): number {
  return rateCount > limits.defaultRateIndex ? limits.defaultRateIndex : 0
}
