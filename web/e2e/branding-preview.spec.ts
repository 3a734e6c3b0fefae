/**
 * The staff console's branding preview on the real stack (docs/staff.md, web/src/components/preview-frame.tsx):
 * Summit's splash (`?preview=light|dark`) and coverage page (`/coverage-preview`, sample options)
 * as members see them, forced to the mode asked for before the first paint (the server page's
 * inline script) and after, with the member's own stored light/dark choice neither read nor
 * written, and nothing a visit does: no analytics, no session restore, no captcha, no user. Both
 * pages pass axe (WCAG 2 A and AA) in both modes.
 */
import { expect, test, type Page } from '@playwright/test'
import { fill, labels, product, titles } from './product'
import { passesAxe, screenshotter } from './support'

const IID = 'summit-cu'
const MODE_KEY = `coverline-mode-${IID}`
const PREVIEW_NOTE = product.screens.components.previewNote

const screenshot = screenshotter('branding-preview-')

/** Every request the page sends to the API, as 'GET /api/…', from now on. */
function apiRequests(page: Page): string[] {
  const sent: string[] = []
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname
    if (path.startsWith('/api/')) sent.push(`${request.method()} ${path}`)
  })
  return sent
}

/** What a preview may ask the API for: the institution's public data and its logo. */
function onlyPublicData(sent: string[]) {
  const other = sent.filter((call) => !['GET /api/institution/summit-cu', 'GET /api/institution/summit-cu/logo'].includes(call))
  expect(other, 'a preview calls nothing but the institution’s public data').toEqual([])
  expect(sent.filter((call) => call.includes('/analytics'))).toEqual([])
  expect(sent.filter((call) => call.includes(`/api/institution/${IID}/user`))).toEqual([])
}

/** The page's <html> is in `mode` alone. */
async function inMode(page: Page, mode: 'light' | 'dark') {
  const html = page.locator('html')
  await expect(html).toHaveClass(new RegExp(`\\b${mode}\\b`))
  await expect(html).not.toHaveClass(new RegExp(`\\b${mode === 'dark' ? 'light' : 'dark'}\\b`))
}

/** A full-page screenshot from the top (the banner sticks to the top of the view: scrolled, it would cover the page). */
async function screenshotFromTop(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0))
  await screenshot(page, name)
}

/** The keys the page's origin holds in localStorage. */
const storedKeys = (page: Page) => page.evaluate(() => Object.keys(localStorage))

