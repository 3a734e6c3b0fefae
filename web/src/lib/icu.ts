import { IntlMessageFormat, type PrimitiveType } from 'intl-messageformat'
import { pageLocale } from './language'

/**
 * ICU MessageFormat (FormatJS's intl-messageformat) in the page's language, for the catalogue's
 * messages with plurals, selects, numbers and dates: format(screens.coverage.term, { months: 60 }).
 * Each message is parsed once. Simple `{name}` messages may use `fill` (lib/product.ts) instead, which
 * the first load carries without this formatter.
 */
const parsed = new Map<string, IntlMessageFormat>()

export function format(message: string, values: Record<string, PrimitiveType> = {}): string {
  const key = `${pageLocale()}\u0000${message}`
  let formatter = parsed.get(key)
  if (!formatter) {
    formatter = new IntlMessageFormat(message, pageLocale())
    parsed.set(key, formatter)
  }
  return String(formatter.format(values))
}
