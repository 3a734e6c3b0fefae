/**
 * Accessibility on the real stack: every screen of the purchase, its dialogs, the error and contact
 * pages and find your contract pass axe (WCAG 2 A and AA rules) with no serious or critical
 * violation, light and (where the institution allows it) dark. The payment gateway's card widget is
 * a third party's page in an iframe: it is excluded from the scans. Then a whole purchase made with
 * the keyboard alone: Tab, Shift+Tab, Enter, Space, arrow keys and typing, never a click (typing into
 * the card widget's fields after tabbing into its iframe is keyboard use too).
 */
import { expect, test, type Locator, type Page } from '@playwright/test'
import { fieldErrors, fill, labels, messages, product } from './product'
import {
  cardSettled,
  agreeAndBook,
  CARDS,
  completePurchase,
  describe2020Accord,
  describeCar,
  dismissImpactModal,
  fillMemberDetails,
  onPage,
  onPaymentPage,
  passesAxe,
  payByCard,
  purchaseUntilReview,
  quoteCoverage,
  startQuote,
  toDescription,
  uniqueEmail,
  VIN,
} from './support'
import { waitForVerificationCode } from './maildev'

/** A 2003 Honda Accord: over the NAC book's age limit, so no rates. */
const OLD_VIN = '1HGCM82633A004352'

/** The screen light, then dark (the member's toggle), then light again. */
async function passesAxeLightAndDark(page: Page, screen: string) {
  await passesAxe(page, screen)
  const toggle = page.getByTestId('dark-mode-toggle')
  if ((await toggle.count()) === 0) return
  await toggle.click()
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  await passesAxe(page, `${screen} (dark)`)
  await toggle.click()
  await expect(page.locator('html')).toHaveClass(/\blight\b/)
}

test('a purchase, screen by screen: splash to confirmation', async ({ page }) => {
  await completePurchase(page, {
    onScreen: async (screen) => {
      await passesAxeLightAndDark(page, screen)
      if (screen === 'coverage') {
        // The back of the card, its sections open.
        await page.getByTestId('flip-to-back').click()
        await page.getByTestId('rate-card-back').getByRole('button', { name: labels.whatsCovered }).click()
        await cardSettled(page)
        await passesAxeLightAndDark(page, 'coverage, card back')
        await page.getByTestId('flip-to-front').click()
        await expect(page.getByTestId('rate-card-front')).toHaveAttribute('aria-hidden', 'false')
        await cardSettled(page)
      }
    },
  })
  await expect(page.getByTestId('confirmation-title')).toBeVisible()
  await passesAxeLightAndDark(page, 'confirmation')
})

test('the coverage page’s dialogs: impact modal and expert guidance; contact-me and thank-you', async ({ page }) => {
  await startQuote(page)
  await describeCar(page, VIN)
  await onPage(page, 'user/coverage/level')
  await expect(page.getByRole('dialog', { name: labels.whyCoverageMatters })).toBeVisible()
  await passesAxe(page, 'impact modal', { dialog: true })
  await dismissImpactModal(page)
  await page.getByRole('button', { name: labels.requestExpertGuidance }).click()
  await expect(page.getByRole('dialog', { name: labels.requestExpertGuidance })).toBeVisible()
  await passesAxe(page, 'expert guidance dialog', { dialog: true })
  await page.getByRole('button', { name: product.screens.coverage.yesButton }).click()
  await onPage(page, 'user/contact-me')
  await passesAxeLightAndDark(page, 'contact-me')
  await page.getByTestId('contact-first-name').fill('Jane')
  await page.getByTestId('contact-last-name').fill('Doe')
  await page.getByTestId('contact-phone').pressSequentially('3035550142')
  await page.getByTestId('contact-submit').click()
  await onPage(page, 'user/thank-you')
  await expect(page.getByRole('status')).toBeHidden({ timeout: 30_000 })
  await passesAxeLightAndDark(page, 'thank-you')
})

test('the description path: estimate-only dialog, description page, the Oops dialog', async ({ page }) => {
  await page.route(
    (url) => url.pathname.endsWith('/car/vin') && url.searchParams.has('year'),
    (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'vehicleNotFound', message: messages.failedToFindVin } }),
      }),
  )
  await startQuote(page)
  await toDescription(page, () => passesAxe(page, 'estimate-only dialog', { dialog: true }))
  await passesAxeLightAndDark(page, 'description')
  await describe2020Accord(page)
  await passesAxe(page, 'description, filled in')
  await page.getByTestId('description-submit').click()
  await expect(page.getByRole('dialog', { name: messages.vehicleLookupTitle })).toBeVisible()
  await passesAxe(page, "the 'Oops' dialog", { dialog: true })
})

