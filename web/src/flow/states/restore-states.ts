import { assign } from 'xstate'
import { messageOf } from '../../api/api-error'
import { isRecordedStep } from '../checkout-answers'
import { flowSetup } from '../flow-setup'
import { messages } from '../../lib/product'
import { STEPS, type Step } from '../steps'

/** Where a resumed step's page starts when not at its start: thank-you's request went out before the reload. */
const RESUMED_ENTRY: Partial<Record<Step, string>> = { thankYou: '#thankYou.sent' }

/** One transition per step a checkout can be resumed at (the guard reads the server's answer). */
const resumeAt = STEPS.filter(isRecordedStep).map((step) => ({
  guard: { type: 'resumesAt' as const, params: { step } },
  target: RESUMED_ENTRY[step] ?? `#${step}`,
  actions: 'restoreCheckout' as const,
}))

/**
 * The member's checkout found again at boot (flow/restore-source.ts): a reloaded /user page through
 * the restore cookie, or a continue link. The flow goes on at the step the server recorded, with
 * everything the member had given (resumed-context.ts); the URL follows. Otherwise the splash: with
 * the session-expired dialog when the session ran out, with the API's message when a link cannot be
 * used, and without a word when there was no session to find (no cookie).
 */
export const restoreStates = {
  restoring: flowSetup.createStateConfig({
    id: 'restoring',
    on: { GO_TO: {} },
    invoke: {
      src: 'restoreCheckout',
      input: ({ context }) => ({
        institutionId: context.institutionId,
        source: context.restoreSource ?? { via: 'session' as const },
      }),
      // Nothing recorded yet (no step after the splash): the splash; a partner's member, the lookup choice.
      onDone: [...resumeAt, { guard: 'inIntegrationMode', target: '#lookup' }, { target: '#splash' }],
      onError: [
        // A partner's frame whose session is gone: never the institution's splash inside the partner's page.
        {
          guard: 'inIntegrationMode',
          target: '#integration.failed',
          actions: assign({ failure: messages.partnerSessionEnded }),
        },
        {
          guard: 'isResumeLink',
          target: '#splash',
          actions: assign({
            notice: ({ event }) => ({ title: messages.linkFailedTitle, message: messageOf(event.error, messages.linkExpired) }),
          }),
        },
        { guard: 'restoredSessionExpired', target: '#splash', actions: 'markSessionExpired' },
        { target: '#splash' },
      ],
    },
  }),
}
