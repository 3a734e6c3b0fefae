import { zodResolver } from '@hookform/resolvers/zod'
import Alert from '@mui/material/Alert'
import Divider from '@mui/material/Divider'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { useEffect, useState, type ReactNode } from 'react'
import { Controller, useForm, useWatch } from 'react-hook-form'
import type { Session } from '../api/client'
import type { DecodedVehicle } from '../api/types'
import { fill, messages, screens } from '../lib/product'
import { VIN_LENGTH, vinFormSchema, vinTypingError, type VinValues } from '../lib/vin-rules'
import { CtaButton } from './cta-button'
import { CheckCircleIcon } from './icons'
import { VehicleStyleField } from './vehicle-style-field'
import { VinCheckDigitWarning } from './vin-check-digit-warning'
import { VinPhoto } from './vin-photo'

/** Under a VIN read from a photo whose one unclear character the reader corrected. */
export const VIN_REPAIRED_NOTE = screens.components.vinRepairedNote
const VIN_HINT = fill(screens.components.vinHint, { length: String(VIN_LENGTH) })

/**
 * The VIN entry shared by the VIN page and the real-VIN prompt: the field with the spec's rules
 * (fieldErrors.vinTooLong while typing, fieldErrors.vinTooShort on submit, errors cleared on focus), the photo option, and Continue. The member always presses Continue:
 * a VIN read from a photo only fills the field. While the field holds a decoded VIN that fits several
 * styles, the form asks for one of them too (required), with the check-digit warning when it applies;
 * another VIN hides the choice and is decoded anew.
 */
export function VinForm(props: {
  /** 'vin' on the VIN page: test ids vin-input, vin-submit, vin-photo-… */
  testIdPrefix: string
  initialVin: string
  /** fieldErrors.vehicleNotFound from the flow. */
  serverError: string | null
  /** The decoded VIN that fits several styles, waiting for the member's choice (the flow's vehicleAwaitingStyle). */
  vehicleAwaitingStyle?: DecodedVehicle | null
  /** The flow's fieldErrors.chooseStyle when the car was refused for its style; shown until a style is picked. */
  styleError?: string | null
  busy: boolean
  session: Session | null
  /** Focusing the field: the flow clears its fieldErrors.vehicleNotFound. */
  onFocus: () => void
  /** The VIN typed; with the style chosen when it is the VIN waiting for one. */
  onSubmit: (vin: string, style?: string) => void
  /** Shown before Continue (e.g. Cancel in a dialog). */
  secondaryAction?: ReactNode
  autoFocus?: boolean
}) {
  const awaiting = props.vehicleAwaitingStyle ?? null
  const { register, handleSubmit, formState, setError, clearErrors, setValue, setFocus, control } = useForm<VinValues>({
    resolver: zodResolver(vinFormSchema(awaiting?.vin ?? null)),
    // Focusing the field clears its errors (spec), so the submit must not focus it.
    shouldFocusError: false,
    defaultValues: { vin: props.initialVin, style: '' },
  })
  const [vinFromPhoto, setVinFromPhoto] = useState<string | null>(null)
  const [repaired, setRepaired] = useState(false)
  const vin = register('vin', {
    onChange: (event: { target: { value: string } }) => {
      const typing = vinTypingError(event.target.value)
      if (typing) setError('vin', { type: 'max', message: typing })
      else if (formState.errors.vin?.type === 'max') clearErrors('vin')
    },
  })
  const value = useWatch({ control, name: 'vin' }) ?? ''
  const style = useWatch({ control, name: 'style' })
  const showsPhotoNote = vinFromPhoto !== null && value.trim().toUpperCase() === vinFromPhoto
  const message = formState.errors.vin?.message ?? props.serverError
  // The choice belongs to the decoded VIN: the field holding another one hides it.
  const choosing = awaiting !== null && value.trim().toUpperCase() === awaiting.vin
  const awaitingVin = awaiting?.vin ?? null
  // A VIN that fits several styles was decoded: the choice is what the member answers next.
  useEffect(() => {
    if (awaitingVin !== null) setFocus('style')
  }, [awaitingVin, setFocus])
  const id = props.testIdPrefix
  return (
    <Stack
      component="form"
      noValidate
      spacing={2.5}
      onSubmit={(event) =>
        void handleSubmit((values) => {
          if (values.vin === awaitingVin) return props.onSubmit(values.vin, values.style)
          // Another VIN starts over: its styles, if it has several, are chosen afresh.
          setValue('style', '')
          props.onSubmit(values.vin)
        })(event)
      }
    >
      <Stack spacing={1.5}>
        <TextField
          {...vin}
          inputRef={vin.ref}
          label="VIN"
          fullWidth
          autoComplete="off"
          autoFocus={props.autoFocus}
          onFocus={() => {
            clearErrors('vin')
            if (props.serverError) props.onFocus()
          }}
          error={!!message}
          helperText={message ?? VIN_HINT}
          slotProps={{
            // A VIN read from a photo is set without typing: keep the label out of its way.
            inputLabel: value ? { shrink: true } : undefined,
            htmlInput: {
              'data-testid': `${id}-input`,
              autoCapitalize: 'characters',
              spellCheck: false,
              style: { textTransform: 'uppercase', letterSpacing: '0.08em', fontFamily: 'ui-monospace, monospace' },
              'aria-describedby': showsPhotoNote ? `${id}-photo-note` : undefined,
            },
          }}
        />
        {showsPhotoNote && (
          <Alert
            severity={repaired ? 'warning' : 'success'}
            icon={repaired ? undefined : <CheckCircleIcon fontSize="inherit" />}
            id={`${id}-photo-note`}
            data-testid={`${id}-photo-note`}
          >
            {repaired ? VIN_REPAIRED_NOTE : messages.vinFromPhoto}
          </Alert>
        )}
      </Stack>
      {choosing && (
        <Stack spacing={1.5} data-testid={`${id}-style-choice`}>
          <VinCheckDigitWarning vehicle={awaiting} />
          <Controller
            name="style"
            control={control}
            render={({ field, fieldState }) => (
              <VehicleStyleField
                vehicle={awaiting}
                idPrefix={id}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={fieldState.error?.message ?? (style === '' ? (props.styleError ?? undefined) : undefined)}
              />
            )}
          />
        </Stack>
      )}
      <Divider sx={{ color: 'text.secondary', typography: 'body2' }}>{screens.components.orDivider}</Divider>
      <VinPhoto
        session={props.session}
        testIdPrefix={id}
        disabled={props.busy}
        onVinRead={(read, repaired) => {
          const upper = read.trim().toUpperCase().slice(0, VIN_LENGTH)
          setValue('vin', upper, { shouldDirty: true })
          setVinFromPhoto(upper)
          setRepaired(repaired)
          setFocus('vin') // clears any error, like a member focusing the field
        }}
      />
      <Stack direction="row" spacing={1.5} sx={{ pt: 1 }}>
        {props.secondaryAction}
        <CtaButton type="submit" busy={props.busy} data-testid={`${id}-submit`}>
          {screens.components.continueButton}
        </CtaButton>
      </Stack>
    </Stack>
  )
}
