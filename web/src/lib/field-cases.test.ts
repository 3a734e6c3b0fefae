import { describe, expect, it } from 'vitest'
import type { ZodType } from 'zod'
import cases from '../../../domain/tests/field-cases.json'
import { fieldErrors } from './product'
import { cityField, personNameField, streetField, zipField } from './validation-rules'

/**
 * The field rules' shared cases (domain/tests/field-cases.json): the form's copy of the server's
 * rules gives each input the server's text (domain/tests/field_cases.rs runs the same cases through
 * domain/src/contact.rs), so a form never refuses what the server takes, nor the other way round.
 */
const RULES: Record<'personName' | 'city' | 'street' | 'zip', ZodType> = {
  personName: personNameField,
  city: cityField,
  street: streetField,
  zip: zipField,
}

describe("the forms' field rules are the server's", () => {
  for (const [field, rule] of Object.entries(RULES)) {
    const fieldCases = cases[field as keyof typeof RULES] as Array<[string, keyof typeof fieldErrors | null]>
    it(`${field}: ${fieldCases.length} cases`, () => {
      for (const [input, key] of fieldCases) {
        const result = rule.safeParse(input)
        const got = result.success ? null : (result.error.issues[0]?.message ?? null)
        expect(got, `${field} ${JSON.stringify(input)}`).toBe(key === null ? null : fieldErrors[key])
      }
    })
  }
})
