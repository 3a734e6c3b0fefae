import { http } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../api/api-error'
import type { CheckoutStepBody } from '../api/types'
import { checkoutAt } from '../test/fixtures'
import { server } from '../test/msw-server'
import { answer, apiError } from '../test/respond'
import { personalDetails, send, settle, start, type Actor } from '../test/flow-harness'
import { CheckoutRecorder, recordCheckout, RECORD_RETRY_WINDOW_MS } from './checkout-recorder'
import { NO_CAR_FLAGS } from './flow-context'
import type { FlowEvent } from './flow-machine'
import type { Step } from './steps'

interface Put {
  body: CheckoutStepBody
  key: string | null
  authorization: string | null
  userId: string
}

/** Every PUT U/checkout the fake API receives; answered with `refusal`, else the checkout at the step sent. */
function capturePuts(refusal?: () => Response) {
  const puts: Put[] = []
  server.use(
    http.put('*/api/institution/:iid/user/:uid/checkout', async ({ request, params }) => {
      const body = (await request.json()) as CheckoutStepBody
      puts.push({
        body,
        key: request.headers.get('Idempotency-Key'),
        authorization: request.headers.get('Authorization'),
        userId: String(params.uid),
      })
      return refusal ? refusal() : answer('advance', { checkout: checkoutAt(body.step) })
    }),
  )
  return puts
}

const bounce = { paymentOptionsRequested: false }
const vehicle = { vin: '5YJ3E1EA7KF317000', style: 'Standard Range' }
const habits = { odometer: 45000, milesPerYear: 15000, yearsToOwn: 6 }

/** Sends `event`, then waits until the newest PUT is for `step` (and has `answers` when given). */
async function landsAndRecords(actor: Actor, puts: Put[], event: FlowEvent, step: Step, answers?: object) {
  expect(await send(actor, event)).toBe(step)
  await vi.waitFor(() => {
    expect(puts.at(-1)?.body.step).toBe(step)
    if (answers) expect(puts.at(-1)?.body.answers).toEqual(answers)
  })
}

