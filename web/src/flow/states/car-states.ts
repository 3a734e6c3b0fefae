import { assign } from 'xstate'
import { listToLoad, retryFailedLists } from '../description'
import { lookupFailureText } from '../lookup-failure'
import type { FlowContext } from '../flow-context'
import { back, carBody, expired, flowSetup, session } from '../flow-setup'
import { fieldErrors, messages } from '../../lib/product'

/**
 * Decodes the VIN a SUBMIT_VIN or SUBMIT_REAL_VIN carried (upper-cased): a real VIN's vehicle goes on
 * to `target`; a VIN that does not decode goes back to `editing` with fieldErrors.vehicleNotFound, a
 * look-up that got no answer (too many look-ups, connection lost) with what happened. Shared by the
 * VIN page and the real-VIN prompt on coverage.
 */
export function decodingVin(target: string) {
  return flowSetup.createStateConfig({
    tags: 'busy',
    invoke: {
      src: 'decodeVin',
      input: ({ context, event }) => ({
        session: session(context),
        vin: event.type === 'SUBMIT_VIN' || event.type === 'SUBMIT_REAL_VIN' ? event.vin.trim().toUpperCase() : '',
      }),
      onDone: {
        target,
        actions: assign({ vehicle: ({ event }) => event.output, isMockVin: false, vinError: null }),
      },
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
        onError: [expired, { target: '#noRates', actions: 'recordNoRatesBounce' }],
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
    on: { BACK: back('vinLookup'), VIN_FOCUSED: { actions: assign({ vinError: null }) } },
    states: {
      editing: { on: { SUBMIT_VIN: 'decoding' } },
      decoding: decodingVin('#mileage'),
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
