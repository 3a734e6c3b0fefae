import { describe, expect, it } from 'vitest'
import { generatePassword, PASSWORD_SYMBOLS } from './password'

const escaped = PASSWORD_SYMBOLS.replace(/[\]\\^-]/g, '\\$&')
const symbol = new RegExp(`[${escaped}]`)

describe('generatePassword', () => {
  it('is 32 characters by default', () => {
    expect(generatePassword()).toHaveLength(32)
  })

  it('always has a lowercase letter, an uppercase letter, a digit and a symbol', () => {
    for (let i = 0; i < 500; i++) {
      const password = generatePassword()
      expect(password).toMatch(/[a-z]/)
      expect(password).toMatch(/[A-Z]/)
      expect(password).toMatch(/\d/)
      expect(password).toMatch(symbol)
    }
  })

  it('keeps the four classes even at the minimum length', () => {
    const password = generatePassword(4)
    expect(password).toMatch(/[a-z]/)
    expect(password).toMatch(/[A-Z]/)
    expect(password).toMatch(/\d/)
    expect(password).toMatch(symbol)
  })

  it('uses only letters, digits and the symbol set', () => {
    expect(generatePassword(64)).toMatch(new RegExp(`^[A-Za-z0-9${escaped}]+$`))
  })

  it('does not repeat itself', () => {
    const seen = new Set(Array.from({ length: 200 }, () => generatePassword()))
    expect(seen.size).toBe(200)
  })

  it('refuses lengths that cannot hold the four classes', () => {
    expect(() => generatePassword(3)).toThrow()
  })
})
