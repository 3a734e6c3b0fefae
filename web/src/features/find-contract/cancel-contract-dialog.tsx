import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Checkbox from '@mui/material/Checkbox'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import FormControl from '@mui/material/FormControl'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormHelperText from '@mui/material/FormHelperText'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useId, useState, type KeyboardEvent } from 'react'
import { Controller, useForm } from 'react-hook-form'
import type { ApiError } from '../../api/api-error'
import type { CancellationTerms, RefundQuote } from '../../api/types'
import { AppDialog } from '../../components/app-dialog'
import { CtaButton } from '../../components/cta-button'
import { withThousands } from '../../lib/format'
import { fill, labels, messages } from '../../lib/product'
import { useRefusedField } from '../../lib/refused-field'
import { CANCEL_API_FIELDS, odometerProblem, type OdometerValues } from './find-contract-schema'

/**
 * Where the dialog is: the odometer reading today and its attestation (`odometer`, while the quote
 * is asked for too), the quote and what confirming will do (`quote`, while the code is sent), the
 * emailed code (`code`, while the request is under way).
 */
export type CancelDialogStep = 'odometer' | 'quote' | 'code'

/** What the member gets back: the state's free look (the whole price, to the card) or pro rata (by check). */
export function quoteText(terms: CancellationTerms, quote: RefundQuote): string {
  return quote.method === 'freeLook'
    ? fill(messages.cancelQuoteFreeLook, {
        days: String(terms.freeLookDays),
        date: terms.moneyBackEnds,
        refund: quote.refund,
        dueBy: quote.dueBy,
      })
    : fill(messages.cancelQuoteProRata, { refund: quote.refund, dueBy: quote.dueBy, unearned: quote.unearned, fee: quote.fee })
}

/** What confirming will do: void the contract now, and refund the card or mail a check. */
export function confirmText(terms: CancellationTerms, quote: RefundQuote): string {
  return quote.refundBy === 'card'
    ? fill(messages.cancelConfirmFreeLook, { contract: terms.contractNumber, refund: quote.refund })
    : fill(messages.cancelConfirmProRata, { contract: terms.contractNumber, refund: quote.refund, dueBy: quote.dueBy })
}

/** Keys a number input takes that are no whole miles (an exponent, a sign, a decimal point). */
const NOT_MILES = new Set(['e', 'E', '+', '-', '.', ','])

/**
 * The first step: the odometer reading today (whole miles, at least the one at the sale) and the
 * tick that it is true, checked here (odometerProblem) and then by the server, whose refusal shows
 * at its field. A form of its own: Enter in the reading asks for the quote.
 */
function OdometerStep(props: {
  terms: CancellationTerms
  busy: boolean
  error: string | null
  /** The reading last quoted for, to change. */
  odometer: number | null
  refusal: ApiError | null
  onQuote: (odometer: number) => void
  onKeep: () => void
}) {
  const id = useId()
  const { control, handleSubmit, setError } = useForm<OdometerValues>({
    defaultValues: { odometer: props.odometer === null ? '' : String(props.odometer), attested: false },
  })
  useRefusedField(props.refusal, CANCEL_API_FIELDS, setError)
  const atSale = props.terms.odometerAtSale
  return (
    <form noValidate onSubmit={(event) => void handleSubmit((values) => props.onQuote(Number(values.odometer.trim())))(event)}>
      <DialogContent>
        <DialogContentText id="cancel-contract-text">{messages.cancelQuoteIntro}</DialogContentText>
        <Stack spacing={1.5} sx={{ mt: 2 }}>
          <Controller
            name="odometer"
            control={control}
            rules={{ validate: (value) => odometerProblem(value, atSale) ?? true }}
            render={({ field: { ref, ...field }, fieldState }) => (
              <TextField
                {...field}
                inputRef={ref}
                type="number"
                label={labels.odometerToday}
                fullWidth
                autoFocus
                disabled={props.busy}
                error={!!fieldState.error}
                helperText={fieldState.error?.message}
                slotProps={{
                  htmlInput: {
                    inputMode: 'numeric',
                    'aria-required': true,
                    min: atSale,
                    step: 1,
                    onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
                      if (NOT_MILES.has(event.key)) event.preventDefault()
                    },
                    'data-testid': 'cancel-odometer',
                  },
                }}
              />
            )}
          />
          <Controller
            name="attested"
            control={control}
            rules={{ validate: (ticked) => ticked || messages.cancelAttestRequired }}
            render={({ field: { ref, value, onChange, ...field }, fieldState }) => (
              <FormControl error={!!fieldState.error} disabled={props.busy}>
                <FormControlLabel
                  sx={{ alignItems: 'flex-start', mr: 0 }}
                  control={
                    <Checkbox
                      {...field}
                      checked={value}
                      onChange={(event) => onChange(event.target.checked)}
                      sx={{ mt: -1 }}
                      slotProps={{
                        input: {
                          ref,
                          'aria-required': true,
                          'aria-invalid': !!fieldState.error,
                          'aria-describedby': fieldState.error ? `${id}-attest-error` : undefined,
                          'data-testid': 'cancel-attest',
                        } as object,
                      }}
                    />
                  }
                  label={labels.attestOdometer}
                />
                {fieldState.error && <FormHelperText id={`${id}-attest-error`}>{fieldState.error.message}</FormHelperText>}
              </FormControl>
            )}
          />
        </Stack>
        {props.error && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }} data-testid="cancel-contract-error">
            {props.error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={props.onKeep} disabled={props.busy} data-testid="keep-contract">
          {labels.keepMyContract}
        </Button>
        <CtaButton type="submit" size="medium" wide={false} busy={props.busy} data-testid="cancel-see-refund">
          {labels.seeMyRefund}
        </CtaButton>
      </DialogActions>
    </form>
  )
}

