import { describe, expect, it } from 'vitest'
import { integrationLaunchOf } from './integration-launch'

describe('integrationLaunchOf', () => {
  it('reads the integrator, the mode and the launch code', () => {
    expect(integrationLaunchOf('/summit-cu/user/integration/demo-partner/silent', '?launch=abc-123')).toEqual({
      integratorId: 'demo-partner',
      mode: 'silent',
      launchCode: 'abc-123',
    })
    expect(integrationLaunchOf('/summit-cu/user/integration/demo-partner/selection', '?launch=xyz')).toEqual({
      integratorId: 'demo-partner',
      mode: 'selection',
      launchCode: 'xyz',
    })
  })

  it('marks integration mode for any location containing integration, even without a code', () => {
    expect(integrationLaunchOf('/summit-cu/user/integration/demo-partner', '')).toEqual({
      integratorId: 'demo-partner',
      mode: 'selection',
      launchCode: '',
    })
  })

  it('is null elsewhere', () => {
    expect(integrationLaunchOf('/summit-cu/splash', '?launch=abc')).toBeNull()
    expect(integrationLaunchOf('/summit-cu/user/car/lookup', '')).toBeNull()
  })
})
