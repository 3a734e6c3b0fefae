/**
 * The product as the code reads it: the constants of domain/product.json with one language's
 * catalogue (domain/texts/<code>.json) laid over them, so each option carries its label in that
 * language. No imports: the app (lib/product.ts), the Playwright specs and the scripts share it.
 */
import type constantsFile from '../../../domain/product.json'
import type englishFile from '../../../domain/texts/en.json'

export type Constants = typeof constantsFile
/** A language's catalogue (every language has English's keys: scripts/check-texts.mjs). */
export type Catalogue = Omit<typeof englishFile, '$comment'>

export function productOf(constants: Constants, texts: Catalogue) {
  const label = (list: keyof Catalogue['options'], key: string | number): string => {
    const text = (texts.options[list] as Record<string, string>)[String(key)]
    if (text === undefined) throw new Error(`no text for options.${list}.${key}`)
    return text
  }
  const { options } = constants
  return {
    fieldErrors: texts.fieldErrors,
    messages: texts.messages,
    labels: texts.labels,
    titles: texts.titles,
    stepper: texts.stepper,
    /** The screens' own texts, by area (`screens.coverage.…`). */
    screens: texts.screens,
    options: {
      ...options,
      milesPerYear: options.milesPerYear.map((value) => ({ value, label: label('milesPerYear', value) })),
      yearsToOwn: options.yearsToOwn.map((value) => ({ value, label: label('yearsToOwn', value) })),
      carFlags: options.carFlags.map((flag) => ({ ...flag, label: label('carFlags', flag.key) })),
      states: options.states.map((code) => ({ code, name: label('states', code) })),
    },
    limits: constants.limits,
    timings: constants.timings,
  }
}

export type Product = ReturnType<typeof productOf>
