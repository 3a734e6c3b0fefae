import { assign } from 'xstate'
import { back, expired, flowSetup, session, trackFailure } from '../flow-setup'
import { ApiError, hasCode, messageOf } from '../../api/api-error'
import { messages } from '../../lib/product'
import type { FlowContext } from '../flow-context'

/**
 * Why the first code email did not go: its own words (the spec's 'There was an error re-sending the
 * code' is Resend's), unless the API refused the request itself (a 4xx: a limit, say) and said why.
 */
export function firstSendFailure(error: unknown): string {
  const refused = error instanceof ApiError && error.status >= 400 && error.status < 500
  return refused ? messageOf(error, messages.sendCodeFailed) : messages.sendCodeFailed
}

/** The verifyemail query for the member in context (first send and resend alike). */
function verificationEmailInput({ context }: { context: FlowContext }) {
  return {
    session: session(context),
    query: {
      emailAddress: context.user?.emailAddress ?? '',
      firstName: context.user?.firstName ?? '',
      lastName: context.user?.lastName ?? '',
    },
  }
}

/** Verify email: send the code (updating a changed address first), then check it. */
export const verifyEmailStates = {
  verifyEmail: flowSetup.createStateConfig({
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
              onError: [
                expired,
                { target: 'idle', actions: [trackFailure('UpdateEmail'), assign({ emailError: messages.updateEmailFailed })] },
              ],
            },
          },
          sending: {
            tags: 'busy',
            invoke: {
              src: 'sendVerificationEmail',
              input: verificationEmailInput,
              onDone: {
                target: '#codeConfirmation',
                actions: assign({ codeSent: true, codeError: null, resendStatus: null }),
              },
              onError: [
                expired,
                {
                  target: 'idle',
                  actions: [trackFailure('SendEmail'), assign({ emailError: ({ event }) => firstSendFailure(event.error) })],
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
                      event.error instanceof ApiError && !hasCode(event.error, 'invalidCode', 'validation')
                        ? messageOf(event.error, messages.invalidCode)
                        : messages.invalidCode,
                  }),
                },
              ],
            },
          },
          resending: {
            invoke: {
              src: 'sendVerificationEmail',
              input: verificationEmailInput,
              onDone: { target: 'idle', actions: assign({ resendStatus: 'sent' }) },
              onError: [expired, { target: 'idle', actions: [trackFailure('SendEmail'), assign({ resendStatus: 'failed' })] }],
            },
          },
        },
      },
    },
  }),
}
