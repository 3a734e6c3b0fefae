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

export const { fieldErrors, messages, labels, titles, options, limits, timings } = product

/** Fills the `{name}` marks of a text: fill(fieldErrors.memberQuestion, { institution: 'Summit' }). */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (mark, name: string) => values[name] ?? mark)
}