describe('recording the checkout while the flow runs (PUT U/checkout)', () => {
  it('sends each step landed on with the whole answers snapshot, one key per step', async () => {
    const puts = capturePuts()
    const actor = start({
      personalDetails: () => Promise.resolve({ user: { ...personalDetailsUser(), isEmailVerified: false }, token: 't-2' }),
    })
    const stop = recordCheckout(actor)
    await settle(actor)
    await send(actor, { type: 'SUBMIT_EMAIL', emailAddress: 'jane@example.com' })
    expect(puts).toEqual([]) // the splash is never recorded
    await landsAndRecords(actor, puts, { type: 'SUBMIT_STATE', state: 'CO' }, 'lookup', {
      carFlags: NO_CAR_FLAGS,
      bounce,
      stateOfResidence: 'CO',
    })
    expect(puts[0]).toMatchObject({ authorization: 'Bearer t-1', userId: 'u-1' })
    await landsAndRecords(actor, puts, { type: 'CHOOSE_VIN' }, 'vinLookup')
    await landsAndRecords(actor, puts, { type: 'SUBMIT_VIN', vin: '5yj3e1ea7kf317000' }, 'mileage', {
      carFlags: NO_CAR_FLAGS,
      bounce,
      stateOfResidence: 'CO',
      vehicle,
    })
    const flags = { ...NO_CAR_FLAGS, secondOwner: true }
    // Mileage created a temporary car (the fake's car is of the same VIN).
    await landsAndRecords(actor, puts, { type: 'SUBMIT_MILEAGE', odometer: '45000', carFlags: flags }, 'milesPerYear', {
      carFlags: flags,
      bounce,
      stateOfResidence: 'CO',
      vehicle,
      ...habits,
      carId: 'car-1',
    })
    await landsAndRecords(actor, puts, { type: 'SUBMIT_MILES_PER_YEAR', milesPerYear: 20000 }, 'yearsToOwn')
    // Coverage: the car first, then its quote when it arrives (the answers changed on the step).
    await landsAndRecords(actor, puts, { type: 'SUBMIT_YEARS_TO_OWN', yearsToOwn: 4 }, 'coverage', {
      carFlags: flags,
      bounce,
      stateOfResidence: 'CO',
      vehicle,
      ...habits,
      milesPerYear: 20000,
      yearsToOwn: 4,
      carId: 'car-1',
      quoteId: 'q-1',
    })
    await send(actor, { type: 'SELECT_RATE', index: 2 })
    await landsAndRecords(actor, puts, { type: 'PURCHASE' }, 'missingInfo')
    expect(puts.at(-1)?.body.answers?.rate).toEqual({ rateId: 'rate-2', index: 2 })
    await landsAndRecords(actor, puts, { type: 'SUBMIT_PERSONAL_DETAILS', details: personalDetails }, 'sendEmail')
    expect(puts.at(-1)?.authorization).toBe('Bearer t-2') // the session's newest token
    await landsAndRecords(actor, puts, { type: 'SEND_CODE', emailAddress: 'jane@example.com' }, 'codeConfirmation')
    await landsAndRecords(actor, puts, { type: 'SUBMIT_CODE', code: '123456' }, 'confirm')
    await landsAndRecords(actor, puts, { type: 'BOOK' }, 'payment')
    await send(actor, { type: 'WIDGET_READY' })
    await send(actor, { type: 'WIDGET_RESULT', result: 'r' })
    await landsAndRecords(actor, puts, { type: 'CONTINUE' }, 'confirmation')
    const steps = puts.map((put) => put.body.step).filter((step, i, all) => step !== all[i - 1])
    expect(steps).toEqual([
      'lookup',
      'vinLookup',
      'mileage',
      'milesPerYear',
      'yearsToOwn',
      'coverage',
      'missingInfo',
      'sendEmail',
      'codeConfirmation',
      'confirm',
      'payment',
      'confirmation',
    ])
    expect(new Set(puts.map((put) => put.key)).size).toBe(puts.length)
    expect(puts.every((put) => /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(put.key ?? ''))).toBe(
      true,
    )
    stop()
  })

  it('records error and contact pages with the bounce; a session reset stops it', async () => {
    const puts = capturePuts()
    const actor = start({
      quote: () => Promise.resolve({ quoteId: 'q-1', penTrackKey: '', carId: 'car-1', state: 'CO', rates: [] }),
    })
    const stop = recordCheckout(actor)
    await settle(actor)
    await send(actor, { type: 'SUBMIT_EMAIL', emailAddress: 'jane@example.com' })
    await send(actor, { type: 'SUBMIT_STATE', state: 'CO' })
    await send(actor, { type: 'CHOOSE_VIN' })
    await send(actor, { type: 'SUBMIT_VIN', vin: '5YJ3E1EA7KF317000' })
    await send(actor, { type: 'SUBMIT_MILEAGE', odometer: '45000', carFlags: NO_CAR_FLAGS })
    await send(actor, { type: 'SUBMIT_MILES_PER_YEAR', milesPerYear: 15000 })
    await landsAndRecords(actor, puts, { type: 'SUBMIT_YEARS_TO_OWN', yearsToOwn: 6 }, 'noRates')
    expect(puts.at(-1)?.body.answers?.bounce).toEqual({ pageUserBouncedFrom: 'validCarNoRates', paymentOptionsRequested: false })
    await landsAndRecords(actor, puts, { type: 'CONTACT_ME' }, 'contactMe')
    expect(puts.at(-1)?.body.answers?.bounce).toEqual({
      pageUserBouncedFrom: 'validCarNoRates',
      contactOrigin: 'noRates',
      paymentOptionsRequested: false,
    })
    // Back to the splash (no-rates, mileage, VIN, lookup, splash): the session resets, nothing more is recorded.
    for (const step of ['noRates', 'mileage', 'vinLookup', 'lookup'] as const)
      expect(await send(actor, { type: 'BACK' })).toBe(step)
    await vi.waitFor(() => expect(puts.at(-1)?.body.step).toBe('lookup'))
    const sent = puts.length
    expect(await send(actor, { type: 'BACK' })).toBe('splash')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(puts.slice(sent)).toEqual([])
    expect(actor.getSnapshot().context.session).toBeNull()
    stop()
  })
})

/** The member the personal details answer with (a member, not verified yet). */
function personalDetailsUser() {
  return {
    userId: 'u-1',
    emailAddress: 'jane@example.com',
    firstName: 'Jane',
    lastName: 'Doe',
    phoneNumber: '3035550142',
    address: { street: '100 Main St', city: 'Denver', state: 'CO', zip: '80202' },
    isMember: true,
    isEmailVerified: false,
    doesConsentToSoliciting: true,
    language: 'en' as const,
  }
}

