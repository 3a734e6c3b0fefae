import { describe, expect, it } from 'vitest'
import { restoreSourceOf } from './restore-source'

describe('restoreSourceOf: which opening finds the member’s checkout again', () => {
  it('a /user page: the restore cookie’s session', () => {
    expect(restoreSourceOf('/summit-cu/user/coverage/level')).toEqual({ via: 'session' })
    expect(restoreSourceOf('/summit-cu/user/verify-email/code-confirmation')).toEqual({ via: 'session' })
    expect(restoreSourceOf('/summit-cu/user/nowhere')).toEqual({ via: 'session' })
  })

  it('a continue link: its token', () => {
    expect(restoreSourceOf('/summit-cu/resume/abc-123')).toEqual({ via: 'link', token: 'abc-123' })
    expect(restoreSourceOf('/summit-cu/resume/')).toBeNull()
  })

  it('nothing for the splash, footer pages, unknown routes and integration launches', () => {
    for (const path of ['/summit-cu/splash', '/summit-cu', '/summit-cu/security', '/summit-cu/checkout']) {
      expect(restoreSourceOf(path), path).toBeNull()
    }
    expect(restoreSourceOf('/summit-cu/user/integration/acme/silent')).toBeNull()
  })
})
