import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { CtaButton } from '../../components/cta-button'
import { CheckCircleIcon } from '../../components/icons'
import { PromotionalConsent } from '../../components/promotional-consent'
import { QuestionsLine } from '../../components/questions-line'
import { FlowActor, selectBusy, useFlowSend } from '../../flow/flow-actor'
import type { NoRatesCause } from '../../flow/no-rates-cause'
import { fill, labels, messages, screens } from '../../lib/product'

interface ErrorPageProps {
  testId: string
  title: string
  message: string
  /** labels.retryPayment / labels.retryBooking: the page's first choice when there is one. */
  retry?: { label: string; onClick: () => void }
}

/**
 * The shared error page (spec section 2; the layout gives the back chevron and the logo): optional
 * promotional consent (ticked by default), an action button that forwards the member's contact
 * information, then messages.contactForwarded.
 */
export function ErrorPage(props: ErrorPageProps) {
  const send = useFlowSend()
  const institution = FlowActor.useSelector((s) => s.context.institution)
  const consent = FlowActor.useSelector((s) => s.context.doesConsentToEmail)
  const failure = FlowActor.useSelector((s) => s.context.failure)
  const busy = FlowActor.useSelector(selectBusy)
  const forwarded = FlowActor.useSelector((s) => s.hasTag('forwarded'))
  const name = institution?.name ?? ''
  return (
    <Stack spacing={3} data-testid={props.testId}>
      <Stack spacing={1.5}>
        <Typography variant="h5" component="h1" data-testid="error-title">
          {props.title}
        </Typography>
        <Typography color="text.secondary">{props.message}</Typography>
      </Stack>
      {props.retry && (
        <CtaButton onClick={props.retry.onClick} data-testid="retry-button">
          {props.retry.label}
        </CtaButton>
      )}
      {forwarded ? (
        <Alert icon={<CheckCircleIcon fontSize="inherit" />} severity="success" data-testid="contact-forwarded" role="status">
          {messages.contactForwarded}
        </Alert>
      ) : (
        <Stack spacing={1.5}>
          {institution?.branding.shouldHavePromotionalCheckbox && (
            <PromotionalConsent
              institutionName={name}
              checked={consent}
              onChange={(checked) => send({ type: 'SET_CONSENT', consent: checked })}
            />
          )}
          {failure && <Alert severity="error">{failure}</Alert>}
          <Button
            variant={props.retry ? 'outlined' : 'contained'}
            color={props.retry ? 'primary' : 'cta'}
            size="large"
            fullWidth
            loading={busy}
            onClick={() => send({ type: 'CONTACT_REPRESENTATIVE' })}
            data-testid="contact-representative"
          >
            {screens.errors.contactRepresentativeButton}
          </Button>
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            <Link component="button" type="button" onClick={() => send({ type: 'CONTACT_ME' })} data-testid="contact-me-link">
              {screens.errors.otherNumberLink}
            </Link>
          </Typography>
        </Stack>
      )}
      <QuestionsLine />
    </Stack>
  )
}

/** The no-rates page's words for each way there (flow/no-rates-cause.ts). */
const NO_RATES_TEXTS: Record<NoRatesCause, { title: string; message: string }> = {
  vehicleNotFound: { title: messages.vehicleUnknownTitle, message: messages.vehicleUnknown },
  noRates: { title: messages.noRatesTitle, message: messages.noRates },
  tooFewRates: { title: messages.tooFewRatesTitle, message: messages.tooFewRates },
}

/** No rates to show: its words say why (the vehicle not found, no rates, too few); no rates when unknown. */
export function NoRatesPage() {
  const cause = FlowActor.useSelector((s) => s.context.noRatesCause)
  const { title, message } = NO_RATES_TEXTS[cause ?? 'noRates']
  return <ErrorPage testId="no-rates-page" title={title} message={message} />
}

export function InvalidStatePage() {
  const state = FlowActor.useSelector((s) => s.context.stateOfResidence ?? '')
  return (
    <ErrorPage
      testId="invalid-state-page"
      title={screens.errors.invalidStateTitle}
      message={fill(screens.errors.invalidStateMessage, { state: state || screens.errors.yourState })}
    />
  )
}

export function UserCreationErrorPage() {
  return (
    <ErrorPage
      testId="user-creation-error-page"
      title={screens.errors.userCreationTitle}
      message={screens.errors.userCreationMessage}
    />
  )
}

export function BookingErrorPage() {
  const send = useFlowSend()
  return (
    <ErrorPage
      testId="booking-error-page"
      title={screens.errors.bookingTitle}
      message={`${messages.notCharged} ${screens.errors.bookingMessage}`}
      retry={{ label: labels.retryBooking, onClick: () => send({ type: 'RETRY_BOOKING' }) }}
    />
  )
}

export function PaymentErrorPage() {
  const send = useFlowSend()
  return (
    <ErrorPage
      testId="payment-error-page"
      title={screens.errors.paymentTitle}
      message={screens.errors.paymentMessage}
      retry={{ label: labels.retryPayment, onClick: () => send({ type: 'RETRY_PAYMENT' }) }}
    />
  )
}
