import { assign } from 'xstate'
import type { BounceSource } from '../../api/types'
import { contactRequestBody } from '../contact-request'
import type { FlowContext } from '../flow-context'
import { back, expired, flowSetup } from '../flow-setup'
import { messages } from '../../lib/product'
import type { Step } from '../steps'

/** The pages contact-me can be opened from, and so goes back to (spec section 2). */
export const CONTACT_ORIGINS = [
  'coverage',
  'noRates',
  'invalidState',
  'paymentError',
  'bookingError',
  'userCreationError',
  'institutionContact',
] as const satisfies readonly Step[]

/** The contact request actor's input for a request made on `origin`. */
function contactInput(context: FlowContext, origin: Step | null) {
  return { institutionId: context.institutionId, session: context.session, body: contactRequestBody(context, origin) }
}

/**
 * Thank-you's way onward (labels.startAgain): the splash, which starts a new session; inside a
 * partner's page (integration mode), where there is no splash, the lookup choice with the partner's
 * member still signed in.
 */
const startOver = [{ guard: 'inIntegrationMode' as const, target: '#lookup' }, { target: '#splash' }]

type ErrorStep = 'noRates' | 'invalidState' | 'bookingError' | 'paymentError' | 'userCreationError'

/**
 * A shared error page (spec section 2): the action button forwards what the flow knows to a
 * representative ('forwarded' shows the confirmation); the contact-me link asks for a name and phone first.
 */
function errorPage(
  step: ErrorStep,
  options: {
    retry?: { RETRY_BOOKING: '#confirm' } | { RETRY_PAYMENT: '#payment' }
    bounce?: BounceSource
    /** The back button's transitions when they are not just the back table's. */
    back?: Array<{ guard?: 'isMockVin' | 'gaveUpDescription'; target: string }>
  } = {},
) {
  return flowSetup.createStateConfig({
    id: step,
    tags: step,
    initial: 'idle',
    entry: options.bounce ? assign({ pageUserBouncedFrom: options.bounce }) : undefined,
    on: {
      BACK: options.back ?? back(step),
      CONTACT_ME: { target: '#contactMe', actions: assign({ contactOrigin: step }) },
      ...options.retry,
    },
    states: {
      idle: { on: { CONTACT_REPRESENTATIVE: { target: 'sending', actions: assign({ failure: null }) } } },
      sending: {
        tags: 'busy',
        invoke: {
          src: 'sendContactRequest',
          input: ({ context }) => contactInput(context, step),
          onDone: 'forwarded',
          onError: [expired, { target: 'idle', actions: assign({ failure: messages.contactFailed }) }],
        },
      },
      forwarded: { tags: 'forwarded' },
    },
  })
}

/** Contact paths: contact-me, the non-member contact form, thank-you, and the shared error pages. */
export const contactStates = {
  contactMe: flowSetup.createStateConfig({
    id: 'contactMe',
    tags: 'contactMe',
    on: {
      BACK: [
        ...CONTACT_ORIGINS.map((step) => ({
          guard: { type: 'contactOriginIs' as const, params: { step } },
          target: `#${step}`,
        })),
        { target: '#coverage' },
      ],
      SUBMIT_CONTACT_DETAILS: {
        target: '#thankYou',
        actions: assign({ contactDetails: ({ event }) => event.details, submitError: null }),
      },
    },
  }),
  institutionContact: flowSetup.createStateConfig({
    id: 'institutionContact',
    tags: 'institutionContact',
    entry: assign({ pageUserBouncedFrom: 'notAMember', contactOrigin: 'institutionContact' }),
    on: {
      BACK: back('institutionContact'),
      SUBMIT_CONTACT_DETAILS: {
        target: '#thankYou',
        actions: assign({ contactDetails: ({ event }) => event.details, submitError: null }),
      },
    },
  }),
  /**
   * Sends the contact request on entry: once per visit, whatever the page re-renders. Once it is
   * sent (or failed), the member can start again (startOver).
   */
  thankYou: flowSetup.createStateConfig({
    id: 'thankYou',
    tags: 'thankYou',
    initial: 'sending',
    states: {
      sending: {
        tags: 'busy',
        invoke: {
          src: 'sendContactRequest',
          input: ({ context }) => contactInput(context, context.contactOrigin),
          onDone: 'sent',
          // A refusal on a field of the contact form goes back to the form, which shows it there.
          onError: [
            expired,
            {
              guard: { type: 'refusesContactField', params: { form: 'institutionContact' } },
              target: '#institutionContact',
              actions: 'keepSubmitError',
            },
            {
              guard: { type: 'refusesContactField', params: { form: 'contactMe' } },
              target: '#contactMe',
              actions: 'keepSubmitError',
            },
            'failed',
          ],
        },
      },
      sent: { on: { START_OVER: startOver } },
      failed: { on: { RETRY_CONTACT: 'sending', START_OVER: startOver } },
    },
  }),
  /**
   * The bounce (no rates, description lookup) was recorded on the way here. After No on the
   * couldn't-find dialog there is no vehicle for mileage: back goes to the description lookup.
   */
  noRates: errorPage('noRates', { back: [{ guard: 'gaveUpDescription', target: '#descriptionLookup' }, ...back('noRates')] }),
  invalidState: errorPage('invalidState', { bounce: 'invalidState' }),
  bookingError: errorPage('bookingError', { retry: { RETRY_BOOKING: '#confirm' } }),
  paymentError: errorPage('paymentError', { retry: { RETRY_PAYMENT: '#payment' } }),
  userCreationError: errorPage('userCreationError', { bounce: 'userCreationError' }),
}
