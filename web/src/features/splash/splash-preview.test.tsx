import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { PREVIEW_NOTE } from '../../components/preview-frame'
import { modeStorageKey } from '../../lib/color-mode'
import { screens } from '../../lib/product'
import { renderApp } from '../../test/render-app'
import { aMomentLater, logRequests } from '../../test/request-log'

const html = () => document.documentElement

describe('the splash in the staff’s branding preview (?preview=light|dark)', () => {
  it('is the institution’s splash in the mode asked for, over the member’s own stored choice, which it leaves as it was', async () => {
    localStorage.setItem(modeStorageKey('summit-cu'), 'light')
    renderApp('/summit-cu/splash?preview=dark', { strict: true })
    expect(await screen.findByRole('heading', { level: 1, name: 'Summit Credit Union' })).toBeInTheDocument()
    expect(html()).toHaveClass('dark')
    expect(html()).not.toHaveClass('light')
    expect(screen.getByTestId('splash-text')).toHaveTextContent('Protect your ride with coverage from Summit.')
    expect(screen.getByTestId('institution-logo')).toHaveAttribute('alt', 'Summit Credit Union')
    expect(screen.getByRole('complementary', { name: 'Preview' })).toHaveTextContent(PREVIEW_NOTE)
    await aMomentLater()
    expect(localStorage.getItem(modeStorageKey('summit-cu'))).toBe('light')
    expect(localStorage.length).toBe(1)
  })

  it('switches with the dark-mode toggle without storing the switch', async () => {
    const { user } = renderApp('/summit-cu/splash?preview=light')
    await user.click(await screen.findByTestId('dark-mode-toggle'))
    expect(html()).toHaveClass('dark')
    expect(localStorage.getItem(modeStorageKey('summit-cu'))).toBeNull()
  })

  it('calls nothing but the institution’s public data: no pageview, no session restore, no captcha, no user', async () => {
    const sent = logRequests()
    renderApp('/summit-cu/splash?preview=light', { strict: true })
    await screen.findByTestId('email-submit')
    await aMomentLater()
    expect(sent).toEqual(['GET /api/institution/summit-cu'])
    expect(document.querySelector('altcha-widget')).toBeNull()
    expect(screen.getByTestId('captcha-placeholder')).toBeInTheDocument()
  })

  it('the member’s own splash, for comparison, has no banner and does send its pageview (the log sees it)', async () => {
    const sent = logRequests()
    renderApp('/summit-cu/splash')
    await screen.findByTestId('email-submit')
    expect(screen.queryByTestId('preview-banner')).not.toBeInTheDocument()
    await waitFor(() => expect(sent).toContain('POST /api/institution/summit-cu/analytics'))
  })

  it('shows the form, which cannot start a quote: no typing, Continue does nothing, Enter sends nothing', async () => {
    const sent = logRequests()
    const { user } = renderApp('/summit-cu/splash?preview=dark')
    const email = await screen.findByTestId('email-input')
    const continueButton = screen.getByRole('button', { name: screens.splash.continueButton })
    expect(email).toHaveAttribute('readonly')
    expect(continueButton).toHaveAttribute('aria-disabled', 'true')
    await user.type(email, 'jane@example.com{Enter}')
    expect(email).toHaveValue('')
    await user.click(continueButton)
    await aMomentLater()
    expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/splash')
    expect(screen.getByTestId('email-submit')).toBeInTheDocument()
    expect(screen.queryByTestId('state-select')).not.toBeInTheDocument()
    expect(sent).toEqual(['GET /api/institution/summit-cu'])
  })

  it('/summit-cu without /splash is the splash’s preview too', async () => {
    renderApp('/summit-cu?preview=dark')
    expect(await screen.findByTestId('preview-banner')).toBeInTheDocument()
  })
})
