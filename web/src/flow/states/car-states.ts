import { assign } from 'xstate'
import { listToLoad, retryFailedLists } from '../description'
import { lookupFailureText } from '../lookup-failure'
import type { FlowContext } from '../flow-context'
import { back, carBody, expired, flowSetup, session, submittedVin } from '../flow-setup'
import { fieldErrors, messages } from '../../lib/product'

/**
 * Decodes the VIN a SUBMIT_VIN or SUBMIT_REAL_VIN carried (upper-cased), or, once the car was refused
 * for its style (`styleRefused`), the member's vehicle's VIN again. A real VIN's vehicle goes on to
 * `target`; a VIN that fits several styles waits in the sibling `choosingStyle` for the member's
 * choice (with fieldErrors.chooseStyle when the car was refused); a VIN that does not decode goes back
 * to `editing` with fieldErrors.vehicleNotFound, a look-up that got no answer (too many look-ups,
 * connection lost) with what happened. Shared by the VIN page and the real-VIN prompt on coverage.
 */
export function decodingVin(target: string, { styleRefused = false } = {}) {
  return flowSetup.createStateConfig({
    tags: 'busy',
    invoke: {
      src: 'decodeVin',
      input: ({ context, event }) => ({
        session: session(context),
        vin: styleRefused ? (context.vehicle?.vin ?? '') : submittedVin(event),
      }),
      onDone: [
        {
          guard: 'fitsSeveralStyles',
          target: 'choosingStyle',
          actions: assign({
            vehicleAwaitingStyle: ({ event }) => event.output,
            styleError: styleRefused ? fieldErrors.chooseStyle : null,
            vinError: null,
          }),
        },
        {
          target,
          actions: assign({
            vehicle: ({ event }) => event.output,
            isMockVin: false,
            vinError: null,
            vehicleAwaitingStyle: null,
            styleError: null,
          }),
        },
      ],
      onError: [
        expired,
        {
          target: 'editing',
          actions: assign({ vinError: ({ event }) => lookupFailureText(event.error) ?? fieldErrors.vehicleNotFound }),
        },
      ],
    },
  })
}

/**
 * The submit's transitions while the VIN fits several styles (vehicleAwaitingStyle): the same VIN
 * with one of its styles is the member's vehicle, with that style, and goes on to `target`; another
 * VIN (or none of the styles) is decoded anew.
 */
export function submitWhileChoosingStyle(target: string) {
  return [{ guard: 'choosesAwaitedStyle' as const, target, actions: 'chooseStyle' as const }, { target: 'decoding' }]
}

/**
 * A car step's submit: the car is created with the answers so far (spec section 4: mileage and miles
 * per year a temporary one, years to own the member's), then `next`; a refused car goes to no-rates
 * (its bounce recorded, as for a car without rates).
 * When the member's car already has these answers (back and on again unchanged), it is kept: no
 * second car, so its quote and the chosen coverage stay.
 */
function carThen(next: string) {
  return {
    checkingCar: flowSetup.createStateConfig({
      always: [{ guard: 'carHasAnswers', target: next }, { target: 'creatingCar' }],
    }),
    creatingCar: flowSetup.createStateConfig({
      tags: 'busy',
      invoke: {
        src: 'createCar',
        input: ({ context }) => ({ session: session(context), body: carBody(context) }),
        onDone: { target: next, actions: assign({ car: ({ event }) => event.output }) },
        // Refused for its style (a choice gone stale): the VIN page asks for it again.
        onError: [
          expired,
          { guard: 'refusesStyle', target: '#vinLookup.redecoding' },
          { target: '#noRates', actions: 'recordNoRatesBounce' },
        ],
      },
    }),
  }
}

/** The list being loaded: its load's onDone/onError still see the context the load started with. */
const loadingList = ({ context }: { context: FlowContext }) => listToLoad(context.description, context.descriptionLists)

/**
 * Car steps: lookup choice (with the Estimate-only dialog), VIN lookup, description lookup,
 * mileage (with the car flags), miles per year, years to own (creates the car), and the combined
 * car-details form standing for the last three.
 */
