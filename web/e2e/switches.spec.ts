/**
 * The institution test switches (testingSettings, spec sections 3 and 8) on the real stack: each lab
 * institution in e2e/institutions/ (imported by scripts/e2e.sh) has one switch on, and the member
 * meets exactly the error path the spec gives for it.
 */
import { expect, test, type Page } from '@playwright/test'
import { fieldErrors, labels, messages, product } from './product'
import {
  agreeAndBook,
  CARDS,
  describe2020Accord,
  describeCar,
  enterPersonalDetails,
  fillMemberDetails,
  onPage,
  onPaymentPage,
  payByCard,
  progress,
  purchaseUntilReview,
  quoteCoverage,
  screenshotter,
  startQuote,
  toDescription,
  uniqueEmail,
  VIN,
} from './support'

/** The payment speed bump with the spec's text; Okay goes to payment-error with Retry Payment. */
async function speedBumpThenPaymentError(page: Page, institution: string) {
  const screenshot = screenshotter(`switches-${institution}-`)
  const dialog = page.getByRole('dialog', { name: messages.paymentProblemTitle })
  await expect(dialog).toBeVisible({ timeout: 60_000 })
  await expect(dialog.getByText(messages.paymentProblem, { exact: true })).toBeVisible()
  await screenshot(page, 'speed-bump')
  await dialog.getByRole('button', { name: product.screens.payment.okayButton }).click()
  await onPage(page, 'user/payment-error', institution)
  await expect(page.getByTestId('payment-error-page')).toBeVisible()
  await expect(page.getByTestId('retry-button')).toHaveText(labels.retryPayment)
  await screenshot(page, 'payment-error')
}

test(`carVinErrorTest: every VIN lookup answers '${fieldErrors.vehicleNotFound}'`, async ({ page }) => {
  const institution = 'switch-vin'
  await startQuote(page, undefined, undefined, { institution })
  await page.getByTestId('lookup-continue').click()
  await onPage(page, 'user/car/lookup/vin', institution)
  await page.getByTestId('vin-input').fill(VIN)
  await page.getByTestId('vin-submit').click()
  await expect(page.getByText(fieldErrors.vehicleNotFound, { exact: true })).toBeVisible()
  await expect(page.getByTestId('vin-input')).toHaveAttribute('aria-invalid', 'true')
  await onPage(page, 'user/car/lookup/vin', institution)
  await screenshotter(`switches-${institution}-`)(page, 'vin-not-found')
})

test("descriptionErrorTest: the description lookup's 'Oops' dialog; No goes to no-rates", async ({ page }) => {
  const institution = 'switch-description'
  await startQuote(page, undefined, undefined, { institution })
  await toDescription(page, undefined, institution)
  await describe2020Accord(page)
  await page.getByTestId('description-submit').click()
  const dialog = page.getByRole('dialog', { name: messages.vehicleLookupTitle })
  await expect(dialog.getByText(messages.vehicleLookupFailed)).toBeVisible()
  await expect(dialog.getByText(messages.tryAgainQuestion)).toBeVisible()
  await screenshotter(`switches-${institution}-`)(page, 'description-oops')
  await dialog.getByRole('button', { name: product.screens.car.noButton, exact: true }).click()
  await onPage(page, 'user/no-rates', institution)
  await expect(page.getByTestId('no-rates-page')).toBeVisible()
})

test('quotePostErrorTest: the quote fails, the member lands on the no-rates page', async ({ page }) => {
  const institution = 'switch-quote'
  await startQuote(page, undefined, undefined, { institution })
  await describeCar(page, VIN)
  await onPage(page, 'user/no-rates', institution)
  await expect(page.getByTestId('no-rates-page')).toBeVisible()
  await expect(page.getByTestId('rate-card')).toHaveCount(0)
  await screenshotter(`switches-${institution}-`)(page, 'quote-no-rates')
})

test(`verifyEmailErrorTest: sending the code fails with '${messages.sendCodeFailed}'`, async ({ page }) => {
  const institution = 'switch-verify-email'
  await quoteCoverage(page, { institution })
  await enterPersonalDetails(page, { institution })
  await page.getByTestId('validate-email').click()
  await expect(page.getByRole('alert').filter({ hasText: messages.sendCodeFailed })).toBeVisible()
  await onPage(page, 'user/verify-email/send-email', institution)
  await expect(page.getByTestId('code-input')).toHaveCount(0)
  await screenshotter(`switches-${institution}-`)(page, 'verify-email-error')
})

test('paymentSignErrorTest: the sign request fails: the speed bump, then payment-error', async ({ page }) => {
  const institution = 'switch-payment-sign'
  await purchaseUntilReview(page, { institution })
  await agreeAndBook(page)
  await expect(page).toHaveURL(new RegExp(`/${institution}/user/payment-details$`), { timeout: 150_000 })
  await expect(page.getByTestId('payment-widget')).toHaveCount(0)
  await speedBumpThenPaymentError(page, institution)
})

test("paymentVerifyErrorTest: the widget's result is refused: the speed bump, then payment-error", async ({ page }) => {
  const institution = 'switch-payment-verify'
  await purchaseUntilReview(page, { institution })
  await agreeAndBook(page)
  await onPaymentPage(page, institution)
  await payByCard(page, CARDS.approved)
  await speedBumpThenPaymentError(page, institution)
})

test('paymentConfirmationErrorTest: Continue after paying fails: the speed bump, then payment-error', async ({ page }) => {
  const institution = 'switch-payment-confirmation'
  await purchaseUntilReview(page, { institution })
  await agreeAndBook(page)
  await onPaymentPage(page, institution)
  await payByCard(page, CARDS.approved)
  await expect(page.getByTestId('payment-continue')).toBeEnabled({ timeout: 60_000 })
  await page.getByTestId('payment-continue').click()
  await speedBumpThenPaymentError(page, institution)
})

test('policyPostErrorTest: only the first booking round fails; Retry Booking books', async ({ page }) => {
  const institution = 'checkout-lab'
  await purchaseUntilReview(page, { institution })
  await agreeAndBook(page)
  const dialog = page.getByTestId('booking-failed-dialog')
  await expect(dialog.getByText(messages.bookingFailed, { exact: true })).toBeVisible({ timeout: 150_000 })
  await screenshotter(`switches-${institution}-`)(page, 'booking-failed')
  await dialog.getByRole('button', { name: labels.retryBooking }).click()
  await onPaymentPage(page, institution)
})

test('skipEmailVerification: personal details go straight to the review page, and it books', async ({ page }) => {
  const institution = 'switch-skip-verification'
  await quoteCoverage(page, { institution, email: uniqueEmail() })
  await page.getByTestId('purchase-button').click()
  await onPage(page, 'user/missing-info', institution)
  await fillMemberDetails(page)
  await page.getByTestId('member-yes').check()
  await page.getByTestId('personal-details-submit').click()
  // No verify-email step.
  await onPage(page, 'user/coverage/confirm', institution)
  await progress(page, 90)
  await expect(page.getByTestId('validate-email')).toHaveCount(0)
  await screenshotter(`switches-${institution}-`)(page, 'skip-verification-review')
  await agreeAndBook(page)
  await onPaymentPage(page, institution)
})
