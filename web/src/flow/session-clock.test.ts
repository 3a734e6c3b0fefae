import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../api/api-error'
import type { AnalyticsEvent } from '../api/types'
import { driveTo, personalDetails, send, settle, start, type Actor, type Fakes } from '../test/flow-harness'
import { stepOf } from './flow-actor'
import { NO_CAR_FLAGS } from './flow-context'
import { SPLASH_RESET_DELAY_MS } from './flow-setup'
import type { FlowEvent } from './flow-machine'
import {
  IDLE_CHECK_INTERVAL_MS,
  IDLE_TIMEOUT_MS,
  SESSION_MAX_REFRESHES,
  SESSION_REFRESH_INTERVAL_MS,
  SESSION_WARNING_AT,
} from './session'
import type { Step } from './steps'

/** The session clock (spec section 4) driven by Vitest's fake timers: no real waiting. */

const MINUTE = 60_000

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

/** Moves the clock on; the member touches the page first when `active`. */
async function wait(actor: Actor, ms: number, options: { active?: boolean } = {}) {
  if (options.active) actor.send({ type: 'MEMBER_ACTIVITY' })
  await vi.advanceTimersByTimeAsync(ms)
  await settle(actor)
}

/** `count` refresh intervals, the member active in each (so only the refresh count matters). */
async function refreshIntervals(actor: Actor, count: number) {
  for (let i = 0; i < count; i += 1) await wait(actor, SESSION_REFRESH_INTERVAL_MS, { active: true })
}

function context(actor: Actor) {
  return actor.getSnapshot().context
}

/**
 * The session ended: on the splash with the Session Expired flag, the token and allowed routes gone at
 * once, and everything else forgotten when the splash's delayed reset (the token-timeout flag) has run.
 */
async function expectSessionEnded(actor: Actor) {
  expect(stepOf(actor.getSnapshot())).toBe('splash')
  expect(actor.getSnapshot().matches({ splash: 'email' })).toBe(true)
  expect(context(actor)).toMatchObject({ sessionExpired: true, session: null, gates: [] })
  await vi.advanceTimersByTimeAsync(SPLASH_RESET_DELAY_MS)
  const c = context(actor)
  expect(c.sessionExpired).toBe(true)
  expect([c.session, c.user, c.vehicle, c.car, c.quote, c.selectedRate, c.policy, c.payment]).toEqual(Array(8).fill(null))
  expect(c.gates).toEqual([])
  expect([c.refreshCount, c.sessionWarning]).toEqual([0, false])
}

describe('session clock: constants', () => {
  it('refreshes every 4 minutes, warns at 14 refreshes, ends at 15; idle after 15 minutes, checked every 30 s', () => {
    expect(SESSION_REFRESH_INTERVAL_MS).toBe(240_000)
    expect([SESSION_WARNING_AT, SESSION_MAX_REFRESHES]).toEqual([14, 15])
    expect([IDLE_TIMEOUT_MS, IDLE_CHECK_INTERVAL_MS]).toEqual([900_000, 30_000])
  })
})

