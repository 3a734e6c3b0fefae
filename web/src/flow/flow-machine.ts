import { assign, setup, type DoneActorEvent } from 'xstate'
import { ApiError, isSessionExpired, messageOf } from '../api/api-error'
import type { Institution, Quote, UserWithToken } from '../api/types'
import { flowActors } from './actors'
import { initialContext, type FlowContext, type FlowInput, type PersonalDetails } from './flow-context'
import { canVisit, type Gate } from './gate'
import {
  BOOKING_FAILED,
  INVALID_CODE,
  RESEND_FAILED,
  UPDATE_EMAIL_FAILED,
  USER_TIMEOUT,
  VEHICLE_NOT_FOUND,
} from './messages'
import { STEP_INFO, STEPS, type Step } from './steps'

/** Everything the screens (and the URL sync) can tell the flow. */
export type FlowEvent =
  | { type: 'GO_TO'; step: Step }
  | { type: 'BACK' }
  | { type: 'SUBMIT_EMAIL'; emailAddress: string }
  | { type: 'SUBMIT_STATE'; state: string }
  | { type: 'DISMISS_SESSION_EXPIRED' }
  | { type: 'CHOOSE_VIN' }
  | { type: 'SUBMIT_VIN'; vin: string }
  | { type: 'VIN_FOCUSED' }
  | { type: 'SUBMIT_MILEAGE'; odometer: string }
  | { type: 'SUBMIT_MILES_PER_YEAR'; milesPerYear: number }
  | { type: 'SUBMIT_YEARS_TO_OWN'; yearsToOwn: number }
  | { type: 'SELECT_RATE'; index: number }
  | { type: 'PURCHASE' }
  | { type: 'SUBMIT_PERSONAL_DETAILS'; details: PersonalDetails }
  | { type: 'SEND_CODE'; emailAddress: string }
  | { type: 'SUBMIT_CODE'; code: string }
  | { type: 'RESEND_CODE' }
  | { type: 'EDIT_COVERAGE' }
  | { type: 'EDIT_CAR' }
  | { type: 'BOOK' }
  | { type: 'RETRY_BOOKING' }
  | { type: 'DECLINE_RETRY' }
  | { type: 'WIDGET_READY' }
  | { type: 'WIDGET_RESULT'; result: string }
  | { type: 'WIDGET_ERROR'; message: string }
  | { type: 'CLOSE_PAYMENT_ERROR' }
  | { type: 'CONTINUE' }
  | { type: 'RETRY_PAYMENT' }

export type FlowTag = Step | 'busy'

function errorOf(event: unknown): unknown {
  return (event as { error?: unknown }).error
}

function outputOf<T>(event: unknown): T {
  return (event as DoneActorEvent<T>).output
}

/** The quote is for this car and these driving habits. */
function quoteKey(context: FlowContext): string {
  return `${context.car?.carId}|${context.milesPerYear}|${context.yearsToOwn}`
}

/** Carousel start: the middle card when there is more than one rate (spec section 4). */
export function startRateIndex(rateCount: number): number {
  return rateCount > 1 ? 1 : 0
}

function session(context: FlowContext) {
  if (!context.session) throw new Error('No session')
  return context.session
}

/** The back button's transition for a step, from the back table in steps.ts. */
function back(from: Step) {
  return { target: `#${STEP_INFO[from].back}` }
}

/** A refused token sends the member back to splash with the Session Expired dialog. */
const expired = { guard: 'isSessionExpired', target: '#splash', actions: 'markSessionExpired' } as const

/** Browser back/forward and typed URLs: accepted only when the allowed-route gate lets the member in. */
const goTo = STEPS.map((step) => ({ guard: { type: 'canVisit' as const, params: { step } }, target: `#${step}` }))

