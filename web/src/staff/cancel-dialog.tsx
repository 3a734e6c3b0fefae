import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useId, useState, type FormEvent } from 'react'
import { AppDialog } from '../components/app-dialog'
import { withThousands } from '../lib/format'
import { errorMessage, isSignedOut, staffApi, StaffApiError, type ActionAnswer, type CancellationTerms } from './staff-api'
import { useStaffAction, useStaffSession } from './staff-session'
import { Facts } from './staff-ui'

/** What the terms quoted for a reading say cancelling today would do. */
function QuoteSummary({ terms }: { terms: CancellationTerms }) {
  const quote = terms.quote
  let outcome
  if (!terms.cancellable) {
    outcome = <Alert severity="info">Nothing to cancel: the contract is {terms.status}.</Alert>
  } else if (terms.requestedOn) {
    outcome = (
      <Alert severity="info">
        A cancellation request already went to {terms.institutionName} on {terms.requestedOn}.
      </Alert>
    )
  } else if (quote) {
    outcome = (
      <Facts
        items={[
          ['Refund', quote.refund],
          ['Fee', quote.fee],
          ['Refund by', quote.refundBy === 'card' ? 'Card (the price in full)' : 'Check'],
          ['Due by', quote.dueBy],
          ['Odometer', `${withThousands(quote.odometer)} miles`],
        ]}
      />
    )
  } else {
    outcome = (
      <>
        <Alert severity="info">
          Past the money-back period: the cancellation will be requested of {terms.institutionName}, under its refund terms.
        </Alert>
        <Typography variant="body2">{terms.refundText}</Typography>
      </>
    )
  }
  return (
    <Stack spacing={1.5} data-testid="staff-cancel-quote">
      {outcome}
      {terms.rules && <Typography variant="body2">{terms.rules}</Typography>}
      {terms.source && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          Source: {terms.source}
        </Typography>
      )}
    </Stack>
  )
}

/**
 * "Cancel contract…": the odometer reading today (whole miles), the member's own terms quoted for
 * it (GET …/cancellation?odometer=), then the cancellation for that reading (POST …/cancel). A
 * changed reading needs a new quote. The API's refusal of the reading shows at the field.
 */
export function CancelDialog(props: { policyId: string; onClose: () => void; onDone: (answer: ActionAnswer) => void }) {
  const id = useId()
  const { ended } = useStaffSession()
  const act = useStaffAction()
  const [typed, setTyped] = useState('')
  const [fieldError, setFieldError] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [quoted, setQuoted] = useState<{ odometer: number; terms: CancellationTerms } | null>(null)
  const [busy, setBusy] = useState(false)

  const failed = (failure: unknown) => {
    if (isSignedOut(failure)) return ended()
    if (failure instanceof StaffApiError && failure.field === 'odometer') setFieldError(errorMessage(failure))
    else setError(errorMessage(failure))
  }

  const askQuote = async (event: FormEvent) => {
    event.preventDefault()
    const reading = typed.trim()
    if (!/^\d+$/.test(reading)) {
      setFieldError('Enter the odometer reading in whole miles.')
      return
    }
    const odometer = Number(reading)
    setFieldError(null)
    setError(null)
    setBusy(true)
    try {
      setQuoted({ odometer, terms: await staffApi.cancellation(props.policyId, odometer) })
    } catch (failure) {
      failed(failure)
    } finally {
      setBusy(false)
    }
  }

  const confirm = async () => {
    if (!quoted) return
    setError(null)
    setBusy(true)
    try {
      props.onDone(await act(props.policyId, 'cancel', { odometer: quoted.odometer }))
    } catch (failure) {
      failed(failure)
      setBusy(false)
    }
  }

  const terms = quoted?.terms
  const confirmable = terms !== undefined && terms.cancellable && !terms.requestedOn
  return (
    <AppDialog open onClose={busy ? undefined : props.onClose} aria-labelledby={`${id}-title`}>
      <DialogTitle id={`${id}-title`}>Cancel contract</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>
            Policy {props.policyId}. Ask the member for the odometer reading today: the refund is quoted for it.
          </DialogContentText>
          <Stack
            component="form"
            noValidate
            onSubmit={(event) => void askQuote(event)}
            direction={{ xs: 'column', md: 'row' }}
            spacing={1}
            sx={{ pt: 1 }}
          >
            <TextField
              label="Odometer reading (miles)"
              value={typed}
              onChange={(event) => {
                setTyped(event.target.value)
                setQuoted(null)
              }}
              required
              disabled={busy}
              error={fieldError !== null}
              helperText={fieldError}
              sx={{ flex: 1 }}
              slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off', 'data-testid': 'staff-cancel-odometer' } }}
            />
            <Button type="submit" variant="outlined" disabled={busy} sx={{ alignSelf: 'flex-start', height: { md: 56 } }}>
              Get quote
            </Button>
          </Stack>
          {terms && <QuoteSummary terms={terms} />}
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={props.onClose} disabled={busy}>
          Keep contract
        </Button>
        <Button variant="contained" color="error" onClick={() => void confirm()} disabled={busy || !confirmable}>
          Cancel contract
        </Button>
      </DialogActions>
    </AppDialog>
  )
}