describe('session clock: refresh', () => {
  it('refreshes the token every 4 minutes with the newest token, and counts', async () => {
    const refreshes: string[] = []
    const actor = await driveTo('coverage', { refreshes })
    await wait(actor, SESSION_REFRESH_INTERVAL_MS - 1)
    expect(refreshes).toEqual([])
    await wait(actor, 1)
    expect(refreshes).toEqual(['t-1'])
    expect(context(actor).session?.token).toBe('r-1')
    expect(context(actor).refreshCount).toBe(1)
    await wait(actor, SESSION_REFRESH_INTERVAL_MS, { active: true })
    expect(refreshes).toEqual(['t-1', 'r-1'])
    expect(context(actor).session?.token).toBe('r-2')
    expect(context(actor).refreshCount).toBe(2)
    expect(stepOf(actor.getSnapshot())).toBe('coverage')
  })

  it('has no clock without a session: the splash stays as it is, without a dialog', async () => {
    const refreshes: string[] = []
    const actor = start({ refreshes })
    await settle(actor)
    await wait(actor, 60 * MINUTE)
    expect(refreshes).toEqual([])
    expect(stepOf(actor.getSnapshot())).toBe('splash')
    expect(context(actor).sessionExpired).toBe(false)
  })

  it('opens the warning one refresh before the maximum, and ends the session at the maximum', async () => {
    const refreshes: string[] = []
    const ends: Array<string | null> = []
    const actor = await driveTo('mileage', { refreshes, ends })
    await refreshIntervals(actor, SESSION_WARNING_AT - 1)
    expect(context(actor).sessionWarning).toBe(false)
    await refreshIntervals(actor, 1)
    expect(context(actor).refreshCount).toBe(14)
    expect(context(actor).sessionWarning).toBe(true)
    expect(stepOf(actor.getSnapshot())).toBe('mileage')
    await refreshIntervals(actor, 1)
    await expectSessionEnded(actor)
    expect(refreshes).toHaveLength(14) // the maximum ends the session without another refresh
    expect(ends).toEqual(['r-14']) // on the server too, with the newest token
    await wait(actor, 30 * MINUTE)
    expect(refreshes).toHaveLength(14) // and the clock stopped with it
  })

  it('Continue refreshes at once and starts the count again', async () => {
    const refreshes: string[] = []
    const actor = await driveTo('mileage', { refreshes })
    await refreshIntervals(actor, SESSION_WARNING_AT)
    expect(context(actor).sessionWarning).toBe(true)
    actor.send({ type: 'CONTINUE_SESSION' })
    await settle(actor)
    await vi.advanceTimersByTimeAsync(0)
    expect(refreshes).toHaveLength(15)
    expect(context(actor).session?.token).toBe('r-15')
    expect([context(actor).refreshCount, context(actor).sessionWarning]).toEqual([0, false])
    await refreshIntervals(actor, SESSION_WARNING_AT - 1)
    expect(context(actor).sessionWarning).toBe(false)
    await refreshIntervals(actor, 1)
    expect(context(actor).sessionWarning).toBe(true)
    expect(stepOf(actor.getSnapshot())).toBe('mileage')
  })

  it.each([
    ['a refused token', new ApiError(401, 'sessionExpired', 'expired')],
    ['a server error', new ApiError(500, 'internal', 'failed')],
    ['no connection', new ApiError(0, 'network', 'Network error')],
  ])('ends the session when the refresh fails (%s)', async (_, error) => {
    const ends: Array<string | null> = []
    const actor = await driveTo('milesPerYear', { refresh: () => Promise.reject(error), ends })
    await wait(actor, SESSION_REFRESH_INTERVAL_MS)
    await expectSessionEnded(actor)
    expect(ends).toEqual(['t-1'])
  })

  it('keeps the count at 0 on the payment page: a member paying is never warned or thrown out', async () => {
    const refreshes: string[] = []
    const actor = await driveTo('confirm', { refreshes })
    await refreshIntervals(actor, SESSION_WARNING_AT)
    expect(context(actor).sessionWarning).toBe(true)
    expect(await send(actor, { type: 'BOOK' })).toBe('payment')
    expect([context(actor).refreshCount, context(actor).sessionWarning]).toEqual([0, false])
    await send(actor, { type: 'WIDGET_READY' })
    // Two hours on the payment page without touching it: refreshed all along, never warned or ended.
    for (let i = 0; i < 30; i += 1) {
      await wait(actor, SESSION_REFRESH_INTERVAL_MS)
      expect(stepOf(actor.getSnapshot())).toBe('payment')
      expect([context(actor).refreshCount, context(actor).sessionWarning]).toEqual([0, false])
    }
    expect(refreshes).toHaveLength(SESSION_WARNING_AT + 30)
    // Leaving the page, the count starts from 0.
    await send(actor, { type: 'WIDGET_ERROR', message: 'x' })
    expect(await send(actor, { type: 'CLOSE_PAYMENT_ERROR' })).toBe('paymentError')
    await refreshIntervals(actor, 1)
    expect(context(actor).refreshCount).toBe(1)
  })

  it('stops the clock when the member starts over (back to splash) without the Session Expired dialog', async () => {
    const refreshes: string[] = []
    const ends: Array<string | null> = []
    const actor = await driveTo('lookup', { refreshes, ends })
    expect(await send(actor, { type: 'BACK' })).toBe('splash')
    await wait(actor, 60 * MINUTE)
    expect(refreshes).toEqual([])
    expect(context(actor).sessionExpired).toBe(false)
    expect(ends).toEqual([])
  })
})