export const carStates = {
  lookup: flowSetup.createStateConfig({
    id: 'lookup',
    tags: 'lookup',
    initial: 'choosing',
    on: { CHOOSE_VIN: '#vinLookup', BACK: back('lookup') },
    states: {
      choosing: { on: { CHOOSE_DESCRIPTION: 'estimateOnly' } },
      /** labels.noEnterVin is CHOOSE_VIN; labels.yesShowEstimates goes on to the description lookup. */
      estimateOnly: { on: { SHOW_ESTIMATES: '#descriptionLookup', DISMISS_ESTIMATE_ONLY: 'choosing' } },
    },
  }),
  vinLookup: flowSetup.createStateConfig({
    id: 'vinLookup',
    tags: 'vinLookup',
    initial: 'editing',
    // A choice left waiting when the member went away is not asked again.
    entry: assign({ vehicleAwaitingStyle: null, styleError: null }),
    on: { BACK: back('vinLookup'), VIN_FOCUSED: { actions: assign({ vinError: null }) } },
    states: {
      editing: { on: { SUBMIT_VIN: 'decoding' } },
      decoding: decodingVin('#mileage'),
      /** The VIN fits several styles: the member chooses one before mileage (or types another VIN). */
      choosingStyle: { on: { SUBMIT_VIN: submitWhileChoosingStyle('#mileage') } },
      /** A car step's car was refused for its style: the VIN is decoded again for its choices now. */
      redecoding: decodingVin('#mileage', { styleRefused: true }),
    },
  }),
  descriptionLookup: flowSetup.createStateConfig({
    id: 'descriptionLookup',
    tags: 'descriptionLookup',
    initial: 'checking',
    // A list that failed earlier is loaded again when the member comes back to the page.
    entry: assign({ descriptionLists: ({ context }) => retryFailedLists(context.descriptionLists) }),
    on: {
      BACK: back('descriptionLookup'),
      CHOOSE_DESCRIPTION_FIELD: {
        target: '.checking',
        actions: ['chooseDescriptionField', assign({ descriptionError: null })],
      },
    },
    states: {
      /** Loads the next list of the cascade, if one is missing (years on first entry). */
      checking: {
        always: [{ guard: 'hasDescriptionListToLoad', target: 'loadingList' }, { target: 'editing' }],
      },
      loadingList: {
        tags: 'busy',
        invoke: {
          src: 'loadDescriptionList',
          input: ({ context }) => ({
            session: session(context),
            list: loadingList({ context }) ?? 'years',
            description: context.description,
          }),
          onDone: {
            target: 'checking',
            actions: assign({
              descriptionLists: ({ context, event }) => {
                const list = loadingList({ context })
                return list ? { ...context.descriptionLists, [list]: event.output } : context.descriptionLists
              },
            }),
          },
          // A failed list is empty (spec section 8) and reported; the page says so and offers to try again.
          onError: [
            expired,
            {
              target: 'listFailed',
              actions: [
                {
                  type: 'trackError',
                  params: ({ context }) => ({ action: 'DescriptionField', label: loadingList({ context }) ?? '' }),
                },
                assign({
                  descriptionLists: ({ context }) => {
                    const list = loadingList({ context })
                    return list ? { ...context.descriptionLists, [list]: [] } : context.descriptionLists
                  },
                  descriptionError: ({ event }) => lookupFailureText(event.error) ?? messages.somethingWentWrong,
                }),
              ],
            },
          ],
        },
      },
      /** A list failed to load: labels.tryAgain loads it again (so does choosing an earlier field). */
      listFailed: {
        on: {
          RETRY_DESCRIPTION_LIST: {
            target: 'checking',
            actions: assign({
              descriptionLists: ({ context }) => retryFailedLists(context.descriptionLists),
              descriptionError: null,
            }),
          },
        },
      },
      editing: {
        on: {
          SUBMIT_DESCRIPTION: {
            guard: 'descriptionIsComplete',
            target: 'findingVin',
            actions: assign({ descriptionError: null }),
          },
        },
      },
      findingVin: {
        tags: 'busy',
        invoke: {
          src: 'findVinForDescription',
          input: ({ context }) => ({ session: session(context), description: context.description }),
          onDone: {
            target: '#mileage',
            actions: assign({ vehicle: ({ event }) => event.output, isMockVin: true, vinError: null }),
          },
          onError: [
            expired,
            // No answer about the vehicle (too many look-ups, connection lost): say so, not 'not found'.
            {
              guard: 'lookupGotNoAnswer',
              target: 'editing',
              actions: assign({ descriptionError: ({ event }) => lookupFailureText(event.error) }),
            },
            { target: 'notFound' },
          ],
        },
      },
      /** The vehicle-not-found dialog: Yes stays to try again, No records the bounce and goes to no-rates. */
      notFound: {
        on: {
          RETRY_DESCRIPTION: 'editing',
          GIVE_UP_DESCRIPTION: {
            target: '#noRates',
            actions: assign({ pageUserBouncedFrom: 'descriptionLookup', noRatesCause: 'vehicleNotFound' }),
          },
        },
      },
    },
  }),
  /** Creates a temporary car with the odometer and flags (spec section 4), then miles per year. */
  mileage: flowSetup.createStateConfig({
    id: 'mileage',
    tags: 'mileage',
    initial: 'editing',
    on: {
      BACK: back('mileage'),
      CHOOSE_CAR_DETAILS: {
        target: '#carDetails',
        actions: assign({ mileageDraft: ({ event }) => ({ odometer: event.odometer, carFlags: event.carFlags }) }),
      },
    },
    states: {
      editing: {
        on: {
          SUBMIT_MILEAGE: {
            target: 'checkingCar',
            actions: assign({
              odometer: ({ event }) => event.odometer,
              carFlags: ({ event }) => event.carFlags,
              mileageDraft: null,
            }),
          },
        },
      },
      ...carThen('#milesPerYear'),
    },
  }),
  /** Creates a temporary car with the miles per year too, then years to own. */
  milesPerYear: flowSetup.createStateConfig({
    id: 'milesPerYear',
    tags: 'milesPerYear',
    initial: 'editing',
    on: { BACK: back('milesPerYear') },
    states: {
      editing: {
        on: {
          SUBMIT_MILES_PER_YEAR: {
            target: 'checkingCar',
            actions: assign({ milesPerYear: ({ event }) => event.milesPerYear }),
          },
        },
      },
      ...carThen('#yearsToOwn'),
    },
  }),
  /** Creates the member's car with every answer, then coverage. */
  yearsToOwn: flowSetup.createStateConfig({
    id: 'yearsToOwn',
    tags: 'yearsToOwn',
    initial: 'editing',
    on: { BACK: back('yearsToOwn') },
    states: {
      editing: {
        on: {
          SUBMIT_YEARS_TO_OWN: {
            target: 'checkingCar',
            actions: assign({ yearsToOwn: ({ event }) => event.yearsToOwn }),
          },
        },
      },
      ...carThen('#coverage'),
    },
  }),
  /**
   * The combined car-details form (/user/car/details, from mileage or by its route): the three
   * answers and the car flags at once, then the member's car like years to own.
   */
  carDetails: flowSetup.createStateConfig({
    id: 'carDetails',
    tags: 'carDetails',
    initial: 'editing',
    on: { BACK: back('carDetails') },
    states: {
      editing: {
        on: {
          SUBMIT_CAR_DETAILS: {
            target: 'checkingCar',
            actions: assign({
              odometer: ({ event }) => event.odometer,
              milesPerYear: ({ event }) => event.milesPerYear,
              yearsToOwn: ({ event }) => event.yearsToOwn,
              carFlags: ({ event }) => event.carFlags,
              mileageDraft: null,
            }),
          },
        },
      },
      ...carThen('#coverage'),
    },
  }),
}
