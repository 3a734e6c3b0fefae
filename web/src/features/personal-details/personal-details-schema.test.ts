import { describe, expect, it } from 'vitest'
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
      expect(errorFor(field, '')).toBe('Field is required')
    }
  })

  it('allows only letters and spaces in names', () => {
    expect(errorFor('firstName', 'J@ne')).toBe('Can contain only letters with no special characters or spaces')
    expect(errorFor('lastName', 'Doe3')).toBe('Can contain only letters with no special characters or spaces')
    expect(errorFor('firstName', 'Mary Ann')).toBeUndefined()
  })

  it('needs 10 phone digits', () => {
    expect(errorFor('phoneNumber', '(303) 555-01__')).toBe('Phone number must be 10 digits long')
  })

  it('refuses special characters in the address', () => {
    expect(errorFor('street', '100 Main St #4')).toBe('No special characters')
  })

  it('allows only letters in the city', () => {
    expect(errorFor('city', 'Denver1')).toBe('Can only contain letters')
  })

  it('needs a 5-digit zip', () => {
    expect(errorFor('zip', '8020')).toBe('Zip code should be 5 digits in length')
    expect(errorFor('zip', '8020a')).toBe('Can contain only numbers')
  })

  it('asks about membership by institution name', () => {
    expect(errorFor('isMember', undefined)).toBe('Please indicate if you are a member of Summit Credit Union')
    expect(errorFor('isMember', '')).toBe('Please indicate if you are a member of Summit Credit Union')
  })
})
