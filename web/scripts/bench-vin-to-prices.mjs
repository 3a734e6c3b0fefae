#!/usr/bin/env node
// Time from VIN submit to prices visible, on a running stack, in Debian's Chromium (Playwright).
// Each run is a new member in a fresh browser context (empty cache, a phone-sized window): splash,
// lookup choice, the VIN typed; then VIN submit, mileage typed, miles per year and years to own left
// at their defaults, each submitted as soon as its page shows, until the first rate's price shows on
// the coverage page (the impact modal opens over it on a first visit).
// The page itself times each wait (a click listener and a check on every animation frame), so
// Playwright's polling and typing are not counted: 'VIN submit -> prices' is the sum of the member's
// four waits (VIN submit -> mileage page, mileage submit -> miles per year, miles per year submit ->
// years to own, years-to-own submit -> prices), and the last wait is printed on its own too, with
// the API calls' times inside the window (Resource Timing). Prints each run, then p50, p95 and max.
//
// Env: APP_URL (required), INSTITUTION (summit-cu), VIN (5XYRLDLC3NG097496), RUNS (20),
//      CHROME_PATH (/usr/bin/chromium).
import { RUNS, launchChromium, phonePage, summary, uniqueEmail, walkToVin } from './bench-support.mjs'

/** Each submit and the element that shows when the next page (or the prices) is ready. */
const WAITS = [
  ['vin-submit', 'mileage-input'],
  ['mileage-submit', 'miles-per-year-submit'],
  ['miles-per-year-submit', 'years-to-own-submit'],
  ['years-to-own-submit', 'rate-price'],
]

/**
 * In the page: the time of the first click on each submit, and of the first animation frame on which
 * the element it waits for is visible, once that submit was clicked.
 */
function recordWaits(waits) {
  const marks = {}
  window.__waits = marks
  document.addEventListener(
    'click',
    (event) => {
      const id = event.target instanceof Element ? event.target.closest('[data-testid]')?.getAttribute('data-testid') : null
      if (id && !(`click:${id}` in marks)) marks[`click:${id}`] = performance.now()
    },
    true,
  )
  const check = () => {
    for (const [submit, shows] of waits) {
      if (`click:${submit}` in marks && !(`shown:${shows}` in marks)) {
        const element = document.querySelector(`[data-testid="${shows}"]`)
        if (element?.checkVisibility({ opacityProperty: true, visibilityProperty: true }))
          marks[`shown:${shows}`] = performance.now()
      }
    }
    requestAnimationFrame(check)
  }
  requestAnimationFrame(check)
}

/** One member: [the four waits added up, each wait, the API calls' times] in ms. */
async function oneRun(browser) {
  const { context, page } = await phonePage(browser)
  const byId = (id) => page.getByTestId(id)
  try {
    await walkToVin(page, uniqueEmail('bench'))
    await page.evaluate(recordWaits, WAITS)

    await byId('vin-submit').click()
    await byId('mileage-input').pressSequentially('45000')
    await byId('mileage-submit').click()
    await byId('miles-per-year-submit').click()
    await byId('years-to-own-submit').click()
    await byId('rate-price').first().waitFor({ state: 'visible' })
    await page.waitForFunction(() => 'shown:rate-price' in window.__waits)
    const marks = await page.evaluate(() => window.__waits)
    const waits = WAITS.map(([submit, shows]) => marks[`shown:${shows}`] - marks[`click:${submit}`])
    // The API calls inside the window (Resource Timing): VIN decode, car creation, quote.
    const calls = await page.evaluate((from) => {
      const ms = (pattern) =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => entry.startTime >= from && pattern.test(new URL(entry.name).pathname))
          .reduce((sum, entry) => sum + entry.duration, 0)
      return { decode: ms(/\/car\/vin\/[^/]+$/), car: ms(/\/user\/[^/]+\/car$/), quote: ms(/\/quote$/) }
    }, marks['click:vin-submit'])
    return [waits.reduce((sum, wait) => sum + wait, 0), waits, calls]
  } finally {
    await context.close()
  }
}

const browser = await launchChromium()
const total = []
const perWait = WAITS.map(() => [])
const api = { decode: [], car: [], quote: [] }
try {
  for (let run = 1; run <= RUNS; run += 1) {
    const [all, waits, calls] = await oneRun(browser)
    total.push(all)
    waits.forEach((wait, index) => perWait[index].push(wait))
    for (const name of Object.keys(api)) api[name].push(calls[name])
    console.log(
      `run ${String(run).padStart(2)}: VIN submit -> prices ${all.toFixed(0)} ms (waits ${waits.map((w) => w.toFixed(0)).join(' + ')};` +
        ` API: decode ${calls.decode.toFixed(0)}, car ${calls.car.toFixed(0)}, quote ${calls.quote.toFixed(0)} ms)`,
    )
  }
} finally {
  await browser.close()
}
console.log(`VIN submit -> prices visible (the member's waits added up), ${RUNS} runs: ${summary(total)}`)
WAITS.forEach(([submit, shows], index) => console.log(`  ${`${submit} -> ${shows}`.padEnd(44)} ${summary(perWait[index])}`))
for (const [name, values] of Object.entries(api)) console.log(`  ${`of which the ${name} request`.padEnd(44)} ${summary(values)}`)
