import { zodResolver } from '@hookform/resolvers/zod'
import { Controller, useForm } from 'react-hook-form'
import { FlowActor, selectBusy, useFlowSend } from '../../flow/flow-actor'
import { labels } from '../../lib/product'
import { YEARS_TO_OWN_OPTIONS, yearsToOwnSchema, type YearsToOwnValues } from './car-schemas'
import { ChoiceForm } from './choice-form'

/** The years-to-own choice (options.defaultYearsToOwn first); submitting creates the car and moves on to coverage. */
export default function YearsToOwnPage() {
  const send = useFlowSend()
  const busy = FlowActor.useSelector(selectBusy)
  const yearsToOwn = FlowActor.useSelector((s) => s.context.yearsToOwn)
  const { control, handleSubmit } = useForm<YearsToOwnValues>({
    resolver: zodResolver(yearsToOwnSchema),
    defaultValues: { yearsToOwn },
  })
  const submit = handleSubmit((values) => send({ type: 'SUBMIT_YEARS_TO_OWN', yearsToOwn: values.yearsToOwn }))
  return (
    <Controller
      name="yearsToOwn"
      control={control}
      render={({ field, fieldState }) => (
        <ChoiceForm
          name="yearsToOwn"
          label={labels.yearsToOwn}
          options={YEARS_TO_OWN_OPTIONS}
          value={field.value}
          error={fieldState.error?.message}
          onChange={field.onChange}
          onSubmit={() => void submit()}
          busy={busy}
          testId="years-to-own"
        />
      )}
    />
  )
}
