import { zodResolver } from '@hookform/resolvers/zod'
import MenuItem from '@mui/material/MenuItem'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { Controller, useForm, type Control } from 'react-hook-form'
import { CtaButton } from '../../components/cta-button'
import { VinCheckDigitWarning } from '../../components/vin-check-digit-warning'
import { FlowActor, selectBusy, useFlowSend } from '../../flow/flow-actor'
import { withThousands } from '../../lib/format'
import { labels, screens } from '../../lib/product'
import { CarFlagsField } from './car-flags-field'
import { carDetailsSchema, MILES_PER_YEAR_OPTIONS, YEARS_TO_OWN_OPTIONS, type CarDetailsValues } from './car-schemas'
import { OdometerField } from './odometer-field'
import { odometerToSend } from './odometer'

/**
 * The combined car-details form (/user/car/details): the mileage page's odometer and car flags, and
 * the miles-per-year and years-to-own choices, in one go; submitting creates the member's car and
 * moves on to coverage. It starts from what mileage had typed and ticked (mileageDraft), else from
 * the answers given so far. A VIN whose check digit is wrong is warned about as on mileage.
 */
export default function CarDetailsPage() {
  const send = useFlowSend()
  const busy = FlowActor.useSelector(selectBusy)
  const { vehicle, odometer, carFlags, milesPerYear, yearsToOwn, mileageDraft } = FlowActor.useSelector((s) => s.context)
  const { control, handleSubmit } = useForm<CarDetailsValues>({
    resolver: zodResolver(carDetailsSchema),
    defaultValues: {
      odometer: mileageDraft?.odometer ?? (odometer ? withThousands(odometer) : ''),
      carFlags: mileageDraft?.carFlags ?? carFlags,
      milesPerYear,
      yearsToOwn,
    },
  })
  const submit = handleSubmit((values) =>
    send({
      type: 'SUBMIT_CAR_DETAILS',
      odometer: odometerToSend(values.odometer),
      milesPerYear: values.milesPerYear,
      yearsToOwn: values.yearsToOwn,
      carFlags: values.carFlags,
    }),
  )
  return (
    <Stack component="form" noValidate spacing={3} onSubmit={(event) => void submit(event)}>
      <VinCheckDigitWarning vehicle={vehicle} />
      <Controller
        name="odometer"
        control={control}
        render={({ field, fieldState }) => (
          <OdometerField
            label={labels.currentMileage}
            required
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={fieldState.error?.message}
            testId="car-details-odometer"
          />
        )}
      />
      <ChoiceSelect
        control={control}
        name="milesPerYear"
        label={labels.milesPerYear}
        options={MILES_PER_YEAR_OPTIONS}
        testId="car-details-miles-per-year"
      />
      <ChoiceSelect
        control={control}
        name="yearsToOwn"
        label={labels.yearsToOwn}
        options={YEARS_TO_OWN_OPTIONS}
        testId="car-details-years-to-own"
      />
      <Controller
        name="carFlags"
        control={control}
        render={({ field }) => <CarFlagsField value={field.value} onChange={field.onChange} onBlur={field.onBlur} />}
      />
      <CtaButton type="submit" busy={busy} data-testid="car-details-submit">
        {screens.car.continueButton}
      </CtaButton>
    </Stack>
  )
}

/** A required choice among `options` (miles per year, years to own), as a select. */
function ChoiceSelect(props: {
  control: Control<CarDetailsValues>
  name: 'milesPerYear' | 'yearsToOwn'
  label: string
  options: ReadonlyArray<{ value: number; label: string }>
  testId: string
}) {
  return (
    <Controller
      name={props.name}
      control={props.control}
      render={({ field, fieldState }) => (
        <TextField
          select
          label={props.label}
          required
          fullWidth
          value={field.value ?? ''}
          onChange={(event) => field.onChange(Number(event.target.value))}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={!!fieldState.error}
          helperText={fieldState.error?.message}
          slotProps={{ htmlInput: { 'data-testid': props.testId } }}
        >
          {props.options.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  )
}
