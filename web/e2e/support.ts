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

export function onPage(page: Page, route: string) {
  return expect(page).toHaveURL(new RegExp(`/${INSTITUTION}/${route.replace(/\//g, '\\/')}$`))
}

export async function progress(page: Page, value: number) {
  await expect(page.getByTestId('progress-bar')).toHaveAttribute('aria-valuenow', String(value))
}

export function uniqueEmail(): string {
  return `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`
}

/** Splash: a new member's email, then the state of residence (CO); ends on the lookup choice. */
export async function startQuote(page: Page, email = uniqueEmail(), onScreen?: (name: string) => Promise<void>) {
  await page.goto(`/${INSTITUTION}/splash`)
  await expect(page.getByTestId('email-input')).toBeVisible()
  await onScreen?.('splash')
  await page.getByTestId('email-input').fill(email)
  await page.getByTestId('email-submit').click()
  await expect(page.getByTestId('state-select')).toBeVisible()
  await page.getByTestId('state-select').selectOption('CO')
  await onScreen?.('state-of-residence')
  await page.getByTestId('state-submit').click()
  await onPage(page, 'user/car/lookup')
  await progress(page, 10)
}