test('the error pages: no rates, invalid state, user creation; a non-member’s contact page', async ({ page }) => {
  await startQuote(page)
  await describeCar(page, OLD_VIN)
  await onPage(page, 'user/no-rates')
  await passesAxeLightAndDark(page, 'no-rates')
  await page.getByTestId('contact-representative').click()
  await expect(page.getByTestId('contact-forwarded')).toBeVisible()
  await passesAxe(page, 'no-rates, forwarded')

  await startQuote(page, undefined, undefined, { state: 'WA', expectInvalid: true })
  await passesAxeLightAndDark(page, 'invalid-state')

  await page.route('**/api/institution/summit-cu/user', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"internal","message":"x"}}' })
      : route.continue(),
  )
  await page.goto('/summit-cu/splash')
  await page.getByTestId('email-input').fill('jane@example.com')
  await page.getByTestId('email-submit').click()
  await onPage(page, 'user/user-creation-error')
  await passesAxeLightAndDark(page, 'user-creation-error')
  await page.unroute('**/api/institution/summit-cu/user')

  // A non-member: the institution-contact page.
  await quoteCoverage(page)
  await page.getByTestId('purchase-button').click()
  await fillMemberDetails(page)
  await page.getByTestId('personal-details-submit').click()
  await passesAxe(page, 'personal details with errors')
  await page.getByTestId('member-no').check()
  await page.getByTestId('personal-details-submit').click()
  await onPage(page, 'user/institution-contact')
  await passesAxeLightAndDark(page, 'institution-contact')
})

test('booking and payment problems: the retry dialog, booking-error, the speed bump, payment-error', async ({ page }) => {
  // checkout-lab fails the first booking round.
  await purchaseUntilReview(page, { institution: 'checkout-lab' })
  await agreeAndBook(page)
  const retry = page.getByTestId('booking-failed-dialog')
  await expect(retry).toBeVisible({ timeout: 150_000 })
  await passesAxe(page, 'booking retry dialog', { dialog: true })
  await retry.getByRole('button', { name: labels.noThankYou }).click()
  await onPage(page, 'user/booking-error', 'checkout-lab')
  await passesAxeLightAndDark(page, 'booking-error')
  // Retry Booking: back to the review page, both agreements again, then the payment page.
  await page.getByTestId('retry-button').click()
  await onPage(page, 'user/coverage/confirm', 'checkout-lab')
  await agreeAndBook(page)
  await onPaymentPage(page, 'checkout-lab')
  await payByCard(page, CARDS.declined)
  const speedBump = page.getByRole('dialog', { name: messages.paymentProblemTitle })
  await expect(speedBump).toBeVisible({ timeout: 60_000 })
  await passesAxe(page, 'payment speed bump', { dialog: true })
  await speedBump.getByRole('button', { name: product.screens.payment.okayButton }).click()
  await onPage(page, 'user/payment-error', 'checkout-lab')
  await passesAxeLightAndDark(page, 'payment-error')
})

test('find your contract, and its speed bump', async ({ page }) => {
  await page.goto('/summit-cu/user/usr-unknown/policy/pol-unknown')
  await expect(page.getByTestId('find-contract-page')).toBeVisible()
  await passesAxeLightAndDark(page, 'find your contract')
  await page.getByTestId('find-contract-submit').click()
  await expect(page.getByText(fieldErrors.required).first()).toBeVisible()
  await passesAxe(page, 'find your contract with errors')
  await page.getByTestId('contract-last-name').fill('Doe')
  await page.getByTestId('contract-zip').fill('80202')
  await page.getByTestId('find-contract-submit').click()
  await expect(page.getByRole('dialog', { name: messages.retrievalFailedTitle })).toBeVisible()
  await passesAxe(page, 'find your contract speed bump', { dialog: true })
})

/** Whether `target` has the keyboard focus (in its own document, the page's or the widget's frame). */
function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === element.ownerDocument.activeElement && element.ownerDocument.hasFocus())
}

