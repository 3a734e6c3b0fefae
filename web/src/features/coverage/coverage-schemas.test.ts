import { describe, expect, it } from 'vitest'
import type { Rate } from '../../api/types'
import { fieldErrors, fill, screens } from '../../lib/product'
import { confirmRules, type ConfirmValues } from './confirm-schema'
import { taxNote } from './rate-carousel'

describe('confirmRules', () => {
  const messages = (values: ConfirmValues) =>
    (Object.keys(confirmRules) as Array<keyof ConfirmValues>)
      .map((field) => confirmRules[field](values[field]))
      .filter((answer) => answer !== true)

  it('asks for the terms of service agreement', () => {
    expect(messages({ acceptsTerms: false, acceptsRefundTerms: true })).toEqual([fieldErrors.terms])
  })

  it('asks for the refund terms', () => {
    expect(messages({ acceptsTerms: true, acceptsRefundTerms: false })).toEqual([fieldErrors.refund])
  })

  it('passes with both ticked', () => {
    expect(messages({ acceptsTerms: true, acceptsRefundTerms: true })).toEqual([])
  })
})

describe('taxNote', () => {
  const rate = { taxAmount: 5697, dollarSignTaxAmount: '$56.97' } as Rate
  it('shows the sales tax only when there is some', () => {
    expect(taxNote(rate, 'PA')).toBe(fill(screens.coverage.taxNote, { amount: '$56.97' }))
    expect(taxNote({ ...rate, taxAmount: 0 }, 'PA')).toBeNull()
  })

  it('never shows it in a state without sales tax (spec section 9)', () => {
    for (const state of ['AK', 'DE', 'MT', 'NH', 'OR']) expect(taxNote(rate, state)).toBeNull()
  })
})
