import { fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import type { Rate } from '../../api/types'
import { fill, labels, screens } from '../../lib/product'
import { rates } from '../../test/fixtures'
import { RateCarousel } from './rate-carousel'
import type { RateCardActions } from './rate-card'

const TEXTS = screens.coverage

function actions(overrides: Partial<RateCardActions> = {}): RateCardActions {
  return {
    purchaseLabel: labels.purchase,
    onPurchase: vi.fn(),
    onRequestExpertGuidance: vi.fn(),
    onRequestPaymentOption: vi.fn(),
    ...overrides,
  }
}

/** The arrows' names: the neighbouring option's miles and price. */
const previous = (coverageMiles: string, totalPrice: string) => fill(TEXTS.previousOption, { coverageMiles, totalPrice })
const next = (coverageMiles: string, totalPrice: string) => fill(TEXTS.nextOption, { coverageMiles, totalPrice })

/** The carousel with its index held like the flow holds it. */
function Harness(props: { rates?: Rate[]; start?: number; state?: string; onFlip?: () => void; cardActions?: RateCardActions }) {
  const [index, setIndex] = useState(props.start ?? 1)
  return (
    <RateCarousel
      rates={props.rates ?? rates}
      index={index}
      onSelect={setIndex}
      onFlip={props.onFlip}
      stateOfResidence={props.state ?? 'PA'}
      actions={props.cardActions ?? actions()}
    />
  )
}

describe('RateCarousel', () => {
  it('is a labelled carousel showing one slide with its term, price and highlights', () => {
    render(<Harness />)
    const carousel = screen.getByRole('region', { name: 'Coverage options' })
    expect(carousel).toHaveAttribute('aria-roledescription', TEXTS.carouselRole)
    const slide = screen.getByRole('group', { name: fill(TEXTS.slideLabel, { position: '2', count: '3', name: 'SILVER' }) })
    expect(slide).toHaveAttribute('aria-roledescription', TEXTS.slideRole)
    expect(screen.getByTestId('rate-term')).toHaveTextContent('60 Months / 75 k Miles')
    expect(screen.getByTestId('rate-price')).toHaveTextContent('$1,955.97*')
    expect(screen.getByText(labels.oneTimePayment)).toBeInTheDocument()
    const highlights = within(screen.getByTestId('rate-highlights'))
      .getAllByRole('listitem')
      .map((li) => li.textContent)
    expect(highlights).toEqual(['Engine', 'Transmission', 'Drive Axles', 'Rental car', 'Roadside assistance'])
    expect(screen.getByTestId('rate-position')).toHaveTextContent(fill(TEXTS.position, { position: '2', count: '3' }))
  })

  it("shows the neighbours' miles and price on the arrows and moves with them", async () => {
    const user = userEvent.setup()
    render(<Harness />)
    // The arrows show the same figure as a card: the total, tax included.
    expect(screen.getByRole('button', { name: previous('50 k Miles', '$1,543.97') })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: next('100 k Miles', '$2,470.97') })).toBeInTheDocument()
    await user.click(screen.getByTestId('rate-next'))
    expect(screen.getByTestId('rate-coverage-name')).toHaveTextContent('PREMIUM')
    expect(screen.queryByTestId('rate-next')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: previous('75 k Miles', '$1,955.97') })).toBeInTheDocument()
    await user.click(screen.getByTestId('rate-previous'))
    await user.click(screen.getByTestId('rate-previous'))
    expect(screen.getByTestId('rate-coverage-name')).toHaveTextContent('STANDARD')
    expect(screen.queryByTestId('rate-previous')).not.toBeInTheDocument()
  })

  it('moves with the arrow keys and flips with Enter and Space on the card', async () => {
    const user = userEvent.setup()
    const onFlip = vi.fn()
    render(<Harness onFlip={onFlip} />)
    screen.getByTestId('rate-card').focus()
    await user.keyboard('{ArrowRight}')
    expect(screen.getByTestId('rate-coverage-name')).toHaveTextContent('PREMIUM')
    await user.keyboard('{ArrowLeft}{ArrowLeft}')
    expect(screen.getByTestId('rate-coverage-name')).toHaveTextContent('STANDARD')
    expect(screen.getByTestId('rate-card')).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(screen.getByTestId('rate-card-back')).toHaveAttribute('aria-hidden', 'false')
    expect(screen.getByTestId('rate-card-front')).toHaveAttribute('aria-hidden', 'true')
    expect(screen.getByTestId('flip-status')).toHaveTextContent(fill(TEXTS.flipStatus, { name: 'STANDARD' }))
    screen.getByTestId('rate-card').focus()
    await user.keyboard(' ')
    expect(screen.getByTestId('rate-card-front')).toHaveAttribute('aria-hidden', 'false')
    expect(onFlip).toHaveBeenCalledTimes(2)
  })

  it('flips to the back: deductible, intro, the covered components by id, and the benefits', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    await user.click(screen.getByRole('button', { name: labels.seeWhatsCovered }))
    // Focus follows the card to the face that turned up.
    expect(screen.getByRole('button', { name: labels.backToPrice })).toHaveFocus()
    const back = screen.getByTestId('rate-card-back')
    expect(within(back).getByTestId('rate-deductible')).toHaveTextContent(fill(TEXTS.deductiblePerVisit, { amount: '$100' }))
    expect(within(back).getByText(/SILVER covers the repair/)).toBeVisible()
    await user.click(within(back).getByRole('button', { name: labels.whatsCovered }))
    expect(document.getElementById('engine')).toHaveTextContent('SILVER: pistons, crankshaft')
    expect(document.getElementById('drive-axles')).toHaveTextContent('Drive Axles')
    await user.click(within(back).getByRole('button', { name: labels.extraBenefits }))
    expect(within(back).getByText('$50 per day, up to 7 days.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: labels.backToPrice }))
    expect(screen.getByTestId('rate-card-front')).toHaveAttribute('aria-hidden', 'false')
  })

  it('moves on a horizontal swipe', () => {
    render(<Harness />)
    const card = screen.getByTestId('rate-card')
    fireEvent.pointerDown(card, { clientX: 300, clientY: 100 })
    fireEvent.pointerUp(card, { clientX: 150, clientY: 110 })
    expect(screen.getByTestId('rate-coverage-name')).toHaveTextContent('PREMIUM')
    fireEvent.pointerDown(screen.getByTestId('rate-card'), { clientX: 100, clientY: 100 })
    fireEvent.pointerUp(screen.getByTestId('rate-card'), { clientX: 300, clientY: 90 })
    expect(screen.getByTestId('rate-coverage-name')).toHaveTextContent('SILVER')
  })

  it('shows the tax line only in a taxed state with tax above 0', () => {
    const { unmount } = render(<Harness state="PA" />)
    expect(screen.getByTestId('tax-note')).toHaveTextContent(fill(TEXTS.taxNote, { amount: '$56.97' }))
    unmount()
    const { unmount: again } = render(<Harness state="OR" />)
    expect(screen.queryByTestId('tax-note')).not.toBeInTheDocument()
    expect(screen.getByTestId('rate-price')).toHaveTextContent(/^\$1,955\.97$/)
    again()
    render(<Harness state="PA" rates={rates.map((r) => ({ ...r, taxAmount: 0 }))} />)
    expect(screen.queryByTestId('tax-note')).not.toBeInTheDocument()
  })

  it(`has '${labels.requestPaymentOption}' only when the institution allows it, and the purchase label it is given`, async () => {
    const user = userEvent.setup()
    const cardActions = actions({ purchaseLabel: labels.enterVin, onRequestPaymentOption: undefined })
    render(<Harness cardActions={cardActions} />)
    expect(screen.queryByRole('button', { name: labels.requestPaymentOption })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: labels.requestExpertGuidance }))
    expect(cardActions.onRequestExpertGuidance).toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: labels.enterVin }))
    expect(cardActions.onPurchase).toHaveBeenCalled()
  })

  it(`shows '${labels.requestPaymentOption}' when offered`, async () => {
    const user = userEvent.setup()
    const cardActions = actions()
    render(<Harness cardActions={cardActions} />)
    await user.click(screen.getByRole('button', { name: labels.requestPaymentOption }))
    expect(cardActions.onRequestPaymentOption).toHaveBeenCalled()
  })

  it('shows whole-dollar amounts without cents and others with two decimals (0,0[.]00)', async () => {
    // The server's `$` forms always carry cents: the card formats the cents itself.
    const wholeDollars = rates.map((r, i) => ({
      ...r,
      totalRateCost: [154300, 189900, 247000][i],
      taxAmount: [4500, 5500, 7000][i],
      coverageDeductible: i === 1 ? 5050 : 10000,
    }))
    render(<Harness rates={wholeDollars} />)
    expect(screen.getByTestId('rate-price')).toHaveTextContent(/^\$1,899\*$/)
    expect(screen.getByTestId('tax-note').textContent).toBe(fill(TEXTS.taxNote, { amount: '$55' }))
    // The back's texts are drawn once the card first turns.
    expect(screen.queryByTestId('rate-deductible')).not.toBeInTheDocument()
    await userEvent.setup().click(screen.getByRole('button', { name: labels.seeWhatsCovered }))
    expect(screen.getByTestId('rate-deductible').textContent).toBe(fill(TEXTS.deductiblePerVisit, { amount: '$50.50' }))
    expect(screen.getByRole('button', { name: previous('50 k Miles', '$1,543') })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: next('100 k Miles', '$2,470') })).toBeInTheDocument()
    const dot = fill(TEXTS.showOption, { position: '2', coverageMiles: '75 k Miles', totalPrice: '$1,899' })
    expect(screen.getByRole('button', { name: dot })).toBeInTheDocument()
    expect(screen.getByTestId('rate-position')).toHaveTextContent(
      fill(TEXTS.positionDetails, { name: 'SILVER', term: '60 Months / 75 k Miles', totalPrice: '$1,899' }),
    )
  })
})
