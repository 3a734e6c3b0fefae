import { assign, enqueueActions, setup, type DoneActorEvent } from 'xstate'
import { ApiError, hasCode, isSessionExpired, messageOf } from '../api/api-error'
import type {
  AnalyticsEvent,
  BounceSource,
  CarFlags,
  CreateCarBody,
  DecodedVehicle,
  Institution,
  IntegrationSession,
  Quote,
  Resumed,
  UserWithToken,
} from '../api/types'
import {
  COVERAGE_SELECTION,
  errorEvent,
  errorLabel,
  pageEvent,
  pageviewEvent,
  PURCHASE,
  type ErrorAction,
} from '../lib/analytics'
import { messages } from '../lib/product'
import { refusedField } from '../lib/refused-field'
import { flowActors } from './actors'
import { CONTACT_API_FIELDS } from './contact-request'
import { chooseDescriptionField, isCompleteDescription, listToLoad, type DescriptionField } from './description'
import {
  initialContext,
  type ContactDetails,
  type FlowContext,
  type FlowInput,
  type OnceSignal,
  type PersonalDetails,
} from './flow-context'
import { canVisit, type Gate } from './gate'
import { forgetImpactModalSeen, rememberImpactModalSeen } from './impact-modal'
import { lookupFailureText } from './lookup-failure'
import { quoteKey } from './quote-rules'
import { resumedContext, resumedStep } from './resumed-context'
import { IDLE_CHECK_INTERVAL_MS, IDLE_TIMEOUT_MS, now, SESSION_MAX_REFRESHES, SESSION_REFRESH_INTERVAL_MS } from './session'
import { STEP_INFO, type FooterPage, type Step } from './steps'

export { quoteKey, startRateIndex } from './quote-rules'

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
  /** The VIN as typed; with the style chosen when the VIN waiting for one is submitted again (vehicleAwaitingStyle). */
  | { type: 'SUBMIT_VIN'; vin: string; style?: string }
  | { type: 'VIN_FOCUSED' }
  | { type: 'CHOOSE_DESCRIPTION_FIELD'; field: DescriptionField; value: string }
  | { type: 'SUBMIT_DESCRIPTION' }
  | { type: 'RETRY_DESCRIPTION' }
  | { type: 'GIVE_UP_DESCRIPTION' }
  | { type: 'RETRY_DESCRIPTION_LIST' }
  | { type: 'SUBMIT_MILEAGE'; odometer: string; carFlags: CarFlags }
  | { type: 'SUBMIT_MILES_PER_YEAR'; milesPerYear: number }
  | { type: 'SUBMIT_YEARS_TO_OWN'; yearsToOwn: number }
  /** Mileage's link to the combined form, with what was typed and ticked there (the odometer as typed). */
  | { type: 'CHOOSE_CAR_DETAILS'; odometer: string; carFlags: CarFlags }
  | { type: 'SUBMIT_CAR_DETAILS'; odometer: string; milesPerYear: number; yearsToOwn: number; carFlags: CarFlags }
  | { type: 'SELECT_RATE'; index: number }
  | { type: 'PURCHASE' }
  | { type: 'SUBMIT_REAL_VIN'; vin: string; style?: string }
  | { type: 'CANCEL_REAL_VIN' }
  | { type: 'SUBMIT_PERSONAL_DETAILS'; details: PersonalDetails }
  | { type: 'SEND_CODE'; emailAddress: string }
  | { type: 'SUBMIT_CODE'; code: string }
  | { type: 'RESEND_CODE' }
  | { type: 'EDIT_COVERAGE' }
  | { type: 'EDIT_CAR' }
  /** Book the selected rate; electronicDelivery: the member consented on the review page (absent: did not). */
  | { type: 'BOOK'; electronicDelivery?: boolean }
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
  | { type: 'DISMISS_NOTICE' }
  // The session (spec section 4): the page's reports, the warning's Continue, and the clock's own timers.
  | { type: 'MEMBER_ACTIVITY' }
  | { type: 'CONTINUE_SESSION' }
  | { type: 'FOOTER_PAGE'; page: FooterPage | null }
  | { type: 'PAGE_VIEWED'; pagePath: string; pageTitle: string }
  // The splash's captcha widget: a solution found, or the one held expired; the splash's delayed reset.
  | { type: 'CAPTCHA_VERIFIED'; token: string }
  | { type: 'CAPTCHA_EXPIRED' }
  | { type: 'SPLASH_RESET' }
  | { type: 'SESSION_STARTED' }
  | { type: 'SESSION_REFRESH_DUE' }
  | { type: 'SESSION_IDLE_CHECK' }
  | { type: 'SESSION_REFRESHED'; token: string }
  | { type: 'SESSION_REFRESH_FAILED'; error: unknown }