describe('session clock: inactivity', () => {
  it('ends the session after 15 minutes without activity, with the Session Expired flag, on the server too', async () => {
    const ends: Array<string | null> = []
    const actor = await driveTo('mileage', { ends })
    await wait(actor, IDLE_TIMEOUT_MS - 1)
    expect(stepOf(actor.getSnapshot())).toBe('mileage')
    expect(ends).toEqual([])
    await wait(actor, IDLE_CHECK_INTERVAL_MS)
    await expectSessionEnded(actor)
    // Refreshed at 4, 8 and 12 minutes: the newest token.
    expect(ends).toEqual(['r-3'])
    await wait(actor, 30 * MINUTE)
    expect(ends).toEqual(['r-3']) // once
  })

  it('measures from the last activity, at the next 30 s check', async () => {
    const actor = await driveTo('vinLookup')
    await wait(actor, 10 * MINUTE)
    await wait(actor, 14 * MINUTE + 59_000, { active: true })
    expect(stepOf(actor.getSnapshot())).toBe('vinLookup')
    await wait(actor, 31_000)
    await expectSessionEnded(actor)
  })

  it('ends the session on the splash too (state of residence) once there is one', async () => {
    const actor = start()
    await settle(actor)
    await send(actor, { type: 'SUBMIT_EMAIL', emailAddress: 'jane@example.com' })
    expect(actor.getSnapshot().matches({ splash: 'residence' })).toBe(true)
    await wait(actor, IDLE_TIMEOUT_MS)
    await expectSessionEnded(actor)
  })

  it('is off on /security; the idle time starts again when the member leaves it', async () => {
    const actor = await driveTo('mileage')
    actor.send({ type: 'FOOTER_PAGE', page: 'security' })
    await wait(actor, 40 * MINUTE)
    expect(stepOf(actor.getSnapshot())).toBe('mileage')
    expect(context(actor).sessionExpired).toBe(false)
    actor.send({ type: 'FOOTER_PAGE', page: null })
    await wait(actor, IDLE_TIMEOUT_MS - IDLE_CHECK_INTERVAL_MS)
    expect(stepOf(actor.getSnapshot())).toBe('mileage')
    await wait(actor, 2 * IDLE_CHECK_INTERVAL_MS)
    await expectSessionEnded(actor)
  })

  it('is off on the payment page, and starts again when the member leaves it', async () => {
    const actor = await driveTo('payment')
    await send(actor, { type: 'WIDGET_READY' })
    await wait(actor, 45 * MINUTE)
    expect(stepOf(actor.getSnapshot())).toBe('payment')
    await send(actor, { type: 'BACK' })
    expect(stepOf(actor.getSnapshot())).toBe('confirm')
    await wait(actor, IDLE_TIMEOUT_MS + IDLE_CHECK_INTERVAL_MS)
    await expectSessionEnded(actor)
  })

  it('Continue on the warning counts as activity and restarts the check', async () => {
    const actor = await driveTo('mileage')
    await refreshIntervals(actor, SESSION_WARNING_AT) // active until 52 minutes, warned at 56
    await wait(actor, 3 * MINUTE)
    expect(context(actor).sessionWarning).toBe(true)
    actor.send({ type: 'CONTINUE_SESSION' }) // 59 minutes: 7 idle minutes forgotten
    await wait(actor, 14 * MINUTE)
    expect(stepOf(actor.getSnapshot())).toBe('mileage')
    await wait(actor, 2 * MINUTE)
    await expectSessionEnded(actor)
  })
})

