import { zodResolver } from '@hookform/resolvers/zod'
import { Controller, useForm } from 'react-hook-form'
import { FlowActor, useFlowSend } from '../../flow/flow-actor'
import { MILES_PER_YEAR_OPTIONS, milesPerYearSchema, type MilesPerYearValues } from './car-schemas'
import { ChoiceForm } from './choice-form'

/** Miles per year: default 15,000. */
export default function MilesPerYearPage() {
  const send = useFlowSend()
  const milesPerYear = FlowActor.useSelector((s) => s.context.milesPerYear)
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
          label="Miles per year"
          options={MILES_PER_YEAR_OPTIONS}
          value={field.value}
          error={fieldState.error?.message}
          onChange={field.onChange}
          onSubmit={() => void submit()}
          testId="miles-per-year"
        />
      )}
    />
  )
}
