import { describe, expect, it } from 'vitest'
import { fieldErrors, fill } from '../../lib/product'
import { personalDetailsSchema } from './personal-details-schema'

const schema = personalDetailsSchema('Summit Credit Union')
const valid = {
  firstName: 'Jane',
  lastName: 'Doe',
  phoneNumber: '(303) 555-0142',
  street: '100 Main St',
  city: 'Denver',
  zip: '80202',
  isMember: 'yes',
}
const errorFor = (field: keyof typeof valid, value: string | undefined) =>
  schema.safeParse({ ...valid, [field]: value }).error?.issues.find((i) => i.path[0] === field)?.message

describe('personalDetailsSchema', () => {
  it('accepts the e2e member and trims text', () => {
    expect(schema.parse({ ...valid, firstName: ' Jane ', city: 'San Diego' })).toMatchObject({
      firstName: 'Jane',
      city: 'San Diego',
    })
  })

  it('requires every field', () => {
    for (const field of ['firstName', 'lastName', 'phoneNumber', 'street', 'city', 'zip'] as const) {
      expect(errorFor(field, '')).toBe(fieldErrors.required)
      expect(errorFor(field, '   ')).toBe(fieldErrors.required)
    }
  })

  it('needs the phone mask complete (10 digits)', () => {
    expect(errorFor('phoneNumber', '(303) 555-01__')).toBe(fieldErrors.phoneTenDigits)
  })

  it("checks the names' letters, the address's characters and the zip's digits as the server does (domain/src/contact.rs)", () => {
    for (const name of ['José', "O'Brien", 'O\u2019Brien', 'Mary-Jane', 'St. John', 'Jose\u0301', 'Łukasz'])
      expect(errorFor('firstName', name)).toBeUndefined()
    for (const name of ['J@ne', 'Doe3', 'Mary_Ann', '-Ann', "O''Brien", 'Smith, Jr', 'a'.repeat(61)])
      expect(errorFor('lastName', name)).toBe(fieldErrors.nameLetters)
    for (const street of ['100 Main St #4', '12 1/2 Elm St.', "45-B O'Farrell St", 'Apt_4, 9 Rue de l’Église'])
      expect(errorFor('street', street)).toBeUndefined()
    for (const street of ['<b>100</b>', '100 Main St;', '"Main"', '#/.', '1'.repeat(121)])
      expect(errorFor('street', street)).toBe(fieldErrors.street)
    for (const city of ['San Diego', 'St. Louis', 'Winston-Salem', "Coeur d'Alene", 'Zürich'])
      expect(errorFor('city', city)).toBeUndefined()
    for (const city of ['Denver1', 'Denver, CO', 'a'.repeat(61)]) expect(errorFor('city', city)).toBe(fieldErrors.cityLetters)
    expect(errorFor('zip', '8020a')).toBe(fieldErrors.numbersOnly)
    expect(errorFor('zip', '8020')).toBe(fieldErrors.zip)
    expect(errorFor('zip', ' 80202 ')).toBeUndefined()
  })

  it('reports every bad field of one submit', () => {
    const issues = schema.safeParse({ ...valid, firstName: 'J4ne', city: 'Denver 2', zip: '8020a' }).error?.issues ?? []
    expect(issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['firstName', fieldErrors.nameLetters],
      ['city', fieldErrors.cityLetters],
      ['zip', fieldErrors.numbersOnly],
    ])
  })

  it('asks about membership by institution name', () => {
    const question = fill(fieldErrors.memberQuestion, { institution: 'Summit Credit Union' })
    expect(errorFor('isMember', undefined)).toBe(question)
    expect(errorFor('isMember', '')).toBe(question)
  })
})
