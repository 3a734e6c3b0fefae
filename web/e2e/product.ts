/**
 * The product's member-facing texts for the Playwright specs, from domain/product.json like the app's
 * own (web/src/lib/product.ts). The specs cannot import that module: Playwright runs them as Node ES
 * modules, and Node loads a JSON file only with the import attribute below.
 */
import product from '../../domain/product.json' with { type: 'json' }

export { product }

export const { fieldErrors, messages, labels, titles, options, limits, timings } = product

/** Fills the `{name}` marks of a text: fill(fieldErrors.memberQuestion, { institution: 'Summit' }). */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (mark, name: string) => values[name] ?? mark)
}

/** The label of one of the car flags the mileage page offers (options.carFlags), by its key. */
export function carFlagLabel(key: string): string {
  const flag = options.carFlags.find((candidate) => candidate.key === key)
  if (!flag) throw new Error(`no car flag ${key} in domain/product.json`)
  return flag.label
}
