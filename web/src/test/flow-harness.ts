import type { VehicleDescription } from '../lib/vehicle-description'
import { expect } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import type { Session } from '../api/client'
import type {
  Policy,
  AnalyticsEvent,
  Car,
  Confirmation,
  ContactRequestBody,
  CreateCarBody,
  DecodedVehicle,
  Quote,
  Resumed,
  SignedRequest,
  User,
} from '../api/types'
import { ApiError } from '../api/api-error'
import type { DescriptionList } from '../flow/description'
import type { FlowInput } from '../flow/flow-context'
import type { RestoreSource } from '../flow/restore-source'
import { stepOf, type FlowSnapshot } from '../flow/flow-actor'
import { NO_CAR_FLAGS } from '../flow/flow-context'
import { sessionRefresh } from '../flow/actors'
import { flowMachine, type FlowEvent } from '../flow/flow-machine'
import type { Step } from '../flow/steps'
import { car, catalog, confirmation, describedVehicle, institution, quote, user, vehicle } from './fixtures'

export { describedVehicle }

/** The flow machine with every API call replaced by an in-memory answer, and helpers to drive it. */

export const session = { token: 't-1', user }
export const verifiedUser: User = { ...user, firstName: 'Jane', lastName: 'Doe', isMember: true, isEmailVerified: true }
export const memberUser: User = {
  ...user,
  firstName: 'Jane',
  lastName: 'Doe',
  isMember: true,
  address: { street: '100 Main St', city: 'Denver', state: 'CO', zip: '80202' },
}

export interface Fakes {
  quote?: () => Promise<Quote>
  personalDetails?: () => Promise<{ user: User; token: string }>
  code?: (code: string) => Promise<{ user: User; token: string }>
  /** The email update (PUT update-email): the new token. */
  updateEmail?: () => Promise<string>
  /** The verification email (sent and resent). */
  sendEmail?: () => Promise<boolean>
  /** The payment confirmation (Continue). */
  confirm?: () => Promise<Confirmation>
  verify?: () => Promise<{ trackingNumber: string; paymentDate: string; amount: number }>
  book?: () => Promise<Policy>
  sign?: () => Promise<SignedRequest>
  decode?: (vin: string) => Promise<DecodedVehicle>
  list?: (list: DescriptionList, description: VehicleDescription) => Promise<string[]>
  findVin?: (description: VehicleDescription) => Promise<DecodedVehicle>
  createCar?: (body: CreateCarBody) => Promise<Car>
  /** Receives every analytics event the flow sends. */
  analytics?: AnalyticsEvent[]
  /** Receives every contact request the flow sends (with or without a session). */
  contacts?: Array<{ body: ContactRequestBody; anonymous: boolean }>
  contact?: () => Promise<string>
  /** User creation, given the captcha solution the flow sends with it. */
  createUser?: (input: { captchaToken: string | null }) => Promise<{ user: User; token: string }>
  /** The session refresh: the new token for the one sent (default: 'r-1', 'r-2', ...). */
  refresh?: (token: string) => Promise<string>
  /** Receives the token each refresh was asked with. */
  refreshes?: string[]
  /** The restore (a reloaded /user page) or continue link's answer; default: no session (401 unauthorized). */
  restore?: (source: RestoreSource) => Promise<Resumed>
  /** Receives the token of each session the flow ended on the server (null: the tab had none). */
  ends?: Array<string | null>
}

/** The catalog lists by name. */
export const CATALOG: Record<DescriptionList, string[]> = catalog

