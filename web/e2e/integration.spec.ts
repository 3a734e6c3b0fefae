/**
 * Integration mode on the real stack (spec sections 2, 3 and 8): the sandbox's demo partner page (its
 * own origin, SANDBOX_URL, like a real partner's site) launches a member server-side and embeds the
 * app in an iframe. Silent (the partner gave the vehicle): coverage in the frame, then the purchase
 * goes on inside it; selection: the member picks the vehicle; no rates: 'No available policies'; a
 * used or unknown launch code: a clear error; and only registered origins may frame the app.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test, type FrameLocator, type Page } from '@playwright/test'
import { waitForVerificationCode } from './maildev'
import { fill, labels, messages, product } from './product'
import { screenshotter, uniqueEmail, VIN } from './support'

const SANDBOX_URL = process.env.SANDBOX_URL ?? ''
/** A 2003 Honda Accord: over the rate books' age limit, so no rates. */
const OLD_VIN = '1HGCM82633A004352'

test.skip(!SANDBOX_URL, 'needs SANDBOX_URL, the sandbox origin that serves the demo partner page (scripts/e2e.sh)')

/** The demo partner page for a new member (a unique email), with or without the partner's vehicle. */
async function openPartnerPage(page: Page, options: { vin?: string; email?: string } = {}) {
  const query = new URLSearchParams({ institution: 'summit-cu', email: options.email ?? uniqueEmail() })
  if (options.vin) query.set('vin', options.vin)
  await page.goto(`${SANDBOX_URL}/partner-demo?${query}`)
}

/** The app inside the partner's page. */
function appFrame(page: Page): FrameLocator {
  return page.frameLocator('#coverline-frame')
}

/** The path the app's frame is on (the frame's own URL). */
function framePath(page: Page): string {
  const frame = page.frames().find((f) => f.parentFrame() === page.mainFrame())
  return frame ? new URL(frame.url()).pathname : ''
}

test('silent: the partner page shows coverage in the frame; the purchase goes on inside it', async ({ page }) => {
  const screenshot = screenshotter('integration-a-')
  const email = uniqueEmail()
  await openPartnerPage(page, { vin: VIN, email })
  await expect(page.locator('#coverline-frame')).toHaveAttribute(
    'src',
    /\/summit-cu\/user\/integration\/demo-partner\/silent\?launch=[\w-]+$/,
  )
  const app = appFrame(page)
  const modal = app.getByRole('dialog', { name: labels.whyCoverageMatters })
  await expect(modal).toBeVisible({ timeout: 30_000 })
  await screenshot(page, 'impact-modal')
  await modal.getByRole('button', { name: labels.seeMyOptions }).click()
  await expect(app.getByTestId('rate-card')).toBeVisible()
  await expect(app.getByTestId('rate-position')).toContainText(
    fill(product.screens.coverage.position, { position: '2', count: '3' }),
  )
  await expect.poll(() => framePath(page)).toBe('/summit-cu/user/coverage/level')
  // Inside a partner's page: no institution header (its logo stays); back goes to the car steps the partner filled in.
  await expect(app.getByTestId('app-header')).toHaveCount(0)
  await expect(app.getByTestId('institution-logo')).toBeVisible()
  await expect(app.getByTestId('progress-bar')).toHaveAttribute('aria-valuenow', '60')
  await screenshot(page, 'coverage')

  // Purchase: personal details come from the partner.
  await app.getByTestId('purchase-button').click()
  await expect.poll(() => framePath(page)).toBe('/summit-cu/user/missing-info')
  await expect(app.getByTestId('first-name-input')).not.toHaveValue('')
  await expect(app.getByTestId('last-name-input')).not.toHaveValue('')
  await expect(app.getByTestId('phone-input')).toHaveValue(/^\(\d{3}\) \d{3}-\d{4}$/)
  await expect(app.getByTestId('member-yes')).toBeChecked()
  await screenshot(page, 'personal-details')
  await app.getByTestId('personal-details-submit').click()

  // The email the partner gave is verified with the emailed code, then the review page.
  await expect.poll(() => framePath(page)).toBe('/summit-cu/user/verify-email/send-email')
  await expect(app.getByTestId('verify-email-input')).toHaveValue(email)
  await app.getByTestId('validate-email').click()
  await expect(app.getByTestId('code-input')).toBeVisible()
  await app.getByTestId('code-input').fill(await waitForVerificationCode(email))
  await app.getByTestId('code-submit').click()
  await expect.poll(() => framePath(page)).toBe('/summit-cu/user/coverage/confirm')
  await expect(app.getByTestId('confirm-continue')).toBeVisible()
  await screenshot(page, 'review')
})

