import { assign } from 'xstate'
import { back, expired, flowSetup, session } from '../flow-setup'
import { VEHICLE_NOT_FOUND } from '../messages'

/** Car steps: lookup choice, VIN, mileage, miles per year, years to own (creates the car). */
export const carStates = {
  lookup: flowSetup.createStateConfig({
    id: 'lookup',
    tags: 'lookup',
    on: { CHOOSE_VIN: '#vinLookup', BACK: back('lookup') },
  }),
  vinLookup: flowSetup.createStateConfig({
    id: 'vinLookup',
    tags: 'vinLookup',
    initial: 'editing',
    on: { BACK: back('vinLookup'), VIN_FOCUSED: { actions: assign({ vinError: null }) } },
    states: {
      editing: { on: { SUBMIT_VIN: 'decoding' } },
      decoding: {
        tags: 'busy',
        invoke: {
          src: 'decodeVin',
          input: ({ context, event }) => ({
            session: session(context),
            vin: event.type === 'SUBMIT_VIN' ? event.vin.trim().toUpperCase() : '',
          }),
          onDone: {
            target: '#mileage',
            actions: assign({ vehicle: ({ event }) => event.output, isMockVin: false, vinError: null }),
          },
          onError: [expired, { target: 'editing', actions: assign({ vinError: VEHICLE_NOT_FOUND }) }],
        },
      },
    },
  }),
  mileage: flowSetup.createStateConfig({
    id: 'mileage',
    tags: 'mileage',
    on: {
      BACK: back('mileage'),
      SUBMIT_MILEAGE: { target: '#milesPerYear', actions: assign({ odometer: ({ event }) => event.odometer }) },
    },
  }),
  milesPerYear: flowSetup.createStateConfig({
    id: 'milesPerYear',
    tags: 'milesPerYear',
    on: {
      BACK: back('milesPerYear'),
      SUBMIT_MILES_PER_YEAR: {
        target: '#yearsToOwn',
        actions: assign({ milesPerYear: ({ event }) => event.milesPerYear }),
      },
    },
  }),
  yearsToOwn: flowSetup.createStateConfig({
    id: 'yearsToOwn',
    tags: 'yearsToOwn',
    initial: 'editing',
    on: { BACK: back('yearsToOwn') },
    states: {
      editing: {
        on: {
          SUBMIT_YEARS_TO_OWN: {
            target: 'creatingCar',
            actions: assign({ yearsToOwn: ({ event }) => event.yearsToOwn }),
          },
        },
      },
      creatingCar: {
        tags: 'busy',
        invoke: {
          src: 'createCar',
          input: ({ context }) => ({
            session: session(context),
            body: {
              vin: context.vehicle?.vin ?? '',
              carFlags: {
                certifiedPreowned: false,
                commercialUse: false,
                hasLiftKitOrOversizeTires: false,
                isSalvageTitle: false,
                modifiedVehicle: false,
                secondOwner: false,
              },
              odometer: context.odometer ?? '0',
              milesPerYear: context.milesPerYear,
              yearsToOwn: context.yearsToOwn,
            },
          }),
          onDone: { target: '#coverage', actions: assign({ car: ({ event }) => event.output }) },
          onError: [expired, { target: '#noRates' }],
        },
      },
    },
  }),
}
