/**
 * Display helpers for values the API sends raw, in the page's language (lib/language.ts pageLocale:
 * es-US writes money and numbers as en-US does, '$1,899' and '25,000'; its dates and words differ).
 * On the first load: simple texts go through `fill`, not ICU's formatter (lib/icu.ts).
 */
import type { Branding } from '../api/types'
import { pageLocale } from './language'
import { fieldErrors, fill, limits, screens } from './product'

/** One formatter per language and kind: building an Intl formatter is not free, and lists of prices call these often. */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.PluralRules>()
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.PluralRules>(
  kind: string,
  make: (locale: string) => T,
): T {
  const locale = pageLocale()
  const key = `${kind} ${locale}`
  let formatter = formatters.get(key) as T | undefined
  if (!formatter) {
    formatter = make(locale)
    formatters.set(key, formatter)
  }
  return formatter
}

/** 45000 -> '45,000'. */
export function withThousands(value: number | string): string {
  const n = typeof value === 'string' ? Number(value.replace(/,/g, '')) : value
  if (!Number.isFinite(n)) return String(value)
  return cached('thousands', (locale) => new Intl.NumberFormat(locale, { maximumFractionDigits: 0 })).format(n)
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
  return ext ? fill(screens.lib.phoneWithExtension, { phone: shown, extension: ext }) : shown
}

/** The institution's phone number and extension (branding), as members see it. */
export function institutionPhone(branding: Pick<Branding, 'phoneNumber' | 'phoneNumberExtension'> | null | undefined): string {
  return phoneToCall(branding?.phoneNumber, branding?.phoneNumberExtension)
}

/**
 * A contract's distance as the page's language reads it. The API writes it the spec's way
 * (`formattedCoverageMiles`: '75 k Miles', '36,500 Miles'), which an English page shows as is;
 * another language's page reads the number back and writes it its own way ('75 mil millas').
 */
export function coverageDistance(formattedMiles: string): string {
  if (pageLocale() === 'en-US') return formattedMiles
  const thousands = /^([\d,]+) k Miles$/.exec(formattedMiles)?.[1]
  if (thousands) return fill(screens.lib.thousandMiles, { thousands })
  const miles = /^([\d,]+) Miles$/.exec(formattedMiles)?.[1]
  return miles ? fill(screens.lib.miles, { miles }) : formattedMiles
}

/** '60 Months / 75 k Miles' (screens.lib.coverageTerm), its distance in the page's language. */
export function coverageTerm(months: number, formattedMiles: string): string {
  return fill(screens.lib.coverageTerm, { months: String(months), distance: coverageDistance(formattedMiles) })
}

/**
 * An amount in cents as members read it (spec section 9's number format 0,0[.]00): whole dollars
 * without cents ('$1,899'), any other amount with two decimals ('$1,899.50').
 */
export function money(cents: number): string {
  const whole = cents % 100 === 0
  const digits = whole ? 0 : 2
  return cached(
    `money${digits}`,
    (locale) =>
      new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: 'USD',
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      }),
  ).format(cents / 100)
}

/**
 * An amount in cents, always with its cents ('$1,899.00', '$56.97'): the confirmation's one money
 * format, so that a receipt's amounts line up and read alike whether or not an amount is whole.
 */
export function moneyWithCents(cents: number): string {
  return cached(
    'money2',
    (locale) =>
      new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  ).format(cents / 100)
}

/**
 * A day of the month as a date names it (screens.lib.dayOfMonth, by the language's ordinal rule):
 * 1 -> '1st', 22 -> '22nd', 13 -> '13th' in English; the number alone in Spanish.
 */
function dayOfMonth(day: number): string {
  const category = cached('ordinal', (locale) => new Intl.PluralRules(locale, { type: 'ordinal' })).select(day)
  const forms: Partial<Record<string, string>> = screens.lib.dayOfMonth
  return fill(forms[category] ?? screens.lib.dayOfMonth.other, { day: String(day) })
}

/**
 * A date the API sends as MM/DD/YYYY, in the long form a person reads in a sentence, in the page's
 * language (spec section 9's 'MMMM Do, YYYY'): '11/24/2026' -> 'November 24th, 2026', in Spanish
 * '24 de noviembre de 2026'. Anything else is shown as given. The confirmation writes every date this way.
 */
export function longDate(date: string): string {
  const parts = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(date)
  if (!parts) return date
  const [month, day, year] = [Number(parts[1]), Number(parts[2]), Number(parts[3])]
  const calendar = new Date(0)
  calendar.setUTCFullYear(year, month - 1, day)
  if (calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) return date
  const long = cached(
    'longDate',
    (locale) => new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }),
  )
  return long
    .formatToParts(calendar)
    .map((part) => (part.type === 'day' ? dayOfMonth(day) : part.value))
    .join('')
}
