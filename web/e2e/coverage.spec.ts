/**
 * Coverage selection and the contact paths on the real stack: the flip-card carousel (arrows, flip,
 * tax line, expert dialog both answers, payment-option link by institution), a non-member's
 * contact request, and the no-rates and invalid-state error pages.
 */
import { expect, test, type Page } from '@playwright/test'
import { fill, labels, messages, product } from './product'
import {
  cardSettled,
  describeCar,
  dismissImpactModal,
  fillMemberDetails,
  onPage,
  progress,
  screenshotter,
  startQuote,
} from './support'

type Screenshot = ReturnType<typeof screenshotter>

const VIN = process.env.E2E_VIN || '5XYRLDLC3NG097496'
/** A 2003 Honda Accord: over the NAC book's 15-year limit, so no rates. */
const OLD_VIN = '1HGCM82633A004352'
const MOBILE = { width: 375, height: 812 }

/** A member never scrolls sideways: the document is no wider than the window. */
async function noSidewaysScroll(page: Page) {
  const { scroll, inner } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }))
  expect(scroll, 'document width vs window width').toBeLessThanOrEqual(inner)
}

/** The screen on desktop and at 375 px, light and (when asked) dark; back to desktop light after. */
async function shoot(screenshot: Screenshot, page: Page, name: string, options: { dark?: boolean } = {}) {
  const desktop = page.viewportSize()
  await screenshot(page, name)
  await noSidewaysScroll(page)
  await page.setViewportSize(MOBILE)
  await screenshot(page, `${name}-mobile`)
  await noSidewaysScroll(page)
  if (options.dark) {
    await page.getByTestId('dark-mode-toggle').click()
    await screenshot(page, `${name}-mobile-dark`)
    if (desktop) await page.setViewportSize(desktop)
    await screenshot(page, `${name}-dark`)
    await page.getByTestId('dark-mode-toggle').click()
  }
  if (desktop) await page.setViewportSize(desktop)
}

async function fillContactForm(page: Page) {
  await page.getByTestId('contact-first-name').fill('Jane')
  await page.getByTestId('contact-last-name').fill('Doe')
  await page.getByTestId('contact-phone').fill('')
  await page.getByTestId('contact-phone').pressSequentially('3035550142')
  await expect(page.getByTestId('contact-phone')).toHaveValue('(303) 555-0142')
}

