import { zodResolver } from '@hookform/resolvers/zod'
import Box from '@mui/material/Box'
import Checkbox from '@mui/material/Checkbox'
import FormControl from '@mui/material/FormControl'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormHelperText from '@mui/material/FormHelperText'
import FormLabel from '@mui/material/FormLabel'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { Controller, useForm } from 'react-hook-form'
import { NumericFormat } from 'react-number-format'
import { CtaButton } from '../../components/cta-button'
import { FlowActor, selectBusy, useFlowSend } from '../../flow/flow-actor'
import { withThousands } from '../../lib/format'
import { labels, titles } from '../../lib/product'
import { CAR_FLAG_OPTIONS, mileageSchema, type MileageValues } from './car-schemas'
import { odometerToSend } from './odometer'

/** Mileage page: the current odometer (thousands separators while typing) and the optional car flags; submitting creates a temporary car. */
export default function MileagePage() {
  const send = useFlowSend()
  const odometer = FlowActor.useSelector((s) => s.context.odometer)
  const carFlags = FlowActor.useSelector((s) => s.context.carFlags)
  const busy = FlowActor.useSelector(selectBusy)
  const { control, handleSubmit } = useForm<MileageValues>({
    resolver: zodResolver(mileageSchema),
    defaultValues: { odometer: odometer ? withThousands(odometer) : '', carFlags },
  })
  return (
    <Stack
      component="form"
      noValidate
      spacing={3}
      onSubmit={(event) =>
        void handleSubmit((values) =>
          send({ type: 'SUBMIT_MILEAGE', odometer: odometerToSend(values.odometer), carFlags: values.carFlags }),
        )(event)
      }
    >
      <Controller
        name="odometer"
        control={control}
        render={({ field, fieldState }) => (
          <NumericFormat
            customInput={TextField}
            label={titles.mileage}
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
            helperText={fieldState.error?.message ?? 'As shown on your odometer today.'}
            slotProps={{ htmlInput: { 'data-testid': 'mileage-input' } }}
          />
        )}
      />
      <FormControl component="fieldset" variant="standard">
        <FormLabel
          component="legend"
          sx={{ color: 'text.primary', '&.Mui-focused': { color: 'text.primary' }, fontWeight: 500, mb: 0.5 }}
        >
          Does any of this apply to your vehicle?
        </FormLabel>
        <FormHelperText sx={{ mt: 0, mb: 1 }}>Optional. Tick all that apply.</FormHelperText>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
            columnGap: 2,
            border: 1,
            borderColor: 'divider',
            borderRadius: 2,
            px: 2,
            py: 1,
          }}
        >
          {CAR_FLAG_OPTIONS.map((flag) => (
            <Controller
              key={flag.key}
              name={`carFlags.${flag.key}`}
              control={control}
              render={({ field }) => (
                <FormControlLabel
                  label={flag.label}
                  control={
                    <Checkbox
                      checked={field.value}
                      onChange={(event) => field.onChange(event.target.checked)}
                      onBlur={field.onBlur}
                      slotProps={{ input: { 'data-testid': `car-flag-${flag.key}` } as object }}
                    />
                  }
                />
              )}
            />
          ))}
        </Box>
      </FormControl>
      <CtaButton type="submit" busy={busy} data-testid="mileage-submit">
        Continue
      </CtaButton>
      <Link
        component="button"
        type="button"
        onClick={() => send({ type: 'CHOOSE_CAR_DETAILS' })}
        data-testid="car-details-link"
        sx={{ alignSelf: 'center' }}
      >
        {labels.allCarDetails}
      </Link>
    </Stack>
  )
}
