import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import LinearProgress from '@mui/material/LinearProgress'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useId, useRef } from 'react'
import type { Session } from '../api/client'
import { fill, labels, screens } from '../lib/product'
import { PhotoCameraIcon } from './icons'
import { vinPhotoMachine } from './vin-photo-machine'
import { VISUALLY_HIDDEN } from './visually-hidden'

/**
 * labels.takeVinPhoto: opens the camera (or a file picker on desktop), uploads the photo with
 * a progress bar, then shows screens.components.readingVin until the API returns the VIN, which goes to
 * `onVinRead`. Each step's error shows under the button.
 */
export function VinPhoto(props: {
  session: Session | null
  /** `repaired`: the reader corrected one unclear character, so the member should check harder. */
  onVinRead: (vin: string, repaired: boolean) => void
  testIdPrefix: string
  disabled?: boolean
}) {
  const actor = useActorRef(vinPhotoMachine, { input: { session: props.session } })
  const state = useSelector(actor, (s) => s.value)
  const progress = useSelector(actor, (s) => s.context.progress)
  const error = useSelector(actor, (s) => s.context.error)
  const inputRef = useRef<HTMLInputElement>(null)
  const onVinRead = useRef(props.onVinRead)
  const statusId = useId()

  useEffect(() => {
    onVinRead.current = props.onVinRead
  })
  useEffect(() => {
    const subscription = actor.on('vinRead', (event) => onVinRead.current(event.vin, event.repaired))
    return () => subscription.unsubscribe()
  }, [actor])

  const busy = state === 'requestingDrop' || state === 'uploading' || state === 'reading'
  const testId = `${props.testIdPrefix}-photo`
  return (
    <Stack spacing={1.5}>
      <Box
        component="input"
        type="file"
        accept="image/*"
        capture="environment"
        tabIndex={-1}
        aria-hidden="true"
        ref={inputRef}
        sx={VISUALLY_HIDDEN}
        data-testid={`${testId}-input`}
        onChange={(event: React.ChangeEvent<HTMLInputElement>) => {
          const file = event.target.files?.[0]
          event.target.value = '' // the same photo can be picked again
          if (file) actor.send({ type: 'PICK', file })
        }}
      />
      <Button
        variant="outlined"
        size="large"
        fullWidth
        startIcon={<PhotoCameraIcon />}
        disabled={busy || props.disabled}
        aria-describedby={statusId}
        onClick={() => inputRef.current?.click()}
        data-testid={`${testId}-button`}
        sx={{ py: 1.25 }}
      >
        {labels.takeVinPhoto}
      </Button>
      <Box id={statusId} aria-live="polite">
        {(state === 'requestingDrop' || state === 'uploading') && (
          <Stack spacing={0.75} data-testid={`${testId}-uploading`}>
            <Typography variant="body2" color="text.secondary">
              {fill(screens.components.photoUploading, { progress: String(progress) })}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={progress}
              aria-label={screens.components.photoUploadLabel}
              data-testid={`${testId}-progress`}
            />
          </Stack>
        )}
        {state === 'reading' && (
          <Stack spacing={0.75} data-testid={`${testId}-reading`}>
            <Typography variant="body2" color="text.secondary">
              {screens.components.readingVin}
            </Typography>
            <LinearProgress aria-label={screens.components.readingVinLabel} />
          </Stack>
        )}
        {state === 'failed' && error && (
          <Alert severity="error" data-testid={`${testId}-error`}>
            {error}
          </Alert>
        )}
      </Box>
    </Stack>
  )
}
