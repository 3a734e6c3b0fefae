import Typography from '@mui/material/Typography'
import { FlowActor } from '../../flow/flow-actor'

/**
 * The disclosure under the coverage options when the institution has none of its own (spec
 * section 9: illustration only, the term starts at the purchase date and mileage, the
 * administrator's address and phone): the same words as the contract's default disclosure
 * (activities/src/documents.rs DEFAULT_DISCLAIMER). The administrator is made up, like the demo data.
 */
export const DEFAULT_DISCLAIMER =
  'Coverage shown is an illustration only; the terms, conditions and exclusions of the service contract govern. Coverage begins on the purchase date and at the odometer reading recorded at purchase. Administered by Coverline Contract Administration, 1550 Wewatta St, Denver, CO 80202, (800) 555-0199.'

/** The institution's disclaimer, else the product's default (spec section 9). */
export function Disclaimer() {
  const text = FlowActor.useSelector((s) => s.context.institution?.applicationSettings.institutionDisclaimer)
  return (
    <Typography variant="caption" component="p" color="text.secondary" data-testid="disclaimer" sx={{ mt: 3 }}>
      {text?.trim() ? text : DEFAULT_DISCLAIMER}
    </Typography>
  )
}
