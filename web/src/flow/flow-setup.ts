import { assign, enqueueActions, setup, type DoneActorEvent } from 'xstate'
import { ApiError, isSessionExpired, messageOf } from '../api/api-error'
import type { BounceSource, CarFlags, CreateCarBody, Institution, Quote, UserWithToken } from '../api/types'
import { COVERAGE_SELECTION, errorEvent, pageEvent } from '../lib/analytics'
import { flowActors } from './actors'
import { chooseDescriptionField, isCompleteDescription, listToLoad, type DescriptionField } from './description'
import {
  initialContext,
  type ContactDetails,
  type CoverageSignal,
  type FlowContext,
  type FlowInput,
  type PersonalDetails,
} from './flow-context'
import { canVisit, type Gate } from './gate'
import { PAYMENT_PROBLEM, USER_TIMEOUT } from './messages'
import { STEP_INFO, type Step } from './steps'

/** The machine's types, guards and actions; the states live in states/*.ts, assembled in flow-machine.ts. */

/** Everything the screens (and the URL sync) can tell the flow. */
export type FlowEvent =
  | { type: 'GO_TO'; step: Step }
  | { type: 'BACK' }
  | { type: 'SUBMIT_EMAIL'; emailAddress: string }
  | { type: 'SUBMIT_STATE'; state: string }
  | { type: 'DISMISS_SESSION_EXPIRED' }
  | { type: 'CHOOSE_VIN' }
  | { type: 'CHOOSE_DESCRIPTION' }
  | { type: 'SHOW_ESTIMATES' }
  | { type: 'DISMISS_ESTIMATE_ONLY' }
  | { type: 'SUBMIT_VIN'; vin: string }
  | { type: 'VIN_FOCUSED' }
  | { type: 'CHOOSE_DESCRIPTION_FIELD'; field: DescriptionField; value: string }
  | { type: 'SUBMIT_DESCRIPTION' }
  | { type: 'RETRY_DESCRIPTION' }
  | { type: 'GIVE_UP_DESCRIPTION' }
  | { type: 'SUBMIT_MILEAGE'; odometer: string; carFlags: CarFlags }
  | { type: 'SUBMIT_MILES_PER_YEAR'; milesPerYear: number }
  | { type: 'SUBMIT_YEARS_TO_OWN'; yearsToOwn: number }
  | { type: 'SELECT_RATE'; index: number }
  | { type: 'PURCHASE' }
  | { type: 'SUBMIT_REAL_VIN'; vin: string }
  | { type: 'CANCEL_REAL_VIN' }
  | { type: 'SUBMIT_PERSONAL_DETAILS'; details: PersonalDetails }
  | { type: 'SEND_CODE'; emailAddress: string }
  | { type: 'SUBMIT_CODE'; code: string }
  | { type: 'RESEND_CODE' }
  | { type: 'EDIT_COVERAGE' }
  | { type: 'EDIT_CAR' }
  | { type: 'BOOK' }
  | { type: 'RETRY_BOOKING' }
  | { type: 'DECLINE_RETRY' }
  | { type: 'START_OVER' }
  | { type: 'WIDGET_READY' }
  | { type: 'WIDGET_RESULT'; result: string }
  | { type: 'WIDGET_ERROR'; message: string }
  | { type: 'CLOSE_PAYMENT_ERROR' }
  | { type: 'CONTINUE' }
  | { type: 'RETRY_PAYMENT' }
  | { type: 'FLIP_CARD' }
  | { type: 'DISMISS_IMPACT_MODAL' }
  | { type: 'REQUEST_EXPERT_GUIDANCE' }
  | { type: 'CONFIRM_EXPERT_GUIDANCE' }
  | { type: 'DECLINE_EXPERT_GUIDANCE' }
  | { type: 'REQUEST_PAYMENT_OPTION' }
  | { type: 'SET_CONSENT'; consent: boolean }
  | { type: 'CONTACT_REPRESENTATIVE' }
  | { type: 'CONTACT_ME' }
  | { type: 'SUBMIT_CONTACT_DETAILS'; details: ContactDetails }
  | { type: 'RETRY_CONTACT' }

/** 'forwarded': an error page has sent its contact request. */
export type FlowTag = Step | 'busy' | 'forwarded'

function errorOf(event: unknown): unknown {
  return (event as { error?: unknown }).error
}

function outputOf<T>(event: unknown): T {
  return (event as DoneActorEvent<T>).output
}

/** The quote is for this car and these driving habits. */
export function quoteKey(context: FlowContext): string {
  return `${context.car?.carId}|${context.milesPerYear}|${context.yearsToOwn}`
}

/** Carousel start: the middle card when there is more than one rate (spec section 4). */
export function startRateIndex(rateCount: number): number {
  return rateCount > 1 ? 1 : 0
}

export function session(context: FlowContext) {
  if (!context.session) throw new Error('No session')
  return context.session
}

/**
 * The back button's transitions for a step, from the back table in steps.ts (mileage goes back to
 * the description lookup when the car was found by description).
 */
export function back(from: Step) {
  const { back: target, backWhenMockVin } = STEP_INFO[from]
  return [
    ...(backWhenMockVin ? [{ guard: 'isMockVin' as const, target: `#${backWhenMockVin}` }] : []),
    { target: `#${target}` },
  ]
}

