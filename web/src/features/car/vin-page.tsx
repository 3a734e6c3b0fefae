import { zodResolver } from '@hookform/resolvers/zod'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { useForm } from 'react-hook-form'
import { CtaButton } from '../../components/cta-button'
import { FlowActor, selectBusy, useFlowSend } from '../../flow/flow-actor'
import { VIN_LENGTH, VIN_TOO_LONG, vinSchema, type VinValues } from './car-schemas'

/** VIN page: 17 characters, decoded by the API; 'Vehicle not found' comes back from the flow. */
export default function VinPage() {
  const send = useFlowSend()
  const busy = FlowActor.useSelector(selectBusy)
  const vinError = FlowActor.useSelector((s) => s.context.vinError)
  const initialVin = FlowActor.useSelector((s) => s.context.vehicle?.vin ?? '')
  const { register, handleSubmit, formState, setError, clearErrors } = useForm<VinValues>({
    resolver: zodResolver(vinSchema),
    // Focusing the field clears its errors (spec), so the submit must not focus it.
    shouldFocusError: false,
    defaultValues: { vin: initialVin },
  })
  const vin = register('vin', {
    onChange: (event: { target: { value: string } }) => {
      if (event.target.value.trim().length > VIN_LENGTH) setError('vin', { type: 'max', message: VIN_TOO_LONG })
      else if (formState.errors.vin?.type === 'max') clearErrors('vin')
    },
  })
  const message = formState.errors.vin?.message ?? vinError
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={handleSubmit((values) => send({ type: 'SUBMIT_VIN', vin: values.vin }))}
    >
      <TextField
        {...vin}
        inputRef={vin.ref}
        label="VIN"
        fullWidth
        autoComplete="off"
        onFocus={() => {
          clearErrors('vin')
          if (vinError) send({ type: 'VIN_FOCUSED' })
        }}
        error={!!message}
        helperText={message}
        slotProps={{ htmlInput: { 'data-testid': 'vin-input', style: { textTransform: 'uppercase' } } }}
      />
      <CtaButton type="submit" busy={busy} data-testid="vin-submit">
        Continue
      </CtaButton>
    </Stack>
  )
}