/**
 * The quote, what confirming will do, and once confirmed the emailed code (the link that found the
 * contract only proves a last name and a zip).
 */
function QuoteStep(props: {
  step: 'quote' | 'code'
  terms: CancellationTerms
  quote: RefundQuote
  busy: boolean
  error: string | null
  codeSent: string | null
  onChangeOdometer: () => void
  onConfirm: () => void
  onSubmitCode: (code: string) => void
  onResendCode: () => void
  onKeep: () => void
}) {
  const id = useId()
  const [code, setCode] = useState('')
  const asking = props.step === 'code'
  const complete = /^[0-9]{6}$/.test(code)
  return (
    <>
      <DialogContent>
        <DialogContentText id="cancel-quote" data-testid="cancel-quote">
          {quoteText(props.terms, props.quote)}
        </DialogContentText>
        <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography id={`${id}-reading`} variant="body2" color="text.secondary" data-testid="cancel-quoted-odometer">
            {`${labels.odometerToday}: ${withThousands(props.quote.odometer)}`}
          </Typography>
          {!asking && (
            <Button
              variant="text"
              size="small"
              onClick={props.onChangeOdometer}
              disabled={props.busy}
              aria-describedby={`${id}-reading`}
              data-testid="cancel-change-odometer"
            >
              {labels.changeOdometer}
            </Button>
          )}
        </Stack>
        <DialogContentText id="cancel-contract-text" sx={{ mt: 2, fontWeight: 500 }}>
          {confirmText(props.terms, props.quote)}
        </DialogContentText>
        {asking && (
          <Stack spacing={1.5} sx={{ mt: 2 }}>
            <DialogContentText data-testid="cancel-code-sent">{props.codeSent}</DialogContentText>
            <TextField
              label={labels.cancellationCode}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/[^0-9]/g, '').slice(0, 6))}
              disabled={props.busy}
              autoFocus
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
              disabled={props.busy}
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
        <Button onClick={props.onKeep} disabled={props.busy} autoFocus={!asking} data-testid="keep-contract">
          {labels.keepMyContract}
        </Button>
        {asking ? (
          <CtaButton
            size="medium"
            wide={false}
            busy={props.busy}
            disabled={!complete}
            onClick={() => props.onSubmitCode(code)}
            data-testid="confirm-cancel-code"
          >
            {labels.confirmCancellationCode}
          </CtaButton>
        ) : (
          <CtaButton size="medium" wide={false} busy={props.busy} onClick={props.onConfirm} data-testid="confirm-cancel">
            {labels.confirmCancel}
          </CtaButton>
        )}
      </DialogActions>
    </>
  )
}

/**
 * "Cancel your contract?", under the member's state's rules: the odometer reading today and the
 * tick that it is true, then what the member gets back for it and what confirming will do (the
 * reading may still be changed), then the code emailed to the member's address on file. While a
 * call is out the buttons are disabled and Escape does nothing; a failed one shows why, a refused
 * reading or attestation at its field. On the quote, Keep my contract has the first focus: the safe
 * choice.
 */
export function CancelContractDialog(props: {
  open: boolean
  step: CancelDialogStep
  busy: boolean
  terms: CancellationTerms | null
  error: string | null
  /** The reading last quoted for (the odometer step starts from it). */
  odometer: number | null
  /** The server's refusal of the reading or its attestation (field `odometer` or `attested`). */
  refusal: ApiError | null
  /** Set once the code was emailed: where it went. */
  codeSent: string | null
  onQuote: (odometer: number) => void
  onChangeOdometer: () => void
  onConfirm: () => void
  onSubmitCode: (code: string) => void
  onResendCode: () => void
  onKeep: () => void
}) {
  // While the dialog closes (its fade), it keeps showing the step and the terms it was on.
  const [shown, setShown] = useState({ step: props.step, terms: props.terms })
  if (props.open && (props.step !== shown.step || props.terms !== shown.terms)) setShown({ step: props.step, terms: props.terms })
  const { step, terms } = props.open ? props : shown
  const quote = terms?.quote ?? null
  return (
    <AppDialog
      open={props.open}
      onClose={props.busy ? undefined : props.onKeep}
      aria-labelledby="cancel-contract-title"
      aria-describedby={step === 'odometer' ? 'cancel-contract-text' : 'cancel-quote cancel-contract-text'}
      data-testid="cancel-contract-dialog"
    >
      <DialogTitle id="cancel-contract-title">{messages.cancelContractTitle}</DialogTitle>
      {terms && step === 'odometer' && (
        <OdometerStep
          terms={terms}
          busy={props.busy}
          error={props.error}
          odometer={props.odometer}
          refusal={props.refusal}
          onQuote={props.onQuote}
          onKeep={props.onKeep}
        />
      )}
      {terms && quote && step !== 'odometer' && (
        <QuoteStep
          step={step}
          terms={terms}
          quote={quote}
          busy={props.busy}
          error={props.error}
          codeSent={props.codeSent}
          onChangeOdometer={props.onChangeOdometer}
          onConfirm={props.onConfirm}
          onSubmitCode={props.onSubmitCode}
          onResendCode={props.onResendCode}
          onKeep={props.onKeep}
        />
      )}
    </AppDialog>
  )
}