export const flowMachine = setup({
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
    isNotMember: ({ context }) => context.user?.isMember === false,
    hasVerifiedEmail: ({ context }) => context.user?.isEmailVerified === true,
    emailChanged: ({ context, event }) =>
      event.type === 'SEND_CODE' && event.emailAddress.trim().toLowerCase() !== context.user?.emailAddress,
  },
  actions: {
    resetSession: assign(({ context }) => ({
      ...initialContext(context.institutionId, context.institution),
      sessionExpired: context.sessionExpired,
    })),
    markSessionExpired: assign({ sessionExpired: true }),
    openGate: assign(({ context }, params: { gate: Gate }) => ({
      gates: context.gates.includes(params.gate) ? context.gates : [...context.gates, params.gate],
    })),
    storeSession: assign(({ context, event }) => {
      const { user, token } = outputOf<UserWithToken>(event)
      return { user, session: { institutionId: context.institutionId, userId: user.userId, token } }
    }),
  },
}).createMachine({
  id: 'flow',
  context: ({ input }) => initialContext(input.institutionId),
  initial: 'boot',
  on: { GO_TO: goTo },
  states: {
    boot: {
      on: { GO_TO: {} },
      invoke: {
        src: 'loadInstitution',
        input: ({ context }) => ({ institutionId: context.institutionId }),
        onDone: [
          {
            guard: 'institutionIsInactive',
            target: 'inactive',
            actions: assign({ institution: ({ event }) => event.output }),
          },
          { target: 'splash', actions: assign({ institution: ({ event }) => event.output }) },
        ],
        onError: 'unknownInstitution',
      },
    },
    inactive: { on: { GO_TO: {} } },
    unknownInstitution: { on: { GO_TO: {} } },

    splash: {
      id: 'splash',
      tags: 'splash',
      entry: 'resetSession',
      initial: 'email',
      on: { DISMISS_SESSION_EXPIRED: { actions: assign({ sessionExpired: false }) } },
      states: {
        email: {
          on: { SUBMIT_EMAIL: { target: 'creatingUser', actions: assign({ sessionExpired: false }) } },
        },
        creatingUser: {
          tags: 'busy',
          invoke: {
            src: 'createUser',
            input: ({ context, event }) => ({
              institutionId: context.institutionId,
              emailAddress: event.type === 'SUBMIT_EMAIL' ? event.emailAddress.trim() : '',
            }),
            onDone: { target: 'residence', actions: 'storeSession' },
            onError: '#userCreationError',
          },
        },
        residence: {
          on: {
            SUBMIT_STATE: [
              {
                guard: 'isEligibleState',
                target: '#lookup',
                actions: [
                  assign({ stateOfResidence: ({ event }) => event.state }),
                  { type: 'openGate', params: { gate: 'carLookup' } },
                ],
              },
              { target: '#invalidState', actions: assign({ stateOfResidence: ({ event }) => event.state }) },
            ],
          },
        },
      },
    },

    lookup: {
      id: 'lookup',
      tags: 'lookup',
      on: { CHOOSE_VIN: '#vinLookup', BACK: back('lookup') },
    },

    vinLookup: {
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
    },

    mileage: {
      id: 'mileage',
      tags: 'mileage',
      on: {
        BACK: back('mileage'),
        SUBMIT_MILEAGE: { target: '#milesPerYear', actions: assign({ odometer: ({ event }) => event.odometer }) },
      },
    },

    milesPerYear: {
      id: 'milesPerYear',
      tags: 'milesPerYear',
      on: {
        BACK: back('milesPerYear'),
        SUBMIT_MILES_PER_YEAR: {
          target: '#yearsToOwn',
          actions: assign({ milesPerYear: ({ event }) => event.milesPerYear }),
        },
      },
    },

    yearsToOwn: {
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
    },

    coverage: {
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
    },

    missingInfo: {
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
    },

    verifyEmail: {
      initial: 'sendEmail',
      on: { BACK: back('sendEmail') },
      states: {
        sendEmail: {
          id: 'sendEmail',
          tags: 'sendEmail',
          initial: 'idle',
          states: {
            idle: {
              on: {
                SEND_CODE: [
                  { guard: 'emailChanged', target: 'updatingEmail', actions: assign({ emailError: null }) },
                  { target: 'sending', actions: assign({ emailError: null }) },
                ],
              },
            },
            updatingEmail: {
              tags: 'busy',
              invoke: {
                src: 'updateEmail',
                input: ({ context, event }) => ({
                  session: session(context),
                  oldEmailAddress: context.user?.emailAddress ?? '',
                  newEmailAddress: event.type === 'SEND_CODE' ? event.emailAddress.trim().toLowerCase() : '',
                }),
                onDone: {
                  target: 'sending',
                  actions: assign(({ context, event }) => ({
                    session: { ...session(context), token: event.output.token },
                    user: context.user && { ...context.user, emailAddress: event.output.emailAddress },
                  })),
                },
                onError: [expired, { target: 'idle', actions: assign({ emailError: UPDATE_EMAIL_FAILED }) }],
              },
            },
            sending: {
              tags: 'busy',
              invoke: {
                src: 'sendVerificationEmail',
                input: ({ context }) => ({
                  session: session(context),
                  query: {
                    emailAddress: context.user?.emailAddress ?? '',
                    firstName: context.user?.firstName ?? '',
                    lastName: context.user?.lastName ?? '',
                  },
                }),
                onDone: {
                  target: '#codeConfirmation',
                  actions: assign({ codeSent: true, codeError: null, resendStatus: null }),
                },
                onError: [
                  expired,
                  {
                    target: 'idle',
                    actions: assign({ emailError: ({ event }) => messageOf(event.error, RESEND_FAILED) }),
                  },
                ],
              },
            },
          },
        },
        codeConfirmation: {
          id: 'codeConfirmation',
          tags: 'codeConfirmation',
          initial: 'idle',
          states: {
            idle: {
              on: {
                SUBMIT_CODE: { target: 'checking', actions: assign({ codeError: null, resendStatus: null }) },
                RESEND_CODE: { target: 'resending', actions: assign({ codeError: null, resendStatus: null }) },
              },
            },
            checking: {
              tags: 'busy',
              invoke: {
                src: 'submitVerificationCode',
                input: ({ context, event }) => ({
                  session: session(context),
                  code: event.type === 'SUBMIT_CODE' ? event.code : '',
                }),
                onDone: { target: '#confirm', actions: 'storeSession' },
                onError: [
                  expired,
                  {
                    target: 'idle',
                    actions: assign({
                      codeError: ({ event }) =>
                        event.error instanceof ApiError &&
                        event.error.code !== 'invalidCode' &&
                        event.error.code !== 'validation'
                          ? messageOf(event.error, INVALID_CODE)
                          : INVALID_CODE,
                    }),
                  },
                ],
              },
            },
            resending: {
              invoke: {
                src: 'sendVerificationEmail',
                input: ({ context }) => ({
                  session: session(context),
                  query: {
                    emailAddress: context.user?.emailAddress ?? '',
                    firstName: context.user?.firstName ?? '',
                    lastName: context.user?.lastName ?? '',
                  },
                }),
                onDone: { target: 'idle', actions: assign({ resendStatus: 'sent' }) },
                onError: [expired, { target: 'idle', actions: assign({ resendStatus: 'failed' }) }],
              },
            },
          },
        },
      },
    },

    confirm: {
      id: 'confirm',
      tags: 'confirm',
      initial: 'reviewing',
      on: { BACK: back('confirm'), EDIT_COVERAGE: '#coverage', EDIT_CAR: '#lookup' },
      states: {
        reviewing: { on: { BOOK: 'booking' } },
        booking: {
          tags: 'busy',
          invoke: {
            src: 'bookPolicy',
            input: ({ context }) => ({
              session: session(context),
              body: {
                address: context.user?.address ?? { street: '', city: '', state: '', zip: '' },
                rateId: context.selectedRate?.rateId ?? '',
                rateCollectionId: context.selectedRate?.rateCollectionId ?? '',
                carId: context.car?.carId ?? '',
                emailAddress: context.user?.emailAddress ?? '',
                quoteId: context.quote?.quoteId ?? '',
              },
            }),
            onDone: {
              target: '#payment',
              actions: [
                assign({ policy: ({ event }) => event.output, bookingError: null }),
                { type: 'openGate', params: { gate: 'payment' } },
              ],
            },
            onError: [
              expired,
              {
                target: 'bookingFailed',
                actions: assign({ bookingError: ({ event }) => messageOf(event.error, BOOKING_FAILED) }),
              },
            ],
          },
        },
        bookingFailed: {
          on: { RETRY_BOOKING: 'booking', DECLINE_RETRY: '#bookingError' },
        },
      },
    },

    payment: {
      id: 'payment',
      tags: 'payment',
      initial: 'signing',
      exit: assign({ signedRequest: null, widgetReady: false }),
      on: { BACK: back('payment') },
      states: {
        signing: {
          invoke: {
            src: 'signRequest',
            input: ({ context }) => ({ session: session(context), policyId: context.policy?.policyId ?? '' }),
            onDone: { target: 'loading', actions: assign({ signedRequest: ({ event }) => event.output }) },
            onError: [expired, { target: 'failed' }],
          },
        },
        loading: {
          on: { WIDGET_READY: { target: 'ready', actions: assign({ widgetReady: true }) }, WIDGET_ERROR: 'failed' },
        },
        ready: {
          on: { WIDGET_RESULT: 'verifying', WIDGET_ERROR: 'failed' },
        },
        verifying: {
          tags: 'busy',
          invoke: {
            src: 'verifyPayment',
            input: ({ context, event }) => ({
              session: session(context),
              policyId: context.policy?.policyId ?? '',
              result: event.type === 'WIDGET_RESULT' ? event.result : '',
            }),
            onDone: { target: 'paid', actions: assign({ payment: ({ event }) => event.output }) },
            onError: [
              { guard: 'isUserTimeout', target: '#splash', actions: 'markSessionExpired' },
              expired,
              { target: 'failed' },
            ],
          },
        },
        paid: { on: { CONTINUE: 'confirming' } },
        confirming: {
          tags: 'busy',
          invoke: {
            src: 'confirmPayment',
            input: ({ context }) => ({
              session: session(context),
              policyId: context.policy?.policyId ?? '',
              paymentId: context.payment?.trackingNumber ?? '',
            }),
            onDone: { target: '#confirmation', actions: assign({ confirmation: ({ event }) => event.output }) },
            onError: [expired, { target: 'failed' }],
          },
        },
        failed: { on: { CLOSE_PAYMENT_ERROR: '#paymentError' } },
      },
    },

    confirmation: { id: 'confirmation', tags: 'confirmation' },

    noRates: { id: 'noRates', tags: 'noRates', on: { BACK: back('noRates') } },
    invalidState: { id: 'invalidState', tags: 'invalidState', on: { BACK: back('invalidState') } },
    bookingError: {
      id: 'bookingError',
      tags: 'bookingError',
      on: { BACK: back('bookingError'), RETRY_BOOKING: '#confirm' },
    },
    paymentError: {
      id: 'paymentError',
      tags: 'paymentError',
      on: { BACK: back('paymentError'), RETRY_PAYMENT: '#payment' },
    },
    userCreationError: { id: 'userCreationError', tags: 'userCreationError', on: { BACK: back('userCreationError') } },
    institutionContact: {
      id: 'institutionContact',
      tags: 'institutionContact',
      on: { BACK: back('institutionContact') },
    },
  },
})

export type FlowMachine = typeof flowMachine
