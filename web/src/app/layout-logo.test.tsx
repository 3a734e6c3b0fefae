import { screen } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import { messages } from '../lib/product'
import { car, institution, quote, user } from '../test/fixtures'
import { server } from '../test/msw-server'
import { answer, apiError } from '../test/respond'
import { dismissImpactModal, renderApp } from '../test/render-app'

/** Lazily loaded screens take a moment on a busy machine. */
const LOADED = { timeout: 5000 }
const SESSION = '*/api/institution/:iid/integration/:integratorId/session'

function withHeader(shouldHaveHeader: boolean) {
  server.use(
    http.get('*/api/institution/:iid', () =>
      answer('institution', { ...institution, branding: { ...institution.branding, shouldHaveHeader } }),
    ),
  )
}

/** The institution's logo, with the institution's name as its alt text. */
function expectLogo() {
  const logo = screen.getByRole('img', { name: institution.name })
  expect(logo).toHaveAttribute('src', institution.logoUrl)
  expect(logo).toHaveAttribute('data-testid', 'institution-logo')
}

describe("the layout's logo (spec section 2: the shared layout has the institution logo)", () => {
  it('is there without the institution header', async () => {
    withHeader(false)
    renderApp('/summit-cu/splash')
    expect(await screen.findByTestId('email-input', {}, LOADED)).toBeInTheDocument()
    expect(screen.queryByTestId('app-header')).not.toBeInTheDocument()
    expectLogo()
  })

  it('is there on an error page without the institution header', async () => {
    withHeader(false)
    const { user: member } = renderApp('/summit-cu/splash')
    await member.type(await screen.findByTestId('email-input', {}, LOADED), 'jane@example.com')
    await member.click(screen.getByTestId('email-submit'))
    await member.selectOptions(await screen.findByTestId('state-select'), 'NY')
    await member.click(screen.getByTestId('state-submit'))
    expect(await screen.findByTestId('invalid-state-page', {}, LOADED)).toBeInTheDocument()
    expect(screen.queryByTestId('app-header')).not.toBeInTheDocument()
    expectLogo()
  })

  it('is there in integration mode (no institution header inside a partner’s page)', async () => {
    server.use(
      http.post(SESSION, () =>
        answer('session', { user: { ...user, isMember: true }, token: 't-partner', car, quote: { ...quote, state: 'CO' } }),
      ),
    )
    const { user: member } = renderApp('/summit-cu/user/integration/demo-partner/silent?launch=code-1')
    expect(await screen.findByTestId('rate-card', {}, LOADED)).toBeInTheDocument()
    // The impact modal hides the page from assistive technology while it is open.
    await dismissImpactModal(member)
    expect(screen.queryByTestId('app-header')).not.toBeInTheDocument()
    expectLogo()
  })

  it("is there on integration mode's launch error", async () => {
    server.use(http.post(SESSION, () => apiError('noPolicies', messages.noAvailablePolicies, 422)))
    renderApp('/summit-cu/user/integration/demo-partner/silent?launch=code-2')
    expect(await screen.findByTestId('no-policies-page', {}, LOADED)).toBeInTheDocument()
    expectLogo()
  })
})
