import { screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AnalyticsEvent } from '../api/types'
import { product, screens, titles } from '../lib/product'
import { server } from '../test/msw-server'
import { empty } from '../test/respond'
import { dismissImpactModal, fillPersonalDetails, renderApp, renderAtCoverage, renderAtLookup } from '../test/render-app'

/** The analytics hits the app posts, as the API receives them. */
function recordAnalytics(): AnalyticsEvent[] {
  const hits: AnalyticsEvent[] = []
  server.use(
    http.post('*/api/institution/:iid/user/:uid/analytics', async ({ request }) => {
      hits.push(((await request.json()) as { data: AnalyticsEvent }).data)
      return empty('record', 202)
    }),
  )
  return hits
}

const pageviews = (hits: AnalyticsEvent[]) => hits.filter((hit) => hit.hitType === 'pageview')

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('navigation: pageviews', () => {
  it('sends one pageview per page once there is a session, even in StrictMode', async () => {
    const hits = recordAnalytics()
    const { user } = await renderAtLookup({ strict: true })
    await waitFor(() => expect(pageviews(hits)).toHaveLength(1))
    const [lookup] = pageviews(hits)
    expect(lookup).toMatchObject({
      hitType: 'pageview',
      pagePath: '/summit-cu/user/car/lookup',
      pageTitle: titles.lookup,
    })
    expect(lookup.clientId).toEqual(expect.any(String))
    expect(lookup.deviceUserAgentString).toEqual(expect.any(String))
    await user.click(screen.getByTestId('lookup-continue'))
    await screen.findByTestId('vin-input')
    await waitFor(() =>
      expect(pageviews(hits).map((hit) => hit.pagePath)).toEqual([
        '/summit-cu/user/car/lookup',
        '/summit-cu/user/car/lookup/vin',
      ]),
    )
    // The splash (no session yet) sent none.
    expect(pageviews(hits).some((hit) => hit.pagePath === '/summit-cu/splash')).toBe(false)
  })
})

describe('navigation: layout', () => {
  it('shows the stepper with the spec labels, Car active on the car pages', async () => {
    await renderAtLookup()
    const stepper = screen.getByTestId('stepper')
    expect(
      within(stepper)
        .getAllByText(/./)
        .map((label) => label.textContent),
    ).toEqual(expect.arrayContaining(product.stepper))
    expect(screen.getByTestId('stepper-active')).toHaveTextContent('Car')
  })

  it('shows no stepper on the splash', async () => {
    renderApp('/summit-cu/splash')
    await screen.findByTestId('email-input')
    expect(screen.queryByTestId('stepper')).not.toBeInTheDocument()
    expect(screen.getByTestId('footer-link-security')).toHaveAttribute('href', '/summit-cu/security')
    expect(screen.getByTestId('footer-link-security')).toHaveTextContent(screens.flow.securityTitle)
  })
})

describe('navigation: the Security footer page', () => {
  it('opens over the flow from the footer and goes back to the same page, the flow untouched', async () => {
    const { user } = await renderAtLookup()
    await user.click(screen.getByTestId('footer-link-security'))
    expect(await screen.findByTestId('security-page')).toHaveTextContent('After 15 minutes without activity')
    expect(screen.getByTestId('page-title')).toHaveTextContent(screens.flow.securityTitle)
    expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/security')
    await user.click(screen.getByTestId('back-button'))
    expect(await screen.findByTestId('lookup-continue')).toBeInTheDocument()
    expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/user/car/lookup')
  })

  it('opens from a link without a session, and back goes to the splash', async () => {
    const { user } = renderApp('/summit-cu/security')
    expect(await screen.findByTestId('security-page')).toBeInTheDocument()
    expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/security')
    await user.click(screen.getByTestId('back-button'))
    expect(await screen.findByTestId('email-input')).toBeInTheDocument()
    expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/splash')
  })
})

describe('navigation: verify-email slide', () => {
  async function toCodeConfirmation() {
    const { user } = await renderAtCoverage()
    await dismissImpactModal(user)
    await user.click(screen.getByTestId('purchase-button'))
    await fillPersonalDetails(user)
    await user.click(screen.getByTestId('member-yes'))
    await user.click(screen.getByTestId('personal-details-submit'))
    await user.click(await screen.findByTestId('validate-email'))
    await screen.findByTestId('code-input')
  }

  it('slides the code page in after the send-email page', async () => {
    await toCodeConfirmation()
    expect(screen.getByTestId('slide-in')).toContainElement(screen.getByTestId('code-input'))
  })

  it('does not move when the member prefers reduced motion', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('prefers-reduced-motion: reduce'),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }))
    await toCodeConfirmation()
    expect(screen.queryByTestId('slide-in')).not.toBeInTheDocument()
  })
})
