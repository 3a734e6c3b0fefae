import { zodResolver } from '@hookform/resolvers/zod'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Checkbox from '@mui/material/Checkbox'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormGroup from '@mui/material/FormGroup'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { Controller, useForm } from 'react-hook-form'
import { CtaButton } from '../../components/cta-button'
import { CheckCircleIcon } from '../../components/icons'
import { PhoneField } from '../../components/phone-field'
import { PromotionalConsent } from '../../components/promotional-consent'
import { CONTACT_API_FIELDS, contactRequestBody, isPlainContactRequest } from '../../flow/contact-request'
import { FlowActor, selectBusy, useFlowSend } from '../../flow/flow-actor'
import { formatPhone, institutionPhone } from '../../lib/format'
import { fill, labels, messages, screens } from '../../lib/product'
import { productNameOf } from '../../lib/product-name'
import { useRefusedField } from '../../lib/refused-field'
import { digitsOnly } from '../../lib/validation-rules'
import { contactSchema, type ContactValues } from './contact-schema'

/** Name, phone and email (prefilled from what the flow knows); member checkboxes when asked from coverage. */
function ContactForm({ submitLabel, showMemberCheckboxes }: { submitLabel: string; showMemberCheckboxes: boolean }) {
  const send = useFlowSend()
  const context = FlowActor.useSelector((s) => s.context)
  const known = context.contactDetails
  const name = context.institution?.name ?? ''
  const { register, control, handleSubmit, formState, setError } = useForm<ContactValues>({
    resolver: zodResolver(contactSchema),
    defaultValues: {
      firstName: known?.firstName ?? context.user?.firstName ?? '',
      lastName: known?.lastName ?? context.user?.lastName ?? '',
      phoneNumber: formatPhone(known?.phoneNumber ?? context.user?.phoneNumber ?? ''),
      emailAddress: known?.emailAddress ?? context.user?.emailAddress ?? context.emailAddress ?? '',
      isMember: known?.isMember ?? false,
      wantsMembershipInfo: known?.wantsMembershipInfo ?? false,
    },
  })
  // Thank-you came back here because the server refused a field of this form: it shows under that field.
  useRefusedField(context.submitError, CONTACT_API_FIELDS, setError)
  const text = (field: 'firstName' | 'lastName' | 'emailAddress', label: string, autoComplete: string, testId: string) => {
    const registered = register(field)
    const error = formState.errors[field]
    return (
      <TextField
        {...registered}
        inputRef={registered.ref}
        label={label}
        autoComplete={autoComplete}
        type={field === 'emailAddress' ? 'email' : 'text'}
        fullWidth
        error={!!error}
        helperText={error?.message}
        slotProps={{ htmlInput: { 'data-testid': testId } }}
      />
    )
  }
  const checkbox = (field: 'isMember' | 'wantsMembershipInfo', label: string, testId: string) => (
    <Controller
      name={field}
      control={control}
      render={({ field: f }) => (
        <FormControlLabel
          label={label}
          control={
            <Checkbox
              checked={f.value}
              onChange={(e) => f.onChange(e.target.checked)}
              slotProps={{ input: { 'data-testid': testId } as object }}
            />
          }
        />
      )}
    />
  )
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={(event) =>
        void handleSubmit((values) =>
          send({
            type: 'SUBMIT_CONTACT_DETAILS',
            details: {
              firstName: values.firstName.trim(),
              lastName: values.lastName.trim(),
              phoneNumber: digitsOnly(values.phoneNumber),
              emailAddress: values.emailAddress.trim().toLowerCase(),
              ...(showMemberCheckboxes ? { isMember: values.isMember, wantsMembershipInfo: values.wantsMembershipInfo } : {}),
            },
          }),
        )(event)
      }
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {text('firstName', screens.contact.firstNameLabel, 'given-name', 'contact-first-name')}
        {text('lastName', screens.contact.lastNameLabel, 'family-name', 'contact-last-name')}
      </Stack>
      <PhoneField control={control} name="phoneNumber" testId="contact-phone" />
      {text('emailAddress', screens.contact.emailLabel, 'email', 'contact-email')}
      {showMemberCheckboxes && (
        <FormGroup data-testid="member-checkboxes">
          {checkbox('isMember', fill(screens.contact.isMemberLabel, { institution: name }), 'contact-is-member')}
          {checkbox('wantsMembershipInfo', screens.contact.wantsMembershipInfoLabel, 'contact-wants-membership')}
        </FormGroup>
      )}
      {context.institution?.branding.shouldHavePromotionalCheckbox && (
        <PromotionalConsent
          institutionName={name}
          checked={context.doesConsentToEmail}
          onChange={(consent) => send({ type: 'SET_CONSENT', consent })}
        />
      )}
      <CtaButton type="submit" data-testid="contact-submit">
        {submitLabel}
      </CtaButton>
    </Stack>
  )
}

