/**
 * "Request a paper copy" below a found contract (E-SIGN: the right to a paper copy at no charge; the
 * request also withdraws the consent to electronic delivery). One POST with the find-your-contract
 * link's token; the API's answer says what happens (mailed to the address on the contract, or already
 * on its way). A failed request can be tried again.
 */
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import { useMachine } from '@xstate/react'
import { assign, fromPromise, setup } from 'xstate'
import { api, type ContractRef } from '../../api/client'
import { ApiError } from '../../api/api-error'
import { labels, messages } from '../../lib/product'

interface PaperCopyInput {
  contract: ContractRef
  token: string
}

export const paperCopyMachine = setup({
  types: {
    context: {} as PaperCopyInput & { message: string | null; error: string | null },
    events: {} as { type: 'REQUEST' },
    input: {} as PaperCopyInput,
  },
  actors: {
    requestPaperCopy: fromPromise<{ message: string }, PaperCopyInput>(({ input }) =>
      api.requestPaperCopy(input.contract, input.token),
    ),
  },
}).createMachine({
  id: 'paperCopy',
  context: ({ input }) => ({ ...input, message: null, error: null }),
  initial: 'idle',
  states: {
    idle: { on: { REQUEST: 'requesting' } },
    requesting: {
      entry: assign({ error: null }),
      invoke: {
        src: 'requestPaperCopy',
        input: ({ context }) => ({ contract: context.contract, token: context.token }),
        onDone: { target: 'requested', actions: assign({ message: ({ event }) => event.output.message }) },
        onError: {
          target: 'idle',
          actions: assign({
            error: ({ event }) =>
              event.error instanceof ApiError && event.error.message ? event.error.message : messages.somethingWentWrong,
          }),
        },
      },
    },
    requested: { type: 'final' },
  },
})

export function PaperCopyRequest({ contract, token }: PaperCopyInput) {
  const [snapshot, send] = useMachine(paperCopyMachine, { input: { contract, token } })
  const { message, error } = snapshot.context
  return (
    <Stack spacing={1} data-testid="paper-copy">
      {message ? (
        <Alert severity="success" role="status" data-testid="paper-copy-requested">
          {message}
        </Alert>
      ) : (
        <Button
          variant="text"
          sx={{ alignSelf: 'flex-start' }}
          onClick={() => send({ type: 'REQUEST' })}
          disabled={snapshot.matches('requesting')}
          data-testid="paper-copy-request"
        >
          {labels.requestPaperCopy}
        </Button>
      )}
      {error && (
        <Alert severity="error" role="alert" data-testid="paper-copy-error">
          {error}
        </Alert>
      )}
    </Stack>
  )
}
