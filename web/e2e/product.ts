/**
 * The product's member-facing texts for the Playwright specs, in English (the spec's), built from
 * domain/product.json and domain/texts/en.json like the app's own (web/src/lib/product.ts). The specs
 * cannot import that module (it reads the page): Playwright runs them as Node ES modules, and Node
 * loads a JSON file only with the import attribute below.
 */
import constants from '../../domain/product.json' with { type: 'json' }
import english from '../../domain/texts/en.json' with { type: 'json' }
import spanish from '../../domain/texts/es.json' with { type: 'json' }
import { productOf } from '../src/lib/catalogue'

export const product = productOf(constants, english)
/** The same in Spanish (es-US), for the specs that buy in Spanish. */
export const productEs = productOf(constants, spanish)
/** The whole Spanish catalogue, the server's groups too (its emails, the contract's texts). */
export const catalogueEs = spanish

export const { fieldErrors, messages, labels, titles, options, limits, timings } = product

/** Fills the `{name}` marks of a text: fill(fieldErrors.memberQuestion, { institution: 'Summit' }). */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (mark, name: string) => values[name] ?? mark)
}

/** The label of one of the car flags the mileage page offers (options.carFlags), by its key. */
export function carFlagLabel(key: string): string {
  const flag = options.carFlags.find((candidate) => candidate.key === key)
  if (!flag) throw new Error(`no car flag ${key} in domain/texts/en.json`)
  return flag.label
}
