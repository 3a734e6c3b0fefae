import { isConnectionLost, isRateLimited, type ApiError } from '../api/api-error'
import { fill, messages } from '../lib/product'

/**
 * What the member reads when a vehicle look-up (VIN or description) got no answer about the vehicle:
 * too many look-ups (in how many seconds to try again, from the 429's Retry-After) or a dropped
 * connection. Null when the API did answer: the vehicle was not found.
 */
export function lookupFailureText(error: unknown): string | null {
  if (isRateLimited(error)) {
    const seconds = (error as ApiError).retryAfterSeconds
    return seconds ? fill(messages.tooManyLookups, { seconds: String(seconds) }) : messages.tooManyLookupsLater
  }
  if (isConnectionLost(error)) return messages.connectionProblem
  return null
}
