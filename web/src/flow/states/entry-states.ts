import { assign } from 'xstate'
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
    entry: 'resetSession',
    initial: 'email',
    on: { DISMISS_SESSION_EXPIRED: { actions: assign({ sessionExpired: false }) } },
    states: {
      email: {
        on: {
          SUBMIT_EMAIL: {
            target: 'creatingUser',
            actions: assign({
              sessionExpired: false,
              emailAddress: ({ event }) => event.emailAddress.trim().toLowerCase(),
            }),
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
  }),
}
