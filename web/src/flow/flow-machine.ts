import { assign } from 'xstate'
import { startContext } from './flow-context'
import { flowSetup } from './flow-setup'
import { sessionClock } from './session-clock'
import { carStates } from './states/car-states'
import { contactStates } from './states/contact-states'
import { coverageStates } from './states/coverage-states'
import { entryStates } from './states/entry-states'
import { integrationStates } from './states/integration-states'
import { purchaseStates } from './states/purchase-states'
import { restoreStates } from './states/restore-states'
import { verifyEmailStates } from './states/verify-email-states'
import { STEPS } from './steps'

export { startRateIndex, type FlowEvent, type FlowTag } from './flow-setup'

/**
 * Browser back/forward and typed URLs: accepted only when the allowed-route gate lets the member in;
 * verify-email with the email already verified goes to personal details (spec section 4).
 */
const goTo = [
  { guard: 'entersVerifyEmailVerified' as const, target: '#missingInfo' },
  ...STEPS.map((step) => ({ guard: { type: 'canVisit' as const, params: { step } }, target: `#${step}` })),
]

/**
 * The purchase flow: one state per step (tagged with the step's name, see steps.ts), API calls as
 * invoked actors, the allowed-route gate on GO_TO, the session clock (session-clock.ts) over every
 * step. Screens send events; the URL follows the machine.
 */
export const flowMachine = flowSetup.createMachine({
  id: 'flow',
  context: ({ input }) => startContext(input),
  initial: 'boot',
  on: {
    GO_TO: goTo,
    SET_CONSENT: { actions: assign({ doesConsentToEmail: ({ event }) => event.consent }) },
    DISMISS_NOTICE: { actions: assign({ notice: null }) },
    ...sessionClock.on,
  },
  states: {
    ...entryStates,
    ...restoreStates,
    ...integrationStates,
    ...carStates,
    ...coverageStates,
    ...verifyEmailStates,
    ...purchaseStates,
    ...contactStates,
  },
})

export type FlowMachine = typeof flowMachine
