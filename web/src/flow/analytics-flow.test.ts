import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import { createActor, toPromise } from 'xstate'
import { ApiError } from '../api/api-error'
import type { AnalyticsEvent } from '../api/types'
import { errorLabel } from '../lib/analytics'
import { messages } from '../lib/product'
import { confirmation } from '../test/fixtures'
import { driveTo, send } from '../test/flow-harness'
import { server } from '../test/msw-server'
import { answer } from '../test/respond'
import { flowActors } from './actors'

/*
 * The flow's analytics beyond pageviews: an 'ErrorEncountered' event for each failure spec section 8
 * lists, and the purchase's one-time 'booked' and 'paid' events (spec section 4).
 */

/** The error events sent, as [action, label]. */
function errorsIn(analytics: AnalyticsEvent[]): Array<[string | null | undefined, string | null | undefined]> {
  return analytics.filter((e) => e.eventCategory === 'ErrorEncountered').map((e) => [e.eventAction, e.eventLabel])
}

/** The purchase's once-per-session events sent, as [action, label]. */
function purchaseEventsIn(analytics: AnalyticsEvent[]): Array<[string | null | undefined, string | null | undefined]> {
  return analytics.filter((e) => e.eventCategory === 'Purchase').map((e) => [e.eventAction, e.eventLabel])
}

function fails(status: number, code: ApiError['code'], message = 'failed') {
  return (): Promise<never> => Promise.reject(new ApiError(status, code, message))
}

describe('errorLabel', () => {
  it("is the API's error code and status, the code alone without an answer, 'unknown' for anything else", () => {
    expect(errorLabel(new ApiError(504, 'bookingNoResponse', 'x'))).toBe('bookingNoResponse 504')
    expect(errorLabel(new ApiError(0, 'network', 'Failed to fetch'))).toBe('network')
    expect(errorLabel(new Error('boom'))).toBe('unknown')
  })
})

