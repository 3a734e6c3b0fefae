import { describe, expect, it } from 'vitest'
import { fieldErrors } from '../../lib/product'
import { contactSchema } from './contact-schema'

const valid = {
  firstName: 'Jane',
  lastName: 'Doe',
  phoneNumber: '(303) 555-0142',
  emailAddress: 'jane@example.com',
  isMember: false,
  wantsMembershipInfo: false,
}
const errorFor = (field: 'firstName' | 'lastName' | 'phoneNumber' | 'emailAddress', value: string) =>
  contactSchema.safeParse({ ...valid, [field]: value }).error?.issues.find((i) => i.path[0] === field)?.message

describe('contactSchema', () => {
  it('requires the name, phone and email', () => {
    for (const field of ['firstName', 'lastName', 'phoneNumber', 'emailAddress'] as const) {
      expect(errorFor(field, '  ')).toBe(fieldErrors.required)
    }
  })

  it("keeps the server's name rule (PersonName): letters of any script, with the apostrophes, hyphens and periods of real names", () => {
    for (const name of [
      'José',
      'Núñez',
      'Mary Ann',
      'Łukasz',
      "O'Brien",
      'O\u2019Brien',
      'Mary-Jane',
      'St. John',
      'King Jr.',
      'Jose\u0301',
    ])
      expect(errorFor('firstName', name)).toBeUndefined()
    for (const name of ['J0se', 'Mary_Ann', '--', "'", '-Ann', 'Ann-', "O''Brien", '<script>', 'Ann😀', 'Smith, Jr'])
      expect(errorFor('lastName', name)).toBe(fieldErrors.nameLetters)
  })

  it('needs the phone mask complete', () => {
    expect(errorFor('phoneNumber', '(303) 555-01__')).toBe(fieldErrors.phoneTenDigits)
  })
})
