#!/usr/bin/env node
// Lighthouse (mobile preset: simulated slow 4G and 4x CPU slowdown, a phone's screen) on the splash
// and on the coverage page of a running stack, in Debian's Chromium through puppeteer-core. Prints
// each step's performance score and FCP, LCP, TBT, CLS, medians over RUNS runs.
//
// Each run is one Lighthouse user flow in a fresh browser:
//   1. splash: a navigation to /{institution}/splash (the member's first page);
//   2. coverage transition: the member goes splash -> VIN -> mileage -> miles per year -> years to own
//      (puppeteer clicks), then a timespan from the last submit until the prices show (TBT and CLS
//      of the in-app step; timespans have no 0-100 score);
//   3. coverage: a navigation that lands on the coverage page. The app keeps its flow in memory, so a
//      reload of /user/coverage/level goes back to the splash; the one real landing on coverage is a
//      partner's silent launch (integration mode, the sandbox's demo partner page launches the member
//      with a car server-side and hands over a one-time launch URL). Lighthouse loads that URL
//      top-level: a cold load of the coverage screen with its quote, the heaviest way to arrive there;
//   4. review via a continue link: the member of step 2 goes on (purchase, personal details, the
//      emailed code) to 'Review your coverage and purchase'; the code's email carries the checkout's
//      continue link, which Lighthouse loads with nothing cached, as another device would: the
//      checkout is restored on the review page.
//
// Env: APP_URL (required), SANDBOX_URL (required for step 3), INBOX_URL (maildev's web API, required
//      for step 4), INSTITUTION (summit-cu),
//      VIN (5XYRLDLC3NG097496), RUNS (3), CHROME_PATH (/usr/bin/chromium), LIGHTHOUSE_REPORT_DIR
//      (optional: the last run's HTML flow report is written there).
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startFlow } from 'lighthouse'
import puppeteer from 'puppeteer-core'

const APP_URL = required('APP_URL').replace(/\/$/, '')
const SANDBOX_URL = (process.env.SANDBOX_URL ?? '').replace(/\/$/, '')
const INSTITUTION = process.env.INSTITUTION || 'summit-cu'
const VIN = process.env.VIN || '5XYRLDLC3NG097496'
const RUNS = Number(process.env.RUNS || 3)
const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium'
const REPORT_DIR = process.env.LIGHTHOUSE_REPORT_DIR
const INBOX_URL = (process.env.INBOX_URL ?? '').replace(/\/$/, '')

function required(name) {
  const value = process.env[name]
  if (!value) throw new Error(`${name} is not set (the stack's origin, e.g. scripts/bench.sh sets it)`)
  return value
}

const uniqueEmail = () => `lighthouse-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`

/** A one-time silent launch URL for a new member with the bench's car (the demo partner page's iframe). */
async function silentLaunchUrl() {
  const query = new URLSearchParams({ institution: INSTITUTION, email: uniqueEmail(), vin: VIN })
  const html = await (await fetch(`${SANDBOX_URL}/partner-demo?${query}`)).text()
  const src = html.match(/<iframe id="coverline-frame"[^>]*src="([^"]+)"/)?.[1]
  if (!src) throw new Error(`the demo partner page launched no member:\n${html.slice(0, 500)}`)
  return new URL(src.replaceAll('&amp;', '&')).pathname + new URL(src.replaceAll('&amp;', '&')).search
}

/** Clicks a test id once it is visible. */
async function click(page, testId) {
  await page.locator(`[data-testid="${testId}"]`).click()
}

/** Splash -> lookup choice -> VIN -> mileage -> miles per year -> years to own, ready to submit. */
async function driveToYearsToOwn(page, email) {
  await page.locator('[data-testid="email-input"]').fill(email)
  await click(page, 'email-submit')
  await page.waitForSelector('[data-testid="state-select"]', { visible: true })
  await page.select('[data-testid="state-select"]', 'CO')
  await click(page, 'state-submit')
  await click(page, 'lookup-continue')
  await page.locator('[data-testid="vin-input"]').fill(VIN)
  await click(page, 'vin-submit')
  await page.waitForSelector('[data-testid="mileage-input"]', { visible: true })
  await page.type('[data-testid="mileage-input"]', '45000')
  await click(page, 'mileage-submit')
  await click(page, 'miles-per-year-submit')
  await page.waitForSelector('[data-testid="years-to-own-submit"]', { visible: true })
}

