/**
 * Navigation on the real stack (spec section 2): browser back and forward through the flow, the
 * allowed-route gate against deep links and unknown routes, the stepper and progress bar, the
 * Security footer page (loaded on demand), and a pageview stored for every page of a session.
 */
import { expect, test, type Page } from '@playwright/test'
import { IntlMessageFormat } from 'intl-messageformat'
import { HAS_DATABASE, pageviewsOf } from './database'
import { fill, product } from './product'
import { INSTITUTION, VIN, onPage, progress, screenshotter, startQuote, uniqueEmail } from './support'

const screenshot = screenshotter('navigation-')

async function stepperShows(page: Page, active: string) {
  const stepper = page.getByTestId('stepper')
  for (const label of product.stepper) {
    await expect(stepper.getByText(label, { exact: true })).toBeVisible()
  }
  await expect(page.getByTestId('stepper-active')).toContainText(active)
}

/** Lookup choice, VIN and mileage: ends on miles per year. */
async function carUntilMilesPerYear(page: Page) {
  await page.getByTestId('lookup-continue').click()
  await onPage(page, 'user/car/lookup/vin')
  await page.getByTestId('vin-input').fill(VIN)
  await page.getByTestId('vin-submit').click()
  await onPage(page, 'user/car/mileage')
  await page.getByTestId('mileage-input').pressSequentially('45000')
  await page.getByTestId('mileage-submit').click()
  await onPage(page, 'user/car/miles-per-year')
}

test('browser back and forward walk the flow; back past the lookup starts over', async ({ page }) => {
  const email = uniqueEmail()
  await startQuote(page, email)
  await stepperShows(page, 'Car')
  await carUntilMilesPerYear(page)
  await progress(page, 40)
  await page.getByTestId('miles-per-year-20000').check()
  await screenshot(page, 'miles-per-year')

  await page.goBack()
  await onPage(page, 'user/car/mileage')
  await progress(page, 30)
  await expect(page.getByTestId('car-line')).not.toBeEmpty()
  await page.goBack()
  await onPage(page, 'user/car/lookup/vin')
  await progress(page, 20)
  await screenshot(page, 'back-to-vin')

  await page.goForward()
  await onPage(page, 'user/car/mileage')
  await page.goForward()
  await onPage(page, 'user/car/miles-per-year')
  await progress(page, 40)
  await stepperShows(page, 'Car')

  // The page's own back button follows the spec's back table (miles per year -> mileage).
  await page.getByTestId('back-button').click()
  await onPage(page, 'user/car/mileage')

  // Pageviews, stored for the member's user: one per page landed on (sent in the background, so
  // compared regardless of the order they were stored in), the splash's too: sent before the user
  // existed (anonymously), it is the member's by the tab's analytics id.
  if (HAS_DATABASE) {
    await expect
      .poll(() =>
        pageviewsOf(email)
          .map((path) => path.replace(`/${INSTITUTION}/`, ''))
          .sort(),
      )
      .toEqual(
        [
          'splash',
          'user/car/lookup',
          'user/car/lookup/vin',
          'user/car/mileage',
          'user/car/miles-per-year',
          'user/car/mileage',
          'user/car/lookup/vin',
          'user/car/mileage',
          'user/car/miles-per-year',
          'user/car/mileage',
        ].sort(),
      )
  }

  // Back to the lookup choice, then past it: the splash (intro) starts over without the session.
  await page.getByTestId('back-button').click()
  await onPage(page, 'user/car/lookup/vin')
  await page.getByTestId('back-button').click()
  await onPage(page, 'user/car/lookup')
  await page.getByTestId('back-button').click()
  await onPage(page, 'splash')
  await expect(page.getByTestId('email-input')).toBeVisible()
  await page.goBack()
  await onPage(page, 'splash') // the gate refuses /user pages without a session
})

test('a deep link to a gated page, an unknown route or /user without a session lands on the splash', async ({ browser }) => {
  for (const route of ['user/coverage/confirm', 'user/payment-details', 'user/car/mileage', 'nowhere/at/all']) {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`/${INSTITUTION}/${route}`)
    await onPage(page, 'splash')
    await expect(page.getByTestId('email-input')).toBeVisible()
    if (route === 'user/coverage/confirm') await screenshot(page, 'deep-link-refused')
    await context.close()
  }
})

test('a gated page typed mid-flow is refused: the member stays where the flow is', async ({ page }) => {
  await startQuote(page)
  await page.getByTestId('lookup-continue').click()
  await onPage(page, 'user/car/lookup/vin')
  // In-app navigation to a page the gate has not opened (no car yet): the URL is put back.
  await page.evaluate((path) => {
    window.history.pushState({}, '', path)
    window.dispatchEvent(new PopStateEvent('popstate'))
  }, `/${INSTITUTION}/user/coverage/level`)
  await onPage(page, 'user/car/lookup/vin')
  await expect(page.getByTestId('vin-input')).toBeVisible()
})

test('the Security footer page loads on demand and returns to the flow', async ({ page }) => {
  const chunks: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') chunks.push(new URL(request.url()).pathname)
  })
  await startQuote(page)
  expect(chunks.some((path) => path.includes('security-page'))).toBe(false)

  await page.getByTestId('footer-link-security').click()
  await onPage(page, 'security')
  await expect(page.getByTestId('page-title')).toHaveText(product.screens.flow.securityTitle)
  // 15 idle minutes (timings.idleTimeoutMs), a session of 15 refreshes 4 minutes apart (flow/session.ts).
  const sessionTimes = new IntlMessageFormat(product.screens.security.sessionTimes, 'en-US').format({
    idleMinutes: 15,
    sessionMinutes: 60,
  })
  await expect(page.getByTestId('security-page')).toContainText(String(sessionTimes))
  await expect(page.getByTestId('security-page')).toContainText(
    fill(product.screens.security.cardNeverReaches, { institution: 'Summit Credit Union' }),
  )
  expect(chunks.some((path) => path.includes('security-page'))).toBe(true)
  await screenshot(page, 'security')

  await page.getByTestId('back-button').click()
  await onPage(page, 'user/car/lookup')
  await page.getByTestId('lookup-continue').click()
  await onPage(page, 'user/car/lookup/vin')

  // Opened first (a link from elsewhere), back goes to the flow's page: the splash.
  await page.goto(`/${INSTITUTION}/security`)
  await expect(page.getByTestId('security-page')).toBeVisible()
  await page.getByTestId('back-button').click()
  await onPage(page, 'splash')
})