describe('session: pageviews', () => {
  it('sends a pageview for each page the member lands on, only with a session', async () => {
    const analytics: AnalyticsEvent[] = []
    const actor = start({ analytics })
    await settle(actor)
    actor.send({ type: 'PAGE_VIEWED', pagePath: '/summit-cu/splash', pageTitle: 'Get started' })
    await driveTo('lookup', {}, actor)
    actor.send({ type: 'PAGE_VIEWED', pagePath: '/summit-cu/user/car/lookup', pageTitle: 'How would you like?' })
    await settle(actor)
    await vi.advanceTimersByTimeAsync(0)
    expect(analytics).toHaveLength(1)
    expect(analytics[0]).toMatchObject({
      hitType: 'pageview',
      pagePath: '/summit-cu/user/car/lookup',
      pageTitle: 'How would you like?',
    })
    expect(analytics[0].clientId).toEqual(expect.any(String))
    expect(analytics[0].deviceUserAgentString).toEqual(expect.any(String))
    expect(analytics[0]).not.toHaveProperty('eventCategory')
  })
})

describe('session: refused token', () => {
  const refused = () => Promise.reject(new ApiError(401, 'sessionExpired', 'expired'))
  const cases: Array<[Step, FlowEvent, keyof Fakes]> = [
    ['vinLookup', { type: 'SUBMIT_VIN', vin: '5YJ3E1EA7KF317000' }, 'decode'],
    // Mileage creates the first (temporary) car.
    ['mileage', { type: 'SUBMIT_MILEAGE', odometer: '45000', carFlags: NO_CAR_FLAGS }, 'createCar'],
    ['missingInfo', { type: 'SUBMIT_PERSONAL_DETAILS', details: personalDetails }, 'personalDetails'],
    ['codeConfirmation', { type: 'SUBMIT_CODE', code: '123456' }, 'code'],
    ['confirm', { type: 'BOOK' }, 'book'],
  ]
  it.each(cases)(
    'goes from %s to splash with the Session Expired flag, ends it on the server, and stops the clock',
    async (step, event, call) => {
      const refreshes: string[] = []
      const ends: Array<string | null> = []
      const actor = await driveTo(step, { refreshes, ends, [call]: refused })
      const token = context(actor).session?.token
      await send(actor, event)
      await expectSessionEnded(actor)
      expect(ends).toEqual([token])
      await wait(actor, 30 * MINUTE)
      expect(refreshes).toEqual([])
    },
  )

  it('forgets the member on the splash after the reset delay, not at once (the token-timeout flag is set)', async () => {
    const actor = await driveTo('mileage', { createCar: refused })
    expect(await send(actor, { type: 'SUBMIT_MILEAGE', odometer: '45000', carFlags: NO_CAR_FLAGS })).toBe('splash')
    expect(context(actor)).toMatchObject({ sessionExpired: true, session: null, gates: [] })
    expect([context(actor).user, context(actor).vehicle], 'kept until the delay').not.toContain(null)
    await vi.advanceTimersByTimeAsync(SPLASH_RESET_DELAY_MS - 1)
    expect(context(actor).user).not.toBeNull()
    await vi.advanceTimersByTimeAsync(1)
    expect([context(actor).user, context(actor).vehicle, context(actor).odometer]).toEqual([null, null, null])
    expect(context(actor).sessionExpired).toBe(true)
  })
})
