import { screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import { PAYMENT_PROBLEM, PAYMENT_PROBLEM_TITLE } from '../../flow/messages'
import { server } from '../../test/msw-server'
import { apiError } from '../../test/respond'
import { book, renderAtConfirm } from '../../test/render-app'

const SIGN = '*/api/institution/:iid/user/:uid/signrequest'
const VOIDED = 'This contract was voided because it was not paid in time. Please start again.'

describe('payment details', () => {
  it('shows the speed bump when the sign request fails, then the payment-error page', async () => {
    server.use(http.post(SIGN, () => apiError('paymentFailed', PAYMENT_PROBLEM, 502)))
    const { user } = await renderAtConfirm()
    await book(user)
    const dialog = await screen.findByTestId('payment-error-dialog')
    expect(within(dialog).getByText(PAYMENT_PROBLEM_TITLE)).toBeInTheDocument()
    expect(within(dialog).getByText(PAYMENT_PROBLEM)).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Okay' }))
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/user/payment-error'))
  })

  it("shows a voided contract's message instead of the generic text; Okay goes to payment-error", async () => {
    server.use(http.post(SIGN, () => apiError('voided', VOIDED, 409)))
    const { user } = await renderAtConfirm()
    await book(user)
    const dialog = await screen.findByTestId('payment-error-dialog')
    expect(within(dialog).getByText(PAYMENT_PROBLEM_TITLE)).toBeInTheDocument()
    expect(within(dialog).getByText(VOIDED)).toBeInTheDocument()
    expect(dialog).not.toHaveTextContent(PAYMENT_PROBLEM)
    await user.click(within(dialog).getByRole('button', { name: 'Okay' }))
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/user/payment-error'))
    expect(await screen.findByTestId('payment-error-page')).toBeInTheDocument()
  })
})