/** The flow with `fakes` for its calls; `input` as the app gives it (e.g. a restore source). */
export function start(fakes: Fakes = {}, input: Partial<FlowInput> = {}) {
  let refreshed = 0
  const machine = flowMachine.provide({
    actors: {
      loadInstitution: fromPromise(() => Promise.resolve(institution)),
      restoreCheckout: fromPromise(async ({ input }: { input: { institutionId: string; source: RestoreSource } }) =>
        (fakes.restore ?? (() => Promise.reject(new ApiError(401, 'unauthorized', 'Unauthorized'))))(input.source),
      ),
      createUser: fromPromise(
        ({ input }: { input: { institutionId: string; emailAddress: string; captchaToken: string | null } }) =>
          (fakes.createUser ?? (() => Promise.resolve(session)))(input),
      ),
      decodeVin: fromPromise(async ({ input }: { input: { session: Session; vin: string } }) =>
        (fakes.decode ?? (() => Promise.resolve(vehicle)))(input.vin),
      ),
      loadDescriptionList: fromPromise(
        async ({ input }: { input: { session: Session; list: DescriptionList; description: VehicleDescription } }) =>
          (fakes.list ?? ((list: DescriptionList) => Promise.resolve(CATALOG[list])))(input.list, input.description),
      ),
      findVinForDescription: fromPromise(async ({ input }: { input: { session: Session; description: VehicleDescription } }) =>
        (fakes.findVin ?? (() => Promise.resolve(describedVehicle)))(input.description),
      ),
      sendAnalytics: fromPromise(({ input }: { input: { session: Session; event: AnalyticsEvent } }) => {
        fakes.analytics?.push(input.event)
        return Promise.resolve()
      }),
      endSession: fromPromise(({ input }: { input: { institutionId: string; token: string | null } }) => {
        fakes.ends?.push(input.token)
        return Promise.resolve()
      }),
      createCar: fromPromise(async ({ input }: { input: { session: Session; body: CreateCarBody } }) =>
        (fakes.createCar ?? (() => Promise.resolve(car)))(input.body),
      ),
      createQuote: fromPromise(fakes.quote ?? (() => Promise.resolve(quote))),
      sendContactRequest: fromPromise(
        async ({ input }: { input: { institutionId: string; session: Session | null; body: ContactRequestBody } }) => {
          fakes.contacts?.push({ body: input.body, anonymous: input.session === null })
          return (fakes.contact ?? (() => Promise.resolve('cr-1')))()
        },
      ),
      savePersonalDetails: fromPromise(fakes.personalDetails ?? (() => Promise.resolve({ user: memberUser, token: 't-2' }))),
      updateEmail: fromPromise(
        async ({ input }: { input: { session: Session; oldEmailAddress: string; newEmailAddress: string } }) => ({
          token: await (fakes.updateEmail ?? (() => Promise.resolve('t-3')))(),
          emailAddress: input.newEmailAddress,
        }),
      ),
      sendVerificationEmail: fromPromise(fakes.sendEmail ?? (() => Promise.resolve(true))),
      submitVerificationCode: fromPromise(async ({ input }: { input: { session: Session; code: string } }) =>
        (fakes.code ?? (() => Promise.resolve({ user: { ...memberUser, isEmailVerified: true }, token: 't-4' })))(input.code),
      ),
      bookPolicy: fromPromise(
        fakes.book ?? (() => Promise.resolve({ policyId: 'p-1', mmpContractNumber: 'MMP-1', status: 'booked' })),
      ),
      signRequest: fromPromise(
        fakes.sign ??
          (() =>
            Promise.resolve({
              signedRequest: 's',
              widgetUrl: 'http://127.0.0.1:8081/widget?request=s',
              gatewayOrigin: 'http://127.0.0.1:8081',
              requestId: 'req-1',
              expiresAt: 1_900_000_000,
              widgetStart: { mode: 'selection', integrationId: 'DICE', experience: 'NAO_CC_ONLY' },
            })),
      ),
      verifyPayment: fromPromise(
        fakes.verify ?? (() => Promise.resolve({ trackingNumber: 'PAY-1', paymentDate: '11/22/2026', amount: 195597 })),
      ),
      confirmPayment: fromPromise(fakes.confirm ?? (() => Promise.resolve(confirmation))),
      refreshSession: sessionRefresh(async ({ session }) => {
        fakes.refreshes?.push(session.token)
        refreshed += 1
        return (fakes.refresh ?? (() => Promise.resolve(`r-${refreshed}`)))(session.token)
      }),
    },
  })
  return createActor(machine, { input: { institutionId: 'summit-cu', ...input } }).start()
}

export type Actor = ReturnType<typeof start>

export async function settle(actor: Actor): Promise<FlowSnapshot> {
  return waitFor(
    actor,
    (s) =>
      !s.hasTag('busy') &&
      !s.matches('boot') &&
      !s.matches('restoring') &&
      !s.matches({ coverage: 'quoting' }) &&
      !s.matches({ payment: 'signing' }),
  )
}

export async function send(actor: Actor, event: FlowEvent): Promise<Step | undefined> {
  actor.send(event)
  return stepOf(await settle(actor))
}

export const personalDetails = {
  firstName: 'Jane',
  lastName: 'Doe',
  phoneNumber: '3035550142',
  street: '100 Main St',
  city: 'Denver',
  zip: '80202',
  isMember: true,
}

/** Drives the happy path up to `until`. */
export async function driveTo(until: Step, fakes: Fakes = {}, actor: Actor = start(fakes)): Promise<Actor> {
  await settle(actor)
  const path: Array<[Step, FlowEvent]> = [
    ['splash', { type: 'SUBMIT_EMAIL', emailAddress: 'jane@example.com' }],
    ['splash', { type: 'SUBMIT_STATE', state: 'CO' }],
    ['lookup', { type: 'CHOOSE_VIN' }],
    ['vinLookup', { type: 'SUBMIT_VIN', vin: '5yj3e1ea7kf317000' }],
    ['mileage', { type: 'SUBMIT_MILEAGE', odometer: '45000', carFlags: NO_CAR_FLAGS }],
    ['milesPerYear', { type: 'SUBMIT_MILES_PER_YEAR', milesPerYear: 15000 }],
    ['yearsToOwn', { type: 'SUBMIT_YEARS_TO_OWN', yearsToOwn: 6 }],
    ['coverage', { type: 'PURCHASE' }],
    ['missingInfo', { type: 'SUBMIT_PERSONAL_DETAILS', details: personalDetails }],
    ['sendEmail', { type: 'SEND_CODE', emailAddress: 'jane@example.com' }],
    ['codeConfirmation', { type: 'SUBMIT_CODE', code: '123456' }],
    ['confirm', { type: 'BOOK' }],
    ['payment', { type: 'WIDGET_READY' }],
    ['payment', { type: 'WIDGET_RESULT', result: 'signed-result' }],
    ['payment', { type: 'CONTINUE' }],
  ]
  for (const [step, event] of path) {
    const snapshot = actor.getSnapshot()
    if (stepOf(snapshot) === until) return actor
    expect(stepOf(snapshot)).toBe(step)
    await send(actor, event)
  }
  expect(stepOf(actor.getSnapshot())).toBe(until)
  return actor
}
