import { describe, expect, it } from 'vitest'
import { ApiError } from '../api/api-error'
import type { ContactRequestBody, Resumed } from '../api/types'
import { messages } from '../lib/product'
import { bookedPolicy, confirmation, resumedAt, verifiedMember } from '../test/fixtures'
import { send, settle, start, type Fakes } from '../test/flow-harness'
import { progressOf, stepOf } from './flow-actor'
import type { RestoreSource } from './restore-source'

const SESSION: RestoreSource = { via: 'session' }

/** The flow booted at a /user page (or a continue link) whose restore answers `resumed`. */
async function restoreWith(resumed: Resumed | (() => Promise<Resumed>), fakes: Fakes = {}, source: RestoreSource = SESSION) {
  const sources: RestoreSource[] = []
  const actor = start(
    {
      ...fakes,
      restore: async (asked) => {
        sources.push(asked)
        return typeof resumed === 'function' ? resumed() : resumed
      },
    },
    { restoreSource: source },
  )
  await settle(actor)
  return { actor, sources }
}

describe('restore on boot: the member goes on where the checkout stands', () => {
  it('coverage: the carousel on the chosen card, without quoting again; the session clock runs', async () => {
    let quotes = 0
    const { actor, sources } = await restoreWith(resumedAt('coverage'), {
      quote: () => {
        quotes += 1
        return Promise.reject(new Error('not expected'))
      },
    })
    const snapshot = actor.getSnapshot()
    expect(sources).toEqual([SESSION])
    expect(stepOf(snapshot)).toBe('coverage')
    expect(snapshot.matches({ coverage: 'choosing' })).toBe(true)
    expect(progressOf(snapshot)).toBe(60)
    expect(snapshot.context.selectedRateIndex).toBe(2)
    expect(quotes).toBe(0)
    expect(snapshot.context.session?.token).toBe('t-restored')
    expect(snapshot.context.lastActivityAt).toBeGreaterThan(0)
    // Back follows the back table from here.
    expect(await send(actor, { type: 'BACK' })).toBe('yearsToOwn')
  })

  it('personal details, send-email, code confirmation and review, each with what it shows', async () => {
    const unverified = { ...verifiedMember, isEmailVerified: false }
    expect(stepOf((await restoreWith(resumedAt('missingInfo'))).actor.getSnapshot())).toBe('missingInfo')
    const sendEmail = (await restoreWith(resumedAt('sendEmail', { user: unverified }))).actor.getSnapshot()
    expect([stepOf(sendEmail), sendEmail.context.user?.emailAddress]).toEqual(['sendEmail', 'jane@example.com'])
    const code = (await restoreWith(resumedAt('codeConfirmation', { user: unverified, facts: { codeSent: true } }))).actor
    expect(stepOf(code.getSnapshot())).toBe('codeConfirmation')
    expect(await send(code, { type: 'SUBMIT_CODE', code: '123456' })).toBe('confirm')
    const review = (await restoreWith(resumedAt('confirm'))).actor.getSnapshot()
    expect([stepOf(review), review.context.selectedRate?.rateId, review.context.car?.carId]).toEqual([
      'confirm',
      'rate-2',
      'car-1',
    ])
  })

  it('payment: signs again (the same open request) and pays', async () => {
    let signs = 0
    const { actor } = await restoreWith(resumedAt('payment', { status: 'booked', policy: bookedPolicy }), {
      sign: () => {
        signs += 1
        return Promise.resolve({
          signedRequest: 's',
          widgetUrl: 'http://127.0.0.1:8081/widget',
          gatewayOrigin: 'http://127.0.0.1:8081',
          requestId: 'req-1',
          expiresAt: 1_900_000_000,
          widgetStart: { mode: 'selection', integrationId: 'DICE', experience: 'NAO_CC_ONLY' },
        })
      },
    })
    expect(stepOf(actor.getSnapshot())).toBe('payment')
    expect(signs).toBe(1)
    expect(actor.getSnapshot().context.signedRequest?.requestId).toBe('req-1')
    await send(actor, { type: 'WIDGET_READY' })
    await send(actor, { type: 'WIDGET_RESULT', result: 'r' })
    expect(await send(actor, { type: 'CONTINUE' })).toBe('confirmation')
  })

  it('a paid contract: the confirmation with its data, and nowhere else', async () => {
    const { actor } = await restoreWith(
      resumedAt('payment', { status: 'paid', policy: { ...bookedPolicy, status: 'paid' }, confirmation }),
    )
    expect(stepOf(actor.getSnapshot())).toBe('confirmation')
    expect(actor.getSnapshot().context.confirmation).toEqual(confirmation)
    expect(await send(actor, { type: 'GO_TO', step: 'coverage' })).toBe('confirmation')
  })

  it('the error and contact pages, with where they go back to; thank-you does not send its request again', async () => {
    const contacts: Array<{ body: ContactRequestBody; anonymous: boolean }> = []
    const noRates = (await restoreWith(resumedAt('noRates', { answers: { carId: null, quoteId: null, rate: null } }))).actor
    expect(stepOf(noRates.getSnapshot())).toBe('noRates')
    expect(await send(noRates, { type: 'BACK' })).toBe('mileage')
    const invalid = (await restoreWith(resumedAt('invalidState', { answers: { stateOfResidence: 'NY', vehicle: null } }))).actor
    expect(stepOf(invalid.getSnapshot())).toBe('invalidState')
    const contactMe = (
      await restoreWith(
        resumedAt('contactMe', { answers: { bounce: { contactOrigin: 'noRates', paymentOptionsRequested: false } } }),
      )
    ).actor
    expect(stepOf(contactMe.getSnapshot())).toBe('contactMe')
    expect(await send(contactMe, { type: 'BACK' })).toBe('noRates')
    const thankYou = (await restoreWith(resumedAt('thankYou'), { contacts })).actor
    expect(stepOf(thankYou.getSnapshot())).toBe('thankYou')
    expect(thankYou.getSnapshot().matches({ thankYou: 'sent' })).toBe(true)
    expect(contacts).toEqual([])
    const bookingError = (await restoreWith(resumedAt('bookingError', { status: 'bookingFailed' }))).actor
    expect(stepOf(bookingError.getSnapshot())).toBe('bookingError')
    expect(await send(bookingError, { type: 'RETRY_BOOKING' })).toBe('confirm')
    const paymentError = (await restoreWith(resumedAt('paymentError', { status: 'booked', policy: bookedPolicy }))).actor
    expect(stepOf(paymentError.getSnapshot())).toBe('paymentError')
    expect(await send(paymentError, { type: 'RETRY_PAYMENT' })).toBe('payment')
  })

  it("shows a re-rated quote's new price over the restored page until OK", async () => {
    const message = 'Prices have changed since you chose your coverage: it was $1,955.97, and it is now $2,001.'
    const { actor } = await restoreWith(resumedAt('confirm', { priceChange: { from: '$1,955.97', to: '$2,001', message } }))
    expect(stepOf(actor.getSnapshot())).toBe('confirm')
    expect(actor.getSnapshot().context.notice).toEqual({ title: messages.priceChangedTitle, message })
    actor.send({ type: 'DISMISS_NOTICE' })
    expect(actor.getSnapshot().context.notice).toBeNull()
  })
})

