import { afterEach, describe, expect, it } from 'vitest'
import { format } from './icu'
import { fill } from './product'

afterEach(() => {
  document.documentElement.lang = 'en-US'
})

describe('format (ICU MessageFormat in the page language)', () => {
  it('picks plural forms and formats numbers and dates in English and in Spanish', () => {
    const message = '{years, plural, one {# year} other {# years}} from {start, date, long}: {price, number, ::currency/USD .}'
    const values = { years: 1, start: Date.UTC(2026, 10, 26, 12), price: 1899 }
    expect(format(message, values)).toBe('1 year from November 26, 2026: $1,899')
    document.documentElement.lang = 'es-US'
    const spanish = '{years, plural, one {# año} other {# años}} desde el {start, date, long}: {price, number, ::currency/USD .}'
    expect(format(spanish, { ...values, years: 2 })).toBe('2 años desde el 26 de noviembre de 2026: $1,899')
  })

  it('leaves fill() to simple arguments', () => {
    expect(fill('Hello {name}', { name: 'Ana' })).toBe('Hello Ana')
    expect(() => fill('{n, plural, one {#} other {#}}', {})).toThrow(/use format/)
  })
})
