import { zodResolver } from '@hookform/resolvers/zod'
import Alert from '@mui/material/Alert'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { CtaButton } from '../../components/cta-button'
import { FlowActor, selectBusy, useFlowSend } from '../../flow/flow-actor'
import { fill, limits, screens } from '../../lib/product'
import { sendEmailSchema, type SendEmailValues } from './verify-email-schemas'

const TEXTS = screens.verifyEmail

/** Send verification email: the address is locked unless the member chooses Edit. */
export default function SendEmailPage() {
  const send = useFlowSend()
  const busy = FlowActor.useSelector(selectBusy)
  const emailAddress = FlowActor.useSelector((s) => s.context.user?.emailAddress ?? '')
  const emailError = FlowActor.useSelector((s) => s.context.emailError)
  const [editing, setEditing] = useState(false)
  const { control, handleSubmit } = useForm<SendEmailValues>({
    resolver: zodResolver(sendEmailSchema),
    defaultValues: { emailAddress },
  })
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={(event) => void handleSubmit((values) => send({ type: 'SEND_CODE', emailAddress: values.emailAddress }))(event)}
    >
      <Typography>{fill(TEXTS.intro, { digits: String(limits.codeDigits) })}</Typography>
      {emailError && <Alert severity="error">{emailError}</Alert>}
      <Controller
        name="emailAddress"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            inputRef={field.ref}
            label={TEXTS.emailLabel}
            type="email"
            fullWidth
            disabled={!editing}
            error={!!fieldState.error}
            helperText={fieldState.error?.message}
            slotProps={{ htmlInput: { 'data-testid': 'verify-email-input' } }}
          />
        )}
      />
      {!editing && (
        <Link component="button" type="button" onClick={() => setEditing(true)} data-testid="edit-email">
          {TEXTS.editButton}
        </Link>
      )}
      <CtaButton type="submit" busy={busy} data-testid="validate-email">
        {TEXTS.validateButton}
      </CtaButton>
    </Stack>
  )
}
