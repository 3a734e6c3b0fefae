import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderStaff, serveStaff, supportPerson } from './staff-test-kit'

describe('staff console: signing in and out', () => {
  it('without a session (401) shows the sign-in card, with the alert for ?signIn=noRole above it', async () => {
    serveStaff(null)
    renderStaff('/staff?signIn=noRole')
    expect(await screen.findByRole('heading', { level: 1, name: 'Coverline staff console' })).toBeInTheDocument()
    const signIn = screen.getByRole('link', { name: 'Sign in' })
    expect(signIn).toHaveAttribute('href', '/api/staff/sign-in')
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your account has no role in the staff console. Ask an administrator for one.',
    )
    expect(document.title).toBe('Coverline staff console')
  })

  it('shows no alert when the URL names no refusal, and one for each refusal it knows', async () => {
    serveStaff(null)
    const { unmount } = renderStaff('/staff')
    await screen.findByRole('link', { name: 'Sign in' })
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    unmount()

    renderStaff('/staff?signIn=unavailable')
    expect(await screen.findByRole('alert')).toHaveTextContent('The identity provider cannot be reached.')
  })

  it('signed in: the bar shows the name and roles; Sign out posts with the CSRF token and shows the card again', async () => {
    const api = serveStaff(supportPerson)
    const { user } = renderStaff()
    const who = await screen.findByTestId('staff-who')
    expect(who).toHaveTextContent('Ana Support')
    expect(who).toHaveTextContent('support')
    expect(screen.getByRole('heading', { level: 1, name: 'Coverline staff' })).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Sign out' }))
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('You signed out.')
    await waitFor(() => expect(api.posts).toHaveLength(1))
    expect(api.posts[0]).toMatchObject({ path: '/sign-out', csrf: 'csrf-ana' })
    expect(api.posts[0].key).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('a manager tied to an institution sees it beside their role', async () => {
    serveStaff({ ...supportPerson, roles: ['manager'], institutionId: 'summit-cu' })
    renderStaff()
    expect(within(await screen.findByTestId('staff-who')).getByText('manager · Summit Credit Union')).toBeInTheDocument()
  })
})