test('the coverage carousel: impact modal, arrows, flip, tax line and the expert dialog', async ({ page }) => {
  const screenshot = screenshotter('coverage-a-')
  // Pennsylvania taxes service contracts (data/tax/service-contracts.toml).
  await startQuote(page, undefined, undefined, { state: 'PA' })
  await describeCar(page, VIN)
  await onPage(page, 'user/coverage/level')
  await progress(page, 60)

  const modal = page.getByRole('dialog', { name: labels.whyCoverageMatters })
  await expect(modal).toBeVisible()
  await shoot(screenshot, page, 'impact-modal')
  await dismissImpactModal(page)

  const carousel = page.getByRole('region', { name: 'Coverage options' })
  await expect(carousel).toHaveAttribute('aria-roledescription', 'carousel')
  await expect(page.getByTestId('rate-position')).toContainText(
    fill(product.screens.coverage.position, { position: '2', count: '3' }),
  )
  await expect(page.getByTestId('rate-term')).toHaveText(/^\d+ Months \/ \d+ k Miles$/)
  await expect(page.getByText(labels.oneTimePayment)).toBeVisible()
  await expect(page.getByTestId('tax-note')).toHaveText(/^\*Total cost includes sales tax of \$[\d,]+\.\d\d$/)
  await expect(page.getByTestId('rate-price')).toHaveText(/\*$/)
  await expect(page.getByRole('button', { name: labels.requestPaymentOption })).toHaveCount(0)

  // The arrows show the neighbours' miles and price.
  const next = page.getByTestId('rate-next')
  await expect(next).toHaveAccessibleName(/^Next option: \d+ k Miles \$[\d,]+\.\d\d$/)
  const nextMiles = (await next.getAttribute('aria-label'))!.match(/(\d+ k Miles)/)![1]
  await shoot(screenshot, page, 'carousel', { dark: true })
  await next.click()
  await expect(page.getByTestId('rate-position')).toContainText(
    fill(product.screens.coverage.position, { position: '3', count: '3' }),
  )
  await expect(page.getByTestId('rate-term')).toContainText(nextMiles)
  await expect(next).toBeHidden()
  // Arrow keys move it too.
  await page.getByTestId('rate-card').focus()
  await page.keyboard.press('ArrowLeft')
  await expect(page.getByTestId('rate-position')).toContainText(
    fill(product.screens.coverage.position, { position: '2', count: '3' }),
  )

  // Flip: deductible, intro, the covered components by their ids, benefits.
  await page.getByRole('button', { name: labels.seeWhatsCovered }).click()
  const back = page.getByTestId('rate-card-back')
  await expect(back).toHaveAttribute('aria-hidden', 'false')
  await expect(back.getByTestId('rate-deductible')).toContainText('deductible per repair visit')
  await back.getByRole('button', { name: labels.whatsCovered }).click()
  await expect(page.locator('#engine')).toBeVisible()
  await cardSettled(page)
  await shoot(screenshot, page, 'card-back', { dark: true })
  await page.getByRole('button', { name: labels.backToPrice }).click()
  await expect(page.getByTestId('rate-card-front')).toHaveAttribute('aria-hidden', 'false')

  // Expert guidance: 'No Thanks' stays, Yes goes to contact-me with the member checkboxes.
  await page.getByRole('button', { name: labels.requestExpertGuidance }).click()
  const dialog = page.getByRole('dialog', { name: labels.requestExpertGuidance })
  await expect(dialog.getByText(messages.expertGuidanceQuestion, { exact: true })).toBeVisible()
  await shoot(screenshot, page, 'expert-dialog')
  await dialog.getByRole('button', { name: labels.noThanks }).click()
  await expect(dialog).toBeHidden()
  await onPage(page, 'user/coverage/level')
  await page.getByRole('button', { name: labels.requestExpertGuidance }).click()
  await dialog.getByRole('button', { name: product.screens.coverage.yesButton }).click()
  await onPage(page, 'user/contact-me')
  await expect(page.getByTestId('member-checkboxes')).toBeVisible()
  await fillContactForm(page)
  await shoot(screenshot, page, 'contact-me')
  await page.getByTestId('back-button').click()
  await onPage(page, 'user/coverage/level')
  await expect(page.getByTestId('rate-position')).toContainText(
    fill(product.screens.coverage.position, { position: '2', count: '3' }),
  )
  await expect(modal).toBeHidden()
})

test('payment options: shown for prairie-trail-fcu, they lead to contact-me and thank-you', async ({ page }) => {
  const screenshot = screenshotter('coverage-b-')
  const institution = 'prairie-trail-fcu'
  await startQuote(page, undefined, undefined, { institution })
  await describeCar(page, VIN)
  await onPage(page, 'user/coverage/level', institution)
  await dismissImpactModal(page)
  const link = page.getByRole('button', { name: labels.requestPaymentOption })
  await expect(link).toBeVisible()
  await shoot(screenshot, page, 'carousel-payment-option', { dark: true })
  await link.click()
  await onPage(page, 'user/contact-me', institution)
  await expect(page.getByText(/payment options for your coverage/)).toBeVisible()
  await fillContactForm(page)
  await page.getByTestId('contact-submit').click()
  await onPage(page, 'user/thank-you', institution)
  await expect(page.getByTestId('thank-you-phone')).toHaveText('(303) 555-0142')
  await expect(page.getByRole('status')).toBeHidden({ timeout: 30_000 })
  await expect(page.getByTestId('contact-retry')).toHaveCount(0)
  await shoot(screenshot, page, 'thank-you')
})

