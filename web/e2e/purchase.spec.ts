import { expect, test } from '@playwright/test'
import { waitForVerificationCode } from './maildev'
import { dismissImpactModal, INSTITUTION, onPage, progress, screenshotter, startQuote, uniqueEmail } from './support'

const VIN = process.env.E2E_VIN || '5XYRLDLC3NG097496'
const screenshot = screenshotter()

test('a member buys a vehicle service contract', async ({ page }) => {
  const email = uniqueEmail()

  // Splash: email, then state of residence
  await startQuote(page, email, (name) => screenshot(page, name))

  // Car
  await screenshot(page, 'lookup-choice')
  await page.getByTestId('lookup-continue').click()

  await onPage(page, 'user/car/lookup/vin')
  await progress(page, 20)
  await page.getByTestId('vin-input').fill(VIN)
  await screenshot(page, 'vin')
  await page.getByTestId('vin-submit').click()

  await onPage(page, 'user/car/mileage')
  await progress(page, 30)
  await expect(page.getByTestId('car-line')).not.toBeEmpty()
  await page.getByTestId('mileage-input').pressSequentially('45000')
  await expect(page.getByTestId('mileage-input')).toHaveValue('45,000')
  await screenshot(page, 'mileage')
  await page.getByTestId('mileage-submit').click()

  await onPage(page, 'user/car/miles-per-year')
  await progress(page, 40)
  await expect(page.getByTestId('miles-per-year-15000')).toBeChecked()
  await screenshot(page, 'miles-per-year')
  await page.getByTestId('miles-per-year-submit').click()

  await onPage(page, 'user/car/years-to-own')
  await progress(page, 50)
  await expect(page.getByTestId('years-to-own-6')).toBeChecked()
  await screenshot(page, 'years-to-own')
  await page.getByTestId('years-to-own-submit').click()

  // Coverage: the carousel starts on the middle of three rates
  await onPage(page, 'user/coverage/level')
  await progress(page, 60)
  await expect(page.getByTestId('rate-card')).toBeVisible()
  await dismissImpactModal(page)
  await expect(page.getByText('Option 2 of 3')).toBeVisible()
  await expect(page.getByTestId('rate-previous')).toBeVisible()
  await expect(page.getByTestId('rate-next')).toBeVisible()
  await screenshot(page, 'coverage')
  await page.getByTestId('purchase-button').click()

  // Personal details
  await onPage(page, 'user/missing-info')
  await progress(page, 70)
  await page.getByTestId('first-name-input').fill('Jane')
  await page.getByTestId('last-name-input').fill('Doe')
  await page.getByTestId('phone-input').pressSequentially('3035550142')
  await expect(page.getByTestId('phone-input')).toHaveValue('(303) 555-0142')
  await page.getByTestId('street-input').fill('100 Main St')
  await page.getByTestId('city-input').fill('Denver')
  await page.getByTestId('zip-input').fill('80202')
  await expect(page.getByTestId('state-input')).toHaveValue('CO')
  await page.getByTestId('member-yes').check()
  await screenshot(page, 'personal-details')
  await page.getByTestId('personal-details-submit').click()

  // Verify email
  await onPage(page, 'user/verify-email/send-email')
  await progress(page, 80)
  await expect(page.getByTestId('verify-email-input')).toHaveValue(email)
  await expect(page.getByTestId('verify-email-input')).toBeDisabled()
  await screenshot(page, 'send-email')
  await page.getByTestId('validate-email').click()

  await onPage(page, 'user/verify-email/code-confirmation')
  const code = await waitForVerificationCode(email)
  await page.getByTestId('code-input').fill(code)
  await screenshot(page, 'code-confirmation')
  await page.getByTestId('code-submit').click()

  // Review and book (booking may take a while)
  await onPage(page, 'user/coverage/confirm')
  await progress(page, 90)
  await page.getByTestId('confirm-continue').click()
  await expect(page.getByText('Please read the terms of service before continuing')).toBeVisible()
  await expect(page.getByText('Please agree to the refund terms before continuing')).toBeVisible()
  await page.getByTestId('terms-checkbox').check()
  await page.getByTestId('refund-checkbox').check()
  await screenshot(page, 'review-and-purchase')
  await page.getByTestId('confirm-continue').click()

  // Payment in the gateway's iframe
  await expect(page).toHaveURL(new RegExp(`/${INSTITUTION}/user/payment-details$`), { timeout: 150_000 })
  await progress(page, 100)
  await expect(page.getByTestId('payment-continue')).toBeDisabled()
  await expect(page.getByTestId('payment-skeleton')).toBeHidden({ timeout: 30_000 })
  const widget = page.frameLocator('[data-testid="payment-widget"]')
  await widget.getByLabel('Card number').fill('4242 4242 4242 4242')
  await widget.getByLabel('Expiry (MM/YY)').fill('12/34')
  await widget.getByLabel('CVC').fill('123')
  await widget.getByLabel('ZIP').fill('80202')
  await screenshot(page, 'payment')
  await widget.getByRole('button', { name: 'Pay' }).click()
  await expect(page.getByTestId('payment-continue')).toBeEnabled({ timeout: 60_000 })
  await screenshot(page, 'payment-accepted')
  await page.getByTestId('payment-continue').click()

  // Confirmation
  await onPage(page, 'user/confirmation')
  await expect(page.getByText('Great job! You have made a wise decision.')).toBeVisible({ timeout: 60_000 })
  await expect(page.getByTestId('contract-number')).not.toBeEmpty()
  await expect(page.getByTestId('tracking-number')).not.toBeEmpty()
  await screenshot(page, 'confirmation')
})
