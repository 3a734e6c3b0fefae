import { render, screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import { labels, messages } from '../../lib/product'
import { rates } from '../../test/fixtures'
import { server } from '../../test/msw-server'
import { apiError } from '../../test/respond'
import { book, renderAtConfirm } from '../../test/render-app'
import { ReviewTotal } from './coverage-confirm-page'

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

describe('the review total', () => {
  const silver = rates[1] // $1,899.00 plus $56.97 tax

  it("carries an asterisk with the 'Included sales tax' footnote in a state with sales tax", () => {
    render(<ReviewTotal rate={silver} stateOfResidence="CO" />)
    expect(screen.getByTestId('confirm-total')).toHaveTextContent(/^Total: \$1,955\.97\*$/)
    expect(screen.getByTestId('confirm-tax')).toHaveTextContent(/^Included sales tax: \$56\.97$/)
  })

  it('has no asterisk and no footnote in a state without sales tax', () => {
    render(<ReviewTotal rate={{ ...silver, taxAmount: 0, totalRateCost: 189900 }} stateOfResidence="OR" />)
    expect(screen.getByTestId('confirm-total')).toHaveTextContent(/^Total: \$1,899$/)
    expect(screen.queryByTestId('confirm-tax')).not.toBeInTheDocument()
  })

  it('has no asterisk when the rate carries no tax', () => {
    render(<ReviewTotal rate={{ ...silver, taxAmount: 0, totalRateCost: 189950 }} stateOfResidence="CO" />)
    expect(screen.getByTestId('confirm-total')).toHaveTextContent(/^Total: \$1,899\.50$/)
    expect(screen.queryByTestId('confirm-tax')).not.toBeInTheDocument()
  })

  it('shows a whole-dollar tax without cents', () => {
    render(<ReviewTotal rate={{ ...silver, taxAmount: 5700, totalRateCost: 195600 }} stateOfResidence="CO" />)
    expect(screen.getByTestId('confirm-total')).toHaveTextContent(/^Total: \$1,956\*$/)
    expect(screen.getByTestId('confirm-tax')).toHaveTextContent(/^Included sales tax: \$57$/)
  })
})
