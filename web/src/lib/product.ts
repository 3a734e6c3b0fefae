/**
 * The product's member-facing texts, option lists and constants, from the one file both languages
 * read: domain/product.json (Rust reads it at build time as `coverline_domain::product`). Components,
 * flows and tests take every spec text from here; `scripts/lint.sh` fails when one is written
 * literally in code again.
 */
import data from '../../../domain/product.json'

export const product = data

export const { fieldErrors, messages, labels, titles, options, limits, timings } = data

/** Fills the `{name}` marks of a text: fill(fieldErrors.memberQuestion, { institution: 'Summit' }). */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (mark, name: string) => values[name] ?? mark)
}
