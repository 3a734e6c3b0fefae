import { zodResolver } from '@hookform/resolvers/zod'
import Alert from '@mui/material/Alert'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { Controller, useForm } from 'react-hook-form'
import { PatternFormat } from 'react-number-format'
import { CtaButton } from '../../components/cta-button'
import { FlowActor, selectBusy, useFlowSend } from '../../flow/flow-actor'
import { fill, labels, limits, messages, screens } from '../../lib/product'
import { verificationCodeSchema, type VerificationCodeValues } from './verify-email-schemas'

/** Verify code: the 6-digit code, the resend link, and the flow's code-failure message. */
export default function CodeConfirmationPage() {
  const send = useFlowSend()
  const busy = FlowActor.useSelector(selectBusy)
  const emailAddress = FlowActor.useSelector((s) => s.context.user?.emailAddress ?? '')
  const codeError = FlowActor.useSelector((s) => s.context.codeError)
  const resendStatus = FlowActor.useSelector((s) => s.context.resendStatus)
  const resending = FlowActor.useSelector((s) => s.matches({ verifyEmail: { codeConfirmation: 'resending' } }))
  const { control, handleSubmit } = useForm<VerificationCodeValues>({
    resolver: zodResolver(verificationCodeSchema),
    defaultValues: { code: '' },
  })
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={(event) => void handleSubmit((values) => send({ type: 'SUBMIT_CODE', code: values.code }))(event)}
    >
      <Typography data-testid="email-sent-message">
        {fill(screens.verifyEmail.codeSent, { digits: String(limits.codeDigits), emailAddress })}
      </Typography>
      <Controller
        name="code"
        control={control}
        render={({ field, fieldState }) => {
          const message = fieldState.error?.message ?? codeError
          return (
            <PatternFormat
              customInput={TextField}
              format={'#'.repeat(limits.codeDigits)}
              label={screens.verifyEmail.codeLabel}
              inputMode="numeric"
              autoComplete="one-time-code"
              fullWidth
              value={field.value}
              name={field.name}
              onBlur={field.onBlur}
              inputRef={field.ref}
              onValueChange={(v) => field.onChange(v.value)}
              error={!!message}
              helperText={message}
              slotProps={{ htmlInput: { 'data-testid': 'code-input' } }}
            />
          )
        }}
      />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Link
          component="button"
          type="button"
          disabled={resending}
          onClick={() => send({ type: 'RESEND_CODE' })}
          data-testid="resend-code"
        >
          {labels.resendCode}
        </Link>
        {resendStatus && (
          <Alert severity={resendStatus === 'sent' ? 'success' : 'error'} sx={{ py: 0 }} data-testid="resend-status">
            {resendStatus === 'sent' ? messages.emailSent : messages.resendFailed}
          </Alert>
        )}
      </Stack>
      <CtaButton type="submit" busy={busy} data-testid="code-submit">
        {screens.verifyEmail.submitButton}
      </CtaButton>
    </Stack>
  )
}
