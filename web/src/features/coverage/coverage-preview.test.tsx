import { screen, within } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import type { Institution } from '../../api/types'
import { PREVIEW_NOTE } from '../../components/preview-frame'
import { modeStorageKey } from '../../lib/color-mode'
import { fill, labels, screens, titles } from '../../lib/product'
import { institution } from '../../test/fixtures'
import { server } from '../../test/msw-server'
import { answer } from '../../test/respond'
import { renderApp } from '../../test/render-app'
import { aMomentLater, logRequests } from '../../test/request-log'
import { SAMPLE_VEHICLE } from './sample-rates'

const TEXTS = screens.coverage

/** The carousel's dots by their names' start: `Show option 1:`, or any option's. */
function dot(position?: number): RegExp {
  const [start] = fill(TEXTS.showOption, position === undefined ? {} : { position: String(position) }).split(/\{\w+\}/)
  return new RegExp(`^${start.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}${position === undefined ? '\\d' : ''}`)
}

function withSettings(settings: Partial<Institution['applicationSettings']>) {
  server.use(
    http.get('*/api/institution/:iid', () =>
      answer('institution', { ...institution, applicationSettings: { ...institution.applicationSettings, ...settings } }),
    ),
  )
}

/** The names of the options, from the first: the carousel stepped through with its arrows. */
async function optionNames(user: ReturnType<typeof renderApp>['user']): Promise<string[]> {
  await user.click(screen.getByRole('button', { name: dot(1) }))
  const names = [screen.getByTestId('rate-coverage-name').textContent ?? '']
  while (screen.queryByTestId('rate-next')) {
    await user.click(screen.getByTestId('rate-next'))
    names.push(screen.getByTestId('rate-coverage-name').textContent ?? '')
  }
  return names
}

describe('the coverage page in the staff’s branding preview (/{iid}/coverage-preview)', () => {
  it('shows three sample options in the institution’s frame, the middle one first, under the banner', async () => {
    const { user } = renderApp('/summit-cu/coverage-preview?preview=light', { strict: true })
    expect(await screen.findByTestId('rate-card')).toBeInTheDocument()
    expect(screen.getByRole('complementary', { name: 'Preview' })).toHaveTextContent(PREVIEW_NOTE)
    expect(screen.getByTestId('page-title')).toHaveTextContent(titles.coverage)
    expect(screen.getByTestId('institution-logo')).toHaveAttribute('alt', 'Summit Credit Union')
    expect(screen.getByTestId('car-line')).toHaveTextContent(fill(TEXTS.previewCarLine, { sampleVehicle: SAMPLE_VEHICLE }))
    expect(screen.getByTestId('rate-position')).toHaveTextContent(fill(TEXTS.position, { position: '2', count: '3' }))
    expect(screen.getByTestId('rate-coverage-name')).toHaveTextContent('SILVER')
    expect(screen.getAllByRole('button', { name: dot() })).toHaveLength(3)
    expect(await optionNames(user)).toEqual(['STANDARD', 'SILVER', 'PREMIUM'])
    expect(screen.getByTestId('disclaimer')).toBeInTheDocument()
  })

  it('names the plans of the provider that rates the institution', async () => {
    withSettings({ rateProviders: ['Rt66'] })
    const { user } = renderApp('/summit-cu/coverage-preview?preview=dark')
    await screen.findByTestId('rate-card')
    expect(await optionNames(user)).toEqual(['First Street', 'Main Street', 'Easy Street'])
  })

  it('shows the institution’s own disclaimer and payment-option link', async () => {
    withSettings({ institutionDisclaimer: 'Summit’s own words about the illustration.', allowPaymentOptions: true })
    renderApp('/summit-cu/coverage-preview?preview=light')
    expect(await screen.findByTestId('disclaimer')).toHaveTextContent('Summit’s own words about the illustration.')
    expect(screen.getByRole('button', { name: labels.requestPaymentOption })).toHaveAttribute('aria-disabled', 'true')
  })

  it('forces the mode asked for and stores nothing, MUI’s theme included', async () => {
    localStorage.setItem(modeStorageKey('summit-cu'), 'light')
    renderApp('/summit-cu/coverage-preview?preview=dark')
    await screen.findByTestId('rate-card')
    expect(document.documentElement).toHaveClass('dark')
    await aMomentLater()
    expect(document.documentElement).toHaveClass('dark')
    expect(localStorage.getItem(modeStorageKey('summit-cu'))).toBe('light')
    expect(localStorage.length).toBe(1)
  })

  it('without ?preview=, starts in the institution’s own mode, not the member’s stored one', async () => {
    localStorage.setItem(modeStorageKey('summit-cu'), 'dark')
    renderApp('/summit-cu/coverage-preview')
    await screen.findByTestId('rate-card')
    expect(document.documentElement).toHaveClass('light')
    expect(localStorage.getItem(modeStorageKey('summit-cu'))).toBe('dark')
  })

  it('calls nothing but the institution’s public data, and its buttons do nothing', async () => {
    const sent = logRequests()
    const { user } = renderApp('/summit-cu/coverage-preview?preview=light')
    const card = await screen.findByTestId('rate-card')
    const purchase = within(card).getByTestId('purchase-button')
    expect(purchase).toHaveTextContent(labels.purchase)
    expect(purchase).toHaveAttribute('aria-disabled', 'true')
    await user.click(purchase)
    const expert = within(card).getByRole('button', { name: labels.requestExpertGuidance })
    expect(expert).toHaveAttribute('aria-disabled', 'true')
    await user.click(expert)
    await user.click(within(card).getByTestId('flip-to-back'))
    expect(await screen.findByTestId('section-body')).toBeInTheDocument()
    await aMomentLater()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/coverage-preview')
    expect(sent).toEqual(['GET /api/institution/summit-cu'])
  })

  it('says so when nobody knows the institution', async () => {
    server.use(http.get('*/api/institution/:iid', () => new Response(null, { status: 404 })))
    renderApp('/nobody/coverage-preview?preview=light')
    expect(await screen.findByText(screens.components.pageNotAvailable)).toBeInTheDocument()
  })
})
