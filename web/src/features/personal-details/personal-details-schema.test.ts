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

  it("leaves the names' letters, the address's characters and the zip's digits to the server (PUT U answers on the field)", () => {
    // domain/src/contact.rs: PersonName (Unicode letters), parse_street, parse_city and ZipCode refuse
    // these with fieldErrors.nameLetters, .street, .cityLetters, .numbersOnly and .zip.
    expect(errorFor('firstName', 'J@ne')).toBeUndefined()
    expect(errorFor('lastName', 'Doe3')).toBeUndefined()
    expect(errorFor('firstName', 'José')).toBeUndefined()
    expect(errorFor('street', '100 Main St #4')).toBeUndefined()
    expect(errorFor('city', 'Denver1')).toBeUndefined()
    expect(errorFor('zip', '8020')).toBeUndefined()
    expect(errorFor('zip', '8020a')).toBeUndefined()
  })

  it('asks about membership by institution name', () => {
    const question = fill(fieldErrors.memberQuestion, { institution: 'Summit Credit Union' })
    expect(errorFor('isMember', undefined)).toBe(question)
    expect(errorFor('isMember', '')).toBe(question)
  })
})