/** The newest message to `address` whose subject matches, from maildev (polled for up to 60 s). */
async function emailTo(address, subject) {
  for (let tries = 0; tries < 120; tries += 1) {
    const messages = await (await fetch(`${INBOX_URL}/email`)).json()
    const mine = messages.filter((m) => m.to?.some((to) => to.address.toLowerCase() === address) && subject.test(m.subject))
    if (mine.length) return mine.at(-1)
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error(`no email to ${address} matching ${subject}`)
}

/** Coverage -> personal details -> the emailed code -> the review page; returns the email's continue link. */
async function driveToReview(page, email) {
  await page.locator('::-p-text(See my options)').click()
  await page.waitForSelector('[role="dialog"]', { hidden: true })
  await click(page, 'purchase-button')
  await page.waitForSelector('[data-testid="first-name-input"]', { visible: true })
  for (const [id, value] of [
    ['first-name-input', 'Jane'],
    ['last-name-input', 'Doe'],
    ['phone-input', '3035550142'],
    ['street-input', '100 Main St'],
    ['city-input', 'Denver'],
    ['zip-input', '80202'],
  ])
    await page.type(`[data-testid="${id}"]`, value)
  await click(page, 'member-yes')
  await click(page, 'personal-details-submit')
  await click(page, 'validate-email')
  await page.waitForSelector('[data-testid="code-input"]', { visible: true })
  const message = await emailTo(email, /verification code/i)
  const body = `${message.subject}\n${message.text ?? ''}\n${(message.html ?? '').replace(/<[^>]+>/g, ' ')}`
  const code = body.match(/\b(\d{6})\b/)?.[1]
  const link = `${message.text ?? ''}\n${message.html ?? ''}`.match(/https?:\/\/[^\s"<>]+\/resume\/[A-Za-z0-9_-]+/)?.[0]
  if (!code || !link) throw new Error(`no code or continue link in the email to ${email}`)
  await page.type('[data-testid="code-input"]', code)
  await click(page, 'code-submit')
  await page.waitForSelector('[data-testid="confirm-continue"]', { visible: true })
  return link
}

const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  SI: 'speed-index',
}

/** One step's figures: score (0-100, navigations only) and the metrics' numeric values. */
function figuresOf(lhr) {
  const score = lhr.categories.performance?.score
  const figures = { score: score == null ? null : Math.round(score * 100) }
  for (const [name, id] of Object.entries(METRICS)) figures[name] = lhr.audits[id]?.numericValue ?? null
  return figures
}

async function oneRun(run) {
  const browser = await puppeteer.launch({
    executablePath: CHROME_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  try {
    const page = await browser.newPage()
    const flow = await startFlow(page, { name: `Coverline run ${run}` })
    await flow.navigate(`${APP_URL}/${INSTITUTION}/splash`, { name: 'splash' })
    await page.waitForSelector('[data-testid="email-input"]', { visible: true })
    const email = uniqueEmail()
    await driveToYearsToOwn(page, email)
    await flow.startTimespan({ name: 'coverage transition (years to own submit -> prices)' })
    await click(page, 'years-to-own-submit')
    await page.waitForSelector('[data-testid="rate-price"]', { visible: true })
    await flow.endTimespan()
    const continueLink = INBOX_URL ? await driveToReview(page, email) : null
    if (SANDBOX_URL) {
      const launch = await silentLaunchUrl()
      // A member launched by a partner arrives with nothing cached: storage and cache reset first.
      await flow.navigate(`${APP_URL}${launch}`, { name: 'coverage (partner launch)', disableStorageReset: false })
    }
    if (continueLink) {
      // Another device: nothing cached, no cookie; the link restores the checkout on the review page.
      await flow.navigate(continueLink, { name: 'review (continue link)', disableStorageReset: false })
      await page.waitForSelector('[data-testid="confirm-continue"]', { visible: true })
    }
    const result = await flow.createFlowResult()
    if (REPORT_DIR) {
      mkdirSync(REPORT_DIR, { recursive: true })
      writeFileSync(join(REPORT_DIR, 'lighthouse-flow.html'), await flow.generateReport())
      writeFileSync(join(REPORT_DIR, 'lighthouse-flow.json'), JSON.stringify(result))
    }
    return result.steps.map((step) => ({
      name: step.name,
      ...figuresOf(step.lhr),
      warnings: step.lhr.runWarnings,
      benchmarkIndex: step.lhr.environment.benchmarkIndex,
    }))
  } finally {
    await browser.close()
  }
}

const median = (values) => {
  const sorted = values.filter((v) => v != null).sort((a, b) => a - b)
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : null
}

const runs = []
for (let run = 1; run <= RUNS; run += 1) {
  const steps = await oneRun(run)
  runs.push(steps)
  for (const step of steps) {
    console.log(
      `run ${run}: ${step.name}: score ${step.score ?? '-'}, ${format(step)} (host benchmark index ${Math.round(step.benchmarkIndex)})`,
    )
    for (const warning of step.warnings) console.log(`  warning: ${warning}`)
  }
}

function format(step) {
  const ms = (value) => (value == null ? '-' : `${Math.round(value)} ms`)
  return `FCP ${ms(step.FCP)}, LCP ${ms(step.LCP)}, TBT ${ms(step.TBT)}, CLS ${step.CLS == null ? '-' : step.CLS.toFixed(3)}, SI ${ms(step.SI)}`
}

console.log(`Lighthouse ${RUNS} run(s), mobile preset, medians:`)
const names = runs[0].map((step) => step.name)
let below = false
for (const [index, name] of names.entries()) {
  const all = runs.map((steps) => steps[index])
  const step = { score: median(all.map((s) => s.score)) }
  for (const metric of Object.keys(METRICS)) step[metric] = median(all.map((s) => s[metric]))
  console.log(`  ${name.padEnd(52)} performance ${String(step.score ?? '-').padStart(3)}  ${format(step)}`)
  if (step.score != null && step.score < 95) below = true
}
if (below) console.log('  (a performance score is below the target of 95)')
