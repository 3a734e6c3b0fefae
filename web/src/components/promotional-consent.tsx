import Checkbox from '@mui/material/Checkbox'
import FormControlLabel from '@mui/material/FormControlLabel'
import { fill, screens } from '../lib/product'

/** The optional promotional-email consent checkbox (ticked by default; shown only when the institution allows it). */
export function PromotionalConsent(props: { institutionName: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <FormControlLabel
      control={
        <Checkbox
          checked={props.checked}
          onChange={(event) => props.onChange(event.target.checked)}
          slotProps={{ input: { 'data-testid': 'promotional-consent' } as object }}
        />
      }
      label={fill(screens.components.promotionalConsent, { institution: props.institutionName })}
    />
  )
}
