import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Confirmation } from '../../api/types'
import { labels } from '../../lib/product'
import { confirmation } from '../../test/fixtures'
import { ConfirmationDetails } from './confirmation-page'

/** The value shown on the row labelled `label`. */
function row(label: string): string {
  const labelCell = screen.getByText(label, { selector: 'p' })
  return within(labelCell.parentElement!).getAllByText(/./)[1].textContent ?? ''
}

function show(changes: { vehicle?: Partial<Confirmation['vehicle']>; payment?: Partial<Confirmation['payment']> } = {}) {
  render(
    <ConfirmationDetails
      confirmation={{
        ...confirmation,
        vehicle: { ...confirmation.vehicle, ...changes.vehicle },
        payment: { ...confirmation.payment, ...changes.payment },
      }}
      productName={labels.defaultProductName}
      phone="(800) 555-0142"
    />,
  )
}

describe('the confirmation', () => {
  it("gives the coverage's expiry in the long form a person reads ('MMMM Do, YYYY'), the payment date as MM/DD/YYYY", () => {
    show({ vehicle: { coverageExpirationDate: '11/24/2031' }, payment: { paymentDate: '11/24/2026' } })
    expect(row('Term')).toBe('60 months (expires November 24th, 2031)')
    expect(row('Date')).toBe('11/24/2026')
  })

  it('shows amounts with cents only when they have some (0,0[.]00)', () => {
    show({
      vehicle: { coverageDeductible: 10000 },
      payment: { amount: 195600, subtotal: 189900, salesTax: 5700, hasSalesTax: true },
    })
    expect(row('Deductible')).toBe('$100')
    expect(row('Subtotal')).toBe('$1,899')
    expect(row('Sales tax')).toBe('$57')
    expect(row('Amount')).toBe('$1,956')
  })

  it('shows cents where there are some, and no tax lines without sales tax', () => {
    show({
      vehicle: { coverageDeductible: 5050 },
      payment: { amount: 189950, subtotal: 189950, salesTax: 0, hasSalesTax: false },
    })
    expect(row('Deductible')).toBe('$50.50')
    expect(row('Amount')).toBe('$1,899.50')
    expect(screen.queryByText('Subtotal')).not.toBeInTheDocument()
    expect(screen.queryByText('Sales tax')).not.toBeInTheDocument()
  })
})
