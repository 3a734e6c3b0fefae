import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { rates } from '../../test/fixtures'
import { RateCarousel } from './rate-carousel'

describe('RateCarousel', () => {
  it('shows the selected rate with its neighbours on the arrows', async () => {
    const onSelect = vi.fn()
    const onPurchase = vi.fn()
    render(<RateCarousel rates={rates} index={1} onSelect={onSelect} onPurchase={onPurchase} />)

    expect(screen.getByTestId('rate-coverage-name')).toHaveTextContent('SILVER')
    expect(screen.getByTestId('rate-term')).toHaveTextContent('60 Months / 75 k Miles')
    expect(screen.getByTestId('rate-price')).toHaveTextContent('$1,955.97*')
    expect(screen.getByTestId('rate-deductible')).toHaveTextContent('$100 deductible')
    expect(screen.getByTestId('tax-note')).toHaveTextContent('*Total cost includes sales tax of $56.97')
    expect(screen.getByRole('button', { name: 'Previous option: 50 k Miles $1,543.97' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Next option: 100 k Miles $2,470.97' })).toBeInTheDocument()

    const user = userEvent.setup()
    await user.click(screen.getByTestId('rate-next'))
    expect(onSelect).toHaveBeenCalledWith(2)
    await user.click(screen.getByRole('button', { name: 'Purchase' }))
    expect(onPurchase).toHaveBeenCalled()
  })

  it('has no arrow past either end and no tax note without tax', () => {
    const untaxed = rates.map((r) => ({ ...r, taxAmount: 0 }))
    render(<RateCarousel rates={untaxed} index={0} onSelect={() => {}} onPurchase={() => {}} />)
    expect(screen.queryByTestId('rate-previous')).not.toBeInTheDocument()
    expect(screen.getByTestId('rate-next')).toBeInTheDocument()
    expect(screen.queryByTestId('tax-note')).not.toBeInTheDocument()
  })
})
