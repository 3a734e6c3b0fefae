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
import { chromium } from '@playwright/test'

const APP_URL = (process.env.APP_URL ?? '').replace(/\/$/, '')
if (!APP_URL) throw new Error('APP_URL is not set (the stack\'s origin, e.g. scripts/bench.sh sets it)')
const INSTITUTION = process.env.INSTITUTION || 'summit-cu'
const VIN = process.env.VIN || '5XYRLDLC3NG097496'
const RUNS = Number(process.env.RUNS || 20)
const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium'

const uniqueEmail = () => `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`

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
        if (element?.checkVisibility({ opacityProperty: true, visibilityProperty: true })) marks[`shown:${shows}`] = performance.now()
      }
    }
    requestAnimationFrame(check)
  }
  requestAnimationFrame(check)
}

/** One member: [the four waits added up, each wait, the API calls' times] in ms. */
async function oneRun(browser) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } })
  const page = await context.newPage()
  const byId = (id) => page.getByTestId(id)
  try {
    await page.goto(`${APP_URL}/${INSTITUTION}/splash`)
    await byId('email-input').fill(uniqueEmail())
    await byId('email-submit').click()
    await byId('state-select').selectOption('CO')
    await byId('state-submit').click()
    await byId('lookup-continue').click()
    await byId('vin-input').fill(VIN)
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

/** The p-th percentile (nearest rank). */
function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

const browser = await chromium.launch({
  executablePath: CHROME_PATH,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
})
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
const summary = (values) =>
  `p50 ${percentile(values, 50).toFixed(0)} ms, p95 ${percentile(values, 95).toFixed(0)} ms, max ${Math.max(...values).toFixed(0)} ms`
console.log(`VIN submit -> prices visible (the member's waits added up), ${RUNS} runs: ${summary(total)}`)
WAITS.forEach(([submit, shows], index) => console.log(`  ${`${submit} -> ${shows}`.padEnd(44)} ${summary(perWait[index])}`))
for (const [name, values] of Object.entries(api)) console.log(`  ${`of which the ${name} request`.padEnd(44)} ${summary(values)}`)
