import { describe, expect, it } from 'vitest'
import { ApiError } from '../api/api-error'
import { messages } from '../lib/product'
import { confirmation } from '../test/fixtures'
import { driveTo, send, type Fakes } from '../test/flow-harness'
import { stepOf } from './flow-actor'

/** The payment page with the widget ready and a charge approved in it (WIDGET_RESULT), with `fakes`. */
async function verifyWith(fakes: Fakes) {
  const actor = await driveTo('payment', fakes)
  await send(actor, { type: 'WIDGET_READY' })
  await send(actor, { type: 'WIDGET_RESULT', result: 'signed-result' })
  return actor
}

describe('payment: a contract paid already', () => {
  it('409 alreadyPaid on the sign request (the verify call was lost after the charge): on to the confirmation', async () => {
    let confirmed = 0
    const actor = await driveTo('confirm', {
      sign: () => Promise.reject(new ApiError(409, 'alreadyPaid', messages.alreadyPaid)),
      confirm: () => {
        confirmed += 1
        return Promise.resolve(confirmation)
      },
    })
    expect(await send(actor, { type: 'BOOK' })).toBe('confirmation')
    expect(confirmed).toBe(1)
    expect(actor.getSnapshot().context.confirmation).toEqual(confirmation)
  })

  it('a confirmation still waiting for the payment (409 paymentPending): the speed bump, then payment-error', async () => {
    const actor = await driveTo('confirm', {
      sign: () => Promise.reject(new ApiError(409, 'alreadyPaid', messages.alreadyPaid)),
      confirm: () => Promise.reject(new ApiError(409, 'paymentPending', messages.paymentRecording)),
    })
    expect(await send(actor, { type: 'BOOK' })).toBe('payment')
    expect(actor.getSnapshot().matches({ payment: 'failed' })).toBe(true)
    expect(await send(actor, { type: 'CLOSE_PAYMENT_ERROR' })).toBe('paymentError')
  })
})

describe('payment: a charge the checkout refunds (verifyresponse 409)', () => {
  it('secondChargeRefunded: the message, then Okay goes to the confirmation (the contract is paid)', async () => {
    const message = 'This contract was already paid, so this second charge of $1,955.97 is being refunded to your card.'
    const actor = await verifyWith({
      verify: () => Promise.reject(new ApiError(409, 'secondChargeRefunded', message)),
    })
    const snapshot = actor.getSnapshot()
    expect(snapshot.matches({ payment: 'secondChargeRefunded' })).toBe(true)
    expect(snapshot.context.paymentFailure).toBe(message)
    expect(await send(actor, { type: 'CLOSE_PAYMENT_ERROR' })).toBe('confirmation')
    expect(actor.getSnapshot().context.confirmation).toEqual(confirmation)
  })

  it.each([
    [
      'voided',
      'This contract was voided before your payment reached us, so your payment of $1,955.97 is being refunded to your card.',
    ],
    ['chargeRefunded', `${messages.paymentProblem} Your payment of $1,955.97 is being refunded to your card.`],
  ] as const)('%s: the message, then Okay goes to payment-error', async (code, message) => {
    const actor = await verifyWith({
      verify: () => Promise.reject(new ApiError(409, code, message)),
    })
    expect(actor.getSnapshot().matches({ payment: 'failed' })).toBe(true)
    expect(actor.getSnapshot().context.paymentFailure).toBe(message)
    expect(await send(actor, { type: 'CLOSE_PAYMENT_ERROR' })).toBe('paymentError')
    expect(stepOf(actor.getSnapshot())).toBe('paymentError')
  })

  it('any other refusal keeps the generic speed bump', async () => {
    const actor = await verifyWith({
      verify: () => Promise.reject(new ApiError(402, 'paymentFailed', 'Your card was declined.')),
    })
    expect(actor.getSnapshot().matches({ payment: 'failed' })).toBe(true)
    expect(actor.getSnapshot().context.paymentFailure).toBeNull()
  })
})