/** Contact-me: reached from coverage (expert guidance, payment options) or an error page. */
export function ContactMePage() {
  const origin = FlowActor.useSelector((s) => s.context.contactOrigin)
  const paymentOptions = FlowActor.useSelector((s) => s.context.paymentOptionsRequested)
  const intro = paymentOptions
    ? screens.contact.paymentOptionsIntro
    : origin === 'coverage'
      ? screens.contact.coverageExpertIntro
      : screens.contact.followUpIntro
  return (
    <Stack spacing={3} data-testid="contact-me-page">
      <Typography color="text.secondary">{intro}</Typography>
      <ContactForm submitLabel={screens.contact.contactMeButton} showMemberCheckboxes={origin === 'coverage'} />
    </Stack>
  )
}

/** Non-members: the institution reaches out about membership and coverage. */
export function InstitutionContactPage() {
  const name = FlowActor.useSelector((s) => s.context.institution?.name ?? '')
  return (
    <Stack spacing={3} data-testid="institution-contact-page">
      <Typography color="text.secondary">{fill(screens.contact.nonMemberIntro, { institution: name })}</Typography>
      <ContactForm submitLabel={screens.contact.contactMeButton} showMemberCheckboxes={false} />
    </Stack>
  )
}

function DetailRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
      <Typography color="text.secondary">{label}</Typography>
      <Typography data-testid={testId} sx={{ fontWeight: 500, textAlign: 'right', overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Stack>
  )
}

/**
 * Thank-you: the flow sends the contact request on entry; this lists what was sent, then offers a
 * way onward (labels.startAgain: the splash, or the lookup choice inside a partner's page).
 */
export function ThankYouPage() {
  const send = useFlowSend()
  const context = FlowActor.useSelector((s) => s.context)
  const sending = FlowActor.useSelector(selectBusy)
  const failed = FlowActor.useSelector((s) => s.matches({ thankYou: 'failed' }))
  const source = contactRequestBody(context, context.contactOrigin)
  const info = source.collectedInfo ?? {}
  const institution = context.institution
  const showInstitution = !isPlainContactRequest(source.pageUserBouncedFrom) && institution
  const rows = [
    {
      label: screens.contact.nameLabel,
      value: [info.firstName, info.lastName].filter(Boolean).join(' '),
      testId: 'thank-you-name',
    },
    { label: screens.contact.phoneLabel, value: formatPhone(info.phoneNumber ?? ''), testId: 'thank-you-phone' },
    { label: screens.contact.emailLabel, value: info.emailAddress ?? '', testId: 'thank-you-email' },
  ]
  return (
    <Stack spacing={3} data-testid="thank-you-page" sx={{ alignItems: 'stretch' }}>
      <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <CheckCircleIcon color="success" sx={{ fontSize: 56 }} />
        <Typography variant="h5" component="h1">
          {info.firstName ? fill(screens.contact.thankYouNamed, { firstName: info.firstName }) : screens.contact.thankYou}
        </Typography>
        <Typography color="text.secondary" data-testid="thank-you-reach-out">
          {`${fill(messages.productWillReachOut, { product: productNameOf(institution) })} ${screens.contact.howWeWillContact}`}
        </Typography>
      </Stack>
      <Paper variant="outlined" sx={{ p: 2.5 }}>
        <Stack spacing={1.5}>
          {/* Rows without a value are left out (a request from an error page may carry no phone). */}
          {rows.map((row) => row.value && <DetailRow key={row.testId} {...row} />)}
        </Stack>
      </Paper>
      {showInstitution && (
        <Typography sx={{ textAlign: 'center' }} data-testid="thank-you-institution">
          {fill(screens.contact.questionsInTheMeantime, {
            institution: institution.name,
            phone: institutionPhone(institution.branding),
          })}
        </Typography>
      )}
      {sending && (
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }} role="status">
          {screens.contact.sendingRequest}
        </Typography>
      )}
      {failed && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => send({ type: 'RETRY_CONTACT' })} data-testid="contact-retry">
              {labels.tryAgain}
            </Button>
          }
        >
          {screens.contact.sendFailed}
        </Alert>
      )}
      {!sending && (
        <CtaButton onClick={() => send({ type: 'START_OVER' })} data-testid="thank-you-start-again">
          {labels.startAgain}
        </CtaButton>
      )}
    </Stack>
  )
}
