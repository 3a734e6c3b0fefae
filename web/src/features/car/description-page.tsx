import { zodResolver } from '@hookform/resolvers/zod'
import Alert from '@mui/material/Alert'
import Autocomplete from '@mui/material/Autocomplete'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { Controller, useForm } from 'react-hook-form'
import { CtaButton } from '../../components/cta-button'
import { MessageDialog } from '../../components/message-dialog'
import { DESCRIPTION_FIELDS, LIST_OF_FIELD, listToLoad, type DescriptionField } from '../../flow/description'
import { FlowActor, useFlowSend, type FlowSnapshot } from '../../flow/flow-actor'
import { labels, messages, screens } from '../../lib/product'
import { descriptionSchema, type DescriptionValues } from './car-schemas'

export const NOT_FOUND_MESSAGE = [messages.vehicleLookupFailed, messages.tryAgainQuestion]

const LABELS: Record<DescriptionField, string> = {
  year: screens.car.yearLabel,
  make: screens.car.makeLabel,
  model: screens.car.modelLabel,
  style: labels.vehicleStyle,
}

const selectLoadingList = (s: FlowSnapshot) =>
  s.matches({ descriptionLookup: 'loadingList' }) ? listToLoad(s.context.description, s.context.descriptionLists) : null

/**
 * Description page: year -> make -> model -> style. The flow owns the choices and lists (choosing a
 * field clears every later one and loads the next list); the form only validates them.
 */
export default function DescriptionPage() {
  const send = useFlowSend()
  const description = FlowActor.useSelector((s) => s.context.description)
  const lists = FlowActor.useSelector((s) => s.context.descriptionLists)
  const loadingList = FlowActor.useSelector(selectLoadingList)
  const finding = FlowActor.useSelector((s) => s.matches({ descriptionLookup: 'findingVin' }))
  const notFound = FlowActor.useSelector((s) => s.matches({ descriptionLookup: 'notFound' }))
  const lookupError = FlowActor.useSelector((s) => s.context.descriptionError)
  const listFailed = FlowActor.useSelector((s) => s.matches({ descriptionLookup: 'listFailed' }))
  const { control, handleSubmit, clearErrors } = useForm<DescriptionValues>({
    resolver: zodResolver(descriptionSchema),
    values: description,
    resetOptions: { keepErrors: true },
  })

  function choose(field: DescriptionField, value: string) {
    // The chosen field and every later one start afresh.
    clearErrors(DESCRIPTION_FIELDS.slice(DESCRIPTION_FIELDS.indexOf(field)))
    send({ type: 'CHOOSE_DESCRIPTION_FIELD', field, value })
  }

  return (
    <Stack
      component="form"
      noValidate
      spacing={2.5}
      onSubmit={(event) => void handleSubmit(() => send({ type: 'SUBMIT_DESCRIPTION' }))(event)}
    >
      <Alert severity="info" variant="outlined">
        {screens.car.describedPricesNote}
      </Alert>
      {DESCRIPTION_FIELDS.map((field, index) => {
        const list = LIST_OF_FIELD[field]
        const previousChosen = DESCRIPTION_FIELDS.slice(0, index).every((earlier) => description[earlier] !== '')
        const loading = loadingList === list
        return (
          <Controller
            key={field}
            name={field}
            control={control}
            render={({ field: formField, fieldState }) => (
              <Autocomplete
                options={lists[list] ?? []}
                value={description[field] || null}
                onChange={(_, value) => choose(field, value ?? '')}
                onBlur={formField.onBlur}
                disabled={!previousChosen || finding}
                loading={loading}
                loadingText={screens.car.loading}
                noOptionsText={lists[list] === null ? screens.car.loading : messages.noOptions}
                autoHighlight
                openOnFocus
                fullWidth
                data-testid={`description-${field}`}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label={LABELS[field]}
                    required
                    inputRef={formField.ref}
                    error={!!fieldState.error}
                    helperText={fieldState.error?.message}
                    slotProps={{
                      ...params.slotProps,
                      htmlInput: { ...params.slotProps.htmlInput, 'data-testid': `description-${field}-input` },
                    }}
                  />
                )}
              />
            )}
          />
        )
      })}
      {lookupError && (
        <Alert
          severity="error"
          role="alert"
          data-testid="description-lookup-error"
          action={
            listFailed && (
              <Button color="inherit" size="small" onClick={() => send({ type: 'RETRY_DESCRIPTION_LIST' })}>
                {labels.tryAgain}
              </Button>
            )
          }
        >
          {lookupError}
        </Alert>
      )}
      <CtaButton type="submit" busy={finding} data-testid="description-submit">
        {screens.car.continueButton}
      </CtaButton>
      <MessageDialog
        open={notFound}
        testId="vehicle-not-found-dialog"
        title={messages.vehicleLookupTitle}
        message={NOT_FOUND_MESSAGE}
        actions={[
          { label: screens.car.noButton, onClick: () => send({ type: 'GIVE_UP_DESCRIPTION' }), testId: 'not-found-no' },
          {
            label: screens.car.yesButton,
            onClick: () => send({ type: 'RETRY_DESCRIPTION' }),
            testId: 'not-found-yes',
            primary: true,
          },
        ]}
      />
    </Stack>
  )
}
