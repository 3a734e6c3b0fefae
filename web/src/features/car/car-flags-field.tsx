import Box from '@mui/material/Box'
import Checkbox from '@mui/material/Checkbox'
import FormControl from '@mui/material/FormControl'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormHelperText from '@mui/material/FormHelperText'
import FormLabel from '@mui/material/FormLabel'
import type { CarFlags } from '../../api/types'
import { screens } from '../../lib/product'
import { CAR_FLAG_OPTIONS } from './car-schemas'

/** The optional car flags (options.carFlags), on the mileage page and the combined car-details form. */
export function CarFlagsField(props: { value: CarFlags; onChange: (flags: CarFlags) => void; onBlur: () => void }) {
  return (
    <FormControl component="fieldset" variant="standard">
      <FormLabel
        component="legend"
        sx={{ color: 'text.primary', '&.Mui-focused': { color: 'text.primary' }, fontWeight: 500, mb: 0.5 }}
      >
        {screens.car.carFlagsQuestion}
      </FormLabel>
      <FormHelperText sx={{ mt: 0, mb: 1 }}>{screens.car.carFlagsHint}</FormHelperText>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          columnGap: 2,
          border: 1,
          borderColor: 'divider',
          borderRadius: 2,
          px: 2,
          py: 1,
        }}
      >
        {CAR_FLAG_OPTIONS.map((flag) => (
          <FormControlLabel
            key={flag.key}
            label={flag.label}
            control={
              <Checkbox
                checked={props.value[flag.key]}
                onChange={(event) => props.onChange({ ...props.value, [flag.key]: event.target.checked })}
                onBlur={props.onBlur}
                slotProps={{ input: { 'data-testid': `car-flag-${flag.key}` } as object }}
              />
            }
          />
        ))}
      </Box>
    </FormControl>
  )
}
