import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { useState } from 'react'
import type { CancellationTerms } from '../../api/types'
import { AppDialog } from '../../components/app-dialog'
import { CtaButton } from '../../components/cta-button'
import { fill, labels, messages } from '../../lib/product'

/** What confirming will do: void and refund within the money-back period, else a request to the institution. */
export function confirmText(terms: CancellationTerms): string {
  return terms.withinMoneyBack
    ? fill(messages.cancelConfirmWithin, { contract: terms.contractNumber, amount: terms.amountPaid })
    : fill(messages.cancelConfirmAfter, { contract: terms.contractNumber, institution: terms.institutionName })
}

/**
 * "Cancel your contract?": says what will happen, then confirm or keep; confirming emails a code to
 * the member's address on file, which the dialog then asks for (the link that found the contract
 * only proves a last name and a zip). While a call is out the buttons are disabled and Escape does
 * nothing; a failed one shows why. Keep my contract has the first focus: the safe choice.
 */
export function CancelContractDialog(props: {
  open: boolean
  sending: boolean
  terms: CancellationTerms | null
  error: string | null
  /** Set once the code was emailed: where it went. The dialog then asks for it. */
  codeSent: string | null
  onConfirm: () => void
  onSubmitCode: (code: string) => void
  onResendCode: () => void
  onKeep: () => void
}) {
  const [code, setCode] = useState('')
  const asking = props.codeSent !== null
  const complete = /^[0-9]{6}$/.test(code)
  return (
    <AppDialog
      open={props.open}
      onClose={props.sending ? undefined : props.onKeep}
      aria-labelledby="cancel-contract-title"
      aria-describedby="cancel-contract-text"
      data-testid="cancel-contract-dialog"
    >
      <DialogTitle id="cancel-contract-title">{messages.cancelContractTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id="cancel-contract-text">{props.terms ? confirmText(props.terms) : ''}</DialogContentText>
        {asking && (
          <Stack spacing={1.5} sx={{ mt: 2 }}>
            <DialogContentText data-testid="cancel-code-sent">{props.codeSent}</DialogContentText>
            <TextField
              label={labels.cancellationCode}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/[^0-9]/g, '').slice(0, 6))}
              disabled={props.sending}
              slotProps={{
                htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', 'data-testid': 'cancel-code-input' },
              }}
            />
            <Button
              variant="text"
              size="small"
              onClick={() => {
                setCode('')
                props.onResendCode()
              }}
              disabled={props.sending}
              sx={{ alignSelf: 'flex-start' }}
              data-testid="cancel-code-resend"
            >
              {labels.sendNewCode}
            </Button>
          </Stack>
        )}
        {props.error && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }} data-testid="cancel-contract-error">
            {props.error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={props.onKeep} disabled={props.sending} autoFocus data-testid="keep-contract">
          {labels.keepMyContract}
        </Button>
        {asking ? (
          <CtaButton
            size="medium"
            wide={false}
            busy={props.sending}
            disabled={!complete}
            onClick={() => props.onSubmitCode(code)}
            data-testid="confirm-cancel-code"
          >
            {labels.confirmCancellationCode}
          </CtaButton>
        ) : (
          <CtaButton size="medium" wide={false} busy={props.sending} onClick={props.onConfirm} data-testid="confirm-cancel">
            {labels.confirmCancel}
          </CtaButton>
        )}
      </DialogActions>
    </AppDialog>
  )
}
