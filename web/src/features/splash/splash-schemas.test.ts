import { describe, expect, it } from 'vitest'
import { fieldErrors } from '../../lib/product'
import { residenceSchema, splashEmailSchema } from './splash-schemas'

const emailError = (emailAddress: string) => splashEmailSchema.safeParse({ emailAddress }).error?.issues[0]?.message

describe('splashEmailSchema', () => {
  it('requires an email', () => {
    expect(emailError('')).toBe(fieldErrors.required)
    expect(emailError('   ')).toBe(fieldErrors.required)
  })

  it('rejects malformed emails', () => {
    expect(emailError('jane')).toBe(fieldErrors.invalidEmail)
    expect(emailError('jane@')).toBe(fieldErrors.invalidEmail)
    expect(emailError('jane@example')).toBe(fieldErrors.invalidEmail)
  })

  it('trims a valid email', () => {
    expect(splashEmailSchema.parse({ emailAddress: '  jane@example.com ' })).toEqual({
      emailAddress: 'jane@example.com',
    })
  })
})

describe('residenceSchema', () => {
  it('requires one of the 50 states or DC', () => {
    expect(residenceSchema.safeParse({ state: '' }).error?.issues[0]?.message).toBe(fieldErrors.required)
    expect(residenceSchema.safeParse({ state: 'XX' }).success).toBe(false)
    expect(residenceSchema.safeParse({ state: 'CO' }).success).toBe(true)
    expect(residenceSchema.safeParse({ state: 'DC' }).success).toBe(true)
  })
})
