import { assign, fromPromise, setup, type DoneActorEvent } from 'xstate'
import { ApiError } from '../../api/api-error'
import { api, type ContractRef } from '../../api/client'
import type { Institution, PolicyDocumentLink } from '../../api/types'
import { institutionPhone } from '../../lib/format'
import { messages } from '../../lib/product'
import { refusedField } from '../../lib/refused-field'
import type { ContractTab } from './contract-tab'
import { FIND_CONTRACT_API_FIELDS, type FindContractValues } from './find-contract-schema'

/** Spec section 8, policy retrieval failure: the institution's support line. */
export function retrievalFailedMessage(institution: Institution | null): string {
  const name = institution?.name ?? 'your Financial Institution'
  const phone = institutionPhone(institution?.branding)
  return phone
    ? `${messages.retrievalFailed} Please contact ${name} support at ${phone}.`
    : `${messages.retrievalFailed} Please contact ${name} support.`
}

/**
 * What the dialog says: the API's own words when the contract was voided or is still being
 * prepared; otherwise (no match, too many tries, anything else) the support line, never which
 * field was wrong.
 */
export function failureMessage(error: unknown, institution: Institution | null): string {
  if (error instanceof ApiError && (error.code === 'voided' || error.code === 'notReady') && error.message) {
    return error.message
  }
  return retrievalFailedMessage(institution)
}

export type FindContractEvent =
  /** `tab`: opened blank in the member's click (openContractTab), for the contract to show in. */
  { type: 'SUBMIT'; details: FindContractValues; tab: ContractTab } | { type: 'DISMISS_FAILURE' }

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
}

/**
 * The contract finder (spec sections 2, 4 and 8), outside the purchase flow and without a session:
 * load the institution for its branding, then the last name and zip for a link to the contract
 * PDF, which opens in a new tab (opened in the click itself, so popup blockers let it through); after
 * that the form stays disabled.
 */
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
  },
  actions: {
    showDocument: ({ context }, params: { url: string }) => context.tab?.show(params.url),
    closeTab: ({ context }) => context.tab?.close(),
  },
  guards: {
    institutionIsInactive: ({ event }) => !(event as unknown as DoneActorEvent<Institution>).output.isActive,
    /** The server refused a field of the form (FIND_CONTRACT_API_FIELDS): no dialog, the field shows why. */
    refusesAField: ({ event }) => refusedField((event as { error?: unknown }).error, FIND_CONTRACT_API_FIELDS) !== null,
  },
}).createMachine({
  id: 'findContract',
  context: ({ input }) => ({
    contract: input,
    institution: null,
    documentUrl: null,
    tab: null,
    failure: null,
    submitError: null,
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
            assign({ documentUrl: ({ event }) => event.output.policy }),
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
    opened: {},
  },
})
