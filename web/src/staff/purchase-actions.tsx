import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import { useState } from 'react'
import { CancelDialog } from './cancel-dialog'
import { RefundPaidDialog } from './refund-paid-dialog'
import { errorMessage, isSignedOut, type ActionAnswer, type PurchaseAction, type PurchaseDetail } from './staff-api'
import { useStaffAction } from './staff-session'
import { FeedbackAlert, type Feedback } from './staff-ui'

/**
 * "Resend emails" answered that they were resent a moment ago (the API skips a second send within
 * minutes unless forced): "Send anyway" is offered. The answer carries no code for it, only its words.
 */
function resentRecently(action: PurchaseAction, answer: ActionAnswer): boolean {
  return action === 'resend-emails' && answer.outcome === 'nothingToDo' && /\bresent\b/i.test(answer.message)
}

/**
 * A purchase's actions, each enabled as its `actions` say: the one-click ones post at once, cancel
 * and the check refund open their dialog first. The answer's message shows above them (success when
 * done, info when there was nothing to do) and the purchase is read again.
 */
export function PurchaseActionsBar(props: { detail: PurchaseDetail; reloading: boolean; onAnswered: () => void }) {
  const { detail } = props
  const act = useStaffAction()
  const [busy, setBusy] = useState<PurchaseAction | null>(null)
  const [feedback, setFeedback] = useState<Feedback | null>(null)
  const [forceable, setForceable] = useState(false)
  const [dialog, setDialog] = useState<'cancel' | 'refund-paid' | null>(null)

  const answered = (action: PurchaseAction, answer: ActionAnswer) => {
    setFeedback({ kind: 'answer', answer })
    setForceable(resentRecently(action, answer))
    props.onAnswered()
  }

  const send = async (action: PurchaseAction, body: object = {}) => {
    setBusy(action)
    setFeedback(null)
    try {
      answered(action, await act(detail.policyId, action, body))
    } catch (error) {
      if (!isSignedOut(error)) setFeedback({ kind: 'error', message: errorMessage(error) })
      setForceable(false)
    } finally {
      setBusy(null)
    }
  }

  const fromDialog = (action: PurchaseAction) => (answer: ActionAnswer) => {
    setDialog(null)
    answered(action, answer)
  }

  const disabled = busy !== null || props.reloading
  const { actions } = detail
  return (
    <Stack spacing={2} data-testid="staff-actions">
      <FeedbackAlert
        feedback={feedback}
        onClose={() => setFeedback(null)}
        action={
          forceable ? (
            <Button color="inherit" size="small" disabled={disabled} onClick={() => void send('resend-emails', { force: true })}>
              Send anyway
            </Button>
          ) : undefined
        }
      />
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} role="group" aria-label="Actions on this purchase">
        <Button variant="outlined" disabled={disabled || !actions.retryBooking} onClick={() => void send('retry-booking')}>
          Retry booking
        </Button>
        <Button variant="outlined" disabled={disabled || !actions.resendEmails} onClick={() => void send('resend-emails')}>
          Resend emails
        </Button>
        <Button variant="outlined" color="error" disabled={disabled || !actions.cancel} onClick={() => setDialog('cancel')}>
          Cancel contract…
        </Button>
        <Button variant="outlined" disabled={disabled || !actions.refundPaid} onClick={() => setDialog('refund-paid')}>
          Record check paid…
        </Button>
        <Button variant="outlined" disabled={disabled || !actions.paperMailed} onClick={() => void send('paper-mailed')}>
          Record paper copy mailed
        </Button>
      </Stack>
      {dialog === 'cancel' && (
        <CancelDialog policyId={detail.policyId} onClose={() => setDialog(null)} onDone={fromDialog('cancel')} />
      )}
      {dialog === 'refund-paid' && (
        <RefundPaidDialog policyId={detail.policyId} onClose={() => setDialog(null)} onDone={fromDialog('refund-paid')} />
      )}
    </Stack>
  )
}