describe('ErrorEncountered events: one per failure', () => {
  it('UpdateEmail: a changed address the API refuses', async () => {
    const analytics: AnalyticsEvent[] = []
    const actor = await driveTo('sendEmail', { analytics, updateEmail: fails(409, 'conflict') })
    expect(await send(actor, { type: 'SEND_CODE', emailAddress: 'other@example.com' })).toBe('sendEmail')
    expect(actor.getSnapshot().context.emailError).toBe(messages.updateEmailFailed)
    expect(errorsIn(analytics)).toEqual([['UpdateEmail', 'conflict 409']])
  })

  it('SendEmail: the verification email is not sent', async () => {
    const analytics: AnalyticsEvent[] = []
    const actor = await driveTo('sendEmail', { analytics, sendEmail: fails(429, 'rateLimited') })
    expect(await send(actor, { type: 'SEND_CODE', emailAddress: 'jane@example.com' })).toBe('sendEmail')
    expect(errorsIn(analytics)).toEqual([['SendEmail', 'rateLimited 429']])
  })

  it("SendEmail: the first code email fails with its own words, not Resend's (issue 28)", async () => {
    for (const error of [fails(502, 'emailFailed', messages.resendFailed), fails(0, 'network', 'Failed to fetch')]) {
      const actor = await driveTo('sendEmail', { sendEmail: error })
      expect(await send(actor, { type: 'SEND_CODE', emailAddress: 'jane@example.com' })).toBe('sendEmail')
      expect(actor.getSnapshot().context.emailError).toBe(messages.sendCodeFailed)
    }
    // A limit keeps the API's own words.
    const limited = await driveTo('sendEmail', { sendEmail: fails(429, 'rateLimited', 'Too many codes. Try again later.') })
    await send(limited, { type: 'SEND_CODE', emailAddress: 'jane@example.com' })
    expect(limited.getSnapshot().context.emailError).toBe('Too many codes. Try again later.')
  })

  it('SendEmail: Resend code fails', async () => {
    const analytics: AnalyticsEvent[] = []
    let sends = 0
    const actor = await driveTo('codeConfirmation', {
      analytics,
      sendEmail: () => {
        sends += 1
        if (sends > 1) return Promise.reject(new ApiError(429, 'rateLimited', messages.resendFailed))
        return Promise.resolve(true)
      },
    })
    expect(await send(actor, { type: 'RESEND_CODE' })).toBe('codeConfirmation')
    expect(actor.getSnapshot().context.resendStatus).toBe('failed')
    expect(errorsIn(analytics)).toEqual([['SendEmail', 'rateLimited 429']])
  })

  it('PolicyPost: a refused booking, and each retry that fails again', async () => {
    const analytics: AnalyticsEvent[] = []
    const actor = await driveTo('confirm', { analytics, book: fails(502, 'bookingFailed') })
    await send(actor, { type: 'BOOK' })
    expect(actor.getSnapshot().matches({ confirm: 'bookingFailed' })).toBe(true)
    expect(errorsIn(analytics)).toEqual([['PolicyPost', 'bookingFailed 502']])
    await send(actor, { type: 'RETRY_BOOKING' })
    expect(errorsIn(analytics)).toEqual([
      ['PolicyPost', 'bookingFailed 502'],
      ['PolicyPost', 'bookingFailed 502'],
    ])
  })

  it('PolicyPost: no answer from the provider in 120 s (504 bookingNoResponse), and a voided contract', async () => {
    const analytics: AnalyticsEvent[] = []
    const actor = await driveTo('confirm', { analytics, book: fails(504, 'bookingNoResponse') })
    await send(actor, { type: 'BOOK' })
    expect(actor.getSnapshot().matches({ confirm: 'bookingFailed' })).toBe(true)
    expect(errorsIn(analytics)).toEqual([['PolicyPost', 'bookingNoResponse 504']])

    const voided: AnalyticsEvent[] = []
    const voidedActor = await driveTo('confirm', { analytics: voided, book: fails(409, 'voided') })
    await send(voidedActor, { type: 'BOOK' })
    expect(voidedActor.getSnapshot().matches({ confirm: 'voided' })).toBe(true)
    expect(errorsIn(voided)).toEqual([['PolicyPost', 'voided 409']])
  })

  it('SignRequest: the sign request fails (or finds the contract voided)', async () => {
    const analytics: AnalyticsEvent[] = []
    const actor = await driveTo('confirm', { analytics, sign: fails(502, 'paymentFailed') })
    expect(await send(actor, { type: 'BOOK' })).toBe('payment')
    expect(actor.getSnapshot().matches({ payment: 'failed' })).toBe(true)
    expect(errorsIn(analytics)).toEqual([['SignRequest', 'paymentFailed 502']])

    const voided: AnalyticsEvent[] = []
    const voidedActor = await driveTo('confirm', { analytics: voided, sign: fails(409, 'voided') })
    await send(voidedActor, { type: 'BOOK' })
    expect(voidedActor.getSnapshot().matches({ payment: 'failed' })).toBe(true)
    expect(errorsIn(voided)).toEqual([['SignRequest', 'voided 409']])
  })

  it("SdkStartup: the widget reports an error before it is ready, labelled with the widget's message", async () => {
    const analytics: AnalyticsEvent[] = []
    const actor = await driveTo('payment', { analytics })
    await send(actor, { type: 'WIDGET_ERROR', message: 'This payment request has expired.' })
    expect(actor.getSnapshot().matches({ payment: 'failed' })).toBe(true)
    expect(errorsIn(analytics)).toEqual([['SdkStartup', 'This payment request has expired.']])
  })

  it('VerifyResponse: the widget refuses the charge, or verifyresponse refuses the result', async () => {
    const declined: AnalyticsEvent[] = []
    const actor = await driveTo('payment', { analytics: declined })
    await send(actor, { type: 'WIDGET_READY' })
    await send(actor, { type: 'WIDGET_ERROR', message: 'Your card was declined.' })
    expect(actor.getSnapshot().matches({ payment: 'failed' })).toBe(true)
    expect(errorsIn(declined)).toEqual([['VerifyResponse', 'Your card was declined.']])

    const refused: AnalyticsEvent[] = []
    const verifyActor = await driveTo('payment', { analytics: refused, verify: fails(402, 'paymentFailed', 'Card declined') })
    await send(verifyActor, { type: 'WIDGET_READY' })
    await send(verifyActor, { type: 'WIDGET_RESULT', result: 'r' })
    expect(verifyActor.getSnapshot().matches({ payment: 'failed' })).toBe(true)
    expect(errorsIn(refused)).toEqual([['VerifyResponse', 'paymentFailed 402']])
  })

  it('VerifyResponse: a non-200 verifyresponse answer or one without a tracking number, through the real call', async () => {
    const answers = [
      answer(
        'verify_response',
        { status: 402, data: { data: null, error: { error_message: 'Card declined', code: null } } },
        402,
      ),
      answer('verify_response', { status: 200, data: { data: null, error: null } }),
    ]
    server.use(http.post('*/api/institution/:iid/user/:uid/verifyresponse', () => answers.shift()))
    const verify = () =>
      toPromise(
        createActor(flowActors.verifyPayment, {
          input: { session: { institutionId: 'summit-cu', userId: 'u-1', token: 't-v' }, policyId: 'p-1', result: 'r' },
        }).start(),
      )
    for (const label of ['paymentFailed 402', 'paymentFailed 200']) {
      const analytics: AnalyticsEvent[] = []
      const actor = await driveTo('payment', { analytics, verify })
      await send(actor, { type: 'WIDGET_READY' })
      await send(actor, { type: 'WIDGET_RESULT', result: 'r' })
      expect(actor.getSnapshot().matches({ payment: 'failed' }), label).toBe(true)
      expect(errorsIn(analytics)).toEqual([['VerifyResponse', label]])
    }
  })

  it(`VerifyResponse: '${messages.userTimeout}' is reported before the session ends`, async () => {
    const analytics: AnalyticsEvent[] = []
    const actor = await driveTo('payment', { analytics, verify: fails(401, 'sessionExpired', messages.userTimeout) })
    await send(actor, { type: 'WIDGET_READY' })
    expect(await send(actor, { type: 'WIDGET_RESULT', result: 'r' })).toBe('splash')
    expect(errorsIn(analytics)).toEqual([['VerifyResponse', 'userTimeout']])
  })

  it('PaymentConfirmation: Continue after paying fails', async () => {
    const analytics: AnalyticsEvent[] = []
    const actor = await driveTo('payment', { analytics, confirm: fails(502, 'paymentFailed') })
    await send(actor, { type: 'WIDGET_READY' })
    await send(actor, { type: 'WIDGET_RESULT', result: 'r' })
    await send(actor, { type: 'CONTINUE' })
    expect(actor.getSnapshot().matches({ payment: 'failed' })).toBe(true)
    expect(errorsIn(analytics)).toEqual([['PaymentConfirmation', 'paymentFailed 502']])
  })

  it('sends none on a refused token (the session is over) nor on the happy path', async () => {
    const analytics: AnalyticsEvent[] = []
    const actor = await driveTo('confirm', { analytics, book: fails(401, 'sessionExpired', 'expired') })
    expect(await send(actor, { type: 'BOOK' })).toBe('splash')
    const happy: AnalyticsEvent[] = []
    await driveTo('confirmation', { analytics: happy })
    expect([...errorsIn(analytics), ...errorsIn(happy)]).toEqual([])
  })
})

