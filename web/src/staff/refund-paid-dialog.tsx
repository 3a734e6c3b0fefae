import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { useId, useState, type FormEvent } from 'react'
import { AppDialog } from '../components/app-dialog'
import { errorMessage, isSignedOut, StaffApiError, type ActionAnswer } from './staff-api'
import { isoDay } from './staff-format'
import { useStaffAction } from './staff-session'

type Field = 'checkNumber' | 'paidOn'

/**
 * "Record check paid…": the check's number (required) and the day it was paid (today unless
 * changed; left empty, the server's today), posted to …/refund-paid.
 */
export function RefundPaidDialog(props: { policyId: string; onClose: () => void; onDone: (answer: ActionAnswer) => void }) {
  const id = useId()
  const act = useStaffAction()
  const [checkNumber, setCheckNumber] = useState('')
  const [paidOn, setPaidOn] = useState(() => isoDay(new Date()))
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({})
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const number = checkNumber.trim()
    if (!number) {
      setFieldErrors({ checkNumber: 'Enter the check number.' })
      return
    }
    setFieldErrors({})
    setError(null)
    setBusy(true)
    try {
      props.onDone(await act(props.policyId, 'refund-paid', paidOn ? { checkNumber: number, paidOn } : { checkNumber: number }))
    } catch (failure) {
      setBusy(false)
      if (isSignedOut(failure)) return
      const field = failure instanceof StaffApiError ? failure.field : null
      if (field === 'checkNumber' || field === 'paidOn') setFieldErrors({ [field]: errorMessage(failure) })
      else setError(errorMessage(failure))
    }
  }

  return (
    <AppDialog open onClose={busy ? undefined : props.onClose} aria-labelledby={`${id}-title`}>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={`${id}-title`}>Record check paid</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>Policy {props.policyId}: the refund check that was mailed to the member.</DialogContentText>
            <TextField
              label="Check number"
              value={checkNumber}
              onChange={(event) => setCheckNumber(event.target.value)}
              required
              autoFocus
              disabled={busy}
              error={fieldErrors.checkNumber !== undefined}
              helperText={fieldErrors.checkNumber}
              slotProps={{ htmlInput: { autoComplete: 'off', 'data-testid': 'staff-check-number' } }}
            />
            <TextField
              label="Paid on"
              type="date"
              value={paidOn}
              onChange={(event) => setPaidOn(event.target.value)}
              disabled={busy}
              error={fieldErrors.paidOn !== undefined}
              helperText={fieldErrors.paidOn}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'staff-paid-on' } }}
            />
            {error && (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={props.onClose} disabled={busy}>
            Close
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            Record check paid
          </Button>
        </DialogActions>
      </form>
    </AppDialog>
  )
}
