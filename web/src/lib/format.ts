/** Display helpers for values the API sends raw. */

/** 45000 -> '45,000'. */
export function withThousands(value: number | string): string {
  const n = typeof value === 'string' ? Number(value.replace(/,/g, '')) : value
  return Number.isFinite(n) ? n.toLocaleString('en-US', { maximumFractionDigits: 0 }) : String(value)
}

/** '8005550142' -> '(800) 555-0142'; anything that is not 10 digits is returned unchanged. */
export function formatPhone(digits: string): string {
  const d = digits.replace(/\D/g, '')
  return d.length === 10 ? `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}` : digits
}

/** '60 Months / 75 k Miles'. */
export function coverageTerm(months: number, formattedMiles: string): string {
  return `${months} Months / ${formattedMiles}`
}
