import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { CancellationAnswer, CancellationTerms } from '../../api/types'
import { fill, labels, messages } from '../../lib/product'

/** Where the found contract's cancellation stands (find-contract-machine.ts, `opened`'s states). */
export type CancellationView =
  | { step: 'loading' }
  | { step: 'failed'; error: string }
  | { step: 'terms'; terms: CancellationTerms }
  | { step: 'done'; outcome: CancellationAnswer['outcome']; terms: CancellationTerms }
  | { step: 'linkExpired' }

/**
 * What the terms say: why there is nothing to cancel, or when a request already went to the
 * institution (cancellations before the state rules); otherwise, within the state's free look, the
 * full refund until its last day, and the invitation to a quote for the odometer reading today.
 */
function termsTexts(terms: CancellationTerms): string[] {
  if (!terms.cancellable) {
    if (terms.status === 'cancelled') return [messages.alreadyCancelled]
    if (terms.status === 'voided') return [messages.voidedUnpaid]
    return [fill(messages.cannotCancelOnline, { institution: terms.institutionName })]
  }
  if (terms.requestedOn) {
    return [fill(messages.cancellationAlreadyRequested, { date: terms.requestedOn, institution: terms.institutionName })]
  }
  return terms.withinMoneyBack
    ? [fill(messages.cancelWithinMoneyBack, { date: terms.moneyBackEnds, amount: terms.amountPaid }), messages.cancelQuoteIntro]
    : [messages.cancelQuoteIntro]
}

/** The request went to the institution under its own refund terms (cancellations before the state rules). */
function isLegacyRequest(terms: CancellationTerms, outcome: CancellationAnswer['outcome'] | null): boolean {
  return outcome === 'requested' || (outcome === null && terms.cancellable && terms.requestedOn !== null)
}

/** The cancelled contract's refund: to the card, or a check by its due day. */
function cancelledText(terms: CancellationTerms): string {
  const refund = terms.refund
  return refund?.refundBy === 'check'
    ? fill(messages.contractCancelledByCheck, { refund: refund.refund, dueBy: refund.dueBy })
    : fill(messages.contractCancelled, { amount: refund?.refund ?? terms.amountPaid })
}

/** The member's state's rules for cancelling, in a sentence, and where they come from. */
function StateRules({ terms }: { terms: CancellationTerms }) {
  return (
    <Stack spacing={0.5} data-testid="cancellation-rules">
      <Typography variant="body2">{fill(messages.cancelQuoteRules, { state: terms.stateName, rules: terms.rules })}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {fill(messages.cancelQuoteSource, { source: terms.source })}
      </Typography>
    </Stack>
  )
}

function Outcome({ outcome, terms }: { outcome: CancellationAnswer['outcome']; terms: CancellationTerms }) {
  const text = {
    cancelled: cancelledText(terms),
    requested: fill(messages.cancellationRequested, { institution: terms.institutionName }),
    pending: messages.cancellationPending,
  }[outcome]
  return (
    <Alert severity={outcome === 'pending' ? 'info' : 'success'} role="status" data-testid="cancellation-outcome">
      {text}
      {outcome === 'requested' && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {terms.refundText}
        </Typography>
      )}
    </Alert>
  )
}

/**
 * Below the found contract: cancelling it under the member's state's rules. The terms, the state's
 * rules and their source, and "Cancel my contract" (when it can be), the outcome once the request
 * was answered, or what went wrong and the way on.
 */
export function CancellationSection(props: {
  view: CancellationView
  onCancel: () => void
  onReload: () => void
  onFindAgain: () => void
}) {
  const { view } = props
  if (view.step === 'loading') return null
  return (
    <Stack component="section" spacing={2} aria-labelledby="cancellation-heading" data-testid="cancellation-section">
      <Typography id="cancellation-heading" component="h2" variant="h6">
        {labels.cancellationHeading}
      </Typography>
      {view.step === 'failed' && (
        <Alert
          severity="error"
          data-testid="cancellation-error"
          action={
            <Button color="inherit" size="small" onClick={props.onReload}>
              {labels.reload}
            </Button>
          }
        >
          {view.error}
        </Alert>
      )}
      {view.step === 'linkExpired' && (
        <Alert severity="warning" data-testid="cancellation-link-expired">
          {messages.cancelLinkExpired}
          <Button variant="outlined" size="small" onClick={props.onFindAgain} sx={{ display: 'block', mt: 1.5 }}>
            {labels.findContractAgain}
          </Button>
        </Alert>
      )}
      {view.step === 'terms' && (
        <>
          <Stack spacing={1} data-testid="cancellation-terms">
            {termsTexts(view.terms).map((text) => (
              <Typography key={text}>{text}</Typography>
            ))}
            {isLegacyRequest(view.terms, null) && (
              <Typography variant="body2" color="text.secondary">
                {view.terms.refundText}
              </Typography>
            )}
          </Stack>
          {!isLegacyRequest(view.terms, null) && <StateRules terms={view.terms} />}
          {view.terms.cancellable && !view.terms.requestedOn && (
            <Button
              variant="outlined"
              color="error"
              size="large"
              onClick={props.onCancel}
              data-testid="cancel-contract"
              sx={{ alignSelf: 'flex-start' }}
            >
              {labels.cancelMyContract}
            </Button>
          )}
        </>
      )}
      {view.step === 'done' && (
        <>
          <Outcome outcome={view.outcome} terms={view.terms} />
          {!isLegacyRequest(view.terms, view.outcome) && <StateRules terms={view.terms} />}
        </>
      )}
    </Stack>
  )
}
