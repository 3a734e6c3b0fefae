import { describe, expect, it } from 'vitest'
import { residenceSchema, splashEmailSchema } from './splash-schemas'

const emailError = (emailAddress: string) => splashEmailSchema.safeParse({ emailAddress }).error?.issues[0]?.message

describe('splashEmailSchema', () => {
  it('requires an email', () => {
    expect(emailError('')).toBe('Field is required')
    expect(emailError('   ')).toBe('Field is required')
  })

  it('rejects malformed emails', () => {
    expect(emailError('jane')).toBe('Must be a valid email')
    expect(emailError('jane@')).toBe('Must be a valid email')
    expect(emailError('jane@example')).toBe('Must be a valid email')
  })

  it('trims a valid email', () => {
    expect(splashEmailSchema.parse({ emailAddress: '  jane@example.com ' })).toEqual({
      emailAddress: 'jane@example.com',
    })
  })
})

describe('residenceSchema', () => {
  it('requires one of the 50 states or DC', () => {
    expect(residenceSchema.safeParse({ state: '' }).error?.issues[0]?.message).toBe('Field is required')
    expect(residenceSchema.safeParse({ state: 'XX' }).success).toBe(false)
    expect(residenceSchema.safeParse({ state: 'CO' }).success).toBe(true)
    expect(residenceSchema.safeParse({ state: 'DC' }).success).toBe(true)
  })
})
