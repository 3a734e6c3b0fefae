import { assign } from 'xstate'
import { back, expired, flowSetup, session, toExpiredSplash, trackFailure, trackWidgetFailure } from '../flow-setup'
import { messageOf } from '../../api/api-error'
import type { ErrorAction } from '../../lib/analytics'
import { messages } from '../../lib/product'

/**
 * A failed payment call, reported as `action`: the speed-bump dialog, with the API's message for a
 * voided contract (409 voided).
 */
function paymentFailed(action: ErrorAction) {
  return [
    { guard: 'isVoided', target: 'failed', actions: [trackFailure(action), 'showPaymentRefusal'] },
    { target: 'failed', actions: trackFailure(action) },
  ] as const
}

/** Review and booking, payment and confirmation (the error pages are in contact-states.ts). */
export const purchaseStates = {
  confirm: flowSetup.createStateConfig({
    id: 'confirm',
    tags: 'confirm',
    initial: 'reviewing',
    on: { BACK: back('confirm'), EDIT_COVERAGE: '#coverage', EDIT_CAR: '#lookup' },
    states: {
      reviewing: {
        on: {
          BOOK: {
            target: 'booking',
            actions: assign({ electronicDelivery: ({ event }) => event.electronicDelivery === true }),
          },
        },
      },
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
              electronicDelivery: context.electronicDelivery,
            },
          }),
          onDone: {
            target: '#payment',
            actions: [
              assign({ policy: ({ event }) => event.output, bookingError: null }),
              { type: 'trackOnce', params: { signal: 'booked' } },
              { type: 'openGate', params: { gate: 'payment' } },
            ],
          },
          // Reported whichever way it failed: refused (502), no answer in 120 s (504) or voided (409).
          onError: [
            expired,
            // The address is in another state than the prices were for (409 quoteStateChanged): the
            // member is priced again in the address's state and chooses again, told why; where the
            // institution cannot sell there, the invalid-state page.
            {
              guard: 'isQuoteStateChanged',
              target: '#coverage',
              actions: 'requoteInAddressState',
            },
            {
              guard: 'isVoided',
              target: 'voided',
              actions: [
                trackFailure('PolicyPost'),
                assign({ bookingError: ({ event }) => messageOf(event.error, messages.bookingFailed) }),
              ],
            },
            {
              target: 'bookingFailed',
              actions: [
                trackFailure('PolicyPost'),
                assign({ bookingError: ({ event }) => messageOf(event.error, messages.bookingFailed) }),
              ],
            },
          ],
        },
      },
      bookingFailed: {
        on: { RETRY_BOOKING: 'booking', DECLINE_RETRY: '#bookingError' },
      },
      /** The contract was voided (not paid in time): retrying cannot help, the member starts again. */
      voided: {
        on: { START_OVER: '#splash' },
      },
    },
  }),
  payment: flowSetup.createStateConfig({
    id: 'payment',
    tags: 'payment',
    initial: 'signing',
    // A member paying is never warned or thrown out by the session clock (spec section 4).
    entry: assign({ refreshCount: 0, sessionWarning: false }),
    exit: assign({ signedRequest: null, widgetReady: false, paymentFailure: null }),
    on: { BACK: back('payment') },
    states: {
      signing: {
        invoke: {
          src: 'signRequest',
          input: ({ context }) => ({ session: session(context), policyId: context.policy?.policyId ?? '' }),
          onDone: { target: 'loading', actions: assign({ signedRequest: ({ event }) => event.output }) },
          // 409 alreadyPaid: the charge went through but the page never heard (the verify call was
          // lost); the gateway's webhook or the checkout's own look-up recorded it. On to the confirmation.
          onError: [expired, { guard: 'isAlreadyPaid', target: 'confirming' }, ...paymentFailed('SignRequest')],
        },
      },
      loading: {
        on: {
          WIDGET_READY: { target: 'ready', actions: assign({ widgetReady: true }) },
          WIDGET_ERROR: { target: 'failed', actions: trackWidgetFailure('SdkStartup') },
        },
      },
      ready: {
        on: {
          WIDGET_RESULT: 'verifying',
          // The gateway answers the charge inside the widget: a refused one comes here instead of a result to verify.
          WIDGET_ERROR: { target: 'failed', actions: trackWidgetFailure('VerifyResponse') },
        },
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
          onDone: {
            target: 'paid',
            actions: [assign({ payment: ({ event }) => event.output }), { type: 'trackOnce', params: { signal: 'paid' } }],
          },
          onError: [
            {
              guard: 'isUserTimeout',
              target: '#splash',
              actions: [
                { type: 'trackError', params: { action: 'VerifyResponse', label: 'userTimeout' } },
                ...toExpiredSplash.actions,
              ],
            },
            expired,
            // The contract was paid already (another tab): this charge is refunded, and the message
            // says so; Okay goes on to the confirmation.
            {
              guard: 'isSecondChargeRefunded',
              target: 'secondChargeRefunded',
              actions: [trackFailure('VerifyResponse'), 'showPaymentRefusal'],
            },
            // Refunded, the contract not paid by it (voided first, or it did not match): the message, then payment-error.
            { guard: 'isRefundedCharge', target: 'failed', actions: [trackFailure('VerifyResponse'), 'showPaymentRefusal'] },
            { target: 'failed', actions: trackFailure('VerifyResponse') },
          ],
        },
      },
      secondChargeRefunded: { on: { CLOSE_PAYMENT_ERROR: 'confirming' } },
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
          onError: [expired, ...paymentFailed('PaymentConfirmation')],
        },
      },
      failed: { on: { CLOSE_PAYMENT_ERROR: '#paymentError' } },
    },
  }),
  confirmation: flowSetup.createStateConfig({ id: 'confirmation', tags: 'confirmation' }),
}
