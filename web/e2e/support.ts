/** Helpers shared by the Playwright specs: screenshots, URL and progress checks, the splash. */
import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expect, type Page } from '@playwright/test'

export const INSTITUTION = process.env.INSTITUTION || 'summit-cu'
const SCREENSHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url))

/** Full-page screenshots of the current screen as e2e/screenshots/{prefix}NN-name.png, numbered per spec. */
export function screenshotter(prefix = '') {
  let shot = 0
  return async (page: Page, name: string) => {
    shot += 1
    mkdirSync(SCREENSHOTS, { recursive: true })
    await page.screenshot({
      path: `${SCREENSHOTS}${prefix}${String(shot).padStart(2, '0')}-${name}.png`,
      fullPage: true,
      animations: 'disabled',
    })
  }
}

export function onPage(page: Page, route: string, institution = INSTITUTION) {
  return expect(page).toHaveURL(new RegExp(`/${institution}/${route.replace(/\//g, '\\/')}$`))
}

export async function progress(page: Page, value: number) {
  await expect(page.getByTestId('progress-bar')).toHaveAttribute('aria-valuenow', String(value))
}

export function uniqueEmail(): string {
  return `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`
}

/**
 * Splash: a new member's email, then the state of residence (CO unless told); ends on the lookup
 * choice, or on the invalid-state page for a state the institution does not sell in.
 */
export async function startQuote(
  page: Page,
  email = uniqueEmail(),
  onScreen?: (name: string) => Promise<void>,
  options: { state?: string; institution?: string; expectInvalid?: boolean } = {},
) {
  const institution = options.institution ?? INSTITUTION
  await page.goto(`/${institution}/splash`)
  await expect(page.getByTestId('email-input')).toBeVisible()
  await onScreen?.('splash')
  await page.getByTestId('email-input').fill(email)
  await page.getByTestId('email-submit').click()
  await expect(page.getByTestId('state-select')).toBeVisible()
  await page.getByTestId('state-select').selectOption(options.state ?? 'CO')
  await onScreen?.('state-of-residence')
  await page.getByTestId('state-submit').click()
  if (options.expectInvalid) return onPage(page, 'user/invalid-state', institution)
  await onPage(page, 'user/car/lookup', institution)
  await progress(page, 10)
}

/** The coverage page's impact modal (once per session): dismissed. */
export async function dismissImpactModal(page: Page) {
  const modal = page.getByRole('dialog', { name: 'Why coverage matters' })
  await modal.getByRole('button', { name: 'See my options' }).click()
  await expect(modal).toBeHidden()
}
