import FormControl from '@mui/material/FormControl'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormHelperText from '@mui/material/FormHelperText'
import FormLabel from '@mui/material/FormLabel'
import Radio from '@mui/material/Radio'
import RadioGroup from '@mui/material/RadioGroup'
import Typography from '@mui/material/Typography'
import type { Ref } from 'react'
import type { DecodedVehicle } from '../api/types'
import { fill, labels, messages } from '../lib/product'
import { vehicleName } from '../lib/vehicle-name'

/**
 * The required choice of style for a VIN that fits several (labels.vehicleStyle): its vehicle named
 * in messages.chooseStyleHelp, then one radio button per candidate style.
 */
export function VehicleStyleField(props: {
  /** The decoded vehicle waiting for its style (its styleChoices). */
  vehicle: DecodedVehicle
  /** 'vin' on the VIN page: ids vin-style, vin-style-help, test ids vin-style-{choice}. */
  idPrefix: string
  value: string
  onChange: (style: string) => void
  onBlur: () => void
  inputRef: Ref<HTMLInputElement>
  error?: string
}) {
  const id = `${props.idPrefix}-style`
  return (
    <FormControl error={!!props.error} required>
      <Typography id={`${id}-help`} variant="body2" sx={{ mb: 1 }}>
        {fill(messages.chooseStyleHelp, { vehicle: vehicleName(props.vehicle) })}
      </Typography>
      <FormLabel id={`${id}-label`}>{labels.vehicleStyle}</FormLabel>
      <RadioGroup
        aria-labelledby={`${id}-label`}
        aria-describedby={props.error ? `${id}-help ${id}-error` : `${id}-help`}
        name={id}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        onBlur={props.onBlur}
      >
        {(props.vehicle.styleChoices ?? []).map((style, index) => (
          <FormControlLabel
            key={style}
            value={style}
            control={
              <Radio
                slotProps={{
                  input: { ref: index === 0 ? props.inputRef : undefined, 'data-testid': `${id}-${style}` } as object,
                }}
              />
            }
            label={style}
          />
        ))}
      </RadioGroup>
      {props.error && (
        <FormHelperText id={`${id}-error`} sx={{ mx: 0 }} data-testid={`${id}-error`}>
          {props.error}
        </FormHelperText>
      )}
    </FormControl>
  )
}
