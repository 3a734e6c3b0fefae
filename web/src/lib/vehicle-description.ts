/** A vehicle described instead of identified by VIN (the description lookup; year as a string, as chosen). */
export interface VehicleDescription {
  year: string
  make: string
  model: string
  style: string
}
