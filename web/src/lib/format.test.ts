import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  coverageDistance,
  coverageTerm,
  institutionPhone,
  longDate,
  money,
  moneyWithCents,
  phoneDisplay,
  withThousands,
} from './format'
import { fieldErrors, fill, screens } from './product'

describe('phoneDisplay (spec section 5)', () => {
  it('shows exactly 10 digits as (AAA) BBB-CCCC', () => {
    expect(phoneDisplay('8005550142')).toBe('(800) 555-0142')
  })

  it.each(['800555014', '80055501420', '800-555-0142', 'not a phone', ''])('refuses %j with the spec error', (phone) => {
    expect(() => phoneDisplay(phone)).toThrow(fieldErrors.phoneDisplay)
  })
})

describe('institutionPhone', () => {
  afterEach(() => vi.restoreAllMocks())

  it('adds the extension when there is one', () => {
    expect(institutionPhone({ phoneNumber: '8665550173', phoneNumberExtension: '2' })).toBe('(866) 555-0173 ext. 2')
    expect(institutionPhone({ phoneNumber: '8005550142', phoneNumberExtension: '' })).toBe('(800) 555-0142')
  })

  it('logs the spec error for a bad number and shows it as given, never throwing', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(institutionPhone({ phoneNumber: '12345', phoneNumberExtension: '' })).toBe('12345')
    expect(log).toHaveBeenCalledWith(fieldErrors.phoneDisplay, '12345')
  })

  it('is empty without a number', () => {
    expect(institutionPhone({ phoneNumber: '', phoneNumberExtension: '9' })).toBe('')
    expect(institutionPhone(null)).toBe('')
  })
})

describe('withThousands', () => {
  it('separates thousands', () => {
    expect(withThousands(45000)).toBe('45,000')
    expect(withThousands('120000')).toBe('120,000')
  })
})

describe('money (spec section 9: 0,0[.]00)', () => {
  it.each([
    [189900, '$1,899'],
    [189950, '$1,899.50'],
    [195597, '$1,955.97'],
    [10000, '$100'],
    [5, '$0.05'],
    [0, '$0'],
    [123456789, '$1,234,567.89'],
  ])('shows %i cents as %s', (cents, shown) => {
    expect(money(cents)).toBe(shown)
  })
})

describe('moneyWithCents (the confirmation)', () => {
  it.each([
    [189900, '$1,899.00'],
    [189950, '$1,899.50'],
    [10000, '$100.00'],
    [5, '$0.05'],
    [0, '$0.00'],
    [123456789, '$1,234,567.89'],
  ])('shows %i cents as %s', (cents, shown) => {
    expect(moneyWithCents(cents)).toBe(shown)
  })
})

describe("longDate (spec section 9: 'MMMM Do, YYYY')", () => {
  it.each([
    ['11/24/2026', 'November 24th, 2026'],
    ['01/01/2030', 'January 1st, 2030'],
    ['02/02/2030', 'February 2nd, 2030'],
    ['03/03/2030', 'March 3rd, 2030'],
    ['04/11/2030', 'April 11th, 2030'],
    ['05/12/2030', 'May 12th, 2030'],
    ['06/13/2030', 'June 13th, 2030'],
    ['07/21/2030', 'July 21st, 2030'],
    ['08/22/2030', 'August 22nd, 2030'],
    ['09/23/2030', 'September 23rd, 2030'],
    ['12/31/2031', 'December 31st, 2031'],
  ])('shows %s as %s', (date, shown) => {
    expect(longDate(date)).toBe(shown)
  })

  it.each(['', '2026-11-24', '13/01/2026', '02/30/2026', 'soon'])('shows %j, which is no MM/DD/YYYY date, as given', (date) => {
    expect(longDate(date)).toBe(date)
  })
})

describe("coverageDistance: the rate's distance in the page's language", () => {
  afterEach(() => {
    document.documentElement.lang = 'en-US'
  })

  it("shows the API's own text on an English page", () => {
    document.documentElement.lang = 'en-US'
    expect(coverageDistance('75 k Miles')).toBe('75 k Miles')
    expect(coverageTerm(60, '75 k Miles')).toBe(fill(screens.lib.coverageTerm, { months: '60', distance: '75 k Miles' }))
  })

  it("writes the number the catalogue's way on a Spanish page, and leaves a text it cannot read", () => {
    document.documentElement.lang = 'es-US'
    expect(coverageDistance('100 k Miles')).toBe(fill(screens.lib.thousandMiles, { thousands: '100' }))
    expect(coverageDistance('36,500 Miles')).toBe(fill(screens.lib.miles, { miles: '36,500' }))
    expect(coverageDistance('Unlimited')).toBe('Unlimited')
  })
})