/** Tab (Shift+Tab when `back`) until `target` has the focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, options: { back?: boolean; max?: number } = {}) {
  await expect(target).toBeVisible()
  for (let presses = 0; presses <= (options.max ?? 40); presses += 1) {
    if (await isFocused(target)) return
    await page.keyboard.press(options.back ? 'Shift+Tab' : 'Tab')
  }
  throw new Error(`Tab never reached ${target.toString()}`)
}

test('a whole purchase with the keyboard alone: splash to confirmation', async ({ page }) => {
  const email = uniqueEmail()
  const key = (name: string) => page.keyboard.press(name)
  const byId = (testId: string) => page.getByTestId(testId)

  // Splash: the email (Enter submits), then the state (typed to select it).
  await page.goto('/summit-cu/splash')
  await tabTo(page, byId('email-input'))
  await page.keyboard.type(email)
  await key('Enter')
  await tabTo(page, byId('state-select'))
  await page.keyboard.type('Colorado')
  await expect(byId('state-select')).toHaveValue('CO')
  await tabTo(page, byId('state-submit'))
  await key('Enter')

  // Lookup choice: the VIN is the default; arrows move between the choices.
  await onPage(page, 'user/car/lookup')
  await tabTo(page, byId('lookup-vin'))
  await key('ArrowDown')
  await expect(byId('lookup-description')).toBeChecked()
  await key('ArrowUp')
  await expect(byId('lookup-vin')).toBeChecked()
  await tabTo(page, byId('lookup-continue'))
  await key('Enter')

  // VIN, mileage (Enter submits each form), miles per year and years to own (defaults kept).
  await onPage(page, 'user/car/lookup/vin')
  await tabTo(page, byId('vin-input'))
  await page.keyboard.type(VIN)
  await key('Enter')
  await onPage(page, 'user/car/mileage')
  await tabTo(page, byId('mileage-input'))
  await page.keyboard.type('45000')
  await key('Enter')
  await onPage(page, 'user/car/miles-per-year')
  await tabTo(page, byId('miles-per-year-15000'))
  await key('ArrowDown')
  await expect(byId('miles-per-year-20000')).toBeChecked()
  await key('ArrowUp')
  await expect(byId('miles-per-year-15000')).toBeChecked()
  await tabTo(page, byId('miles-per-year-submit'))
  await key('Enter')
  await onPage(page, 'user/car/years-to-own')
  await tabTo(page, byId('years-to-own-submit'))
  await key('Enter')

  // Coverage: the impact modal, then the carousel with the arrow keys, a flip and back, Purchase.
  await onPage(page, 'user/coverage/level')
  const modal = page.getByRole('dialog', { name: labels.whyCoverageMatters })
  await tabTo(page, modal.getByRole('button', { name: labels.seeMyOptions }))
  await key('Enter')
  await expect(modal).toBeHidden()
  await tabTo(page, byId('rate-card'))
  await key('ArrowRight')
  await expect(byId('rate-position')).toContainText(fill(product.screens.coverage.position, { position: '3', count: '3' }))
  await key('ArrowLeft')
  await expect(byId('rate-position')).toContainText(fill(product.screens.coverage.position, { position: '2', count: '3' }))
  await key('Enter')
  await expect(byId('rate-card-back')).toHaveAttribute('aria-hidden', 'false')
  await expect(byId('flip-to-front')).toBeFocused()
  await key('Enter')
  await expect(byId('rate-card-front')).toHaveAttribute('aria-hidden', 'false')
  await tabTo(page, byId('purchase-button'))
  await key('Enter')

  // Personal details: typed field by field, membership with Space.
  await onPage(page, 'user/missing-info')
  const fields: Array<[string, string]> = [
    ['first-name-input', 'Jane'],
    ['last-name-input', 'Doe'],
    ['phone-input', '3035550142'],
    ['street-input', '100 Main St'],
    ['city-input', 'Denver'],
    ['zip-input', '80202'],
  ]
  for (const [testId, text] of fields) {
    await tabTo(page, byId(testId))
    await page.keyboard.type(text)
  }
  await expect(byId('phone-input')).toHaveValue('(303) 555-0142')
  await tabTo(page, byId('member-yes'))
  await key('Space')
  await expect(byId('member-yes')).toBeChecked()
  await tabTo(page, byId('personal-details-submit'))
  await key('Enter')

  // Verify email: VALIDATE, then the emailed code (Enter submits).
  await onPage(page, 'user/verify-email/send-email')
  await tabTo(page, byId('validate-email'))
  await key('Enter')
  await onPage(page, 'user/verify-email/code-confirmation')
  const code = await waitForVerificationCode(email)
  await tabTo(page, byId('code-input'))
  await page.keyboard.type(code)
  await key('Enter')

  // Review: both agreements with Space, then Continue.
  await onPage(page, 'user/coverage/confirm')
  await tabTo(page, byId('terms-checkbox'))
  await key('Space')
  await tabTo(page, byId('refund-checkbox'))
  await key('Space')
  await expect(byId('terms-checkbox')).toBeChecked()
  await expect(byId('refund-checkbox')).toBeChecked()
  await tabTo(page, byId('confirm-continue'))
  await key('Enter')

  // Payment: Tab into the gateway's widget, type the card, Enter pays; Tab out to Continue.
  await onPaymentPage(page)
  const widget = page.frameLocator('[data-testid="payment-widget"]')
  await tabTo(page, widget.getByLabel('Card number'))
  await page.keyboard.type(CARDS.approved)
  await tabTo(page, widget.getByLabel('Expiry (MM/YY)'))
  await page.keyboard.type('12/34')
  await tabTo(page, widget.getByLabel('CVC'))
  await page.keyboard.type('123')
  await tabTo(page, widget.getByLabel('ZIP'))
  await page.keyboard.type('80202')
  await key('Enter')
  await expect(byId('payment-continue')).toBeEnabled({ timeout: 60_000 })
  await tabTo(page, byId('payment-continue'))
  await key('Enter')

  await onPage(page, 'user/confirmation')
  await expect(page.getByText(messages.wiseDecision)).toBeVisible({ timeout: 60_000 })
  await expect(byId('contract-number')).not.toBeEmpty()
})
