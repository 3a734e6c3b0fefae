import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useEffect, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { CtaButton } from '../../components/cta-button'
import { MessageDialog } from '../../components/message-dialog'
import { FlowActor, selectBusy, useFlowSend } from '../../flow/flow-actor'
import { institutionPhone } from '../../lib/format'
import { lazyZodResolver } from '../../lib/lazy-zod-resolver'
import { labels, messages } from '../../lib/product'
import { productNameOf } from '../../lib/product-name'
import { US_STATES } from '../../lib/us-states'
import { CaptchaWidget } from './captcha-widget'
import type { ResidenceValues, SplashEmailValues } from './splash-schemas'

// The first page loads no zod: the schemas come when the member starts on a form (issue 7).
const splashSchemas = () => import('./splash-schemas')
const emailResolver = lazyZodResolver<SplashEmailValues>(() => splashSchemas().then((m) => m.splashEmailSchema))
const residenceResolver = lazyZodResolver<ResidenceValues>(() => splashSchemas().then((m) => m.residenceSchema))

function EmailForm() {
  const send = useFlowSend()
  const busy = FlowActor.useSelector(selectBusy)
  const institutionId = FlowActor.useSelector((s) => s.context.institutionId)
  const captchaToken = FlowActor.useSelector((s) => s.context.captchaToken)
  const failure = FlowActor.useSelector((s) => s.context.failure)
  const { register, handleSubmit, formState } = useForm<SplashEmailValues>({
    resolver: emailResolver,
    defaultValues: { emailAddress: '' },
  })
  const email = register('emailAddress')
  // Continue before the captcha is solved: the address waits for the solution, then goes.
  const waiting = useRef<string | null>(null)
  const [waitingForCaptcha, setWaitingForCaptcha] = useState(false)
  useEffect(() => {
    if (!captchaToken || waiting.current === null) return
    const emailAddress = waiting.current
    waiting.current = null
    setWaitingForCaptcha(false)
    send({ type: 'SUBMIT_EMAIL', emailAddress })
  }, [captchaToken, send])
  const submit = (emailAddress: string) => {
    if (captchaToken) {
      send({ type: 'SUBMIT_EMAIL', emailAddress })
    } else {
      waiting.current = emailAddress
      setWaitingForCaptcha(true)
    }
  }
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onFocus={emailResolver.preload}
      onSubmit={(event) => void handleSubmit((values) => submit(values.emailAddress))(event)}
    >
      <TextField
        {...email}
        inputRef={email.ref}
        label="Email"
        type="email"
        autoComplete="email"
        fullWidth
        error={!!formState.errors.emailAddress}
        helperText={formState.errors.emailAddress?.message}
        slotProps={{ htmlInput: { 'data-testid': 'email-input' } }}
      />
      <CaptchaWidget institutionId={institutionId} />
      {waitingForCaptcha && (
        <Typography variant="body2" role="status" data-testid="captcha-waiting">
          {messages.captchaRequired}
        </Typography>
      )}
      {failure && (
        <Alert severity="error" data-testid="captcha-failure">
          {failure}
        </Alert>
      )}
      <CtaButton type="submit" busy={busy || waitingForCaptcha} data-testid="email-submit">
        Continue
      </CtaButton>
    </Stack>
  )
}

function ResidenceForm() {
  const send = useFlowSend()
  const { register, handleSubmit, formState } = useForm<ResidenceValues>({
    resolver: residenceResolver,
    defaultValues: { state: '' },
  })
  const state = register('state')
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onFocus={residenceResolver.preload}
      onSubmit={(event) => void handleSubmit((values) => send({ type: 'SUBMIT_STATE', state: values.state }))(event)}
    >
      <TextField
        {...state}
        inputRef={state.ref}
        select
        label={labels.stateOfResidence}
        fullWidth
        error={!!formState.errors.state}
        helperText={formState.errors.state?.message}
        slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'state-select' }, inputLabel: { shrink: true } }}
      >
        <option value="" />
        {US_STATES.map(({ code, name }) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </TextField>
      <CtaButton type="submit" data-testid="state-submit">
        Continue
      </CtaButton>
    </Stack>
  )
}

/** Splash: email first (creates the user), then the state of residence. */
export default function SplashPage() {
  const send = useFlowSend()
  const institution = FlowActor.useSelector((s) => s.context.institution)
  const choosingState = FlowActor.useSelector((s) => s.matches({ splash: 'residence' }))
  const sessionExpired = FlowActor.useSelector((s) => s.context.sessionExpired)
  const splashText = institution?.applicationSettings.splashPageText
  const phone = institutionPhone(institution?.branding)
  return (
    <Stack spacing={3}>
      <Stack spacing={0.5}>
        <Typography variant="overline" component="p" color="text.secondary" data-testid="product-name" sx={{ lineHeight: 1.6 }}>
          {productNameOf(institution)}
        </Typography>
        <Typography variant="h5" component="h1" data-testid="institution-name">
          {institution?.name ?? ''}
        </Typography>
      </Stack>
      {splashText && (
        <Typography variant="body1" data-testid="splash-text">
          {splashText}
        </Typography>
      )}
      {choosingState ? <ResidenceForm /> : <EmailForm />}
      {phone && (
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
          {`Questions? Call ${institution?.name ?? ''} at `}
          <Box component="span" sx={{ whiteSpace: 'nowrap' }} data-testid="institution-phone">
            {phone}
          </Box>
          .
        </Typography>
      )}
      <MessageDialog
        open={sessionExpired}
        title={messages.sessionExpiredTitle}
        message={messages.sessionExpired}
        testId="session-expired-dialog"
        actions={[{ label: 'Okay', onClick: () => send({ type: 'DISMISS_SESSION_EXPIRED' }), primary: true }]}
      />
    </Stack>
  )
}
