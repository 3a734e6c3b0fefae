// What the Chromium benchmarks of a member's flow share (bench-vin-to-prices.mjs, bench-reload.mjs):
// their settings from the environment, Debian's Chromium, the walk from the splash to the VIN page,
// and the p50/p95/max line.
//
// Env: APP_URL (required), INSTITUTION (summit-cu), VIN (5XYRLDLC3NG097496), RUNS (20),
//      CHROME_PATH (/usr/bin/chromium).
import { chromium } from '@playwright/test'

export const APP_URL = (process.env.APP_URL ?? '').replace(/\/$/, '')
if (!APP_URL) throw new Error("APP_URL is not set (the stack's origin, e.g. scripts/bench.sh sets it)")
export const INSTITUTION = process.env.INSTITUTION || 'summit-cu'
export const VIN = process.env.VIN || '5XYRLDLC3NG097496'
export const RUNS = Number(process.env.RUNS || 20)
const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium'

/** A new member's address, unique per call; `tag` names the benchmark. */
export const uniqueEmail = (tag) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`

/** Debian's Chromium, headless. */
export function launchChromium() {
  return chromium.launch({
    executablePath: CHROME_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}

/** A fresh browser context (empty cache) with a phone-sized window, and its page. */
export async function phonePage(browser) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } })
  return { context, page: await context.newPage() }
}

/** A new member from the splash to the VIN page (state CO, the VIN lookup chosen), the VIN typed. */
export async function walkToVin(page, email) {
  const byId = (id) => page.getByTestId(id)
  await page.goto(`${APP_URL}/${INSTITUTION}/splash`)
  await byId('email-input').fill(email)
  await byId('email-submit').click()
  await byId('state-select').selectOption('CO')
  await byId('state-submit').click()
  await byId('lookup-continue').click()
  await byId('vin-input').fill(VIN)
}

/** The p-th percentile (nearest rank). */
function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

/** 'p50 … ms, p95 … ms, max … ms' of `values` (ms). */
export const summary = (values) =>
  `p50 ${percentile(values, 50).toFixed(0)} ms, p95 ${percentile(values, 95).toFixed(0)} ms, max ${Math.max(...values).toFixed(0)} ms`