/** POST U/car's body from what the member gave: the VIN (real or mock), odometer, habits and flags. */
export function carBody(context: FlowContext): CreateCarBody {
  return {
    vin: context.vehicle?.vin ?? '',
    carFlags: context.carFlags,
    odometer: context.odometer ?? '0',
    milesPerYear: context.milesPerYear,
    yearsToOwn: context.yearsToOwn,
  }
}

/** The bounce recorded when a car gets no rates (spec section 4). */
export function noRatesBounce(context: FlowContext): BounceSource {
  return context.isMockVin ? 'mockVinNoRates' : 'validCarNoRates'
}

/** A refused token sends the member back to splash with the Session Expired dialog. */
export const expired = { guard: 'isSessionExpired', target: '#splash', actions: 'markSessionExpired' } as const

export const flowSetup = setup({
  types: {
    context: {} as FlowContext,
    events: {} as FlowEvent,
    input: {} as FlowInput,
    tags: {} as FlowTag,
  },
  actors: flowActors,
  guards: {
    canVisit: ({ context, event }, params: { step: Step }) =>
      event.type === 'GO_TO' && event.step === params.step && canVisit(context, params.step),
    institutionIsInactive: ({ event }) => !outputOf<Institution>(event).isActive,
    isEligibleState: ({ context, event }) =>
      event.type === 'SUBMIT_STATE' && (context.institution?.eligibleStates ?? []).includes(event.state),
    isSessionExpired: ({ event }) => isSessionExpired(errorOf(event)),
    /** 409 voided: the contract was voided (not paid in time); the member has to start again. */
    isVoided: ({ event }) => {
      const error = errorOf(event)
      return error instanceof ApiError && error.code === 'voided'
    },
    isUserTimeout: ({ event }) => {
      const error = errorOf(event)
      return error instanceof ApiError && error.message === USER_TIMEOUT
    },
    hasQuoteForCurrentCar: ({ context }) => context.quote !== null && context.quotedFor === quoteKey(context),
    quoteHasEnoughRates: ({ context, event }) => {
      const rates = outputOf<Quote>(event).rates
      const minimum = context.institution?.applicationSettings.threeCardView ? 3 : 1
      return rates.length >= minimum
    },
    isMockVin: ({ context }) => context.isMockVin,
    hasDescriptionListToLoad: ({ context }) => listToLoad(context.description, context.descriptionLists) !== null,
    descriptionIsComplete: ({ context }) => isCompleteDescription(context.description),
    isNotMember: ({ context }) => context.user?.isMember === false,
    contactOriginIs: ({ context }, params: { step: Step }) => context.contactOrigin === params.step,
    movesToAnotherRate: ({ context, event }) => event.type === 'SELECT_RATE' && event.index !== context.selectedRateIndex,
    hasVerifiedEmail: ({ context }) => context.user?.isEmailVerified === true,
    emailChanged: ({ context, event }) =>
      event.type === 'SEND_CODE' && event.emailAddress.trim().toLowerCase() !== context.user?.emailAddress,
  },
  actions: {
    resetSession: assign(({ context }) => ({
      ...initialContext(context.institutionId, context.institution),
      sessionExpired: context.sessionExpired,
      impactModalSeen: context.impactModalSeen,
    })),
    markSessionExpired: assign({ sessionExpired: true }),
    /** The payment speed-bump dialog's text for a voided contract: the API's message. */
    showVoidedPayment: assign({ paymentFailure: ({ event }) => messageOf(errorOf(event), PAYMENT_PROBLEM) }),
    openGate: assign(({ context }, params: { gate: Gate }) => ({
      gates: context.gates.includes(params.gate) ? context.gates : [...context.gates, params.gate],
    })),
    chooseDescriptionField: assign(({ context, event }) => {
      if (event.type !== 'CHOOSE_DESCRIPTION_FIELD') return {}
      const next = chooseDescriptionField(context.description, context.descriptionLists, event.field, event.value)
      return { description: next.description, descriptionLists: next.lists }
    }),
    /** An 'ErrorEncountered' analytics event, sent in the background (never waited on). */
    trackError: enqueueActions(({ context, enqueue }, params: { action: string; label: string }) => {
      if (!context.session) return
      enqueue.spawnChild('sendAnalytics', {
        input: { session: context.session, event: errorEvent(params.action, params.label) },
      })
    }),
    /**
     * One of the coverage page's analytics events, sent only the first time in a session (spec
     * section 4), labelled with the option on screen.
     */
    trackOnce: enqueueActions(({ context, enqueue }, params: { signal: CoverageSignal }) => {
      if (!context.session || context.coverageSignals.includes(params.signal)) return
      enqueue.assign({ coverageSignals: [...context.coverageSignals, params.signal] })
      const label = context.quote?.rates[context.selectedRateIndex]?.coverageName ?? ''
      enqueue.spawnChild('sendAnalytics', {
        input: { session: context.session, event: pageEvent(COVERAGE_SELECTION, params.signal, label) },
      })
    }),
    /** The car got no rates: records the bounce (mockVinNoRates / validCarNoRates). */
    recordNoRatesBounce: assign({ pageUserBouncedFrom: ({ context }) => noRatesBounce(context) }),
    storeSession: assign(({ context, event }) => {
      const { user, token } = outputOf<UserWithToken>(event)
      return { user, session: { institutionId: context.institutionId, userId: user.userId, token } }
    }),
  },
})
