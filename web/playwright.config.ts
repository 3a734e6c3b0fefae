import { defineConfig } from '@playwright/test'

/** Debian's Chromium, no Playwright-downloaded browsers. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** No webServer block: the Makefile starts the real stack (API, gateway sandbox, maildev) first. */
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  timeout: 180_000,
  expect: { timeout: 15_000 },
  workers: 1,
  // Under CI a failed test runs once more, only to tell a flaky test (passes on the retry) from a broken
  // one: the run still fails (failOnFlakyTests), and scripts/e2e.sh names the flaky ones. A flaky test
  // is a failing test; nothing turns the run green.
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: true,
  reporter: [['list']],
  use: {
    baseURL: process.env.COVERLINE_URL ?? 'http://127.0.0.1:8080',
    browserName: 'chromium',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    // E2E_PHONE=1: the same specs on a 390 px phone (their screenshots in e2e/screenshots/phone/).
    viewport: process.env.E2E_PHONE ? { width: 390, height: 844 } : { width: 1280, height: 800 },
    trace: 'retain-on-failure',
  },
})
