import type { ApiErrorCode } from './types'

/**
 * A failed API call: the HTTP status plus the API's error code, member-facing message and offending
 * field. The message is only ever the API's own text or one of product.json's (a dropped connection:
 * messages.connectionProblem), never the browser's or a proxy's words; '' when the API gave none.
 */
export class ApiError extends Error {
  readonly status: number
  readonly code: ApiErrorCode
  readonly field: string | null
  /** A 429's Retry-After, in seconds, when the API said when to try again. */
  readonly retryAfterSeconds: number | null

  constructor(
    status: number,
    code: ApiErrorCode,
    message: string,
    field: string | null = null,
    retryAfterSeconds: number | null = null,
  ) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.code = code
    this.field = field
    this.retryAfterSeconds = retryAfterSeconds
  }
}

/** True when `error` is the API's answer with one of `codes`. */
export function hasCode(error: unknown, ...codes: ApiErrorCode[]): error is ApiError {
  return error instanceof ApiError && codes.includes(error.code)
}

/** True when the server refused the token because the session ran out. */
export function isSessionExpired(error: unknown): boolean {
  return hasCode(error, 'sessionExpired') || (error instanceof ApiError && error.status === 401)
}

/** The call never got an answer: the connection dropped or the server could not be reached. */
export function isConnectionLost(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0
}

/** The API refused the call for now: too many of them (429 rateLimited). */
export function isRateLimited(error: unknown): boolean {
  return hasCode(error, 'rateLimited') || (error instanceof ApiError && error.status === 429)
}

/** The API's message for an error, or a fallback for anything else. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback
}
