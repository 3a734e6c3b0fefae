import { screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import { labels, messages } from '../../lib/product'
import { server } from '../../test/msw-server'
import { apiError } from '../../test/respond'
import { book, renderAtConfirm } from '../../test/render-app'

const POLICY = '*/api/institution/:iid/user/:uid/policy'
const VOIDED = `${messages.voidedUnpaid} Please start again.`

describe('review and book', () => {
  it('offers Retry Booking and No, Thank You when booking fails', async () => {
    server.use(
      http.post(POLICY, () => apiError('bookingFailed', messages.bookingFailed, 502), {
        once: true,
      }),
    )
    const { user } = await renderAtConfirm()
    await book(user)
    const dialog = await screen.findByTestId('booking-failed-dialog')
    expect(within(dialog).getByText(messages.bookingFailed)).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: labels.noThankYou })).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: labels.retryBooking }))
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/user/payment-details'))
  })

  it("shows a voided contract's message and starts again at splash", async () => {
    server.use(http.post(POLICY, () => apiError('voided', VOIDED, 409)))
    const { user } = await renderAtConfirm()
    await book(user)
    const dialog = await screen.findByTestId('booking-failed-dialog')
    expect(within(dialog).getByText(VOIDED)).toBeInTheDocument()
    expect(dialog).not.toHaveTextContent(messages.bookingFailed)
    expect(within(dialog).queryByRole('button', { name: labels.retryBooking })).not.toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: labels.noThankYou })).not.toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: labels.startAgain }))
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/splash'))
    expect(await screen.findByTestId('email-input')).toHaveValue('')
  })
})
