/** Odometer cleaning (spec section 5): the field keeps digits only; a value with a decimal part is rounded up when sent. */

/** Keeps digits only: what the odometer field accepts ('45,000' -> '45000'). */
export function odometerDigits(value: string): string {
  return value.replace(/\D/g, '')
}

/** Keeps digits and the first dot; a trailing dot gets a '0' appended ('45,000.' -> '45000.0'). */
export function cleanDecimal(value: string): string {
  const [whole, ...rest] = value.replace(/[^\d.]/g, '').split('.')
  if (rest.length === 0) return whole
  const fraction = rest.join('')
  return `${whole}.${fraction || '0'}`
}

/** The odometer as POST U/car wants it: whole miles, rounded up ('45,000.2' -> '45001'). */
export function odometerToSend(value: string): string {
  const miles = Number(cleanDecimal(value))
  return Number.isFinite(miles) ? String(Math.ceil(miles)) : odometerDigits(value)
}