describe('restore on boot: nothing to go on with', () => {
  it('no restore cookie (401 unauthorized): the splash, no dialog', async () => {
    const actor = start({}, { restoreSource: SESSION })
    const snapshot = await settle(actor)
    expect(stepOf(snapshot)).toBe('splash')
    expect([snapshot.context.sessionExpired, snapshot.context.notice, snapshot.context.session]).toEqual([false, null, null])
  })

  it('an expired session (401 sessionExpired): the splash with the Session Expired dialog, nothing left to end', async () => {
    const ends: Array<string | null> = []
    const { actor } = await restoreWith(() => Promise.reject(new ApiError(401, 'sessionExpired', 'Your session has expired.')), {
      ends,
    })
    expect(stepOf(actor.getSnapshot())).toBe('splash')
    expect(actor.getSnapshot().context.sessionExpired).toBe(true)
    expect(ends).toEqual([]) // the server refused it and cleared the cookie
  })

  it("a used or expired continue link (410): the splash with the API's message", async () => {
    const message = messages.linkExpired
    const link: RestoreSource = { via: 'link', token: 'tok-1' }
    const { actor, sources } = await restoreWith(() => Promise.reject(new ApiError(410, 'linkExpired', message)), {}, link)
    expect(sources).toEqual([link])
    expect(stepOf(actor.getSnapshot())).toBe('splash')
    expect(actor.getSnapshot().context.notice).toEqual({ title: messages.linkFailedTitle, message })
    expect(actor.getSnapshot().context.sessionExpired).toBe(false)
  })

  it("a partner's member comes back in integration mode (the restore names the integrator)", async () => {
    const { actor } = await restoreWith({ ...resumedAt('coverage'), integratorId: 'demo-partner' })
    expect(stepOf(actor.getSnapshot())).toBe('coverage')
    expect(actor.getSnapshot().context.integrationMode).toBe(true)
    const { actor: splashMember } = await restoreWith(resumedAt('coverage'))
    expect(splashMember.getSnapshot().context.integrationMode).toBe(false)
  })

  it("a partner's frame whose session is gone says so, never the institution's splash", async () => {
    for (const refusal of [new ApiError(401, 'unauthorized', messages.startAgain), new ApiError(401, 'sessionExpired', 'x')]) {
      const actor = start({ restore: () => Promise.reject(refusal) }, { restoreSource: SESSION, partnerFrame: true })
      const snapshot = await settle(actor)
      expect(snapshot.matches({ integration: 'failed' })).toBe(true)
      expect(stepOf(snapshot)).not.toBe('splash')
      expect([snapshot.context.integrationMode, snapshot.context.failure]).toEqual([true, messages.partnerSessionEnded])
    }
    // The same refusal outside a partner's frame: the splash, as before.
    const actor = start({}, { restoreSource: SESSION, partnerFrame: false })
    expect(stepOf(await settle(actor))).toBe('splash')
  })

  it('a session with nothing recorded yet: the splash', async () => {
    const { actor } = await restoreWith({ ...resumedAt('lookup'), checkout: null })
    expect(stepOf(actor.getSnapshot())).toBe('splash')
    expect(actor.getSnapshot().context.session).toBeNull()
  })
})
