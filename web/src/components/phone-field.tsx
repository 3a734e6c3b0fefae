import TextField from '@mui/material/TextField'
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form'
import { PatternFormat } from 'react-number-format'
import { screens } from '../lib/product'

/** The phone input, masked (###) ###-####, bound to a react-hook-form field holding the formatted text. */
export function PhoneField<T extends FieldValues>(props: { control: Control<T>; name: Path<T>; testId: string }) {
  return (
    <Controller
      name={props.name}
      control={props.control}
      render={({ field, fieldState }) => (
        <PatternFormat
          customInput={TextField}
          format="(###) ###-####"
          mask="_"
          label={screens.components.phoneNumberLabel}
          type="tel"
          autoComplete="tel-national"
          fullWidth
          value={field.value}
          name={field.name}
          onBlur={field.onBlur}
          inputRef={field.ref}
          onValueChange={(v) => field.onChange(v.formattedValue)}
          error={!!fieldState.error}
          helperText={fieldState.error?.message}
          slotProps={{ htmlInput: { 'data-testid': props.testId } }}
        />
      )}
    />
  )
}