test('the splash’s preview: dark, then light, before any script and with the app; nothing stored, nothing sent', async ({
  page,
}) => {
  const sent = apiRequests(page)

  // The first paint: the server page's inline script (MODE_SCRIPT, api/src/http/web_page.rs) puts the
  // preview's mode on <html> before any of the app's code runs.
  await page.route('**/assets/*.js', (route) => route.abort())
  await page.goto(`/${IID}/splash?preview=dark`)
  await expect(page.locator('#coverline-shell').getByRole('heading', { level: 1, name: 'Summit Credit Union' })).toBeVisible()
  await inMode(page, 'dark')
  await page.unroute('**/assets/*.js')

  for (const mode of ['dark', 'light'] as const) {
    await page.goto(`/${IID}/splash?preview=${mode}`)
    await expect(page.getByRole('complementary', { name: product.screens.components.previewLabel })).toHaveText(PREVIEW_NOTE)
    await expect(page.getByTestId('institution-name')).toHaveText('Summit Credit Union')
    await expect(page.locator('#coverline-shell')).toHaveCount(0)
    await inMode(page, mode)

    // The form is there and starts nothing: the address cannot be typed, Continue does nothing.
    const email = page.getByTestId('email-input')
    await expect(email).toHaveAttribute('readonly', '')
    await email.click()
    await page.keyboard.type('jane@example.com')
    await page.keyboard.press('Enter')
    await expect(email).toHaveValue('')
    const proceed = page.getByRole('button', { name: product.screens.splash.continueButton })
    await expect(proceed).toHaveAttribute('aria-disabled', 'true')
    // Playwright waits for an aria-disabled button to become enabled: a member's click, forced.
    await proceed.click({ force: true })
    await expect(page).toHaveURL(new RegExp(`/${IID}/splash\\?preview=${mode}$`))
    await expect(page.getByTestId('state-select')).toHaveCount(0)
    await expect(page.locator('altcha-widget')).toHaveCount(0)

    await passesAxe(page, `splash preview (${mode})`)
    await screenshotFromTop(page, `splash-${mode}`)
  }

  // Time for anything the page would send after its first paint.
  await page.waitForTimeout(1500)
  expect(await storedKeys(page)).not.toContain(MODE_KEY)
  onlyPublicData(sent)
  expect(sent.filter((call) => /\/captcha|\/session\//.test(call))).toEqual([])
})

test('a member’s own stored choice neither shows in the preview nor changes', async ({ page }) => {
  await page.goto(`/${IID}/splash`)
  await expect(page.getByTestId('email-input')).toBeVisible()
  await page.evaluate((key) => localStorage.setItem(key, 'light'), MODE_KEY)
  await page.goto(`/${IID}/splash?preview=dark`)
  await expect(page.getByTestId('preview-banner')).toBeVisible()
  await inMode(page, 'dark')
  // The toggle switches the preview, and stores nothing.
  await page.getByTestId('dark-mode-toggle').click()
  await inMode(page, 'light')
  await page.getByTestId('dark-mode-toggle').click()
  await inMode(page, 'dark')
  expect(await page.evaluate((key) => localStorage.getItem(key), MODE_KEY)).toBe('light')
})

test('the coverage page’s preview: three sample rate cards in Summit’s frame, dark and light, its buttons inert', async ({
  page,
}) => {
  const sent = apiRequests(page)
  for (const mode of ['dark', 'light'] as const) {
    await page.goto(`/${IID}/coverage-preview?preview=${mode}`)
    await expect(page.getByRole('complementary', { name: product.screens.components.previewLabel })).toHaveText(PREVIEW_NOTE)
    await expect(page.getByTestId('page-title')).toHaveText(titles.coverage)
    await expect(page.getByRole('img', { name: 'Summit Credit Union' })).toBeVisible()
    await inMode(page, mode)

    // Three options, the middle one first, as a member's quote shows them; each card is there.
    await expect(page.getByTestId('rate-position')).toContainText(
      fill(product.screens.coverage.position, { position: '2', count: '3' }),
    )
    const dots = page.getByRole('button', { name: /^Show option \d/ })
    await expect(dots).toHaveCount(3)
    const names: string[] = []
    for (let option = 1; option <= 3; option += 1) {
      await page.getByRole('button', { name: new RegExp(`^Show option ${option}:`) }).click()
      await expect(page.getByTestId('rate-position')).toContainText(`Option ${option} of 3`)
      await expect(page.getByTestId('rate-card')).toBeVisible()
      names.push((await page.getByTestId('rate-coverage-name').textContent()) ?? '')
    }
    expect(names).toEqual(['STANDARD', 'SILVER', 'PREMIUM'])
    await page.getByRole('button', { name: /^Show option 2:/ }).click()

    // Buying and asking do nothing.
    const purchase = page.getByTestId('purchase-button')
    await expect(purchase).toHaveText(labels.purchase)
    await expect(purchase).toHaveAttribute('aria-disabled', 'true')
    await purchase.click({ force: true })
    await page.getByRole('button', { name: labels.requestExpertGuidance }).click({ force: true })
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(page).toHaveURL(new RegExp(`/${IID}/coverage-preview\\?preview=${mode}$`))

    await passesAxe(page, `coverage preview (${mode})`)
    await screenshotFromTop(page, `coverage-${mode}`)
  }
  await page.waitForTimeout(1500)
  expect(await storedKeys(page)).not.toContain(MODE_KEY)
  onlyPublicData(sent)
})
