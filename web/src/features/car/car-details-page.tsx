import { zodResolver } from '@hookform/resolvers/zod'
import MenuItem from '@mui/material/MenuItem'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { Controller, useForm } from 'react-hook-form'
import { CtaButton } from '../../components/cta-button'
import { FlowActor, selectBusy, useFlowSend } from '../../flow/flow-actor'
import { labels } from '../../lib/product'
import { carDetailsSchema, milesPerYearChoice, YEARS_TO_OWN_OPTIONS, type CarDetailsValues } from './car-schemas'
import { odometerDigits, odometerToSend } from './odometer'

const FIELDS = [
  { name: 'odometer', label: labels.currentMileage, testId: 'car-details-odometer' },
  { name: 'milesPerYear', label: labels.milesPerYear, testId: 'car-details-miles-per-year' },
] as const

/**
 * The combined car-details form (/user/car/details): current mileage and miles per year typed, years
 * to own chosen, in one go; submitting creates the member's car and moves on to coverage. Typed miles
 * per year are answered with the choice whose band holds them.
 */
export default function CarDetailsPage() {
  const send = useFlowSend()
  const busy = FlowActor.useSelector(selectBusy)
  const { odometer, milesPerYear, yearsToOwn } = FlowActor.useSelector((s) => s.context)
  const { control, handleSubmit } = useForm<CarDetailsValues>({
    resolver: zodResolver(carDetailsSchema),
    defaultValues: { odometer: odometer ?? '', milesPerYear: String(milesPerYear), yearsToOwn },
  })
  const submit = handleSubmit((values) =>
    send({
      type: 'SUBMIT_CAR_DETAILS',
      odometer: odometerToSend(values.odometer),
      milesPerYear: milesPerYearChoice(Number(odometerDigits(values.milesPerYear))),
      yearsToOwn: values.yearsToOwn,
    }),
  )
  return (
    <Stack component="form" noValidate spacing={3} onSubmit={(event) => void submit(event)}>
      {FIELDS.map((input) => (
        <Controller
          key={input.name}
          name={input.name}
          control={control}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              label={input.label}
              required
              fullWidth
              inputMode="numeric"
              error={!!fieldState.error}
              helperText={fieldState.error?.message}
              slotProps={{ htmlInput: { 'data-testid': input.testId } }}
            />
          )}
        />
      ))}
      <Controller
        name="yearsToOwn"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            select
            label={labels.yearsToOwn}
            required
            fullWidth
            value={field.value ?? ''}
            onChange={(event) => field.onChange(Number(event.target.value))}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={!!fieldState.error}
            helperText={fieldState.error?.message}
            slotProps={{ htmlInput: { 'data-testid': 'car-details-years-to-own' } }}
          >
            {YEARS_TO_OWN_OPTIONS.map((option) => (
              <MenuItem key={option.value} value={option.value}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <CtaButton type="submit" busy={busy} data-testid="car-details-submit">
        Continue
      </CtaButton>
    </Stack>
  )
}
