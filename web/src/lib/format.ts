/** Display helpers for values the API sends raw. */
import type { Branding } from '../api/types'
import { fieldErrors, limits } from './product'

/** 45000 -> '45,000'. */
export function withThousands(value: number | string): string {
  const n = typeof value === 'string' ? Number(value.replace(/,/g, '')) : value
  return Number.isFinite(n) ? n.toLocaleString('en-US', { maximumFractionDigits: 0 }) : String(value)
}

/** '8005550142' -> '(800) 555-0142'; anything that is not 10 digits is returned unchanged (form prefill). */
export function formatPhone(digits: string): string {
  const d = digits.replace(/\D/g, '')
  return d.length === limits.phoneDigits ? `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}` : digits
}

/** Spec section 5: exactly 10 digits -> '(AAA) BBB-CCCC'; anything else throws fieldErrors.phoneDisplay. */
export function phoneDisplay(phone: string): string {
  const digits = phone.trim()
  if (digits.length !== limits.phoneDigits || !/^\d+$/.test(digits)) throw new Error(fieldErrors.phoneDisplay)
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`
}

/**
 * A number for members to call: '(866) 555-0173 ext. 2'. A number that is not 10 digits logs the
 * spec's error and is shown as given (empty when there is none): never a crash.
 */
export function phoneToCall(phone: string | null | undefined, extension?: string | null): string {
  const number = phone?.trim() ?? ''
  if (!number) return ''
  let shown = number
  try {
    shown = phoneDisplay(number)
  } catch (error) {
    console.error(error instanceof Error ? error.message : fieldErrors.phoneDisplay, number)
  }
  const ext = extension?.trim()
  return ext ? `${shown} ext. ${ext}` : shown
}

/** The institution's phone number and extension (branding), as members see it. */
export function institutionPhone(branding: Pick<Branding, 'phoneNumber' | 'phoneNumberExtension'> | null | undefined): string {
  return phoneToCall(branding?.phoneNumber, branding?.phoneNumberExtension)
}

/** '60 Months / 75 k Miles'. */
export function coverageTerm(months: number, formattedMiles: string): string {
  return `${months} Months / ${formattedMiles}`
}

/**
 * An amount in cents as members read it (spec section 9's number format 0,0[.]00): whole dollars
 * without cents ('$1,899'), any other amount with two decimals ('$1,899.50').
 */
export function money(cents: number): string {
  const whole = cents % 100 === 0
  return (cents / 100).toLocaleString('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  })
}

/**
 * An amount in cents, always with its cents ('$1,899.00', '$56.97'): the confirmation's one money
 * format, so that a receipt's amounts line up and read alike whether or not an amount is whole.
 */
export function moneyWithCents(cents: number): string {
  return (cents / 100).toLocaleString('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const

/** 1 -> '1st', 22 -> '22nd', 13 -> '13th'. */
function ordinal(day: number): string {
  const teen = day % 100 >= 11 && day % 100 <= 13
  const suffix = teen ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th')
  return `${day}${suffix}`
}

/**
 * A date the API sends as MM/DD/YYYY, in the long form a person reads in a sentence (spec section
 * 9's 'MMMM Do, YYYY'): '11/24/2026' -> 'November 24th, 2026'. Anything else is shown as given.
 * The confirmation writes every date this way.
 */
export function longDate(date: string): string {
  const parts = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(date)
  if (!parts) return date
  const [month, day, year] = [Number(parts[1]), Number(parts[2]), Number(parts[3])]
  const calendar = new Date(Date.UTC(year, month - 1, day))
  if (calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) return date
  return `${MONTHS[month - 1]} ${ordinal(day)}, ${year}`
}
