import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import spanish from '../../../domain/texts/es.json'
import { coverageTerm, institutionPhone, longDate, money, moneyWithCents, withThousands } from './format'
import { screens } from './product'

// A Spanish page: <html lang="es-US"> and, for these helpers' own texts (screens.lib), the Spanish
// catalogue's (the tests' page carries English's: test/page-texts.ts).
const english = structuredClone(screens.lib)
beforeAll(() => {
  document.documentElement.lang = 'es-US'
  Object.assign(screens.lib, spanish.screens.lib)
})
afterAll(() => {
  document.documentElement.lang = 'en-US'
  Object.assign(screens.lib, english)
})

describe('the display helpers on a Spanish page', () => {
  it('write dates the Spanish way, without English ordinals', () => {
    expect(longDate('11/26/2026')).toBe('26 de noviembre de 2026')
    expect(longDate('01/01/2030')).toBe('1 de enero de 2030')
    expect(longDate('02/30/2026')).toBe('02/30/2026')
  })

  it('write money and numbers as en-US does', () => {
    expect(money(189900)).toBe('$1,899')
    expect(money(189950)).toBe('$1,899.50')
    expect(moneyWithCents(189900)).toBe('$1,899.00')
    expect(withThousands(25000)).toBe('25,000')
  })

  it('word the coverage term and a phone extension in Spanish', () => {
    // The API's distance ('75 k Miles') is read back and written the Spanish way.
    expect(coverageTerm(60, '75 k Miles')).toBe('60 meses / 75 mil millas')
    expect(institutionPhone({ phoneNumber: '8665550173', phoneNumberExtension: '2' })).toBe('(866) 555-0173 ext. 2')
  })
})
