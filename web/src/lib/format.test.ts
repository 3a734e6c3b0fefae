import { afterEach, describe, expect, it, vi } from 'vitest'
import { institutionPhone, phoneDisplay, withThousands } from './format'
import { fieldErrors } from './product'

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
