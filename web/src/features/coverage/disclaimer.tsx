import Typography from '@mui/material/Typography'
import { messages } from '../../lib/product'

/**
 * The institution's disclaimer (`text`), else the product's default (spec section 9: illustration
 * only, the term starts at the purchase date and mileage, the administrator's address and phone), the
 * same words as the contract's default disclosure (product.json). The administrator is made up, like the demo data.
 */
export function Disclaimer({ text }: { text: string | null | undefined }) {
  return (
    <Typography variant="caption" component="p" color="text.secondary" data-testid="disclaimer" sx={{ mt: 3 }}>
      {text?.trim() ? text : messages.defaultDisclaimer}
    </Typography>
  )
}
