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

  it("keeps the names' letters rule (the contact request's server side has none), with Unicode letters as the server's PersonName", () => {
    for (const name of ['José', 'Núñez', 'Mary Ann', 'Łukasz']) expect(errorFor('firstName', name)).toBeUndefined()
    for (const name of ['J0se', "O'Brien", 'Mary_Ann', 'Doe-Smith'])
      expect(errorFor('lastName', name)).toBe(fieldErrors.nameLetters)
  })

  it('needs the phone mask complete', () => {
    expect(errorFor('phoneNumber', '(303) 555-01__')).toBe(fieldErrors.phoneTenDigits)
  })
})
