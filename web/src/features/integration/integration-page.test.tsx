import { screen, waitFor } from '@testing-library/react'
import { delay, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { messages, screens } from '../../lib/product'
import { car, institution, quote, user } from '../../test/fixtures'
import { server } from '../../test/msw-server'
import { answer, apiError } from '../../test/respond'
import { renderApp } from '../../test/render-app'

/** Lazily loaded screens take a moment on a busy machine. */
const LOADED = { timeout: 5000 }
const SESSION = '*/api/institution/:iid/integration/:integratorId/session'
const partnerUser = {
  ...user,
  firstName: 'Jane',
  lastName: 'Doe',
  phoneNumber: '3035550142',
  isMember: true,
  address: { street: '100 Main St', city: 'Denver', state: 'CO', zip: '80202' },
}

describe('integration mode (the app in a partner’s page)', () => {
  it('silent: a skeleton while the code is exchanged, then the coverage carousel without the institution header', async () => {
    let exchanged: unknown
    server.use(
      http.post(SESSION, async ({ request, params }) => {
        exchanged = { ...((await request.json()) as object), integratorId: params.integratorId }
        await delay(1500)
        return answer('session', { user: partnerUser, token: 't-partner', car, quote: { ...quote, state: 'CO' } })
      }),
    )
    renderApp('/summit-cu/user/integration/demo-partner/silent?launch=code-1')
    expect(await screen.findByTestId('integration-skeleton', {}, LOADED)).toBeInTheDocument()
    expect(await screen.findByTestId('rate-card', {}, LOADED)).toBeInTheDocument()
    expect(exchanged).toEqual({ launchCode: 'code-1', integratorId: 'demo-partner' })
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/user/coverage/level'), LOADED)
    // No institution header; the layout's logo stays (app/layout-logo.test.tsx).
    expect(screen.queryByTestId('app-header')).not.toBeInTheDocument()
    expect(screen.getByTestId('institution-logo')).toBeInTheDocument()
    // Back goes to the car steps (not to a splash).
    expect(screen.getByTestId('back-button')).toBeInTheDocument()
  })

  it('selection: the lookup choice, with no way back to the splash', async () => {
    server.use(http.post(SESSION, () => answer('session', { user: partnerUser, token: 't', car: null, quote: null })))
    renderApp('/summit-cu/user/integration/demo-partner/selection?launch=code-2')
    expect(await screen.findByTestId('lookup-continue', {}, LOADED)).toBeInTheDocument()
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/user/car/lookup'), LOADED)
    expect(screen.queryByTestId('back-button')).not.toBeInTheDocument()
  })

  it(`'${messages.noAvailablePolicies}' when the partner's vehicle gets no coverage`, async () => {
    server.use(http.post(SESSION, () => apiError('noPolicies', messages.noAvailablePolicies, 422)))
    renderApp('/summit-cu/user/integration/demo-partner/silent?launch=code-3')
    expect(await screen.findByTestId('no-policies-page', {}, LOADED)).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(messages.noAvailablePolicies)
    expect(screen.getByText(screens.integration.noPoliciesMessage)).toBeInTheDocument()
    expect(screen.getByTestId('institution-phone')).toHaveTextContent('(800) 555-0142')
  })

  it('an expired code or an inactive integrator: the API’s message, not a blank page', async () => {
    const message = messages.integrationInactive
    server.use(http.post(SESSION, () => apiError('integratorInactive', message, 403)))
    renderApp('/summit-cu/user/integration/demo-partner/silent?launch=code-4')
    expect(await screen.findByTestId('launch-failed-page', {}, LOADED)).toHaveTextContent(message)
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(screens.integration.launchFailedTitle)
  })

  it('keeps the institution header outside integration mode, and drops it when the institution has none', async () => {
    server.use(
      http.get('*/api/institution/:iid', () =>
        answer('institution', { ...institution, branding: { ...institution.branding, shouldHaveHeader: false } }),
      ),
    )
    renderApp('/summit-cu/splash')
    expect(await screen.findByTestId('email-input', {}, LOADED)).toBeInTheDocument()
    expect(screen.queryByTestId('app-header')).not.toBeInTheDocument()
  })
})
