import { assign } from 'xstate'
import { back, expired, flowSetup, quoteKey, session, startRateIndex } from '../flow-setup'
import { messageOf } from '../../api/api-error'

/** Coverage selection (quote + carousel) and personal details. */
export const coverageStates = {
  coverage: flowSetup.createStateConfig({
    id: 'coverage',
    tags: 'coverage',
    initial: 'checking',
    on: { BACK: back('coverage') },
    states: {
      checking: {
        always: [{ guard: 'hasQuoteForCurrentCar', target: 'choosing' }, { target: 'quoting' }],
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
              actions: assign({
                quote: ({ event }) => event.output,
                quotedFor: ({ context }) => quoteKey(context),
                selectedRateIndex: ({ event }) => startRateIndex(event.output.rates.length),
              }),
            },
            { target: '#noRates' },
          ],
          onError: [expired, { target: '#noRates' }],
        },
      },
      choosing: {
        on: {
          SELECT_RATE: {
            actions: assign({
              selectedRateIndex: ({ context, event }) =>
                Math.max(0, Math.min(event.index, (context.quote?.rates.length ?? 1) - 1)),
            }),
          },
          PURCHASE: {
            target: '#missingInfo',
            actions: [
              assign({ selectedRate: ({ context }) => context.quote?.rates[context.selectedRateIndex] ?? null }),
              { type: 'openGate', params: { gate: 'personalDetails' } },
            ],
          },
        },
      },
    },
  }),
  missingInfo: flowSetup.createStateConfig({
    id: 'missingInfo',
    tags: 'missingInfo',
    initial: 'editing',
    on: { BACK: back('missingInfo') },
    states: {
      editing: {
        on: { SUBMIT_PERSONAL_DETAILS: { target: 'saving', actions: assign({ failure: null }) } },
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
            { target: 'editing', actions: assign({ failure: ({ event }) => messageOf(event.error, 'Error') }) },
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