describe('CheckoutRecorder: one call at a time, the newest step wins, retried for 30 s', () => {
  const session = { institutionId: 'summit-cu', userId: 'u-1', token: 't-1' }
  const body = (step: CheckoutStepBody['step']): CheckoutStepBody => ({ step, answers: {} })

  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  /** A fake PUT whose calls are answered by the test. */
  function fakeSend() {
    const calls: Array<{ step: string; key: string; resolve: () => void; reject: (error: unknown) => void }> = []
    const sendRecord = (_: typeof session, sent: CheckoutStepBody, key: string) =>
      new Promise<void>((resolve, reject) => calls.push({ step: sent.step, key, resolve, reject }))
    return { calls, sendRecord }
  }

  it('drops a waiting step when a newer one comes: the call under way, then only the newest', async () => {
    const { calls, sendRecord } = fakeSend()
    const recorder = new CheckoutRecorder(sendRecord)
    recorder.record(session, body('lookup'))
    recorder.record(session, body('vinLookup'))
    recorder.record(session, body('mileage'))
    expect(calls.map((call) => call.step)).toEqual(['lookup'])
    calls[0].resolve()
    await vi.waitFor(() => expect(calls.map((call) => call.step)).toEqual(['lookup', 'mileage']))
    calls[1].resolve()
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(calls).toHaveLength(2)
  })

  it('tries a network failure or 503 again with the same key, backing off, for up to 30 s', async () => {
    vi.useFakeTimers()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const start = Date.now()
    const tries: Array<{ at: number; key: string }> = []
    const recorder = new CheckoutRecorder((_, __, key) => {
      tries.push({ at: Date.now() - start, key })
      return Promise.reject(
        tries.length === 1 ? new ApiError(0, 'network', 'Failed to fetch') : new ApiError(503, 'checkoutBusy', 'busy'),
      )
    })
    recorder.record(session, body('coverage'))
    await vi.advanceTimersByTimeAsync(60_000)
    // 0.5, 1, 2, 4, 8, 8 s apart; the next (31.5 s) would be past the 30 s window.
    expect(tries.map((t) => t.at)).toEqual([0, 500, 1500, 3500, 7500, 15500, 23500])
    expect(new Set(tries.map((t) => t.key)).size).toBe(1)
    expect(RECORD_RETRY_WINDOW_MS).toBe(30_000)
    expect(warn).toHaveBeenCalledTimes(1)
  })

  it('a newer step replaces one waiting for its retry, with its own key', async () => {
    vi.useFakeTimers()
    const { calls, sendRecord } = fakeSend()
    const recorder = new CheckoutRecorder(sendRecord)
    recorder.record(session, body('coverage'))
    calls[0].reject(new ApiError(0, 'network', 'Failed to fetch'))
    await vi.advanceTimersByTimeAsync(100)
    recorder.record(session, body('missingInfo'))
    expect(calls.map((call) => call.step)).toEqual(['coverage', 'missingInfo'])
    expect(calls[1].key).not.toBe(calls[0].key)
    calls[1].resolve()
    await vi.advanceTimersByTimeAsync(10_000)
    expect(calls).toHaveLength(2)
  })

  it('only logs a refused step (409 stepOutOfOrder), never tries it again', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const puts = capturePuts(() => apiError('stepOutOfOrder', 'This step is not available yet.', 409))
    const recorder = new CheckoutRecorder()
    recorder.record(session, body('payment'))
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(1))
    expect(String(warn.mock.calls[0][0])).toContain('payment')
    await new Promise((resolve) => setTimeout(resolve, 700))
    expect(puts).toHaveLength(1)
  })

  it('stop() (a session reset) drops what is waiting, and a retry', async () => {
    vi.useFakeTimers()
    const { calls, sendRecord } = fakeSend()
    const recorder = new CheckoutRecorder(sendRecord)
    recorder.record(session, body('lookup'))
    recorder.record(session, body('vinLookup'))
    recorder.stop()
    calls[0].reject(new ApiError(0, 'network', 'Failed to fetch'))
    await vi.advanceTimersByTimeAsync(10_000)
    expect(calls.map((call) => call.step)).toEqual(['lookup'])
    // A new session records again.
    recorder.record({ ...session, userId: 'u-2' }, body('lookup'))
    expect(calls).toHaveLength(2)
  })
})
