import type { ApiErrorCode } from './types'

/** A failed API call: the HTTP status plus the API's error code, member-facing message and offending field. */
export class ApiError extends Error {
  readonly status: number
  readonly code: ApiErrorCode
  readonly field: string | null

  constructor(status: number, code: ApiErrorCode, message: string, field: string | null = null) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.code = code
    this.field = field
  }
}

/** True when the server refused the token because the session ran out. */
export function isSessionExpired(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'sessionExpired' || error.status === 401)
}

/** The API's message for an error, or a fallback for anything else. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback
}
