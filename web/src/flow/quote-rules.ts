import { limits } from '../lib/product'
import type { FlowContext } from './flow-context'

/** The quote is for this car and these driving habits: a change of any of them quotes again. */
export function quoteKey(context: Pick<FlowContext, 'car' | 'milesPerYear' | 'yearsToOwn'>): string {
  return `${context.car?.carId}|${context.milesPerYear}|${context.yearsToOwn}`
}

/** Carousel start: the middle card (limits.defaultRateIndex) when there is more than one rate (spec section 4). */
export function startRateIndex(rateCount: number): number {
  return rateCount > limits.defaultRateIndex ? limits.defaultRateIndex : 0
}
