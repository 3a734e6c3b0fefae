#!/usr/bin/env node
// Time from a reload to the page's content visible again, on a running stack, in Debian's Chromium
// (Playwright). Each run is a new member in a fresh browser context (empty cache, a phone-sized
// window) who reaches the coverage page (splash, lookup choice, VIN, mileage, miles per year and years
// to own at their defaults, the impact modal closed), waits until the checkout has recorded the page
// (its PUT U/checkout with the quote answered), then reloads it. Measured: from the page.reload() call
// to the first animation frame on which the first rate's price is visible again — the boot, the
// institution, the restore call (POST …/session/restore, the HttpOnly cookie) and the coverage
// screen's code. The page times it (an init script checks every animation frame from the navigation's
// start); printed beside it, the restore call's and the institution call's own times (Resource Timing).
// Prints each run, then p50, p95 and max.
//
// Env: APP_URL (required), INSTITUTION (summit-cu), VIN (5XYRLDLC3NG097496), RUNS (20),
//      CHROME_PATH (/usr/bin/chromium).
import { RUNS, launchChromium, phonePage, summary, uniqueEmail, walkToVin } from './bench-support.mjs'
import english from '../../domain/texts/en.json' with { type: 'json' }

const { labels } = english

/** What shows when the coverage page is back: the first card's price. */
const CONTENT = 'rate-price'

/** In the page, from the navigation's start: the first animation frame on which `testId` is visible (ms). */
function recordShown(testId) {
  const check = () => {
    const element = document.querySelector(`[data-testid="${testId}"]`)
    if (element?.checkVisibility({ opacityProperty: true, visibilityProperty: true })) {
      window.__shownAt = performance.now()
      return
    }
    requestAnimationFrame(check)
  }
  requestAnimationFrame(check)
}

/** The checkout's PUTs of a page: resolves once the newest is for `step`, answered 200, with a quote. */
function watchCheckout(page) {
  const calls = []
  page.on('request', (request) => {
    if (request.method() !== 'PUT' || !/\/user\/[^/]+\/checkout$/.test(new URL(request.url()).pathname)) return
    const call = { body: request.postDataJSON(), status: null }
    calls.push(call)
    request.response().then(
      (response) => (call.status = response?.status() ?? 0),
      () => (call.status = 0),
    )
  })
  return async function recorded(step, timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const last = calls.at(-1)
      if (calls.every((call) => call.status !== null) && last?.body.step === step && last.body.answers.quoteId) {
        if (last.status !== 200) throw new Error(`the checkout refused ${step}: ${last.status}`)
        return
      }
      if (Date.now() > deadline) throw new Error(`the checkout did not record ${step} within ${timeoutMs} ms`)
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
  }
}

/** One member: [reload -> content visible, the restore call, the institution call] in ms. */
async function oneRun(browser) {
  const { context, page } = await phonePage(browser)
  const byId = (id) => page.getByTestId(id)
  const recorded = watchCheckout(page)
  try {
    await walkToVin(page, uniqueEmail('bench-reload'))
    await byId('vin-submit').click()
    await byId('mileage-input').pressSequentially('45000')
    await byId('mileage-submit').click()
    await byId('miles-per-year-submit').click()
    await byId('years-to-own-submit').click()
    await byId(CONTENT).first().waitFor({ state: 'visible' })
    await page.getByRole('button', { name: labels.seeMyOptions }).click()
    await recorded('coverage')

    await page.addInitScript(recordShown, CONTENT)
    const reloadedAt = Date.now()
    await page.reload({ waitUntil: 'commit' })
    await page.waitForFunction(() => window.__shownAt !== undefined, null, { timeout: 30_000 })
    const { shownAt, timeOrigin, restore, institution, url } = await page.evaluate(() => {
      const ms = (pattern) =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => pattern.test(new URL(entry.name).pathname))
          .reduce((sum, entry) => sum + entry.duration, 0)
      return {
        shownAt: window.__shownAt,
        timeOrigin: performance.timeOrigin,
        restore: ms(/\/session\/restore$/),
        institution: ms(/^\/api\/institution\/[^/]+$/),
        url: location.pathname,
      }
    })
    if (!url.endsWith('/user/coverage/level')) throw new Error(`the reload landed on ${url}`)
    return [timeOrigin + shownAt - reloadedAt, restore, institution]
  } finally {
    await context.close()
  }
}

const browser = await launchChromium()
const totals = []
const restores = []
const institutions = []
try {
  for (let run = 1; run <= RUNS; run += 1) {
    const [total, restore, institution] = await oneRun(browser)
    totals.push(total)
    restores.push(restore)
    institutions.push(institution)
    console.log(
      `run ${String(run).padStart(2)}: reload -> coverage prices ${total.toFixed(0)} ms` +
        ` (API: institution ${institution.toFixed(0)}, restore ${restore.toFixed(0)} ms)`,
    )
  }
} finally {
  await browser.close()
}
console.log(`Reload on coverage -> prices visible again, ${RUNS} members: ${summary(totals)}`)
console.log(`  ${'of which the restore request'.padEnd(36)} ${summary(restores)}`)
console.log(`  ${'of which the institution request'.padEnd(36)} ${summary(institutions)}`)
