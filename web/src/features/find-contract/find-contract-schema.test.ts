import { describe, expect, it } from 'vitest'
import { findContractSchema } from './find-contract-schema'

const errorOf = (field: 'lastname' | 'zipcode', value: string) =>
  findContractSchema
    .safeParse({ lastname: 'Doe', zipcode: '80202', [field]: value })
    .error?.issues.find((issue) => issue.path[0] === field)?.message

describe('findContractSchema', () => {
  it('requires the last name, letters and spaces only', () => {
    expect(errorOf('lastname', '')).toBe('Field is required')
    expect(errorOf('lastname', '   ')).toBe('Field is required')
    expect(errorOf('lastname', "O'Brien")).toBe('Can contain only letters with no special characters')
    expect(errorOf('lastname', 'Doe2')).toBe('Can contain only letters with no special characters')
    expect(errorOf('lastname', 'Van Der Berg')).toBeUndefined()
  })

  it('requires a zip code of exactly 5 numbers', () => {
    expect(errorOf('zipcode', '')).toBe('Field is required')
    expect(errorOf('zipcode', '  ')).toBe('Field is required')
    expect(errorOf('zipcode', '8020')).toBe('Zip code must be 5 numbers')
    expect(errorOf('zipcode', '802021')).toBe('Zip code must be 5 numbers')
    expect(errorOf('zipcode', '80a02')).toBe('Can contain only numbers')
    expect(errorOf('zipcode', '80202')).toBeUndefined()
  })

  it('trims both fields', () => {
    expect(findContractSchema.parse({ lastname: ' Doe  ', zipcode: ' 80202 ' })).toEqual({
      lastname: 'Doe',
      zipcode: '80202',
    })
  })
})
