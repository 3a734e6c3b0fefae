import { screen, waitFor } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import { fieldErrors, messages } from '../../lib/product'
import { server } from '../../test/msw-server'
import { answer, apiError } from '../../test/respond'
import { renderApp } from '../../test/render-app'

describe('splash page', () => {
  it('validates the email, creates the user, then asks for the state of residence', async () => {
    let created: { emailAddress: string; password: string; currentUserId: null } | undefined
    server.use(
      http.post('*/api/institution/:iid/user', async ({ request }) => {
        created = (await request.clone().json()) as typeof created
        return undefined
      }),
    )
    const { user } = renderApp('/summit-cu/splash')
    expect(await screen.findByTestId('splash-text')).toHaveTextContent('Protect your ride with coverage from Summit.')

    await user.click(screen.getByTestId('email-submit'))
    expect(await screen.findByText(fieldErrors.required)).toBeInTheDocument()

    await user.type(screen.getByTestId('email-input'), 'jane')
    await user.click(screen.getByTestId('email-submit'))
    expect(await screen.findByText(fieldErrors.invalidEmail)).toBeInTheDocument()

    await user.type(screen.getByTestId('email-input'), '@example.com  ')
    await user.click(screen.getByTestId('email-submit'))
    const state = await screen.findByTestId('state-select')
    expect(created?.emailAddress).toBe('jane@example.com')
    expect(created?.password).toHaveLength(32)
    expect(created?.currentUserId).toBeNull()

    await user.selectOptions(state, 'CO')
    await user.click(screen.getByTestId('state-submit'))
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/user/car/lookup'))
    expect(screen.getByTestId('progress-bar')).toHaveAttribute('aria-valuenow', '10')
  })

  it('sends a state outside the institution to invalid-state', async () => {
    const { user } = renderApp('/summit-cu/splash')
    await user.type(await screen.findByTestId('email-input'), 'jane@example.com')
    await user.click(screen.getByTestId('email-submit'))
    await user.selectOptions(await screen.findByTestId('state-select'), 'NY')
    await user.click(screen.getByTestId('state-submit'))
    expect(await screen.findByTestId('invalid-state-page')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/user/invalid-state'))
  })

  it('shows the user-creation error page when the user cannot be created', async () => {
    server.use(http.post('*/api/institution/:iid/user', () => apiError('internal', 'x', 500)))
    const { user } = renderApp('/summit-cu/splash')
    await user.type(await screen.findByTestId('email-input'), 'jane@example.com')
    await user.click(screen.getByTestId('email-submit'))
    expect(await screen.findByTestId('user-creation-error-page')).toBeInTheDocument()
  })

  it('sends a /user deep link without a session, and unknown routes, to splash', async () => {
    renderApp('/summit-cu/user/car/mileage')
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/splash'))
    expect(await screen.findByTestId('email-input')).toBeInTheDocument()
  })

  it('falls back to splash for an unknown route', async () => {
    renderApp('/summit-cu/nowhere/at/all')
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/splash'))
  })

  it('shows the inactive dialog for an inactive institution', async () => {
    server.use(
      http.get('*/api/institution/:iid', async () => {
        const { institution } = await import('../../test/fixtures')
        return answer('institution', { ...institution, isActive: false })
      }),
    )
    renderApp('/summit-cu/splash')
    expect(await screen.findByText(messages.inactiveTitle)).toBeInTheDocument()
    expect(screen.getByText(messages.inactive)).toBeInTheDocument()
  })
})
