import { assign } from 'xstate'
import { messageOf } from '../../api/api-error'
import type { IntegrationSession } from '../../api/types'
import type { FlowContext } from '../flow-context'
import { flowSetup, quoteKey, startRateIndex } from '../flow-setup'
import { messages } from '../../lib/product'

/**
 * The partner's car and quote as if the member had come through the car steps: the vehicle, its
 * mileage and driving habits, and the carousel's start (spec section 4).
 */
function quotedCar(context: FlowContext, { car, quote }: IntegrationSession): Partial<FlowContext> {
  if (!car || !quote) return {}
  const withCar = { ...context, car, milesPerYear: car.milesPerYear, yearsToOwn: car.yearsToOwn }
  return {
    vehicle: car,
    isMockVin: car.isMockVin,
    odometer: String(car.odometer),
    carFlags: car.carFlags,
    milesPerYear: car.milesPerYear,
    yearsToOwn: car.yearsToOwn,
    car,
    quote,
    quotedFor: quoteKey(withCar),
    selectedRateIndex: startRateIndex(quote.rates.length),
  }
}

/** The member the partner sent: its state of residence is the quote's, else the member's address's. */
function fromLaunch(context: FlowContext, launched: IntegrationSession): Partial<FlowContext> {
  return {
    integrationLaunch: null,
    emailAddress: launched.user.emailAddress,
    stateOfResidence: launched.quote?.state ?? launched.user.address?.state ?? null,
    ...quotedCar(context, launched),
  }
}

/**
 * Integration mode (spec section 2): the app in a partner's page exchanges the partner's launch code
 * for a session. With the partner's vehicle (silent) the flow goes on at coverage, the car steps'
 * gate open; without (selection) at the lookup choice. No rates: messages.noAvailablePolicies.
 */
export const integrationStates = {
  integration: flowSetup.createStateConfig({
    id: 'integration',
    initial: 'exchanging',
    on: { GO_TO: {} },
    states: {
      exchanging: {
        tags: 'busy',
        invoke: {
          src: 'exchangeLaunchCode',
          input: ({ context }) => ({
            institutionId: context.institutionId,
            integratorId: context.integrationLaunch?.integratorId ?? '',
            launchCode: context.integrationLaunch?.launchCode ?? '',
          }),
          onDone: [
            {
              guard: 'launchHasCoverage',
              target: '#coverage',
              actions: [
                'storeSession',
                assign(({ context, event }) => fromLaunch(context, event.output)),
                { type: 'openGate', params: { gate: 'carLookup' } },
              ],
            },
            // Rated, but fewer rates than the institution shows.
            { guard: 'launchIsQuoted', target: 'noPolicies', actions: assign({ integrationLaunch: null }) },
            {
              target: '#lookup',
              actions: [
                'storeSession',
                assign(({ context, event }) => fromLaunch(context, event.output)),
                { type: 'openGate', params: { gate: 'carLookup' } },
              ],
            },
          ],
          onError: [
            { guard: 'isNoPolicies', target: 'noPolicies', actions: assign({ integrationLaunch: null }) },
            {
              target: 'failed',
              actions: assign({
                integrationLaunch: null,
                failure: ({ event }) => messageOf(event.error, messages.launchFailed),
              }),
            },
          ],
        },
      },
      /** messages.noAvailablePolicies (spec section 8). */
      noPolicies: {},
      /** An unknown, used or expired code, or an inactive integrator: the API's message. */
      failed: {},
    },
  }),
}
