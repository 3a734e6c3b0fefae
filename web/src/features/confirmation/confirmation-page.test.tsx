import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Confirmation } from '../../api/types'
import { format } from '../../lib/icu'
import { labels, screens } from '../../lib/product'
import { confirmation } from '../../test/fixtures'
import { ConfirmationDetails } from './confirmation-page'

const ROWS = screens.confirmation.rows

/** The value shown on the row labelled `label`. */
function row(label: string): string {
  const labelCell = screen.getByText(label, { selector: 'p' })
  return within(labelCell.parentElement!).getAllByText(/./)[1].textContent ?? ''
}

function show(changes: { vehicle?: Partial<Confirmation['vehicle']>; payment?: Partial<Confirmation['payment']> } = {}) {
  return render(
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

/** The page's texts, one per line (so that no label runs into its value). */
function textsOf(container: HTMLElement): string {
  const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT)
  const texts: string[] = []
  while (walker.nextNode()) texts.push(walker.currentNode.textContent ?? '')
  return texts.join('\n')
}

const MONTH = '(?:January|February|March|April|May|June|July|August|September|October|November|December)'
/** The page's one date format ('MMMM Do, YYYY', spec section 9). */
const LONG_DATE = new RegExp(`${MONTH} \\d{1,2}(?:st|nd|rd|th), \\d{4}`, 'g')
/** Anything a member would read as a date written with digits: 11/22/2026, 2026-11-22, 11-22-2026. */
const NUMERIC_DATE = /\b\d{1,4}[/-]\d{1,2}[/-]\d{2,4}\b/g
/** Every amount written with a dollar sign, however it is written. */
const AMOUNT = /\$[\d,]+(?:\.\d+)?/g
/** The page's one money format: thousands separated, always with cents. */
const WITH_CENTS = /^\$\d{1,3}(?:,\d{3})*\.\d{2}$/

describe('the confirmation', () => {
  it('writes every date one way and every amount with cents', () => {
    const { container } = show({
      vehicle: { coverageDeductible: 10000, coverageExpirationDate: '11/24/2031' },
      payment: { paymentDate: '11/24/2026', amount: 195597, subtotal: 189900, salesTax: 5697, hasSalesTax: true },
    })
    const text = textsOf(container)
    expect(text.match(NUMERIC_DATE)).toBeNull()
    expect(text.match(LONG_DATE)).toEqual(['November 24th, 2031', 'November 24th, 2026'])
    const amounts = text.match(AMOUNT) ?? []
    expect(amounts).toEqual(['$100.00', '$1,899.00', '$56.97', '$1,955.97'])
    for (const amount of amounts) expect(amount).toMatch(WITH_CENTS)
  })

  it('gives the coverage expiry and the payment date in the same long form', () => {
    show({ vehicle: { coverageExpirationDate: '11/24/2031' }, payment: { paymentDate: '01/02/2027' } })
    expect(row(ROWS.term)).toBe(format(screens.confirmation.termValue, { months: 60, date: 'November 24th, 2031' }))
    expect(row(ROWS.date)).toBe('January 2nd, 2027')
  })

  it('shows whole-dollar and cent amounts alike, and no tax lines without sales tax', () => {
    show({
      vehicle: { coverageDeductible: 5050 },
      payment: { amount: 189900, subtotal: 189900, salesTax: 0, hasSalesTax: false },
    })
    expect(row(ROWS.deductible)).toBe('$50.50')
    expect(row(ROWS.amount)).toBe('$1,899.00')
    expect(screen.queryByText(ROWS.subtotal)).not.toBeInTheDocument()
    expect(screen.queryByText('Sales tax')).not.toBeInTheDocument()
  })
})
