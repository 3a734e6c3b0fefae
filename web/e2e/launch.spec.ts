/**
 * A member of Summit launched from online banking (docs/launch.md): the demo bank (tools/demo-bank,
 * a real OpenID Connect provider) runs as `localhost`, another site than the app's 127.0.0.1, as a
 * real bank is. The member buys without typing their email or address and without a code.
 */
import { expect, test } from '@playwright/test'
import { messages } from './product'
import { BANK_URL, signInToOnlineBanking } from './bank'
import { waitForEmail } from './maildev'
import {
  agreeAndBook,
  INSTITUTION,
  onPage,
  onPaymentPage,
  payAndConfirm,
  progress,
  quoteFromLookup,
  screenshotter,
} from './support'

const screenshot = screenshotter('launch-')

test.beforeAll(() => {
  expect(BANK_URL, 'scripts/e2e.sh starts the demo bank and exports BANK_URL').not.toBe('')
})

test('a member launched from online banking buys without typing their email or address, and without a code', async ({ page }) => {
  await signInToOnlineBanking(page, 'jane', 'summit-jane-2026')
  await screenshot(page, 'online-banking')
  await page.getByRole('link', { name: 'Get a quote' }).click()

  // Signed in already at the bank: straight to car lookup, no splash, no captcha.
  await onPage(page, 'user/car/lookup')
  await progress(page, 10)
  await quoteFromLookup(page, { onScreen: (name) => screenshot(page, name) })

  // The details come from the bank, shown for review and still editable.
  await page.getByTestId('purchase-button').click()
  await onPage(page, 'user/missing-info')
  await expect(page.getByTestId('first-name-input')).toHaveValue('Jane')
  await expect(page.getByTestId('last-name-input')).toHaveValue('Rivera')
  await expect(page.getByTestId('phone-input')).toHaveValue('(303) 555-0187')
  await expect(page.getByTestId('street-input')).toHaveValue('1420 Larimer St')
  await expect(page.getByTestId('city-input')).toHaveValue('Denver')
  await expect(page.getByTestId('zip-input')).toHaveValue('80202')
  await expect(page.getByTestId('member-yes')).toBeChecked()
  await expect(page.getByTestId('street-input')).toBeEditable()
  await screenshot(page, 'personal-details')
  await page.getByTestId('personal-details-submit').click()

  // The bank verified the email: no code step.
  await onPage(page, 'user/coverage/confirm')
  await agreeAndBook(page)
  await onPaymentPage(page, INSTITUTION)
  const purchase = await payAndConfirm(page, 'jane.rivera@example.com')
  await screenshot(page, 'confirmation')
  expect(purchase.contractNumber).not.toBe('')
  // The receipt goes to the address the bank gave.
  await waitForEmail('jane.rivera@example.com', /^Your receipt from Summit Credit Union$/)
})

test('a launch token from online banking opens car lookup; a replayed one lands on the splash with a notice', async ({
  page,
}) => {
  await signInToOnlineBanking(page, 'jane', 'summit-jane-2026')
  const launch = page.waitForRequest((request) => request.url().endsWith(`/api/institution/${INSTITUTION}/launch/token`))
  await page.getByRole('button', { name: 'Get a quote (signed launch token)' }).click()
  const posted = (await launch).postData() ?? ''
  await onPage(page, 'user/car/lookup')
  await expect(page.getByTestId('lookup-continue')).toBeVisible()

  // The same token again, from another browser context: used, so the splash says what to do.
  const other = await page.context().browser()!.newContext()
  const replay = await other.newPage()
  await replay.setContent(
    `<form method="post" action="${new URL(page.url()).origin}/api/institution/${INSTITUTION}/launch/token">` +
      `<input type="hidden" name="launch_token" value="${new URLSearchParams(posted).get('launch_token') ?? ''}"></form>`,
  )
  await replay.evaluate(() => document.forms[0].submit())
  await expect(replay).toHaveURL(new RegExp(`/${INSTITUTION}/splash\\?launch=used$`))
  await expect(replay.getByTestId('launch-notice')).toHaveText(messages.bankLaunchExpired)
  await expect(replay.getByTestId('email-input')).toBeVisible()
  await screenshot(replay, 'used-token')
  await other.close()
})
