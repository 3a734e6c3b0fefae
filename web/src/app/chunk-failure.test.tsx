import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { labels, messages } from '../lib/product'
import { renderApp } from '../test/render-app'

// The splash's chunk cannot be fetched (a deploy replaced it, the network dropped).
vi.mock('../features/splash/splash-page', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/splash-page-x1.js')
})

afterEach(() => {
  vi.restoreAllMocks()
})

describe('a step whose code cannot be fetched', () => {
  it('shows the reload message in the page frame, not a blank page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}) // React logs the caught error
    renderApp('/summit-cu/splash')
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 })
    expect(alert).toHaveTextContent(messages.pageLoadFailed)
    expect(screen.getByRole('button', { name: labels.reload })).toBeInTheDocument()
    // The frame stays: the institution's logo and the footer.
    expect(screen.getByTestId('institution-logo')).toBeInTheDocument()
    expect(screen.getByTestId('footer-link-security')).toBeInTheDocument()
  })
})
