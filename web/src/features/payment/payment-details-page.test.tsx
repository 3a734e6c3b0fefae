import { screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import { messages, screens } from '../../lib/product'
import { server } from '../../test/msw-server'
import { institution } from '../../test/fixtures'
import { apiError } from '../../test/respond'
import { book, renderAtConfirm } from '../../test/render-app'

const SIGN = '*/api/institution/:iid/user/:uid/signrequest'
const VOIDED = `${messages.voidedUnpaid} Please start again.`

describe('payment details', () => {
  it("starts the widget with mode selection, integration id DICE, the institution's entityId, NAO_CC_ONLY and the page's locale", async () => {
    const { user } = await renderAtConfirm()
    await book(user)
    const widget = await screen.findByTestId('payment-widget')
    const src = new URL(widget.getAttribute('src') ?? '')
    expect(src.searchParams.get('request')).toBe('s')
    expect(Object.fromEntries([...src.searchParams].filter(([name]) => name !== 'request'))).toEqual({
      mode: 'selection',
      integrationId: 'DICE',
      paymentAccountId: institution.entityId,
      experience: 'NAO_CC_ONLY',
      locale: 'en-US',
    })
  })

  it("shows the spec's speed bump when the widget refuses its start", async () => {
    const { user } = await renderAtConfirm()
    await book(user)
    await screen.findByTestId('payment-widget')
    const refusal = {
      source: 'coverline-gateway',
      type: 'error',
      message: 'The payment widget was started with a wrong payment account.',
    }
    window.dispatchEvent(new MessageEvent('message', { origin: 'http://127.0.0.1:8081', data: refusal }))
    const dialog = await screen.findByTestId('payment-error-dialog')
    expect(within(dialog).getByText(messages.paymentProblem)).toBeInTheDocument()
  })

  it('shows the speed bump when the sign request fails, then the payment-error page', async () => {
    server.use(http.post(SIGN, () => apiError('paymentFailed', messages.paymentProblem, 502)))
    const { user } = await renderAtConfirm()
    await book(user)
    const dialog = await screen.findByTestId('payment-error-dialog')
    expect(within(dialog).getByText(messages.paymentProblemTitle)).toBeInTheDocument()
    expect(within(dialog).getByText(messages.paymentProblem)).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: screens.payment.okayButton }))
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/user/payment-error'))
  })

  it(`shows a voided contract's message instead of the generic text; ${screens.payment.okayButton} goes to payment-error`, async () => {
    server.use(http.post(SIGN, () => apiError('voided', VOIDED, 409)))
    const { user } = await renderAtConfirm()
    await book(user)
    const dialog = await screen.findByTestId('payment-error-dialog')
    expect(within(dialog).getByText(messages.paymentProblemTitle)).toBeInTheDocument()
    expect(within(dialog).getByText(VOIDED)).toBeInTheDocument()
    expect(dialog).not.toHaveTextContent(messages.paymentProblem)
    await user.click(within(dialog).getByRole('button', { name: screens.payment.okayButton }))
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/user/payment-error'))
    expect(await screen.findByTestId('payment-error-page')).toBeInTheDocument()
  })
})
