import { assign, fromPromise, setup, type DoneActorEvent } from 'xstate'
import { ApiError, hasCode, messageOf } from '../../api/api-error'
import { api, type ContractRef } from '../../api/client'
import type {
  CancellationAnswer,
  CancellationCodeSent,
  CancellationTerms,
  Institution,
  PolicyDocumentLink,
} from '../../api/types'
import { institutionPhone } from '../../lib/format'
import { fill, messages, screens } from '../../lib/product'
import { refusedField } from '../../lib/refused-field'
import type { ContractTab } from '../../lib/contract-tab'
import { CANCEL_API_FIELDS, FIND_CONTRACT_API_FIELDS, type FindContractValues } from './find-contract-schema'

/** Spec section 8, policy retrieval failure: the institution's support line. */
export function retrievalFailedMessage(institution: Institution | null): string {
  const name = institution?.name ?? screens.findContract.yourInstitution
  const phone = institutionPhone(institution?.branding)
  const support = phone
    ? fill(screens.findContract.contactSupportAt, { institution: name, phone })
    : fill(screens.findContract.contactSupport, { institution: name })
  return `${messages.retrievalFailed} ${support}`
}

/**
 * What the dialog says: the API's own words when the contract was voided or is still being
 * prepared; otherwise (no match, too many tries, anything else) the support line, never which
 * field was wrong.
 */
export function failureMessage(error: unknown, institution: Institution | null): string {
  if (hasCode(error, 'voided', 'notReady') && error.message) {
    return error.message
  }
  return retrievalFailedMessage(institution)
}

/**
 * The cancellation's link was refused: a wrong token or policy (404, or 401/403) or an expired one
 * (410 linkExpired, after LINK_TTL_SECS of api/src/http/routes/document.rs). Only a new search helps.
 */
export function linkRefused(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.code !== 'confirmationRequired' &&
    (error.code === 'linkExpired' || [401, 403, 404, 410].includes(error.status))
  )
}

/** What a failed cancellation call says: the server's own words, the dropped connection's, or a plain fallback. */
function cancellationError(error: unknown): string {
  return messageOf(error, messages.somethingWentWrong)
}

export type FindContractEvent =
  /** `tab`: opened blank in the member's click (openContractTab), for the contract to show in. */
  | { type: 'SUBMIT'; details: FindContractValues; tab: ContractTab }
  | { type: 'DISMISS_FAILURE' }
  /** "Cancel my contract": the dialog opens on the odometer reading (only for a cancellable contract). */
  | { type: 'CANCEL_CONTRACT' }
  /** The dialog's "Keep my contract" (or Escape). */
  | { type: 'KEEP_CONTRACT' }
  /**
   * "See my refund": the odometer reading today (whole miles, at least the one at the sale), which
   * the member attested; the dialog checked both. The refund is quoted for it.
   */
  | { type: 'QUOTE_REFUND'; odometer: number }
  /** Back from the quote to the odometer reading. */
  | { type: 'CHANGE_ODOMETER' }
  /** The dialog's confirm under the quote: a code is emailed to the member's address on file. */
  | { type: 'CONFIRM_CANCEL' }
  /** The emailed code, entered: the request is sent with it, once. */
  | { type: 'SUBMIT_CODE'; code: string }
  /** Another code (the first did not come, or ran out). */
  | { type: 'RESEND_CODE' }
  /** The cancellation terms could not be loaded: ask again. */
  | { type: 'RELOAD_TERMS' }
  /** The link ran out: back to the form for a new search. */
  | { type: 'FIND_AGAIN' }

