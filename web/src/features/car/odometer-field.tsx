import TextField from '@mui/material/TextField'
import type { Ref } from 'react'
import { NumericFormat } from 'react-number-format'
import { screens } from '../../lib/product'

/**
 * The odometer field of the mileage page and the combined car-details form: digits only, with
 * thousands separators while typing ('45,000'); the form's schema checks the rest.
 */
export function OdometerField(props: {
  label: string
  name: string
  value: string
  onChange: (typed: string) => void
  onBlur: () => void
  inputRef: Ref<HTMLInputElement>
  error?: string
  required?: boolean
  testId: string
}) {
  return (
    <NumericFormat
      customInput={TextField}
      label={props.label}
      required={props.required}
      fullWidth
      inputMode="numeric"
      thousandSeparator=","
      decimalScale={0}
      allowNegative={false}
      value={props.value}
      name={props.name}
      onBlur={props.onBlur}
      inputRef={props.inputRef}
      onValueChange={(v) => props.onChange(v.formattedValue)}
      error={!!props.error}
      helperText={props.error ?? screens.car.odometerHint}
      slotProps={{ htmlInput: { 'data-testid': props.testId } }}
    />
  )
}
