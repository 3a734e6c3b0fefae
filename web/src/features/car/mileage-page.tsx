import { zodResolver } from '@hookform/resolvers/zod'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { Controller, useForm } from 'react-hook-form'
import { NumericFormat } from 'react-number-format'
import { CtaButton } from '../../components/cta-button'
import { FlowActor, useFlowSend } from '../../flow/flow-actor'
import { withThousands } from '../../lib/format'
import { digitsOnly } from '../../lib/validation-rules'
import { mileageSchema, type MileageValues } from './car-schemas'

/** Mileage page: the current odometer, shown with thousands separators while typing. */
export default function MileagePage() {
  const send = useFlowSend()
  const odometer = FlowActor.useSelector((s) => s.context.odometer)
  const { control, handleSubmit } = useForm<MileageValues>({
    resolver: zodResolver(mileageSchema),
    defaultValues: { odometer: odometer ? withThousands(odometer) : '' },
  })
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={handleSubmit((values) => send({ type: 'SUBMIT_MILEAGE', odometer: digitsOnly(values.odometer) }))}
    >
      <Controller
        name="odometer"
        control={control}
        render={({ field, fieldState }) => (
          <NumericFormat
            customInput={TextField}
            label="Current mileage"
            fullWidth
            inputMode="numeric"
            thousandSeparator=","
            decimalScale={0}
            allowNegative={false}
            value={field.value}
            name={field.name}
            onBlur={field.onBlur}
            inputRef={field.ref}
            onValueChange={(v) => field.onChange(v.formattedValue)}
            error={!!fieldState.error}
            helperText={fieldState.error?.message}
            slotProps={{ htmlInput: { 'data-testid': 'mileage-input' } }}
          />
        )}
      />
      <CtaButton type="submit" data-testid="mileage-submit">
        Continue
      </CtaButton>
    </Stack>
  )
}
