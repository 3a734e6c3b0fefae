import { screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import type { Resumed } from '../api/types'
import { messages } from '../lib/product'
import { bookedPolicy, confirmation, resumedAt, user, verifiedMember } from '../test/fixtures'
import { endableSession, server } from '../test/msw-server'
import { answer, apiError } from '../test/respond'
import { renderApp } from '../test/render-app'

/** The restore cookie finds a session whose checkout is `resumed`. */
function restoring(resumed: Resumed) {
  const calls: string[] = []
  server.use(
    http.post('*/api/institution/:iid/session/restore', () => {
      calls.push('restore')
      return answer('restore', resumed)
    }),
  )
  return calls
}

const location = () => screen.getByTestId('location')

describe('a reloaded /user page shows the same screen with the same data', () => {
  it('coverage: the carousel on the chosen card, the progress bar, no impact modal again', async () => {
    const calls = restoring(resumedAt('coverage'))
    renderApp('/summit-cu/user/coverage/level')
    expect(await screen.findByText('Option 3 of 3')).toBeInTheDocument()
    expect(location()).toHaveTextContent('/summit-cu/user/coverage/level')
    expect(screen.getByTestId('progress-bar')).toHaveAttribute('aria-valuenow', '60')
    expect(screen.queryByTestId('impact-modal')).not.toBeInTheDocument()
    expect(calls).toEqual(['restore'])
  })

  it('personal details: the form filled from the member', async () => {
    restoring(resumedAt('missingInfo'))
    renderApp('/summit-cu/user/missing-info')
    expect(await screen.findByTestId('first-name-input')).toHaveValue('Jane')
    expect(screen.getByTestId('street-input')).toHaveValue('100 Main St')
    expect(screen.getByTestId('state-input')).toHaveValue('CO')
    expect(screen.getByTestId('member-yes')).toBeChecked()
  })

  it('confirmation: the contract and payment', async () => {
    restoring(resumedAt('payment', { status: 'paid', policy: { ...bookedPolicy, status: 'paid' }, confirmation }))
    renderApp('/summit-cu/user/payment-details')
    expect(await screen.findByTestId('contract-number')).toHaveTextContent('MMP-0001')
    expect(screen.getByTestId('tracking-number')).toHaveTextContent('PAY-1')
    await waitFor(() => expect(location()).toHaveTextContent('/summit-cu/user/confirmation'))
  })

  it('thank-you: what the member told us (name, phone, email), without sending the request again', async () => {
    const sent: unknown[] = []
    server.use(
      http.put('*/api/institution/:iid/user/:uid/contact-request', async ({ request }) => {
        sent.push(await request.json())
        return answer('member_request', { contactRequestId: 'cr-2' }, 202)
      }),
    )
    restoring(
      resumedAt('thankYou', {
        user: { ...user, isEmailVerified: true },
        answers: {
          rate: null,
          bounce: { pageUserBouncedFrom: 'validCarNoRates', contactOrigin: 'noRates', paymentOptionsRequested: false },
        },
        contactRequest: {
          pageUserBouncedFrom: 'validCarNoRates',
          collectedInfo: { emailAddress: 'jane.doe@example.com', firstName: 'Jane', lastName: 'Doe', phoneNumber: '3035550142' },
          doesConsentToEmail: true,
          institutionContact: true,
        },
      }),
    )
    renderApp('/summit-cu/user/thank-you')
    expect(await screen.findByTestId('thank-you-name')).toHaveTextContent('Jane Doe')
    expect(screen.getByRole('heading', { name: 'Thank you, Jane!' })).toBeInTheDocument()
    expect(screen.getByTestId('thank-you-phone')).toHaveTextContent('(303) 555-0142')
    expect(screen.getByTestId('thank-you-email')).toHaveTextContent('jane.doe@example.com')
    expect(screen.getByTestId('thank-you-institution')).toBeInTheDocument()
    expect(sent).toEqual([])
  })

  it("a re-rated quote: the review page, and the new price's message until OK", async () => {
    const message = 'Prices have changed since you chose your coverage: it was $2,470.97, and it is now $2,520.'
    restoring(resumedAt('confirm', { priceChange: { from: '$2,470.97', to: '$2,520', message } }))
    const { user } = renderApp('/summit-cu/user/coverage/confirm')
    const dialog = await screen.findByRole('dialog', { name: messages.priceChangedTitle })
    expect(within(dialog).getByText(message)).toBeInTheDocument()
    expect(screen.getByTestId('confirm-coverage-name')).toHaveTextContent('PREMIUM')
    await user.click(within(dialog).getByRole('button', { name: 'OK' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('no session to find (401): the splash', async () => {
    renderApp('/summit-cu/user/car/mileage')
    expect(await screen.findByTestId('email-input')).toBeInTheDocument()
    await waitFor(() => expect(location()).toHaveTextContent('/summit-cu/splash'))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('an expired session: the splash with the Session Expired dialog', async () => {
    server.use(
      http.post('*/api/institution/:iid/session/restore', () => apiError('sessionExpired', 'Your session has expired.', 401)),
    )
    renderApp('/summit-cu/user/coverage/level')
    const dialog = await screen.findByTestId('session-expired-dialog')
    expect(within(dialog).getByText(messages.sessionExpired)).toBeInTheDocument()
    await waitFor(() => expect(location()).toHaveTextContent('/summit-cu/splash'))
  })

  it('a session the flow ended (a refused token) is ended on the server, once: a reload does not bring it back', async () => {
    const { ends, restores } = endableSession(resumedAt('sendEmail', { user: { ...verifiedMember, isEmailVerified: false } }))
    server.use(
      http.get('*/api/institution/:iid/user/:uid/verifyemail', () =>
        apiError('sessionExpired', 'Your session has expired.', 401),
      ),
    )
    const first = renderApp('/summit-cu/user/verify-email/send-email')
    await first.user.click(await screen.findByTestId('validate-email'))
    expect(await screen.findByTestId('session-expired-dialog')).toBeInTheDocument()
    await waitFor(() => expect(ends).toEqual([{ authorization: 'Bearer t-restored', keepalive: true }]))
    first.unmount()

    // The page reloaded: the server refuses the restore (401), the splash; a new member starts there.
    const second = renderApp('/summit-cu/user/verify-email/send-email')
    await waitFor(() => expect(location()).toHaveTextContent('/summit-cu/splash'))
    expect(restores).toEqual([200, 401])
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await second.user.type(await screen.findByTestId('email-input'), 'jane@example.com')
    await second.user.click(screen.getByTestId('email-submit'))
    await screen.findByTestId('state-select')
    expect(ends).toHaveLength(1)
  })
})

describe('a continue link /{iid}/resume/{token}', () => {
  it('opens the checkout where it stands', async () => {
    const bodies: unknown[] = []
    server.use(
      http.post('*/api/institution/:iid/resume', async ({ request }) => {
        bodies.push(await request.json())
        return answer('resume', resumedAt('confirm'))
      }),
    )
    renderApp('/summit-cu/resume/tok-123')
    expect(await screen.findByTestId('confirm-coverage-name')).toHaveTextContent('PREMIUM')
    await waitFor(() => expect(location()).toHaveTextContent('/summit-cu/user/coverage/confirm'))
    expect(bodies).toEqual([{ token: 'tok-123' }])
  })

  it("a used or expired link (410): the splash with the API's message", async () => {
    renderApp('/summit-cu/resume/used-token')
    const dialog = await screen.findByRole('dialog', { name: messages.linkFailedTitle })
    expect(within(dialog).getByText(messages.linkExpired)).toBeInTheDocument()
    await waitFor(() => expect(location()).toHaveTextContent('/summit-cu/splash'))
    expect(await screen.findByTestId('email-input')).toBeInTheDocument()
  })
})
