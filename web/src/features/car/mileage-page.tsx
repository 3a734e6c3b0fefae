import { zodResolver } from '@hookform/resolvers/zod'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import { Controller, useForm } from 'react-hook-form'
import { CtaButton } from '../../components/cta-button'
import { VinCheckDigitWarning } from '../../components/vin-check-digit-warning'
import { FlowActor, selectBusy, useFlowSend } from '../../flow/flow-actor'
import { withThousands } from '../../lib/format'
import { labels, screens, titles } from '../../lib/product'
import { CarFlagsField } from './car-flags-field'
import { mileageSchema, type MileageValues } from './car-schemas'
import { OdometerField } from './odometer-field'
import { odometerToSend } from './odometer'

/**
 * Mileage page: the current odometer (thousands separators while typing) and the optional car flags;
 * submitting creates a temporary car. A VIN whose check digit is wrong is warned about here (softly). Its link to the combined form takes what was typed and ticked
 * along (mileageDraft), and so it starts from there when the member comes back.
 */
export default function MileagePage() {
  const send = useFlowSend()
  const odometer = FlowActor.useSelector((s) => s.context.odometer)
  const carFlags = FlowActor.useSelector((s) => s.context.carFlags)
  const draft = FlowActor.useSelector((s) => s.context.mileageDraft)
  const vehicle = FlowActor.useSelector((s) => s.context.vehicle)
  const busy = FlowActor.useSelector(selectBusy)
  const { control, handleSubmit, getValues } = useForm<MileageValues>({
    resolver: zodResolver(mileageSchema),
    defaultValues: draft ?? { odometer: odometer ? withThousands(odometer) : '', carFlags },
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
      <VinCheckDigitWarning vehicle={vehicle} />
      <Controller
        name="odometer"
        control={control}
        render={({ field, fieldState }) => (
          <OdometerField
            label={titles.mileage}
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={fieldState.error?.message}
            testId="mileage-input"
          />
        )}
      />
      <Controller
        name="carFlags"
        control={control}
        render={({ field }) => <CarFlagsField value={field.value} onChange={field.onChange} onBlur={field.onBlur} />}
      />
      <CtaButton type="submit" busy={busy} data-testid="mileage-submit">
        {screens.car.continueButton}
      </CtaButton>
      <Link
        component="button"
        type="button"
        onClick={() => send({ type: 'CHOOSE_CAR_DETAILS', odometer: getValues('odometer'), carFlags: getValues('carFlags') })}
        data-testid="car-details-link"
        sx={{ alignSelf: 'center' }}
      >
        {labels.allCarDetails}
      </Link>
    </Stack>
  )
}
