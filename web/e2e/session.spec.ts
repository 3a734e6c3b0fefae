/**
 * The session clock on the real stack, with Playwright's clock in the browser (spec section 4):
 * refreshes every 4 minutes that really reach the API (which rotates the token each time), the
 * timeout warning one refresh before the maximum and its Continue, the maximum ending the session,
 * the 15-minute inactivity time-out (decided by the browser alone), and /security, where it is off.
 */
import { expect, test, type Page } from '@playwright/test'
import { messages, product } from './product'
import { INSTITUTION, onPage, screenshotter, startQuote } from './support'

const screenshot = screenshotter('session-')

/** The browser side's constants (web/src/flow/session.ts). */
const REFRESH_EVERY_MS = 240_000
const WARNING_AT = 14

/** The member moves the mouse (activity), then one refresh interval passes; resolves when the API gave a new token. */
async function oneRefreshInterval(page: Page, step: number) {
  await page.mouse.move(40 + (step % 2) * 40, 200)
  const refreshed = page.waitForResponse(
    (response) => /\/api\/institution\/[^/]+\/user\/[^/]+\/refresh\?/.test(response.url()) && response.status() === 200,
  )
  await page.clock.runFor(REFRESH_EVERY_MS)
  await refreshed
}

function refreshRequests(page: Page): string[] {
  const tokens: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/refresh?')) tokens.push(request.headers().authorization ?? '')
  })
  return tokens
}

test('the session is refreshed every 4 minutes; the warning comes one refresh before the maximum, which ends it', async ({
  page,
}) => {
  await page.clock.install()
  const tokens = refreshRequests(page)
  await startQuote(page)

  const warning = page.getByTestId('session-warning-dialog')
  for (let step = 1; step < WARNING_AT; step += 1) {
    await oneRefreshInterval(page, step)
    await expect(warning).toBeHidden()
  }
  await oneRefreshInterval(page, WARNING_AT)
  await expect(warning).toBeVisible()
  await expect(warning.getByRole('heading', { name: messages.sessionWarningTitle })).toBeVisible()
  await expect(warning).toContainText(messages.sessionWarning)
  await screenshot(page, 'timeout-warning')
  // Every refresh used the token the one before it returned (the old one is revoked at once).
  expect(new Set(tokens).size).toBe(WARNING_AT)

  // Continue refreshes at once and starts the count again: the member stays where they were.
  const refreshed = page.waitForResponse((response) => response.url().includes('/refresh?') && response.status() === 200)
  await warning.getByRole('button', { name: product.screens.session.continueButton }).click()
  await refreshed
  await expect(warning).toBeHidden()
  await onPage(page, 'user/car/lookup')
  await page.getByTestId('lookup-continue').click()
  await onPage(page, 'user/car/lookup/vin')

  for (let step = 1; step <= WARNING_AT; step += 1) await oneRefreshInterval(page, step)
  await expect(warning).toBeVisible()
  // Left alone, the next refresh would be the maximum: the session ends instead.
  await page.clock.runFor(REFRESH_EVERY_MS)
  await onPage(page, 'splash')
  const expired = page.getByTestId('session-expired-dialog')
  await expect(expired).toContainText(messages.sessionExpired)
  await expect(warning).toBeHidden()
  await screenshot(page, 'expired-at-maximum')
  await expect(page.getByTestId('email-input')).toBeVisible()
  expect(tokens).toHaveLength(2 * WARNING_AT + 1)
})

test('15 idle minutes end the session (the browser decides alone); activity postpones it', async ({ page }) => {
  await page.clock.install()
  await startQuote(page)
  await page.getByTestId('lookup-continue').click()
  await onPage(page, 'user/car/lookup/vin')

  await page.clock.runFor('10:00')
  await page.getByTestId('vin-input').click() // the member is back
  await page.keyboard.type('5XYRLDLC3')
  await page.clock.runFor('10:00')
  await onPage(page, 'user/car/lookup/vin') // 10 idle minutes since typing

  // The laptop lid closes for 6 more minutes: at the next check the session is over.
  await page.clock.fastForward('06:00')
  await onPage(page, 'splash')
  await expect(page.getByTestId('session-expired-dialog')).toContainText(messages.sessionExpired)
  await screenshot(page, 'expired-idle')
  await page.getByTestId('session-expired-dialog').getByRole('button', { name: product.screens.splash.okayButton }).click()
  await expect(page.getByTestId('session-expired-dialog')).toBeHidden()
  // The flow starts over: the old pages are closed.
  await page.goto(`/${INSTITUTION}/user/car/lookup/vin`)
  await onPage(page, 'splash')
})

test('the inactivity check is off on /security, and on again back in the flow', async ({ page }) => {
  await page.clock.install()
  await startQuote(page)
  await page.getByTestId('footer-link-security').click()
  await onPage(page, 'security')
  await expect(page.getByTestId('security-page')).toBeVisible()

  await page.clock.fastForward('16:00')
  await page.clock.runFor(30_000)
  await onPage(page, 'security')
  await expect(page.getByTestId('session-expired-dialog')).toBeHidden()
  await screenshot(page, 'security-exempt')

  await page.getByTestId('back-button').click()
  await onPage(page, 'user/car/lookup')
  await page.getByTestId('lookup-continue').click() // the session is still alive on the server too
  await onPage(page, 'user/car/lookup/vin')

  await page.clock.fastForward('15:30')
  await onPage(page, 'splash')
  await expect(page.getByTestId('session-expired-dialog')).toContainText(messages.sessionExpired)
})