interface FindContractContext {
  contract: ContractRef
  institution: Institution | null
  /** The contract PDF's link once the last name and zip matched. */
  documentUrl: string | null
  /** The tab opened in the member's click, waiting for the link (closed when none comes). */
  tab: ContractTab | null
  /** The speed-bump dialog's text while it is open. */
  failure: string | null
  /** The server refused the last name or zip (error.field): the form shows it under that field. */
  submitError: ApiError | null
  /** The found contract's link token: it opens the cancellation's terms and request too. */
  linkToken: string | null
  /**
   * What cancelling would do now (once quoted: with `quote` for `odometer`; after the request: the
   * terms it answered with, `refund` filled).
   */
  terms: CancellationTerms | null
  /** The odometer reading the member attested and was quoted for: the request carries it. */
  odometer: number | null
  /** The server refused the reading or its attestation (error.field): the dialog shows it at that field. */
  odometerRefusal: ApiError | null
  /** The cancellation's outcome once the server answered. */
  outcome: CancellationAnswer['outcome'] | null
  /** Why the terms could not be loaded, or why the request failed (shown in the dialog). */
  cancelError: string | null
  /** Where the confirmation code went ("We emailed a 6-digit code to j•••@example.com..."). */
  codeSent: string | null
}

/**
 * The contract finder (spec sections 2, 4 and 8), outside the purchase flow and without a session:
 * load the institution for its branding, then the last name and zip for a link to the contract
 * PDF, which opens in a new tab (opened in the click itself, so popup blockers let it through); after
 * that the form stays disabled and the same link opens the contract's cancellation (`opened`), until
 * it runs out and the member searches again.
 */
/** What a found contract brings, none of it yet: the start, and again after 'Find my contract again'. */
const NOTHING_FOUND = {
  documentUrl: null,
  linkToken: null,
  terms: null,
  odometer: null,
  odometerRefusal: null,
  outcome: null,
  cancelError: null,
  codeSent: null,
} satisfies Partial<FindContractContext>

