/**
 * The happy path on the real stack, one screenshot per screen: splash, car, coverage, personal
 * details, email code, review and booking, the gateway's card widget, confirmation.
 */
import { expect, test } from '@playwright/test'
import { emailsTo, waitForEmail } from './maildev'
import { completePurchase, screenshotter } from './support'

const screenshot = screenshotter()

test('a member buys a vehicle service contract', async ({ page }) => {
  const purchase = await completePurchase(page, { onScreen: (name) => screenshot(page, name) })
  await screenshot(page, 'confirmation')

  // The inbox shows the institution, not the platform, as the sender of the code and the receipt,
  // and replies go to the institution (data/institutions/summit-cu.toml: its name, its contactEmail).
  const receipt = await waitForEmail(purchase.email, /^Your receipt from Summit Credit Union$/)
  const code = (await emailsTo(purchase.email)).find((message) => /verification code/.test(message.subject))
  for (const message of [code, receipt]) {
    expect(message?.from).toEqual([{ name: 'Summit Credit Union', address: expect.stringMatching(/@/) }])
    expect(message?.replyTo).toEqual([{ name: 'Summit Credit Union', address: 'vsc@summit-cu.example' }])
  }
})