test('selection: without a vehicle the member picks it in the frame, with no way back to a splash', async ({ page }) => {
  const screenshot = screenshotter('integration-b-')
  await openPartnerPage(page)
  await expect(page.locator('#coverline-frame')).toHaveAttribute('src', /\/integration\/demo-partner\/selection\?launch=/)
  const app = appFrame(page)
  await expect(app.getByTestId('lookup-continue')).toBeVisible({ timeout: 30_000 })
  await expect.poll(() => framePath(page)).toBe('/summit-cu/user/car/lookup')
  await expect(app.getByTestId('back-button')).toHaveCount(0)
  await screenshot(page, 'lookup-choice')
  await app.getByTestId('lookup-continue').click()
  await app.getByTestId('vin-input').fill(VIN)
  await app.getByTestId('vin-submit').click()
  await expect(app.getByTestId('mileage-input')).toBeVisible()
  await expect(app.getByTestId('car-line')).not.toBeEmpty()
})

test(`a vehicle without rates: '${messages.noAvailablePolicies}'`, async ({ page }) => {
  const screenshot = screenshotter('integration-c-')
  // The partner's launch is refused: its page says so and embeds nothing.
  await openPartnerPage(page, { vin: OLD_VIN })
  await expect(page.locator('#partner-message')).toHaveText(messages.noAvailablePolicies)
  await expect(page.locator('#coverline-frame')).toHaveCount(0)
  await screenshot(page, 'partner-no-policies')

  // The app's own page when the exchange answers noPolicies.
  await page.route('**/api/institution/summit-cu/integration/demo-partner/session', (route) =>
    route.fulfill({
      status: 422,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'noPolicies', message: messages.noAvailablePolicies } }),
    }),
  )
  await page.goto('/summit-cu/user/integration/demo-partner/silent?launch=no-policies')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages.noAvailablePolicies)
  await expect(page.getByTestId('institution-phone')).toHaveText('(800) 555-0142')
  await screenshot(page, 'app-no-policies')
})

test('a launch code used already, or unknown: a clear error, not a blank page', async ({ page, context }) => {
  const screenshot = screenshotter('integration-d-')
  await openPartnerPage(page, { vin: VIN })
  await expect(appFrame(page).getByTestId('rate-card')).toBeVisible({ timeout: 30_000 })
  const launchUrl = (await page.locator('#coverline-frame').getAttribute('src')) ?? ''
  const again = await context.newPage()
  await again.goto(launchUrl)
  await expect(again.getByTestId('launch-failed-page')).toContainText(messages.launchExpired)
  await screenshot(again, 'used-code')
  await again.goto('/summit-cu/user/integration/demo-partner/silent?launch=not-a-code')
  await expect(again.getByTestId('launch-failed-page')).toContainText(messages.launchExpired)
  await again.goto('/summit-cu/user/integration/nobody/silent?launch=x')
  await expect(again.getByTestId('launch-failed-page')).toBeVisible()
})

