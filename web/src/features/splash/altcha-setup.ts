// ALTCHA's widget (a web component) with its styles and the PBKDF2 worker as files of the app:
// `altcha/external` bundles neither, so the page's Content-Security-Policy (scripts and workers from
// 'self' only, no blob: workers) holds. Loaded on the splash after the first paint, never in the
// first-load JS (web/scripts/check-bundle.mjs).
import 'altcha/external'
import 'altcha/altcha.css'
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker'
import { pageLanguage } from '../../lib/language'
import { fill, screens } from '../../lib/product'

/** The one algorithm the API issues (api/src/services/captcha.rs ALGORITHM). */
export const ALGORITHM = 'PBKDF2/SHA-256'

globalThis.$altcha.algorithms.set(ALGORITHM, () => new Pbkdf2Worker())

// The widget's own words in the page's language (it reads <html lang>): the catalogue's, with its
// footer's link to ALTCHA drawn as ALTCHA draws it.
const { footer, ...strings } = screens.splash.captcha
const altchaLink = `<a href="https://altcha.org/" tabindex="-1" target="_blank" aria-label="${strings.ariaLinkLabel}">ALTCHA</a>`
globalThis.$altcha.i18n.set(pageLanguage(), { ...strings, footer: fill(footer, { altcha: altchaLink }) })
