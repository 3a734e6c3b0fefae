import Alert from '@mui/material/Alert'
import type { DecodedVehicle } from '../api/types'
import { fill, messages } from '../lib/product'
import { vehicleName } from '../lib/vehicle-name'

/**
 * The soft warning for a VIN whose check digit is wrong but whose vehicle is known
 * (messages.vinCheckDigitWarning): the member compares it with their registration, and the quote goes
 * on. Nothing for any other vehicle.
 */
export function VinCheckDigitWarning({ vehicle }: { vehicle: DecodedVehicle | null }) {
  if (!vehicle?.checkDigitMismatch) return null
  return (
    <Alert severity="warning" data-testid="vin-check-digit-warning">
      {fill(messages.vinCheckDigitWarning, { vehicle: vehicleName(vehicle) })}
    </Alert>
  )
}
