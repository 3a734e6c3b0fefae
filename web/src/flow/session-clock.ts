import { assign, cancel, not, or, stateIn } from 'xstate'
import { flowSetup, SESSION_REFRESH_TIMER, toExpiredSplash } from './flow-setup'
import { now, SESSION_WARNING_AT } from './session'

const onPaymentPage = stateIn('#payment')

/**
 * The session clock (spec section 4), as transitions of the whole flow: whatever step the member is
 * on, a delayed SESSION_REFRESH_DUE refreshes the token every 4 minutes and a delayed
 * SESSION_IDLE_CHECK looks every 30 s for 15 idle minutes. Both start with the session (storeSession
 * raises SESSION_STARTED) and stop when it resets (splash's resetSession); Vitest drives them with
 * fake timers.
 * - Refreshes are counted; at SESSION_WARNING_AT the timeout warning opens, and the refresh that
 *   would reach SESSION_MAX_REFRESHES ends the session instead. On the payment page the count is kept
 *   at 0: a member paying is never warned or thrown out by the clock.
 * - A failed refresh (whatever the error) ends the session.
 * - Continue on the warning starts the count again and refreshes at once.
 * - 15 minutes without MEMBER_ACTIVITY end the session, except on the payment page and on /security,
 *   where the check is off (the idle time starts again when the member leaves them).
 * A session that ends goes to splash with the session-expired dialog, like a refused token.
 */
export const sessionClock = flowSetup.createStateConfig({
  on: {
    SESSION_STARTED: {
      actions: [
        assign({ refreshCount: 0, sessionWarning: false, lastActivityAt: () => now() }),
        'scheduleRefresh',
        'scheduleIdleCheck',
      ],
    },
    MEMBER_ACTIVITY: { actions: assign({ lastActivityAt: () => now() }) },
    FOOTER_PAGE: { actions: assign({ footerPage: ({ event }) => event.page }) },
    PAGE_VIEWED: { actions: 'trackPageview' },
    SESSION_REFRESH_DUE: [
      { guard: not('hasSession') },
      { guard: onPaymentPage, actions: [assign({ refreshCount: 0, sessionWarning: false }), 'refreshSession'] },
      { guard: 'reachesRefreshMaximum', ...toExpiredSplash },
      {
        actions: [
          assign({
            refreshCount: ({ context }) => context.refreshCount + 1,
            sessionWarning: ({ context }) => context.refreshCount + 1 >= SESSION_WARNING_AT,
          }),
          'refreshSession',
        ],
      },
    ],
    SESSION_REFRESHED: {
      guard: 'hasSession',
      actions: [
        assign({ session: ({ context, event }) => context.session && { ...context.session, token: event.token } }),
        'scheduleRefresh',
      ],
    },
    SESSION_REFRESH_FAILED: { guard: 'hasSession', ...toExpiredSplash },
    CONTINUE_SESSION: {
      guard: 'hasSession',
      actions: [
        assign({ refreshCount: 0, sessionWarning: false, lastActivityAt: () => now() }),
        cancel(SESSION_REFRESH_TIMER),
        'refreshSession',
        'scheduleIdleCheck',
      ],
    },
    SESSION_IDLE_CHECK: [
      { guard: not('hasSession') },
      {
        guard: or([onPaymentPage, 'isOnSecurityPage']),
        actions: [assign({ lastActivityAt: () => now() }), 'scheduleIdleCheck'],
      },
      { guard: 'isIdleTooLong', ...toExpiredSplash },
      { actions: 'scheduleIdleCheck' },
    ],
  },
})
