import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
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
 * "Cancel your contract?": says what will happen, then confirm or keep. While the request is sent
 * both buttons are disabled and Escape does nothing; a failed request shows why, and confirm tries
 * again. Keep my contract has the first focus: the safe choice.
 */
export function CancelContractDialog(props: {
  open: boolean
  sending: boolean
  terms: CancellationTerms | null
  error: string | null
  onConfirm: () => void
  onKeep: () => void
}) {
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
        <CtaButton size="medium" wide={false} busy={props.sending} onClick={props.onConfirm} data-testid="confirm-cancel">
          {labels.confirmCancel}
        </CtaButton>
      </DialogActions>
    </AppDialog>
  )
}
