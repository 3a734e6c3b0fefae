/**
 * The happy path on the real stack, one screenshot per screen: splash, car, coverage, personal
 * details, email code, review and booking, the gateway's card widget, confirmation.
 */
import { test } from '@playwright/test'
import { completePurchase, screenshotter } from './support'

const screenshot = screenshotter()

test('a member buys a vehicle service contract', async ({ page }) => {
  await completePurchase(page, { onScreen: (name) => screenshot(page, name) })
  await screenshot(page, 'confirmation')
})
