import { screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import { messages } from '../../lib/product'
import { server } from '../../test/msw-server'
import { apiError } from '../../test/respond'
import { book, renderAtConfirm } from '../../test/render-app'

const SIGN = '*/api/institution/:iid/user/:uid/signrequest'
const VOIDED = `${messages.voidedUnpaid} Please start again.`

describe('payment details', () => {
  it('shows the speed bump when the sign request fails, then the payment-error page', async () => {
    server.use(http.post(SIGN, () => apiError('paymentFailed', messages.paymentProblem, 502)))
    const { user } = await renderAtConfirm()
    await book(user)
    const dialog = await screen.findByTestId('payment-error-dialog')
    expect(within(dialog).getByText(messages.paymentProblemTitle)).toBeInTheDocument()
    expect(within(dialog).getByText(messages.paymentProblem)).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Okay' }))
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/user/payment-error'))
  })

  it("shows a voided contract's message instead of the generic text; Okay goes to payment-error", async () => {
    server.use(http.post(SIGN, () => apiError('voided', VOIDED, 409)))
    const { user } = await renderAtConfirm()
    await book(user)
    const dialog = await screen.findByTestId('payment-error-dialog')
    expect(within(dialog).getByText(messages.paymentProblemTitle)).toBeInTheDocument()
    expect(within(dialog).getByText(VOIDED)).toBeInTheDocument()
    expect(dialog).not.toHaveTextContent(messages.paymentProblem)
    await user.click(within(dialog).getByRole('button', { name: 'Okay' }))
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/user/payment-error'))
    expect(await screen.findByTestId('payment-error-page')).toBeInTheDocument()
  })
})