describe("the purchase's one-time 'booked' and 'paid' events", () => {
  it('sends each once, labelled with the policy', async () => {
    const analytics: AnalyticsEvent[] = []
    const actor = await driveTo('confirmation', { analytics })
    expect(purchaseEventsIn(analytics)).toEqual([
      ['booked', 'p-1'],
      ['paid', 'p-1'],
    ])
    expect(actor.getSnapshot().context.sentSignals).toEqual(expect.arrayContaining(['booked', 'paid']))
  })

  it('sends booked once after a failed booking is retried', async () => {
    const analytics: AnalyticsEvent[] = []
    let attempts = 0
    const actor = await driveTo('confirm', {
      analytics,
      book: () => {
        attempts += 1
        if (attempts === 1) return Promise.reject(new ApiError(502, 'bookingFailed', 'x'))
        return Promise.resolve({ policyId: 'p-1', mmpContractNumber: 'MMP-1', status: 'booked' })
      },
    })
    await send(actor, { type: 'BOOK' })
    expect(purchaseEventsIn(analytics)).toEqual([])
    expect(await send(actor, { type: 'RETRY_BOOKING' })).toBe('payment')
    expect(purchaseEventsIn(analytics)).toEqual([['booked', 'p-1']])
  })

  it('does not send booked or paid again when the booking is posted again and the payment verified again', async () => {
    const analytics: AnalyticsEvent[] = []
    const actor = await driveTo('payment', { analytics })
    // Back from payment and book again: the API answers the same policy (the retry).
    expect(await send(actor, { type: 'BACK' })).toBe('confirm')
    expect(await send(actor, { type: 'BOOK' })).toBe('payment')
    await send(actor, { type: 'WIDGET_READY' })
    await send(actor, { type: 'WIDGET_RESULT', result: 'r' })
    expect(actor.getSnapshot().matches({ payment: 'paid' })).toBe(true)
    // Paid, then back, book and verify once more.
    expect(await send(actor, { type: 'BACK' })).toBe('confirm')
    await send(actor, { type: 'BOOK' })
    await send(actor, { type: 'WIDGET_READY' })
    await send(actor, { type: 'WIDGET_RESULT', result: 'r' })
    expect(await send(actor, { type: 'CONTINUE' })).toBe('confirmation')
    expect(purchaseEventsIn(analytics)).toEqual([
      ['booked', 'p-1'],
      ['paid', 'p-1'],
    ])
  })

  it('does not send paid again when Continue fails and the member pays again (Retry Payment)', async () => {
    const analytics: AnalyticsEvent[] = []
    let confirms = 0
    const actor = await driveTo('payment', {
      analytics,
      confirm: () => {
        confirms += 1
        if (confirms === 1) return Promise.reject(new ApiError(502, 'paymentFailed', 'x'))
        return Promise.resolve(confirmation)
      },
    })
    await send(actor, { type: 'WIDGET_READY' })
    await send(actor, { type: 'WIDGET_RESULT', result: 'r' })
    await send(actor, { type: 'CONTINUE' })
    expect(await send(actor, { type: 'CLOSE_PAYMENT_ERROR' })).toBe('paymentError')
    expect(await send(actor, { type: 'RETRY_PAYMENT' })).toBe('payment')
    await send(actor, { type: 'WIDGET_READY' })
    await send(actor, { type: 'WIDGET_RESULT', result: 'r' })
    expect(await send(actor, { type: 'CONTINUE' })).toBe('confirmation')
    expect(purchaseEventsIn(analytics)).toEqual([
      ['booked', 'p-1'],
      ['paid', 'p-1'],
    ])
  })

  it('clears the flags with the session: a new session reports its own purchase', async () => {
    const analytics: AnalyticsEvent[] = []
    const actor = await driveTo('confirmation', { analytics })
    expect(await send(actor, { type: 'GO_TO', step: 'splash' })).toBe('splash')
    expect(actor.getSnapshot().context.sentSignals).toEqual([])
    await driveTo('confirmation', {}, actor)
    expect(purchaseEventsIn(analytics).map(([action]) => action)).toEqual(['booked', 'paid', 'booked', 'paid'])
  })
})