/** 'forwarded': an error page has sent its contact request. */
export type FlowTag = Step | 'busy' | 'forwarded'

function errorOf(event: unknown): unknown {
  return (event as { error?: unknown }).error
}

function outputOf<T>(event: unknown): T {
  return (event as DoneActorEvent<T>).output
}

/** The failed call's API error code, if it was an API error. */
function errorCodeOf(event: unknown): string | null {
  const error = errorOf(event)
  return error instanceof ApiError ? error.code : null
}

/** The API's refusals of the captcha's solution at user creation. */
const CAPTCHA_REFUSALS: readonly string[] = ['captchaRequired', 'captchaInvalid', 'captchaExpired', 'captchaUsed']

/** The splash's delayed session reset (spec section 4: 'after a timeout'). */
export const SPLASH_RESET_DELAY_MS = 1000
/** The delayed SPLASH_RESET's id (cancelled when the reset runs earlier). */
export const SPLASH_RESET_TIMER = 'splashReset'

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
  return [...(backWhenMockVin ? [{ guard: 'isMockVin' as const, target: `#${backWhenMockVin}` }] : []), { target: `#${target}` }]
}

/**
 * The VIN a SUBMIT_VIN or SUBMIT_REAL_VIN carried, as it is decoded (trimmed, upper-cased); '' for
 * any other event.
 */
export function submittedVin(event: FlowEvent): string {
  return event.type === 'SUBMIT_VIN' || event.type === 'SUBMIT_REAL_VIN' ? event.vin.trim().toUpperCase() : ''
}

/**
 * POST U/car's body from what the member gave: the VIN (real or mock) with its style (the member's
 * choice when the VIN fits several; the server keeps its own for any other), odometer, habits and flags.
 */
export function carBody(context: FlowContext): CreateCarBody {
  return {
    vin: context.vehicle?.vin ?? '',
    style: context.vehicle?.style,
    carFlags: context.carFlags,
    odometer: context.odometer ?? '0',
    milesPerYear: context.milesPerYear,
    yearsToOwn: context.yearsToOwn,
  }
}

/** The member's car was created with exactly the answers given so far (carBody): no new one is needed. */
export function carHasAnswers(context: FlowContext): boolean {
  const { car } = context
  if (!car) return false
  const body = carBody(context)
  const flags = body.carFlags ?? {}
  return (
    car.vin === body.vin &&
    car.style === body.style &&
    car.odometer === Number(body.odometer) &&
    car.milesPerYear === body.milesPerYear &&
    car.yearsToOwn === body.yearsToOwn &&
    (Object.keys(car.carFlags) as Array<keyof CarFlags>).every((flag) => car.carFlags[flag] === (flags[flag] ?? false))
  )
}

/** The bounce recorded when a car gets no rates (spec section 4). */
export function noRatesBounce(context: FlowContext): BounceSource {
  return context.isMockVin ? 'mockVinNoRates' : 'validCarNoRates'
}

/**
 * The session is over (expired token, idle time-out, refresh maximum or failure): ended on the server
 * too (no reload brings it back), then the splash with the session-expired dialog.
 */
export const toExpiredSplash = { target: '#splash', actions: ['endSession', 'markSessionExpired'] } as const

/** Enough rates to show: three when the institution's threeCardView is on, else one (spec section 4). */
function hasEnoughRates(context: FlowContext, quote: Quote): boolean {
  const minimum = context.institution?.applicationSettings.threeCardView ? 3 : 1
  return quote.rates.length >= minimum
}

/** A refused token sends the member back to splash with the session-expired dialog. */
export const expired = { guard: 'isSessionExpired', ...toExpiredSplash } as const

