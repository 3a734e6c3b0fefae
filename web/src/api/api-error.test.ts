import { describe, expect, it } from 'vitest'
import { ApiError, hasCode } from './api-error'
import { errorCodeOr } from './types'

describe('error codes', () => {
  it("keeps a body's code only when it is one the API answers", () => {
    expect(errorCodeOr('voided', 'internal')).toBe('voided')
    expect(errorCodeOr('rateLimited', 'internal')).toBe('rateLimited')
    expect(errorCodeOr('Bad Gateway', 'internal')).toBe('internal')
    expect(errorCodeOr(undefined, 'paymentFailed')).toBe('paymentFailed')
    expect(errorCodeOr(42, 'internal')).toBe('internal')
  })

  it('hasCode matches an ApiError by any of its codes, and nothing else', () => {
    const voided = new ApiError(409, 'voided', 'This contract was voided.')
    expect(hasCode(voided, 'notReady', 'voided')).toBe(true)
    expect(hasCode(voided, 'notReady')).toBe(false)
    expect(hasCode(new Error('voided'), 'voided')).toBe(false)
    expect(hasCode({ code: 'voided' }, 'voided')).toBe(false)
  })
})
