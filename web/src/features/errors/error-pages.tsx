import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { FlowActor, useFlowSend } from '../../flow/flow-actor'
import { formatPhone } from '../../lib/format'

/** The shared error page: a message, the institution's phone, and an optional retry. */
function ErrorPage(props: { testId: string; message: string; retry?: { label: string; onClick: () => void } }) {
  const name = FlowActor.useSelector((s) => s.context.institution?.name ?? '')
  const phone = FlowActor.useSelector((s) => s.context.institution?.branding.phoneNumber ?? '')
  return (
    <Stack spacing={3} data-testid={props.testId}>
      <Typography variant="h5" component="h1">
        {props.message}
      </Typography>
      {name && phone && <Typography>{`Questions? Contact ${name} at ${formatPhone(phone)}.`}</Typography>}
      {props.retry && (
        <Button variant="contained" color="cta" onClick={props.retry.onClick} data-testid="retry-button">
          {props.retry.label}
        </Button>
      )}
    </Stack>
  )
}

export function NoRatesPage() {
  return <ErrorPage testId="no-rates-page" message="We could not find coverage options for this vehicle." />
}

export function InvalidStatePage() {
  return <ErrorPage testId="invalid-state-page" message="Coverage is not available in your state." />
}

export function UserCreationErrorPage() {
  return <ErrorPage testId="user-creation-error-page" message="We could not start your quote." />
}

export function BookingErrorPage() {
  const send = useFlowSend()
  return (
    <ErrorPage
      testId="booking-error-page"
      message="We could not book your coverage."
      retry={{ label: 'Retry Booking', onClick: () => send({ type: 'RETRY_BOOKING' }) }}
    />
  )
}

export function PaymentErrorPage() {
  const send = useFlowSend()
  return (
    <ErrorPage
      testId="payment-error-page"
      message="We could not take your payment."
      retry={{ label: 'Retry Payment', onClick: () => send({ type: 'RETRY_PAYMENT' }) }}
    />
  )
}

/** Non-members: the contact request form joins here later. */
export function InstitutionContactPage() {
  return <ErrorPage testId="institution-contact-page" message="This coverage is offered to members." />
}
