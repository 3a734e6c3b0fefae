import { assign } from 'xstate'
import type { FlowContext } from '../flow-context'
import { back, carBody, expired, flowSetup, noRatesBounce, quoteKey, session, startRateIndex } from '../flow-setup'
import { keepsRateChoice } from '../quote-rules'
import { messageOf } from '../../api/api-error'
import { messages } from '../../lib/product'
import { decodingVin, submitWhileChoosingStyle } from './car-states'

/** No rates for this car: record the bounce, report it, go to no-rates (spec section 4). */
const toNoRates = {
  target: '#noRates',
  actions: [
    {
      type: 'trackError',
      params: ({ context }: { context: FlowContext }) => ({ action: 'NoRates' as const, label: noRatesBounce(context) }),
    },
    'recordNoRatesBounce',
  ],
} as const

/**
 * Coverage selection (quote + carousel, and the real-VIN prompt when the car was found by
 * description) and personal details.
 */
export const coverageStates = {
  coverage: flowSetup.createStateConfig({
    id: 'coverage',
    tags: 'coverage',
    initial: 'checking',
    // The coverage page clears the earlier bounce (spec section 4).
    entry: assign({ pageUserBouncedFrom: null, noRatesCause: null, paymentOptionsRequested: false }),
    on: {
      BACK: back('coverage'),
      DISMISS_IMPACT_MODAL: { actions: 'dismissImpactModal' },
    },
    states: {
      checking: {
        always: [
          // Priced again for an address in a state the institution cannot sell in (quoteStateChanged).
          { guard: 'residenceIsNotSold', target: '#invalidState' },
          { guard: 'hasQuoteForCurrentCar', target: 'choosing' },
          { target: 'quoting' },
        ],
      },
      quoting: {
        tags: 'busy',
        invoke: {
          src: 'createQuote',
          input: ({ context }) => ({
            session: session(context),
            body: {
              carId: context.car?.carId ?? '',
              milesPerYear: context.milesPerYear,
              yearsToOwn: context.yearsToOwn,
              state: context.stateOfResidence ?? '',
              penTrackKey: context.quote?.penTrackKey ?? null,
            },
          }),
          onDone: [
            {
              guard: 'quoteHasEnoughRates',
              target: 'choosing',
              actions: assign(({ context, event }) => {
                const keep = keepsRateChoice(context, event.output)
                const index = keep ? context.selectedRateIndex : startRateIndex(event.output.rates.length)
                return {
                  quote: event.output,
                  quotedFor: quoteKey(context),
                  selectedRateIndex: index,
                  // A rate chosen from the last quote is this quote's same option, or none (choose again).
                  selectedRate: keep && context.selectedRate ? (event.output.rates[index] ?? null) : null,
                }
              }),
            },
            toNoRates,
          ],
          onError: [expired, toNoRates],
        },
      },
      choosing: {
        on: {
          SELECT_RATE: {
            guard: 'movesToAnotherRate',
            actions: [
              assign({
                selectedRateIndex: ({ context, event }) =>
                  Math.max(0, Math.min(event.index, (context.quote?.rates.length ?? 1) - 1)),
              }),
              { type: 'trackOnce', params: { signal: 'ViewDifferentRates' } },
            ],
          },
          FLIP_CARD: { actions: { type: 'trackOnce', params: { signal: 'CardFlip' } } },
          REQUEST_EXPERT_GUIDANCE: 'expertGuidance',
          REQUEST_PAYMENT_OPTION: {
            target: '#contactMe',
            actions: [
              { type: 'trackOnce', params: { signal: 'PaymentOptionRequest' } },
              assign({ paymentOptionsRequested: true, contactOrigin: 'coverage' }),
            ],
          },
          PURCHASE: [
            // The button reads labels.enterVin: prices of a described car are estimates until its real VIN is known.
            { guard: 'isMockVin', target: 'realVin' },
            {
              target: '#missingInfo',
              actions: [
                assign({ selectedRate: ({ context }) => context.quote?.rates[context.selectedRateIndex] ?? null }),
                { type: 'openGate', params: { gate: 'personalDetails' } },
              ],
            },
          ],
        },
      },
      /** 'Would you like to be contacted by a coverage expert...?' Yes goes to contact-me. */
      expertGuidance: {
        on: {
          CONFIRM_EXPERT_GUIDANCE: {
            target: '#contactMe',
            actions: [
              { type: 'trackOnce', params: { signal: 'ExpertGuidanceRequest' } },
              assign({
                contactOrigin: 'coverage',
                pageUserBouncedFrom: ({ context }) => (context.isMockVin ? 'mockVinExpertGuidance' : 'expertGuidance'),
              }),
            ],
          },
          DECLINE_EXPERT_GUIDANCE: 'choosing',
        },
      },
      /**
       * The real-VIN prompt: decode the VIN (and choose its style when it fits several), create the
       * car again with it, quote it again. Cancel keeps the described car: a VIN waiting for its style
       * is not the member's vehicle yet.
       */
      realVin: {
        initial: 'editing',
        entry: assign({ vinError: null, vehicleAwaitingStyle: null, styleError: null }),
        on: { CANCEL_REAL_VIN: 'choosing', VIN_FOCUSED: { actions: assign({ vinError: null }) } },
        states: {
          editing: { on: { SUBMIT_REAL_VIN: 'decoding' } },
          decoding: decodingVin('creatingCar'),
          choosingStyle: { on: { SUBMIT_REAL_VIN: submitWhileChoosingStyle('creatingCar') } },
          redecoding: decodingVin('creatingCar', { styleRefused: true }),
          creatingCar: {
            tags: 'busy',
            invoke: {
              src: 'createCar',
              input: ({ context }) => ({ session: session(context), body: carBody(context) }),
              // A new carId: checking finds no quote for it, quotes again and resets the selected rate.
              onDone: { target: '#coverage.checking', actions: assign({ car: ({ event }) => event.output }) },
              // Refused for its style (a choice gone stale): the prompt asks for it again.
              onError: [
                expired,
                { guard: 'refusesStyle', target: 'redecoding' },
                { target: '#noRates', actions: 'recordNoRatesBounce' },
              ],
            },
          },
        },
      },
    },
  }),
  missingInfo: flowSetup.createStateConfig({
    id: 'missingInfo',
    tags: 'missingInfo',
    initial: 'editing',
    // The form starts again from the member's saved details: an earlier refusal is not theirs.
    entry: assign({ submitError: null }),
    on: { BACK: back('missingInfo') },
    states: {
      editing: {
        on: { SUBMIT_PERSONAL_DETAILS: { target: 'saving', actions: assign({ failure: null, submitError: null }) } },
      },
      saving: {
        tags: 'busy',
        invoke: {
          src: 'savePersonalDetails',
          input: ({ context, event }) => {
            const details = event.type === 'SUBMIT_PERSONAL_DETAILS' ? event.details : null
            if (!details) throw new Error('No personal details')
            return {
              session: session(context),
              body: {
                firstName: details.firstName,
                lastName: details.lastName,
                phoneNumber: details.phoneNumber,
                address: {
                  street: details.street,
                  city: details.city,
                  state: context.stateOfResidence ?? '',
                  zip: details.zip,
                },
                isMember: details.isMember,
                doesConsentToSoliciting: context.user?.doesConsentToSoliciting ?? true,
              },
            }
          },
          onDone: { target: 'routing', actions: 'storeSession' },
          onError: [
            expired,
            {
              target: 'editing',
              actions: [
                assign({ failure: ({ event }) => messageOf(event.error, messages.somethingWentWrong) }),
                'keepSubmitError',
              ],
            },
          ],
        },
      },
      routing: {
        always: [
          { guard: 'isNotMember', target: '#institutionContact' },
          {
            guard: 'hasVerifiedEmail',
            target: '#confirm',
            actions: { type: 'openGate', params: { gate: 'confirm' } },
          },
          { target: '#sendEmail', actions: { type: 'openGate', params: { gate: 'confirm' } } },
        ],
      },
    },
  }),
}