/** Reports a failed call as an 'ErrorEncountered' event `action`, labelled with the API's error code and status. */
export function trackFailure(action: ErrorAction) {
  return {
    type: 'trackError',
    params: ({ event }: { event: unknown }) => ({ action, label: errorLabel(errorOf(event)) }),
  } as const
}

/** Reports the payment widget's error message as an 'ErrorEncountered' event `action`. */
export function trackWidgetFailure(action: ErrorAction) {
  return {
    type: 'trackError',
    params: ({ event }: { event: FlowEvent }) => ({
      action,
      label: (event.type === 'WIDGET_ERROR' && event.message) || 'widget error',
    }),
  } as const
}

/**
 * A once-per-session event: 'booked' or 'paid' labelled with the policy, or one of the coverage
 * page's labelled with the option on screen.
 */
function onceEvent(context: FlowContext, signal: OnceSignal): AnalyticsEvent {
  if (signal === 'booked' || signal === 'paid') return pageEvent(PURCHASE, signal, context.policy?.policyId ?? '')
  return pageEvent(COVERAGE_SELECTION, signal, context.quote?.rates[context.selectedRateIndex]?.coverageName ?? '')
}

/** The session clock's delayed events and the refresh call, by id (cancelled when the session resets). */
export const SESSION_REFRESH_TIMER = 'sessionRefreshTimer'
export const SESSION_IDLE_TIMER = 'sessionIdleTimer'
export const SESSION_REFRESH = 'sessionRefresh'

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
    /** The state of residence is one the institution cannot sell in (known once it is set). */
    residenceIsNotSold: ({ context }) =>
      context.stateOfResidence !== null && !(context.institution?.eligibleStates ?? []).includes(context.stateOfResidence),
    /** 409 quoteStateChanged: the member's address is in another state than their prices were for. */
    isQuoteStateChanged: ({ event }) => errorCodeOf(event) === 'quoteStateChanged',
    /** 409 voided: the contract was voided (not paid in time); the member has to start again. */
    isVoided: ({ event }) => errorCodeOf(event) === 'voided',
    /** A reloaded page or a continue link: boot finds the member's checkout instead of showing the splash. */
    restoresCheckout: ({ context }) => context.restoreSource !== null,
    /** The resumed checkout goes on at `step` (resumed-context.ts). */
    resumesAt: ({ event }, params: { step: Step }) => resumedStep(outputOf<Resumed>(event)) === params.step,
    /** The restore cookie's session ran out (401 sessionExpired; without a cookie it is 401 unauthorized). */
    restoredSessionExpired: ({ event }) => errorCodeOf(event) === 'sessionExpired',
    isResumeLink: ({ context }) => context.restoreSource?.via === 'link',
    /** 409 alreadyPaid on the sign request: the contract was paid (the page's verify was lost after the charge). */
    isAlreadyPaid: ({ event }) => errorCodeOf(event) === 'alreadyPaid',
    /** The contract was already paid, so this second charge is being refunded (verifyresponse 409). */
    isSecondChargeRefunded: ({ event }) => errorCodeOf(event) === 'secondChargeRefunded',
    /** This charge is being refunded and the contract is not paid by it: voided first, or it did not match. */
    isRefundedCharge: ({ event }) => ['voided', 'chargeRefunded'].includes(errorCodeOf(event) ?? ''),
    /** The session ended while the card was entered (verifyresponse 401 sessionExpired: the spec's user-timeout text). */
    isUserTimeout: ({ event }) => errorCodeOf(event) === 'sessionExpired',
    hasQuoteForCurrentCar: ({ context }) => context.quote !== null && context.quotedFor === quoteKey(context),
    quoteHasEnoughRates: ({ context, event }) => hasEnoughRates(context, outputOf<Quote>(event)),
    /** Integration mode: boot exchanges the partner's launch code instead of showing the splash. */
    isIntegrationLaunch: ({ context }) => context.integrationLaunch !== null,
    /** The launch came with the partner's vehicle, rated. */
    launchIsQuoted: ({ event }) => {
      const { car, quote } = outputOf<IntegrationSession>(event)
      return car !== null && quote !== null
    },
    /** ...and with enough rates to show (three when threeCardView is on). */
    launchHasCoverage: ({ context, event }) => {
      const { car, quote } = outputOf<IntegrationSession>(event)
      return car !== null && quote !== null && hasEnoughRates(context, quote)
    },
    /** 422 noPolicies: the partner's vehicle gets no coverage (messages.noAvailablePolicies). */
    isNoPolicies: ({ event }) => {
      const error = errorOf(event)
      return hasCode(error, 'noPolicies')
    },
    isMockVin: ({ context }) => context.isMockVin,
    /** The app is in a partner's page (integration mode): no splash to go back to. */
    inIntegrationMode: ({ context }) => context.integrationMode,
    /** The decoded VIN fits several styles: the member chooses one before it is their vehicle. */
    fitsSeveralStyles: ({ event }) => (outputOf<DecodedVehicle>(event).styleChoices ?? []).length > 0,
    /** The VIN waiting for its style is submitted again with one of its styles (another VIN is decoded anew). */
    choosesAwaitedStyle: ({ context, event }) => {
      const awaiting = context.vehicleAwaitingStyle
      const style = event.type === 'SUBMIT_VIN' || event.type === 'SUBMIT_REAL_VIN' ? event.style : undefined
      return (
        awaiting !== null &&
        submittedVin(event) === awaiting.vin &&
        style !== undefined &&
        (awaiting.styleChoices ?? []).includes(style)
      )
    },
    /** The car was refused for its style (400 field style): the VIN's choice is missing or no longer one. */
    refusesStyle: ({ event }) => {
      const error = errorOf(event)
      return error instanceof ApiError && error.field === 'style'
    },
    carHasAnswers: ({ context }) => carHasAnswers(context),
    /** No on the couldn't-find dialog brought the member to no-rates: there is no vehicle. */
    gaveUpDescription: ({ context }) => context.pageUserBouncedFrom === 'descriptionLookup',
    /** GO_TO verify-email (a step of it) with the email already verified, personal details open to the member. */
    entersVerifyEmailVerified: ({ context, event }) =>
      event.type === 'GO_TO' &&
      (event.step === 'sendEmail' || event.step === 'codeConfirmation') &&
      context.user?.isEmailVerified === true &&
      canVisit(context, 'missingInfo'),
    /** A vehicle look-up got no answer about the vehicle: too many look-ups, or the connection dropped. */
    lookupGotNoAnswer: ({ event }) => lookupFailureText(errorOf(event)) !== null,
    hasDescriptionListToLoad: ({ context }) => listToLoad(context.description, context.descriptionLists) !== null,
    descriptionIsComplete: ({ context }) => isCompleteDescription(context.description),
    isNotMember: ({ context }) => context.user?.isMember === false,
    contactOriginIs: ({ context }, params: { step: Step }) => context.contactOrigin === params.step,
    /** The contact request was refused on a field of the contact form (CONTACT_API_FIELDS), sent from `form`. */
    refusesContactField: ({ context, event }, params: { form: 'contactMe' | 'institutionContact' }) =>
      refusedField(errorOf(event), CONTACT_API_FIELDS) !== null &&
      (context.contactOrigin === 'institutionContact') === (params.form === 'institutionContact'),
    movesToAnotherRate: ({ context, event }) => event.type === 'SELECT_RATE' && event.index !== context.selectedRateIndex,
    hasVerifiedEmail: ({ context }) => context.user?.isEmailVerified === true,
    hasSession: ({ context }) => context.session !== null,
    /** User creation refused the captcha's solution (missing, invalid, expired or used). */
    refusesCaptcha: ({ event }) => CAPTCHA_REFUSALS.includes(errorCodeOf(event) ?? ''),
    reachesRefreshMaximum: ({ context }) => context.refreshCount + 1 >= SESSION_MAX_REFRESHES,
    isIdleTooLong: ({ context }) => now() - context.lastActivityAt >= IDLE_TIMEOUT_MS,
    isOnSecurityPage: ({ context }) => context.footerPage === 'security',
    emailChanged: ({ context, event }) =>
      event.type === 'SEND_CODE' && event.emailAddress.trim().toLowerCase() !== context.user?.emailAddress,
  },
  actions: {
    /**
     * Splash: forgets the member (user, car, quote, rate, policy, card, payment, token and credentials;
     * the allowed routes back to home only; the impact modal seen) and stops the session clock.
     */
    resetSession: enqueueActions(({ context, enqueue }) => {
      enqueue.cancel(SPLASH_RESET_TIMER)
      enqueue.assign({
        ...initialContext(context.institutionId, context.institution),
        sessionExpired: context.sessionExpired,
        captchaAuthorized: context.captchaAuthorized,
        captchaToken: context.captchaToken,
        notice: context.notice,
        footerPage: context.footerPage,
        integrationMode: context.integrationMode,
      })
      enqueue.cancel(SESSION_REFRESH_TIMER)
      enqueue.cancel(SESSION_IDLE_TIMER)
      enqueue.stopChild(SESSION_REFRESH)
      // The impact modal shows once per session: the next session shows it again.
      enqueue(() => forgetImpactModalSeen())
    }),
    /**
     * The address's state is the state of residence from now on: the quote (for another state) is
     * dropped, so the coverage page prices the car again, and the member is told why.
     */
    requoteInAddressState: assign(({ context, event }) => ({
      stateOfResidence: context.user?.address?.state ?? context.stateOfResidence,
      quotedFor: null,
      selectedRate: null,
      notice: { title: messages.quoteStateChangedTitle, message: messageOf(errorOf(event), messages.quoteStateChanged) },
    })),
    /** The impact modal was closed: not shown again in this session, even after a reload. */
    dismissImpactModal: enqueueActions(({ context, enqueue }) => {
      enqueue.assign({ impactModalSeen: true })
      const userId = context.session?.userId
      if (userId) enqueue(() => rememberImpactModalSeen(userId))
    }),
    /**
     * Entering the splash resets the session (spec section 4): after a timeout (SPLASH_RESET_DELAY_MS)
     * when the captcha is authorised or the token-timeout flag (sessionExpired) is set; else at once.
     * While it waits, the session clock is stopped and the token and allowed routes are gone already
     * (no /user page opens); a new email on the splash resets at once.
     */
    enterSplash: enqueueActions(({ context, enqueue }) => {
      enqueue.cancel(SPLASH_RESET_TIMER)
      if (context.captchaAuthorized || context.sessionExpired) {
        enqueue.cancel(SESSION_REFRESH_TIMER)
        enqueue.cancel(SESSION_IDLE_TIMER)
        enqueue.stopChild(SESSION_REFRESH)
        enqueue.assign({ session: null, gates: [] })
        enqueue.raise({ type: 'SPLASH_RESET' }, { id: SPLASH_RESET_TIMER, delay: SPLASH_RESET_DELAY_MS })
      } else {
        enqueue.raise({ type: 'SPLASH_RESET' }) // handled before any other event
      }
    }),
    /** The next timed refresh, one interval from now. */
    scheduleRefresh: enqueueActions(({ enqueue }) => {
      enqueue.cancel(SESSION_REFRESH_TIMER)
      enqueue.raise({ type: 'SESSION_REFRESH_DUE' }, { id: SESSION_REFRESH_TIMER, delay: SESSION_REFRESH_INTERVAL_MS })
    }),
    /** The next inactivity check, 30 s from now. */
    scheduleIdleCheck: enqueueActions(({ enqueue }) => {
      enqueue.cancel(SESSION_IDLE_TIMER)
      enqueue.raise({ type: 'SESSION_IDLE_CHECK' }, { id: SESSION_IDLE_TIMER, delay: IDLE_CHECK_INTERVAL_MS })
    }),
    /** Asks the API for a new token now (the answer comes back as SESSION_REFRESHED or SESSION_REFRESH_FAILED). */
    refreshSession: enqueueActions(({ context, enqueue }) => {
      if (!context.session) return
      enqueue.stopChild(SESSION_REFRESH)
      enqueue.spawnChild('refreshSession', {
        id: SESSION_REFRESH,
        input: { session: context.session, emailAddress: context.user?.emailAddress ?? context.emailAddress ?? '' },
      })
    }),
    /** A 'pageview' hit for the page the member landed on, in the background; only with a session. */
    trackPageview: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'PAGE_VIEWED' || !context.session) return
      enqueue.spawnChild('sendAnalytics', {
        input: { session: context.session, event: pageviewEvent(event.pagePath, event.pageTitle) },
      })
    }),
    /** The session is over: the splash's session-expired dialog. */
    markSessionExpired: assign({ sessionExpired: true }),
    /**
     * The flow ends the session (toExpiredSplash): the server forgets it too, on every device, so a
     * reload or another tab cannot restore it (POST …/session/end with the session's token and the
     * restore cookie). Fire and forget, before the splash forgets the token.
     */
    endSession: enqueueActions(({ context, enqueue }) => {
      enqueue.spawnChild('endSession', {
        input: { institutionId: context.institutionId, token: context.session?.token ?? null },
      })
    }),
    /** The API's refusal of a form's submit, for the page to put on the field it names (FlowContext.submitError). */
    keepSubmitError: assign({
      submitError: ({ event }) => {
        const error = errorOf(event)
        return error instanceof ApiError ? error : null
      },
    }),
    /** The payment speed-bump dialog's text when the API gave its own (a voided contract, a refunded charge). */
    showPaymentRefusal: assign({ paymentFailure: ({ event }) => messageOf(errorOf(event), messages.paymentProblem) }),
    /**
     * A resumed checkout (resumed-context.ts): the member, answers and purchase as if they had come
     * through the steps, the session clock started, and a re-rated quote's new price to read.
     */
    restoreCheckout: enqueueActions(({ context, event, enqueue }) => {
      const resumed = outputOf<Resumed>(event)
      enqueue.assign({
        ...resumedContext(context, resumed),
        notice: resumed.priceChange
          ? { title: messages.priceChangedTitle, message: resumed.priceChange.message }
          : context.notice,
      })
      enqueue.raise({ type: 'SESSION_STARTED' })
    }),
    /** The member's style for the VIN waiting for one: that vehicle, with it, is the member's vehicle from now on. */
    chooseStyle: assign(({ context, event }) => {
      const awaiting = context.vehicleAwaitingStyle
      if (!awaiting || (event.type !== 'SUBMIT_VIN' && event.type !== 'SUBMIT_REAL_VIN') || !event.style) return {}
      return {
        vehicle: { ...awaiting, style: event.style, styleChoices: [] },
        isMockVin: false,
        vehicleAwaitingStyle: null,
        styleError: null,
        vinError: null,
      }
    }),
    openGate: assign(({ context }, params: { gate: Gate }) => ({
      gates: context.gates.includes(params.gate) ? context.gates : [...context.gates, params.gate],
    })),
    chooseDescriptionField: assign(({ context, event }) => {
      if (event.type !== 'CHOOSE_DESCRIPTION_FIELD') return {}
      const next = chooseDescriptionField(context.description, context.descriptionLists, event.field, event.value)
      return { description: next.description, descriptionLists: next.lists }
    }),
    /** An 'ErrorEncountered' analytics event, sent in the background (never waited on). */
    trackError: enqueueActions(({ context, enqueue }, params: { action: ErrorAction; label: string }) => {
      if (!context.session) return
      enqueue.spawnChild('sendAnalytics', {
        input: { session: context.session, event: errorEvent(params.action, params.label) },
      })
    }),
    /**
     * An analytics event sent only the first time in a session (spec section 4): the coverage page's,
     * and the purchase's 'booked' and 'paid' flags.
     */
    trackOnce: enqueueActions(({ context, enqueue }, params: { signal: OnceSignal }) => {
      if (!context.session || context.sentSignals.includes(params.signal)) return
      enqueue.assign({ sentSignals: [...context.sentSignals, params.signal] })
      enqueue.spawnChild('sendAnalytics', {
        input: { session: context.session, event: onceEvent(context, params.signal) },
      })
    }),
    /**
     * The car got no rates: records the bounce (mockVinNoRates / validCarNoRates) and why: a quote
     * that came back with some rates had too few to show (threeCardView); none, or a failed car or
     * quote request, is no rates.
     */
    recordNoRatesBounce: assign(({ context, event }) => ({
      pageUserBouncedFrom: noRatesBounce(context),
      noRatesCause: (outputOf<Quote | undefined>(event)?.rates.length ?? 0) > 0 ? ('tooFewRates' as const) : ('noRates' as const),
    })),
    /** The user and token an API call answered with; a new session starts the session clock. */
    storeSession: enqueueActions(({ context, event, enqueue }) => {
      const { user, token } = outputOf<UserWithToken>(event)
      enqueue.assign({ user, session: { institutionId: context.institutionId, userId: user.userId, token } })
      if (!context.session) enqueue.raise({ type: 'SESSION_STARTED' })
    }),
  },
})
