import type { Language } from '../api/types'

/**
 * The member's language. The server writes the page in it (`<html lang>` and the catalogue,
 * api/src/http/web_page.rs): the device's choice (the `coverline_language` cookie), else the first of
 * the browser's languages the institution offers, else the institution's default. A switch stores
 * the choice in that cookie and loads the page again, in the new language.
 */

/** The cookie the server reads (web_page.rs's LANGUAGE_COOKIE). */
export const LANGUAGE_COOKIE = 'coverline_language'

/** Each language's own name, as its speakers write it: the switch's label. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español' }

/** The page's language, from `<html lang>` (`es-US` → `es`). */
export function pageLanguage(): Language {
  return document.documentElement.lang.toLowerCase().startsWith('es') ? 'es' : 'en'
}

/** The BCP 47 tag numbers, money and dates follow (`es-US`: `26 de noviembre de 2026`, `$1,899`). */
export function pageLocale(): 'en-US' | 'es-US' {
  return pageLanguage() === 'es' ? 'es-US' : 'en-US'
}

/** Remembers `language` on this device for a year (every institution's pages read it). */
export function rememberLanguage(language: Language): void {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax`
}

/** Loads the page again (in the language just remembered). */
export function reloadPage(): void {
  window.location.reload()
}