test("a reload inside the partner's page keeps the member there, in the partner's frame", async ({ page, context }) => {
  const screenshot = screenshotter('integration-e-')
  // The partner's page on another site than the app (localhost, the app on 127.0.0.1): the frame is a
  // third-party context, as on a real partner's site, where a SameSite=Strict cookie is never stored.
  const partner = new URL(SANDBOX_URL)
  partner.hostname = 'localhost'
  const query = new URLSearchParams({ institution: 'summit-cu', email: uniqueEmail(), vin: VIN })
  await page.goto(`${partner.origin}/partner-demo?${query}`)
  const app = appFrame(page)
  await app.getByRole('dialog', { name: labels.whyCoverageMatters }).getByRole('button', { name: labels.seeMyOptions }).click()
  await expect(app.getByTestId('rate-card')).toBeVisible({ timeout: 30_000 })
  await expect.poll(() => framePath(page)).toBe('/summit-cu/user/coverage/level')
  const appFrameOf = () => page.frames().find((f) => f.parentFrame() === page.mainFrame())

  // The frame reloads (the browser restores it, or the app's own Reload): the member is back at
  // coverage, still in the partner's page, without the institution's header and footer.
  await appFrameOf()?.evaluate(() => window.location.reload())
  await expect(app.getByTestId('rate-card')).toBeVisible({ timeout: 30_000 })
  await expect.poll(() => framePath(page)).toBe('/summit-cu/user/coverage/level')
  await expect(app.getByTestId('app-header')).toHaveCount(0)
  await expect(app.getByTestId('institution-logo')).toBeVisible()
  await screenshot(page, 'reloaded')

  // Its session gone (cookies cleared or blocked): the frame says so, never the institution's splash.
  await context.clearCookies()
  await appFrameOf()?.evaluate(() => window.location.reload())
  await expect(app.getByTestId('launch-failed-page')).toContainText(messages.partnerSessionEnded, { timeout: 30_000 })
  await expect(app.getByTestId('app-header')).toHaveCount(0)
  expect(framePath(page)).not.toContain('splash')
  await screenshot(page, 'session-ended')
})

/**
 * A page framing the app, served from `host` on a free port: a real loopback server (a page Playwright
 * made up would count as a public site, whose frames of a local app Chromium blocks for that alone).
 */
async function servePage(host: string, body: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
    response.end(`<!doctype html><html lang="en"><title>Framing page</title>${body}</html>`)
  })
  await new Promise<void>((resolve) => server.listen(0, host, resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://${host}:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** Frames Chromium refused to show: it puts its own error page in their place. */
function refusedFrames(page: Page): number {
  return page.frames().filter((frame) => frame.url().startsWith('chrome-error://')).length
}

/** The frame-ancestors directive of a Content-Security-Policy header. */
function frameAncestors(header: string | undefined): string | undefined {
  return header
    ?.split(';')
    .map((directive) => directive.trim())
    .find((directive) => directive.startsWith('frame-ancestors'))
}

test('only the registered partner origins may frame the app (Content-Security-Policy frame-ancestors)', async ({
  page,
  request,
  baseURL,
}) => {
  // The header: summit-cu's integrator's origins; an institution without integrators: itself only.
  const summit = await request.get('/summit-cu/splash')
  expect(frameAncestors(summit.headers()['content-security-policy'])).toBe(
    "frame-ancestors 'self' http://127.0.0.1:* http://localhost:*",
  )
  const harborline = await request.get('/harborline-bank/splash')
  expect(frameAncestors(harborline.headers()['content-security-policy'])).toBe("frame-ancestors 'self'")

  // Chromium refuses the frame on a page of an origin nobody registered (127.0.0.2: loopback too, so
  // only the app's header decides)...
  const stranger = await servePage('127.0.0.2', `<iframe id="app" src="${baseURL}/summit-cu/splash"></iframe>`)
  try {
    const answered = page.waitForResponse(`${baseURL}/summit-cu/splash`, { timeout: 15_000 })
    await page.goto(stranger.url)
    // The app answered the frame's request: no network rule stopped it, the header did.
    expect((await answered).status()).toBe(200)
    await expect.poll(() => refusedFrames(page), { timeout: 15_000 }).toBe(1)
    await expect(page.frameLocator('#app').getByTestId('email-input')).toHaveCount(0)
  } finally {
    await stranger.close()
  }

  // ...and on a registered origin (summit-cu's partner: http://127.0.0.1:*) for an institution that did
  // not register it.
  const partner = await servePage(
    '127.0.0.1',
    `<iframe id="summit" src="${baseURL}/summit-cu/splash"></iframe>
     <iframe id="harborline" src="${baseURL}/harborline-bank/splash"></iframe>`,
  )
  try {
    const answered = page.waitForResponse(`${baseURL}/harborline-bank/splash`, { timeout: 15_000 })
    await page.goto(partner.url)
    expect((await answered).status()).toBe(200)
    await expect(page.frameLocator('#summit').getByTestId('email-input')).toBeVisible()
    await expect.poll(() => refusedFrames(page), { timeout: 15_000 }).toBe(1)
    await expect(page.frameLocator('#harborline').getByTestId('email-input')).toHaveCount(0)
  } finally {
    await partner.close()
  }
})
