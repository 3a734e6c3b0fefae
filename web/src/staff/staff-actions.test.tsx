import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { purchase, renderStaff, serveStaff, staffError, supportPerson, type Posted } from './staff-test-kit'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

/** The console on purchase p-1, its detail loaded. */
async function openPurchase(path = '/staff?tab=members&policy=p-1') {
  const view = renderStaff(path)
  const detail = await screen.findByTestId('staff-purchase')
  await within(detail).findByTestId('staff-purchase-summary')
  return { ...view, detail }
}

describe('staff console: actions on a purchase', () => {
  it('Retry booking posts with X-CSRF-Token and an Idempotency-Key, shows the message and reads the purchase again', async () => {
    const api = serveStaff(supportPerson)
    const { user, detail } = await openPurchase()
    expect(api.getsOf('/policy/p-1')).toHaveLength(1)

    await user.click(within(detail).getByRole('button', { name: 'Retry booking' }))
    const feedback = await screen.findByTestId('staff-feedback')
    expect(feedback).toHaveTextContent('retry-booking done for p-1')
    expect(feedback).toHaveClass('MuiAlert-colorSuccess')
    expect(api.posts).toHaveLength(1)
    expect(api.posts[0]).toMatchObject({ path: '/policy/p-1/retry-booking', csrf: 'csrf-ana', body: {} })
    expect(api.posts[0].key).toMatch(UUID)
    await waitFor(() => expect(api.getsOf('/policy/p-1')).toHaveLength(2))

    await waitFor(() => expect(within(detail).getByRole('button', { name: 'Retry booking' })).toBeEnabled())
    await user.click(within(detail).getByRole('button', { name: 'Retry booking' }))
    await waitFor(() => expect(api.posts).toHaveLength(2))
    expect(api.posts[1].key).toMatch(UUID)
    expect(api.posts[1].key).not.toBe(api.posts[0].key)
  })

  it('a click that got no answer is sent again with the same Idempotency-Key', async () => {
    let calls = 0
    const api = serveStaff(supportPerson, {
      action: () => (++calls === 1 ? HttpResponse.error() : HttpResponse.json({ outcome: 'done', message: 'booked MMP-0001' })),
    })
    const { user, detail } = await openPurchase()
    await user.click(within(detail).getByRole('button', { name: 'Retry booking' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('The server could not be reached.')
    await user.click(within(detail).getByRole('button', { name: 'Retry booking' }))
    expect(await screen.findByTestId('staff-feedback')).toHaveTextContent('booked MMP-0001')
    expect(api.posts).toHaveLength(2)
    expect(api.posts[1].key).toBe(api.posts[0].key)
  })

  it('Resend emails, resent a moment ago: the info message, and "Send anyway" posts force', async () => {
    const api = serveStaff(supportPerson, {
      action: (posted: Posted) =>
        HttpResponse.json(
          (posted.body as { force?: boolean }).force
            ? { outcome: 'done', message: 'sent the receipt and the contract copy to jane@example.com' }
            : { outcome: 'nothingToDo', message: 'already resent 3m 12s ago by support:Ana Support <ana@coverline.example>' },
        ),
    })
    const { user, detail } = await openPurchase()
    await user.click(within(detail).getByRole('button', { name: 'Resend emails' }))
    const feedback = await screen.findByTestId('staff-feedback')
    expect(feedback).toHaveTextContent('already resent 3m 12s ago')
    expect(feedback).toHaveClass('MuiAlert-colorInfo')
    const sendAnyway = await within(feedback).findByRole('button', { name: 'Send anyway' })
    await waitFor(() => expect(sendAnyway).toBeEnabled())
    await user.click(sendAnyway)
    await waitFor(() => expect(screen.getByTestId('staff-feedback')).toHaveTextContent('sent the receipt'))
    expect(api.posts.map((posted) => posted.body)).toEqual([{}, { force: true }])
    expect(api.posts[1].key).not.toBe(api.posts[0].key)
  })

  it('Cancel contract…: the quote for the odometer typed, then the cancellation posted for it', async () => {
    const api = serveStaff(supportPerson)
    const { user, detail } = await openPurchase()
    await user.click(within(detail).getByRole('button', { name: 'Cancel contract…' }))
    const dialog = await screen.findByRole('dialog', { name: 'Cancel contract' })
    const confirm = within(dialog).getByRole('button', { name: 'Cancel contract' })
    expect(confirm).toBeDisabled()

    await user.type(within(dialog).getByLabelText(/Odometer reading/), '48000')
    await user.click(within(dialog).getByRole('button', { name: 'Get quote' }))
    const quote = await within(dialog).findByTestId('staff-cancel-quote')
    expect(api.getsOf('/policy/p-1/cancellation').map((url) => url.searchParams.get('odometer'))).toEqual(['48000'])
    expect(quote).toHaveTextContent('$1,150.25')
    expect(quote).toHaveTextContent('$50')
    expect(quote).toHaveTextContent('Check')
    expect(quote).toHaveTextContent('March 3rd, 2026')
    expect(quote).toHaveTextContent('Texas: you may cancel at any time.')
    expect(quote).toHaveTextContent('Source: Tex. Occ. Code §1304.1581')

    await user.click(confirm)
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(api.posts).toHaveLength(1)
    expect(api.posts[0]).toMatchObject({ path: '/policy/p-1/cancel', csrf: 'csrf-ana', body: { odometer: 48000 } })
    expect(api.posts[0].key).toMatch(UUID)
    expect(await screen.findByTestId('staff-feedback')).toHaveTextContent('cancel done for p-1')
  })

  it('Cancel contract…: a reading the API refuses shows at the field; past the money-back period says so', async () => {
    serveStaff(supportPerson, {
      cancellation: (odometer) =>
        odometer < 45_000
          ? staffError(400, 'validation', 'The odometer reading today cannot be below 45,000 miles.', 'odometer')
          : HttpResponse.json({ ...purchaseTermsPastMoneyBack }),
    })
    const { user, detail } = await openPurchase()
    await user.click(within(detail).getByRole('button', { name: 'Cancel contract…' }))
    const dialog = await screen.findByRole('dialog', { name: 'Cancel contract' })
    const odometer = within(dialog).getByLabelText(/Odometer reading/)
    await user.type(odometer, '12.5')
    await user.click(within(dialog).getByRole('button', { name: 'Get quote' }))
    expect(await within(dialog).findByText('Enter the odometer reading in whole miles.')).toBeInTheDocument()
    await user.clear(odometer)
    await user.type(odometer, '100')
    await user.click(within(dialog).getByRole('button', { name: 'Get quote' }))
    expect(await within(dialog).findByText('The odometer reading today cannot be below 45,000 miles.')).toBeInTheDocument()
    await user.clear(odometer)
    await user.type(odometer, '50000')
    await user.click(within(dialog).getByRole('button', { name: 'Get quote' }))
    expect(await within(dialog).findByTestId('staff-cancel-quote')).toHaveTextContent(
      'Past the money-back period: the cancellation will be requested of Summit Credit Union',
    )
    expect(within(dialog).getByRole('button', { name: 'Cancel contract' })).toBeEnabled()
  })

  it('Record check paid…: the check number and the day it was paid', async () => {
    const api = serveStaff(supportPerson, { purchase: { ...purchase, actions: { ...purchase.actions, refundPaid: true } } })
    const { user, detail } = await openPurchase()
    await user.click(within(detail).getByRole('button', { name: 'Record check paid…' }))
    const dialog = await screen.findByRole('dialog', { name: 'Record check paid' })
    await user.click(within(dialog).getByRole('button', { name: 'Record check paid' }))
    expect(await within(dialog).findByText('Enter the check number.')).toBeInTheDocument()
    await user.type(within(dialog).getByLabelText(/Check number/), '10442')
    const paidOn = within(dialog).getByLabelText('Paid on')
    await user.clear(paidOn)
    await user.type(paidOn, '2026-02-10')
    await user.click(within(dialog).getByRole('button', { name: 'Record check paid' }))
    await waitFor(() => expect(api.posts).toHaveLength(1))
    expect(api.posts[0]).toMatchObject({ path: '/policy/p-1/refund-paid', body: { checkNumber: '10442', paidOn: '2026-02-10' } })
  })

  it('an action answered 401: the session ended, sign in again', async () => {
    const api = serveStaff(supportPerson, { action: () => staffError(401, 'unauthorized', 'Sign in.') })
    const { user, detail } = await openPurchase()
    await user.click(within(detail).getByRole('button', { name: 'Resend emails' }))
    expect(await screen.findByText('Your session ended. Sign in again.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/api/staff/sign-in')
    expect(screen.queryByTestId('staff-purchase')).not.toBeInTheDocument()
    expect(api.posts).toHaveLength(1)
  })

  it('an error answer shows its message', async () => {
    serveStaff(supportPerson, {
      action: () => staffError(409, 'conflict', 'The booking is under way: wait for it, then look again.'),
    })
    const { user, detail } = await openPurchase()
    await user.click(within(detail).getByRole('button', { name: 'Retry booking' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('The booking is under way: wait for it, then look again.')
  })
})

/** Terms past the money-back period with no rules to quote by: the request goes to the institution. */
const purchaseTermsPastMoneyBack = {
  status: 'fulfilled',
  cancellable: true,
  withinMoneyBack: false,
  moneyBackEnds: 'February 4th, 2026',
  amountPaid: '$1,899',
  refundText: 'Refunds after 30 days are paid by check within 30 days.',
  institutionName: 'Summit Credit Union',
  contractNumber: purchase.contractNumber,
  requestedOn: null,
  state: '',
  stateName: '',
  freeLookDays: 0,
  rules: '',
  source: '',
  odometerAtSale: 45_000,
  quote: null,
  refund: null,
}
