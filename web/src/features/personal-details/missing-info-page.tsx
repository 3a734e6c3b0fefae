import { zodResolver } from '@hookform/resolvers/zod'
import Alert from '@mui/material/Alert'
import FormControl from '@mui/material/FormControl'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormHelperText from '@mui/material/FormHelperText'
import FormLabel from '@mui/material/FormLabel'
import Radio from '@mui/material/Radio'
import RadioGroup from '@mui/material/RadioGroup'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { useMemo } from 'react'
import { Controller, useForm, type Path } from 'react-hook-form'
import { CtaButton } from '../../components/cta-button'
import { PhoneField } from '../../components/phone-field'
import { FlowActor, selectBusy, useFlowSend } from '../../flow/flow-actor'
import { formatPhone } from '../../lib/format'
import { fill, limits, screens } from '../../lib/product'
import { useRefusedField } from '../../lib/refused-field'
import { digitsOnly } from '../../lib/validation-rules'
import { PERSONAL_DETAILS_API_FIELDS, personalDetailsSchema, type PersonalDetailsValues } from './personal-details-schema'

const TEXTS = screens.personalDetails

/** Personal details: name, phone, address and membership; the state comes from the splash. */
export default function MissingInfoPage() {
  const send = useFlowSend()
  const busy = FlowActor.useSelector(selectBusy)
  const institutionName = FlowActor.useSelector((s) => s.context.institution?.name ?? '')
  const stateOfResidence = FlowActor.useSelector((s) => s.context.stateOfResidence ?? '')
  const user = FlowActor.useSelector((s) => s.context.user)
  const failure = FlowActor.useSelector((s) => s.context.failure)
  const submitError = FlowActor.useSelector((s) => s.context.submitError)
  const schema = useMemo(() => personalDetailsSchema(institutionName), [institutionName])
  const { register, control, handleSubmit, formState, setError } = useForm<PersonalDetailsValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      phoneNumber: user?.phoneNumber ? formatPhone(user.phoneNumber) : '',
      street: user?.address?.street ?? '',
      city: user?.address?.city ?? '',
      zip: user?.address?.zip ?? '',
      isMember: user?.isMember === true ? 'yes' : user?.isMember === false ? 'no' : undefined,
    },
  })
  // The server's refusal of a field (its letters, characters, digits) shows under that field.
  const onField = useRefusedField(submitError, PERSONAL_DETAILS_API_FIELDS, setError)

  const text = (name: Path<PersonalDetailsValues>, label: string, autoComplete: string, testId: string, maxLength?: number) => {
    const field = register(name)
    const error = formState.errors[name]
    return (
      <TextField
        {...field}
        inputRef={field.ref}
        label={label}
        autoComplete={autoComplete}
        fullWidth
        error={!!error}
        helperText={error?.message}
        slotProps={{ htmlInput: { 'data-testid': testId, maxLength } }}
      />
    )
  }

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={(event) =>
        void handleSubmit((values) =>
          send({
            type: 'SUBMIT_PERSONAL_DETAILS',
            details: {
              firstName: values.firstName.trim(),
              lastName: values.lastName.trim(),
              phoneNumber: digitsOnly(values.phoneNumber),
              street: values.street.trim(),
              city: values.city.trim(),
              zip: values.zip.trim(),
              isMember: values.isMember === 'yes',
            },
          }),
        )(event)
      }
    >
      {failure && !onField && <Alert severity="error">{failure}</Alert>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {text('firstName', TEXTS.firstName, 'given-name', 'first-name-input')}
        {text('lastName', TEXTS.lastName, 'family-name', 'last-name-input')}
      </Stack>
      <PhoneField control={control} name="phoneNumber" testId="phone-input" />
      {text('street', TEXTS.address, 'street-address', 'street-input')}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {text('city', TEXTS.city, 'address-level2', 'city-input')}
        <TextField
          label={TEXTS.state}
          value={stateOfResidence}
          fullWidth
          slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'state-input' } }}
        />
        {text('zip', TEXTS.zipCode, 'postal-code', 'zip-input', limits.zipLength)}
      </Stack>
      <Controller
        name="isMember"
        control={control}
        render={({ field, fieldState }) => (
          <FormControl error={!!fieldState.error}>
            <FormLabel id="membership-label">{fill(TEXTS.memberQuestion, { institution: institutionName })}</FormLabel>
            <RadioGroup
              row
              aria-labelledby="membership-label"
              name={field.name}
              value={field.value ?? ''}
              onChange={(e) => field.onChange(e.target.value)}
            >
              <FormControlLabel
                value="yes"
                control={<Radio slotProps={{ input: { 'data-testid': 'member-yes' } as object }} />}
                label={TEXTS.yes}
              />
              <FormControlLabel
                value="no"
                control={<Radio slotProps={{ input: { 'data-testid': 'member-no' } as object }} />}
                label={TEXTS.no}
              />
            </RadioGroup>
            {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
          </FormControl>
        )}
      />
      <CtaButton type="submit" busy={busy} data-testid="personal-details-submit">
        {TEXTS.continueButton}
      </CtaButton>
    </Stack>
  )
}
