import { describe, expect, it } from 'vitest'
import { mileageSchema, milesPerYearSchema, vinSchema, yearsToOwnSchema } from './car-schemas'

const firstError = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message

describe('vinSchema', () => {
  it('refuses more than 17 characters', () => {
    expect(firstError(vinSchema.safeParse({ vin: '5YJ3E1EA7KF3170001' }))).toBe('A VIN can be a maximum of 17 digits')
  })

  it('refuses fewer than 17 characters', () => {
    expect(firstError(vinSchema.safeParse({ vin: '5YJ3E1EA7KF31' }))).toBe('VIN must be at least 17 digits')
    expect(firstError(vinSchema.safeParse({ vin: '' }))).toBe('VIN must be at least 17 digits')
  })

  it('upper-cases and trims a 17-character VIN', () => {
    expect(vinSchema.parse({ vin: ' 5yj3e1ea7kf317000 ' })).toEqual({ vin: '5YJ3E1EA7KF317000' })
  })
})

describe('mileageSchema', () => {
  const error = (odometer: string) => firstError(mileageSchema.safeParse({ odometer }))

  it('requires a value', () => {
    expect(error('')).toBe('Field is required')
  })

  it('allows only whole numbers', () => {
    expect(error('45.5')).toBe('Can only contain whole numbers')
    expect(error('-1')).toBe('Can only contain whole numbers')
    expect(error('abc')).toBe('Can only contain whole numbers')
  })

  it('allows at most 6 digits (7 characters with the comma)', () => {
    expect(error('999,999')).toBeUndefined()
    expect(error('1,000,000')).toBe('Can only be 6 digits')
  })

  it('must be greater than zero', () => {
    expect(error('0')).toBe('Can only be greater than zero')
    expect(error('45,000')).toBeUndefined()
  })
})

describe('miles per year and years to own', () => {
  it('accept only the offered choices', () => {
    expect(milesPerYearSchema.safeParse({ milesPerYear: 15000 }).success).toBe(true)
    expect(milesPerYearSchema.safeParse({ milesPerYear: 12345 }).success).toBe(false)
    expect(yearsToOwnSchema.safeParse({ yearsToOwn: 7 }).success).toBe(true)
    expect(yearsToOwnSchema.safeParse({ yearsToOwn: 8 }).success).toBe(false)
  })

  it('say a missing choice is required', () => {
    expect(firstError(milesPerYearSchema.safeParse({}))).toBe('Field is required')
    expect(firstError(yearsToOwnSchema.safeParse({}))).toBe('Field is required')
  })
})
