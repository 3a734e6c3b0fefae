import { zodResolver } from '@hookform/resolvers/zod'
import { Controller, useForm } from 'react-hook-form'
import { FlowActor, selectBusy, useFlowSend } from '../../flow/flow-actor'
import { labels } from '../../lib/product'
import { MILES_PER_YEAR_OPTIONS, milesPerYearSchema, type MilesPerYearValues } from './car-schemas'
import { ChoiceForm } from './choice-form'

/** The miles-per-year choice: options.defaultMilesPerYear until the member picks another; submitting creates a temporary car. */
export default function MilesPerYearPage() {
  const send = useFlowSend()
  const milesPerYear = FlowActor.useSelector((s) => s.context.milesPerYear)
  const busy = FlowActor.useSelector(selectBusy)
  const { control, handleSubmit } = useForm<MilesPerYearValues>({
    resolver: zodResolver(milesPerYearSchema),
    defaultValues: { milesPerYear },
  })
  const submit = handleSubmit((values) => send({ type: 'SUBMIT_MILES_PER_YEAR', milesPerYear: values.milesPerYear }))
  return (
    <Controller
      name="milesPerYear"
      control={control}
      render={({ field, fieldState }) => (
        <ChoiceForm
          name="milesPerYear"
          label={labels.milesPerYear}
          options={MILES_PER_YEAR_OPTIONS}
          value={field.value}
          error={fieldState.error?.message}
          onChange={field.onChange}
          onSubmit={() => void submit()}
          busy={busy}
          testId="miles-per-year"
        />
      )}
    />
  )
}
