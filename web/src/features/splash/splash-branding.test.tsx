import { screen, waitFor } from '@testing-library/react'
import { http } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Institution } from '../../api/types'
import { fieldErrors, fill, labels, screens } from '../../lib/product'
import { institution } from '../../test/fixtures'
import { server } from '../../test/msw-server'
import { answer } from '../../test/respond'
import { renderApp } from '../../test/render-app'

/** Lazily loaded screens take a moment on a busy machine. */
const LOADED = { timeout: 5000 }

/** The splash for an institution with these branding and application settings. */
function withInstitution(branding: Partial<Institution['branding']>, settings: Partial<Institution['applicationSettings']> = {}) {
  server.use(
    http.get('*/api/institution/:iid', () =>
      answer('institution', {
        ...institution,
        branding: { ...institution.branding, ...branding },
        applicationSettings: { ...institution.applicationSettings, ...settings },
      }),
    ),
  )
  return renderApp('/summit-cu/splash')
}

describe('splash branding (spec sections 1 and 3)', () => {
  afterEach(() => {
    vi.restoreAllMocks()
    localStorage.clear()
    document.documentElement.className = ''
  })

  it('shows the institution’s name, logo, product name and phone', async () => {
    withInstitution({})
    expect(await screen.findByRole('heading', { level: 1 }, LOADED)).toHaveTextContent('Summit Credit Union')
    expect(screen.getByTestId('product-name')).toHaveTextContent(labels.defaultProductName)
    expect(screen.getByTestId('institution-phone')).toHaveTextContent('(800) 555-0142')
    expect(screen.getByTestId('institution-phone').parentElement).toHaveTextContent(
      fill(screens.splash.questionsCall, { institution: 'Summit Credit Union', phone: '(800) 555-0142' }),
    )
    expect(screen.getByTestId('institution-logo')).toHaveAttribute('src', '/api/institution/summit-cu/logo')
    expect(screen.getByTestId('app-header')).toBeInTheDocument()
  })

  it('uses the custom product name and the phone extension', async () => {
    withInstitution({ phoneNumber: '8665550173', phoneNumberExtension: '2' }, { customProductName: 'Car Care Plan' })
    expect(await screen.findByTestId('product-name', {}, LOADED)).toHaveTextContent('Car Care Plan')
    expect(screen.getByTestId('institution-phone')).toHaveTextContent('(866) 555-0173 ext. 2')
  })

  it('a phone that is not 10 digits: the spec error in the console, shown as given, no crash', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    withInstitution({ phoneNumber: '12345' })
    expect(await screen.findByTestId('institution-phone', {}, LOADED)).toHaveTextContent('12345')
    expect(screen.getByTestId('email-input')).toBeInTheDocument()
    expect(log).toHaveBeenCalledWith(fieldErrors.phoneDisplay, '12345')
  })

  it('starts in dark mode when the institution says so, and the toggle switches back', async () => {
    const { user } = withInstitution({ shouldStartInDarkMode: true })
    await screen.findByTestId('email-input', {}, LOADED)
    await waitFor(() => expect(document.documentElement).toHaveClass('dark'))
    await user.click(screen.getByTestId('dark-mode-toggle'))
    await waitFor(() => expect(document.documentElement).toHaveClass('light'))
  })

  it('has no dark-mode toggle when the institution does not allow it', async () => {
    withInstitution({ allowDarkModeToggle: false })
    await screen.findByTestId('email-input', {}, LOADED)
    expect(screen.queryByTestId('dark-mode-toggle')).not.toBeInTheDocument()
  })
})
