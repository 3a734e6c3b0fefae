import { ApiError } from './api-error'

/**
 * A call worth sending again as it was (same Idempotency-Key): the connection failed before an
 * answer, or the API said it could not take the call just now (503, e.g. checkoutBusy).
 */
export function isRetryable(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status === 503)
}

export const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * Runs `call`, and again after each of `delaysMs` while it fails in a retryable way; the last
 * failure is thrown. The call must be safe to repeat (an idempotent call, or one with its key).
 */
export async function withRetries<T>(call: () => Promise<T>, delaysMs: readonly number[] = [1000, 3000]): Promise<T> {
  for (const delay of delaysMs) {
    try {
      return await call()
    } catch (error) {
      if (!isRetryable(error)) throw error
      await wait(delay)
    }
  }
  return call()
}
