import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { STEP_INFO, STEPPER_LABELS, STEPS, type Step } from '../flow/steps'
import { product, titles } from '../lib/product'
import FlowStepper from './flow-stepper'

/** The label a step's page shows as active, as the member sees it. */
function activeLabelOn(step: Step): string | null {
  const active = STEP_INFO[step].stepper
  if (active === undefined) return null
  const view = render(<FlowStepper labels={STEPPER_LABELS} activeStep={active} />)
  const label = screen.queryByTestId('stepper-active')?.querySelector('.cl-step-label')?.textContent ?? null
  view.unmount()
  return label
}

describe('the stepper follows the page', () => {
  it('shows the label of the page: the review has its own label, the card page the payment one', () => {
    // product.stepper lists the labels in the purchase's order: the review comes before the card page.
    const [car, personalDetails, confirmYourSelection, paymentDetails] = product.stepper
    expect(confirmYourSelection).toMatch(/^Confirm/)
    expect(paymentDetails).toMatch(/^Payment/)
    expect(STEP_INFO.confirm.title).toBe(titles.confirm)
    expect(activeLabelOn('confirm')).toBe(confirmYourSelection)
    expect(activeLabelOn('payment')).toBe(paymentDetails)
    expect(activeLabelOn('missingInfo')).toBe(personalDetails)
    expect(activeLabelOn('coverage')).toBe(car)
  })

  it('never moves back along the purchase, and every label is active on some page', () => {
    const purchase = STEPS.filter((step) => STEP_INFO[step].progress !== null)
    const active = purchase.map((step) => STEP_INFO[step].stepper ?? -1)
    expect(active).toEqual([...active].sort((a, b) => a - b))
    expect(new Set(active)).toEqual(new Set(STEPPER_LABELS.map((_, index) => index)))
    expect(STEP_INFO.confirmation.stepper).toBe(STEPPER_LABELS.length)
  })
})
