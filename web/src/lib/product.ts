/**
 * The product's member-facing texts, option lists and constants. The constants are
 * domain/product.json's; the texts are the member's language's catalogue (domain/texts/<code>.json),
 * which the server writes into the page (`#coverline-texts`, api/src/http/web_page.rs): only that
 * language's texts reach the device, and none is in the app's code. Rust reads the same files at
 * build time (`coverline_domain::product`, `Language::text`). Components, flows and tests take every
 * text from here; `scripts/check-texts.mjs` fails when one is written literally in code again.
 */
import constants from '../../../domain/product.json'
import { type Catalogue, productOf } from './catalogue'

/** The catalogue the page carries. */
function pageCatalogue(): Catalogue {
  const element = document.getElementById('coverline-texts')
  if (!element?.textContent) throw new Error('The page carries no texts (#coverline-texts).')
  return JSON.parse(element.textContent) as Catalogue
}

export const product = productOf(constants, pageCatalogue())

export const { fieldErrors, messages, labels, titles, screens, options, limits, timings } = product

/**
 * Fills the `{name}` marks of a text: fill(fieldErrors.memberQuestion, { institution: 'Summit' }).
 * Only ICU's simple arguments: a message with a plural, a select, a number, a date or a time goes
 * through `format` (lib/icu.ts), which carries ICU's formatter and so stays out of the first load.
 */
export function fill(template: string, values: Record<string, string>): string {
  if (import.meta.env.DEV && /\{\s*\w+\s*,/.test(template))
    throw new Error(`fill() takes simple arguments only; use format(): ${template}`)
  return template.replace(/\{(\w+)\}/g, (mark, name: string) => values[name] ?? mark)
}