export const findContractMachine = setup({
  types: {
    context: {} as FindContractContext,
    events: {} as FindContractEvent,
    input: {} as ContractRef,
  },
  actors: {
    loadInstitution: fromPromise<Institution, { institutionId: string }>(({ input }) => api.getInstitution(input.institutionId)),
    retrievePolicy: fromPromise<PolicyDocumentLink, { contract: ContractRef; details: FindContractValues }>(({ input }) =>
      api.verifyPolicyDetails(input.contract, {
        lastname: input.details.lastname,
        zipcode: input.details.zipcode,
      }),
    ),
    loadCancellationTerms: fromPromise<CancellationTerms, { contract: ContractRef; token: string; odometer?: number }>(
      ({ input }) => api.getCancellationTerms(input.contract, input.token, input.odometer),
    ),
    sendCancellationCode: fromPromise<CancellationCodeSent, { contract: ContractRef; token: string }>(({ input }) =>
      api.sendCancellationCode(input.contract, input.token),
    ),
    cancelContract: fromPromise<CancellationAnswer, { contract: ContractRef; token: string; code: string; odometer: number }>(
      ({ input }) => api.cancelContract(input.contract, input.token, { code: input.code, odometer: input.odometer }),
    ),
  },
  actions: {
    showDocument: ({ context }, params: { url: string }) => context.tab?.show(params.url),
    closeTab: ({ context }) => context.tab?.close(),
  },
  guards: {
    institutionIsInactive: ({ event }) => !(event as unknown as DoneActorEvent<Institution>).output.isActive,
    /** The server refused a field of the form (FIND_CONTRACT_API_FIELDS): no dialog, the field shows why. */
    refusesAField: ({ event }) => refusedField((event as { error?: unknown }).error, FIND_CONTRACT_API_FIELDS) !== null,
    isCancellable: ({ context }) => context.terms?.cancellable === true,
    /** The terms quoted for the reading: still cancellable, with the refund for it. */
    isQuoted: ({ event }) => {
      const terms = (event as unknown as DoneActorEvent<CancellationTerms>).output
      return terms.cancellable && terms.quote !== null
    },
    /** The contract cannot be cancelled any more (cancelled in the meantime): the section says so. */
    isNoLongerCancellable: ({ event }) => !(event as unknown as DoneActorEvent<CancellationTerms>).output.cancellable,
    /** The server refused the odometer reading or its attestation (CANCEL_API_FIELDS): shown at that field. */
    refusesTheReading: ({ event }) => refusedField((event as { error?: unknown }).error, CANCEL_API_FIELDS) !== null,
    /** A code was sent before: the failed call was for a new one, and the dialog stays on the code. */
    isResending: ({ context }) => context.codeSent !== null,
    /** The cancellation's link was refused (linkRefused): the member has to find the contract again. */
    linkRefused: ({ event }) => linkRefused((event as { error?: unknown }).error),
  },
}).createMachine({
  id: 'findContract',
  context: ({ input }) => ({
    contract: input,
    institution: null,
    tab: null,
    failure: null,
    submitError: null,
    ...NOTHING_FOUND,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadInstitution',
        input: ({ context }) => ({ institutionId: context.contract.institutionId }),
        onDone: [
          {
            guard: 'institutionIsInactive',
            target: 'inactive',
            actions: assign({ institution: ({ event }) => event.output }),
          },
          { target: 'editing', actions: assign({ institution: ({ event }) => event.output }) },
        ],
        onError: 'unknownInstitution',
      },
    },
    inactive: {},
    unknownInstitution: {},
    editing: {
      on: { SUBMIT: { target: 'retrieving', actions: assign({ submitError: null, tab: ({ event }) => event.tab }) } },
    },
    retrieving: {
      invoke: {
        src: 'retrievePolicy',
        input: ({ context, event }) => ({
          contract: context.contract,
          details: event.type === 'SUBMIT' ? event.details : { lastname: '', zipcode: '' },
        }),
        onDone: {
          target: 'opened',
          actions: [
            assign({ documentUrl: ({ event }) => event.output.policy, linkToken: ({ event }) => event.output.token }),
            { type: 'showDocument', params: ({ event }) => ({ url: event.output.policy }) },
          ],
        },
        onError: [
          {
            guard: 'refusesAField',
            target: 'editing',
            actions: [
              'closeTab',
              assign({ tab: null, submitError: ({ event }) => (event.error instanceof ApiError ? event.error : null) }),
            ],
          },
          {
            target: 'failed',
            actions: [
              'closeTab',
              assign({ tab: null, failure: ({ context, event }) => failureMessage(event.error, context.institution) }),
            ],
          },
        ],
      },
    },
    failed: {
      on: { DISMISS_FAILURE: { target: 'editing', actions: assign({ failure: null }) } },
    },
    /**
     * The contract was found and opened; below it, its cancellation under the member's state's rules
     * (issues 15 C and 27): the terms, then the dialog: the odometer reading today and its
     * attestation, the refund quoted for them, the emailed code, the request (sent once: a second
     * confirm while it is under way is not an event of `cancelling`) and its outcome. Every call
     * carries the found contract's link token.
     */
    opened: {
      initial: 'loadingTerms',
      states: {
        loadingTerms: {
          invoke: {
            src: 'loadCancellationTerms',
            input: ({ context }) => ({ contract: context.contract, token: context.linkToken ?? '' }),
            onDone: { target: 'terms', actions: assign({ terms: ({ event }) => event.output }) },
            onError: [
              { guard: 'linkRefused', target: 'linkExpired' },
              { target: 'termsFailed', actions: assign({ cancelError: ({ event }) => cancellationError(event.error) }) },
            ],
          },
        },
        termsFailed: {
          on: { RELOAD_TERMS: { target: 'loadingTerms', actions: assign({ cancelError: null }) } },
        },
        terms: {
          on: { CANCEL_CONTRACT: { guard: 'isCancellable', target: 'enteringOdometer' } },
        },
        /** The dialog's first step: the odometer reading today and the tick that it is true. */
        enteringOdometer: {
          on: {
            KEEP_CONTRACT: { target: 'terms', actions: assign({ cancelError: null, odometerRefusal: null }) },
            QUOTE_REFUND: {
              target: 'quoting',
              actions: assign({ odometer: ({ event }) => event.odometer, cancelError: null, odometerRefusal: null }),
            },
          },
        },
        /** The terms again, with the refund quoted for the reading (GET …/cancellation?odometer=). */
        quoting: {
          invoke: {
            src: 'loadCancellationTerms',
            input: ({ context }) => ({
              contract: context.contract,
              token: context.linkToken ?? '',
              odometer: context.odometer ?? undefined,
            }),
            onDone: [
              { guard: 'isQuoted', target: 'confirming', actions: assign({ terms: ({ event }) => event.output }) },
              { guard: 'isNoLongerCancellable', target: 'terms', actions: assign({ terms: ({ event }) => event.output }) },
              { target: 'enteringOdometer', actions: assign({ cancelError: messages.somethingWentWrong }) },
            ],
            onError: [
              { guard: 'linkRefused', target: 'linkExpired' },
              {
                guard: 'refusesTheReading',
                target: 'enteringOdometer',
                actions: assign({ odometerRefusal: ({ event }) => (event.error instanceof ApiError ? event.error : null) }),
              },
              { target: 'enteringOdometer', actions: assign({ cancelError: ({ event }) => cancellationError(event.error) }) },
            ],
          },
        },
        /** The quote and what confirming will do; the reading may still be changed. */
        confirming: {
          on: {
            KEEP_CONTRACT: { target: 'terms', actions: assign({ cancelError: null }) },
            CHANGE_ODOMETER: { target: 'enteringOdometer', actions: assign({ cancelError: null }) },
            CONFIRM_CANCEL: { target: 'sendingCode', actions: assign({ cancelError: null }) },
          },
        },
        /**
         * The link only proves a last name and a zip: a code to the member's address on file
         * confirms the request (api/src/http/routes/cancellation.rs).
         */
        sendingCode: {
          invoke: {
            src: 'sendCancellationCode',
            input: ({ context }) => ({ contract: context.contract, token: context.linkToken ?? '' }),
            onDone: { target: 'enteringCode', actions: assign({ codeSent: ({ event }) => event.output.message }) },
            onError: [
              { guard: 'linkRefused', target: 'linkExpired' },
              // A new code was refused (too many asked for): the one sent before may still be typed.
              {
                guard: 'isResending',
                target: 'enteringCode',
                actions: assign({ cancelError: ({ event }) => cancellationError(event.error) }),
              },
              { target: 'confirming', actions: assign({ cancelError: ({ event }) => cancellationError(event.error) }) },
            ],
          },
        },
        enteringCode: {
          on: {
            KEEP_CONTRACT: { target: 'terms', actions: assign({ cancelError: null, codeSent: null }) },
            SUBMIT_CODE: { target: 'cancelling', actions: assign({ cancelError: null }) },
            RESEND_CODE: { target: 'sendingCode', actions: assign({ cancelError: null }) },
          },
        },
        cancelling: {
          invoke: {
            src: 'cancelContract',
            input: ({ context, event }) => ({
              contract: context.contract,
              token: context.linkToken ?? '',
              code: event.type === 'SUBMIT_CODE' ? event.code.trim() : '',
              odometer: context.odometer ?? 0,
            }),
            onDone: {
              target: 'done',
              actions: assign({
                outcome: ({ event }) => event.output.outcome,
                terms: ({ event }) => event.output.terms,
                codeSent: null,
              }),
            },
            onError: [
              { guard: 'linkRefused', target: 'linkExpired' },
              // The reading or its attestation, checked before the code: back to them, at the field.
              {
                guard: 'refusesTheReading',
                target: 'enteringOdometer',
                actions: assign({
                  odometerRefusal: ({ event }) => (event.error instanceof ApiError ? event.error : null),
                  codeSent: null,
                }),
              },
              { target: 'enteringCode', actions: assign({ cancelError: ({ event }) => cancellationError(event.error) }) },
            ],
          },
        },
        done: {},
        linkExpired: {
          on: {
            FIND_AGAIN: {
              target: '#findContract.editing',
              actions: assign(NOTHING_FOUND),
            },
          },
        },
      },
    },
  },
})
