import { zodResolver } from '@hookform/resolvers/zod'
import { Controller, useForm } from 'react-hook-form'
import { FlowActor, selectBusy, useFlowSend } from '../../flow/flow-actor'
import { YEARS_TO_OWN_OPTIONS, yearsToOwnSchema, type YearsToOwnValues } from './car-schemas'
import { ChoiceForm } from './choice-form'

/** Years to own: default 6; submitting creates the car and moves on to coverage. */
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
          label="Years to own"
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