test('a non-member leaves a contact request and sees the thank-you page', async ({ page }) => {
  const screenshot = screenshotter('coverage-c-')
  const email = `e2e-${Date.now()}@example.com`
  await startQuote(page, email)
  await describeCar(page, VIN)
  await onPage(page, 'user/coverage/level')
  await dismissImpactModal(page)
  await page.getByTestId('purchase-button').click()

  await onPage(page, 'user/missing-info')
  await fillMemberDetails(page)
  await page.getByTestId('personal-details-submit').click()
  await expect(page.getByText('Please indicate if you are a member of Summit Credit Union')).toBeVisible()
  await page.getByTestId('member-no').check()
  await page.getByTestId('personal-details-submit').click()

  await onPage(page, 'user/institution-contact')
  await expect(page.getByTestId('contact-first-name')).toHaveValue('Jane')
  await expect(page.getByTestId('contact-phone')).toHaveValue('(303) 555-0142')
  await expect(page.getByTestId('promotional-consent')).toBeChecked()
  await shoot(screenshot, page, 'institution-contact', { dark: true })
  await page.getByTestId('contact-submit').click()

  await onPage(page, 'user/thank-you')
  await expect(page.getByTestId('thank-you-name')).toHaveText('Jane Doe')
  await expect(page.getByTestId('thank-you-phone')).toHaveText('(303) 555-0142')
  await expect(page.getByTestId('thank-you-email')).toHaveText(email)
  await expect(page.getByTestId('thank-you-institution')).toHaveText(
    fill(product.screens.contact.questionsInTheMeantime, { institution: 'Summit Credit Union', phone: '(800) 555-0142' }),
  )
  await expect(page.getByRole('status')).toBeHidden({ timeout: 30_000 })
  await expect(page.getByTestId('contact-retry')).toHaveCount(0)
  await shoot(screenshot, page, 'thank-you', { dark: true })
})

test('no rates: a 2003 car is over the age limit; the error page forwards the contact', async ({ page }) => {
  const screenshot = screenshotter('coverage-d-')
  await startQuote(page)
  await describeCar(page, OLD_VIN)
  await onPage(page, 'user/no-rates')
  await expect(page.getByTestId('no-rates-page')).toBeVisible()
  await expect(page.getByTestId('back-button')).toBeVisible()
  await expect(page.getByTestId('institution-logo')).toBeVisible()
  await expect(page.getByTestId('promotional-consent')).toBeChecked()
  await shoot(screenshot, page, 'no-rates', { dark: true })
  await page.getByTestId('contact-representative').click()
  await expect(page.getByText(messages.contactForwarded, { exact: true })).toBeVisible()
  await shoot(screenshot, page, 'no-rates-forwarded')
  await page.getByTestId('back-button').click()
  await onPage(page, 'user/car/mileage')
})

test('invalid state: WA is not sold by summit-cu; the error page forwards the contact', async ({ page }) => {
  const screenshot = screenshotter('coverage-e-')
  await startQuote(page, undefined, undefined, { state: 'WA', expectInvalid: true })
  await expect(page.getByTestId('invalid-state-page')).toBeVisible()
  await expect(page.getByTestId('promotional-consent')).toBeChecked()
  await shoot(screenshot, page, 'invalid-state', { dark: true })
  await page.getByTestId('contact-me-link').click()
  await onPage(page, 'user/contact-me')
  await expect(page.getByTestId('member-checkboxes')).toHaveCount(0)
  await page.getByTestId('back-button').click()
  await onPage(page, 'user/invalid-state')
  await page.getByTestId('contact-representative').click()
  await expect(page.getByText(messages.contactForwarded, { exact: true })).toBeVisible()
  await shoot(screenshot, page, 'invalid-state-forwarded')
})
