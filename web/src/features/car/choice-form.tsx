import FormControl from '@mui/material/FormControl'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormHelperText from '@mui/material/FormHelperText'
import FormLabel from '@mui/material/FormLabel'
import Radio from '@mui/material/Radio'
import RadioGroup from '@mui/material/RadioGroup'
import Stack from '@mui/material/Stack'
import type { ReactNode } from 'react'
import { CtaButton } from '../../components/cta-button'
import { screens } from '../../lib/product'

/** A radio list of numeric choices with a Continue button (miles per year, years to own). */
export function ChoiceForm(props: {
  name: string
  label: string
  options: ReadonlyArray<{ value: number; label: string }>
  value: number | undefined
  error?: string
  onChange: (value: number) => void
  onSubmit: () => void
  busy?: boolean
  testId: string
  footer?: ReactNode
}) {
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={(event) => {
        event.preventDefault()
        props.onSubmit()
      }}
    >
      <FormControl error={!!props.error}>
        <FormLabel id={`${props.name}-label`}>{props.label}</FormLabel>
        <RadioGroup
          aria-labelledby={`${props.name}-label`}
          name={props.name}
          value={props.value === undefined ? '' : String(props.value)}
          onChange={(event) => props.onChange(Number(event.target.value))}
        >
          {props.options.map((option) => (
            <FormControlLabel
              key={option.value}
              value={String(option.value)}
              control={<Radio slotProps={{ input: { 'data-testid': `${props.testId}-${option.value}` } as object }} />}
              label={option.label}
            />
          ))}
        </RadioGroup>
        {props.error && <FormHelperText>{props.error}</FormHelperText>}
      </FormControl>
      {props.footer}
      <CtaButton type="submit" busy={props.busy} data-testid={`${props.testId}-submit`}>
        {screens.car.continueButton}
      </CtaButton>
    </Stack>
  )
}
