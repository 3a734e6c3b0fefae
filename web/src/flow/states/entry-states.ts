import { assign } from 'xstate'
import { messageOf } from '../../api/api-error'
import { messages } from '../../lib/product'
import { flowSetup } from '../flow-setup'

/** Boot, inactive/unknown institution and the splash (email, then state of residence). */
export const entryStates = {
  boot: flowSetup.createStateConfig({
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
        // Integration mode: the partner's launch code, not the splash.
        {
          guard: 'isIntegrationLaunch',
          target: 'integration',
          actions: assign({ institution: ({ event }) => event.output }),
        },
        // A reloaded /user page or a continue link: the member's checkout (restore-states.ts).
        {
          guard: 'restoresCheckout',
          target: 'restoring',
          actions: assign({ institution: ({ event }) => event.output }),
        },
        { target: 'splash', actions: assign({ institution: ({ event }) => event.output }) },
      ],
      onError: 'unknownInstitution',
    },
  }),
  inactive: flowSetup.createStateConfig({ on: { GO_TO: {} } }),
  unknownInstitution: flowSetup.createStateConfig({ on: { GO_TO: {} } }),
  splash: flowSetup.createStateConfig({
    id: 'splash',
    tags: 'splash',
    entry: 'enterSplash',
    initial: 'email',
    on: {
      DISMISS_SESSION_EXPIRED: { actions: assign({ sessionExpired: false }) },
      SPLASH_RESET: { actions: 'resetSession' },
      CAPTCHA_VERIFIED: { actions: assign({ captchaAuthorized: true, captchaToken: ({ event }) => event.token }) },
      CAPTCHA_EXPIRED: { actions: assign({ captchaToken: null }) },
    },
    states: {
      email: {
        on: {
          SUBMIT_EMAIL: {
            target: 'creatingUser',
            // A reset still waiting (captcha authorised, token timeout) happens now, before the new user.
            actions: [
              'resetSession',
              assign({
                sessionExpired: false,
                failure: null,
                emailAddress: ({ event }) => event.emailAddress.trim().toLowerCase(),
              }),
            ],
          },
        },
      },
      creatingUser: {
        tags: 'busy',
        invoke: {
          src: 'createUser',
          input: ({ context, event }) => ({
            institutionId: context.institutionId,
            emailAddress: event.type === 'SUBMIT_EMAIL' ? event.emailAddress.trim() : '',
            captchaToken: context.captchaToken,
          }),
          // The captcha's solution is spent: the next user creation needs a new one.
          onDone: { target: 'residence', actions: ['storeSession', assign({ captchaToken: null })] },
          onError: [
            // The server refused the captcha: its text on the splash, and the widget solves again.
            {
              guard: 'refusesCaptcha',
              target: 'email',
              actions: assign({ captchaToken: null, failure: ({ event }) => messageOf(event.error, messages.captchaFailed) }),
            },
            { target: '#userCreationError' },
          ],
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
  }),
}
