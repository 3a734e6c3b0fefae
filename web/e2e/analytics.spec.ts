/**
 * The flow's analytics events as the API stores them (analytics_events, read through the stack database):
 * an 'ErrorEncountered' event for each failure a lab institution's test switch forces (spec section
 * 8), and the purchase's one-time 'booked' and 'paid' events (spec section 4), even when the booking
 * is posted again.
 */
import { expect, test, type Page } from '@playwright/test'
import { analyticsEventsOf, HAS_DATABASE, policiesOf } from './database'
import { labels, messages } from './product'
import {
  agreeAndBook,
  CARDS,
  enterPersonalDetails,
  onPage,
  onPaymentPage,
  payAndConfirm,
  payByCard,
  purchaseUntilReview,
  quoteCoverage,
  uniqueEmail,
} from './support'

/** The member's error events and purchase events, once the ones sent in the background are stored. */
async function expectEvents(email: string, expected: { errors: Array<[string, string]>; purchase: Array<[string, string]> }) {
  await expect.poll(() => analyticsEventsOf(email, 'ErrorEncountered')).toEqual(expected.errors)
  await expect.poll(() => analyticsEventsOf(email, 'Purchase')).toEqual(expected.purchase)
}

/** The one policy the member booked. */
function policyIdOf(email: string): string {
  const policies = policiesOf(email)
  expect(policies).toHaveLength(1)
  return policies[0].policy_id
}

/** The payment speed bump is showing. */
async function speedBump(page: Page) {
  await expect(page.getByRole('dialog', { name: messages.paymentProblemTitle })).toBeVisible({ timeout: 60_000 })
}

test.beforeEach(() => {
  test.skip(!HAS_DATABASE, 'needs the stack database (scripts/e2e.sh)')
})

test("PolicyPost on a failed booking; after Retry Booking, booking again and paying: one 'booked', one 'paid'", async ({
  page,
}) => {
  // checkout-lab fails the first booking round of each purchase (policyPostErrorTest).
  const institution = 'checkout-lab'
  const { email } = await purchaseUntilReview(page, { institution })
  await agreeAndBook(page)
  const dialog = page.getByTestId('booking-failed-dialog')
  await expect(dialog).toBeVisible({ timeout: 150_000 })
  await dialog.getByRole('button', { name: labels.retryBooking }).click()
  await onPaymentPage(page, institution)

  // Back to the review and Continue again: the same booking, posted again, answers the same policy.
  await page.getByTestId('back-button').click()
  await onPage(page, 'user/coverage/confirm', institution)
  await agreeAndBook(page)
  await onPaymentPage(page, institution)
  const purchase = await payAndConfirm(page, email, { institution })

  await expectEvents(email, {
    errors: [['PolicyPost', 'bookingFailed 502']],
    purchase: [
      ['booked', purchase.policyId],
      ['paid', purchase.policyId],
    ],
  })
})

test('SignRequest when the sign request fails (paymentSignErrorTest)', async ({ page }) => {
  const institution = 'switch-payment-sign'
  const { email } = await purchaseUntilReview(page, { institution })
  await agreeAndBook(page)
  await expect(page).toHaveURL(new RegExp(`/${institution}/user/payment-details$`), { timeout: 150_000 })
  await speedBump(page)
  await expectEvents(email, { errors: [['SignRequest', 'paymentFailed 502']], purchase: [['booked', policyIdOf(email)]] })
})

test("VerifyResponse when the widget's result is refused (paymentVerifyErrorTest)", async ({ page }) => {
  const institution = 'switch-payment-verify'
  const { email } = await purchaseUntilReview(page, { institution })
  await agreeAndBook(page)
  await onPaymentPage(page, institution)
  await payByCard(page, CARDS.approved)
  await speedBump(page)
  await expectEvents(email, { errors: [['VerifyResponse', 'paymentFailed 502']], purchase: [['booked', policyIdOf(email)]] })
})

test("PaymentConfirmation when Continue fails after paying (paymentConfirmationErrorTest); 'paid' was sent", async ({ page }) => {
  const institution = 'switch-payment-confirmation'
  const { email } = await purchaseUntilReview(page, { institution })
  await agreeAndBook(page)
  await onPaymentPage(page, institution)
  await payByCard(page, CARDS.approved)
  await expect(page.getByTestId('payment-continue')).toBeEnabled({ timeout: 60_000 })
  await page.getByTestId('payment-continue').click()
  await speedBump(page)
  const policyId = policyIdOf(email)
  await expectEvents(email, {
    errors: [['PaymentConfirmation', 'paymentFailed 502']],
    purchase: [
      ['booked', policyId],
      ['paid', policyId],
    ],
  })
})

test('SendEmail when the verification email is not sent (verifyEmailErrorTest)', async ({ page }) => {
  const institution = 'switch-verify-email'
  const email = uniqueEmail()
  await quoteCoverage(page, { institution, email })
  await enterPersonalDetails(page, { institution })
  await page.getByTestId('validate-email').click()
  await expect(page.getByRole('alert').filter({ hasText: messages.sendCodeFailed })).toBeVisible()
  await expectEvents(email, { errors: [['SendEmail', 'emailFailed 502']], purchase: [] })
})
