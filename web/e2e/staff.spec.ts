/**
 * The staff console (docs/staff.md) on the real stack, its people signing in at the demo bank (a
 * real OpenID Connect provider): support finds a member launched from online banking and resends
 * their emails; Summit's manager downloads the programme as CSV. Each screen passes axe.
 */
import AxeBuilder from '@axe-core/playwright'
import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'
import { BANK_URL, buyFromOnlineBanking, signInToConsole } from './bank'
import { emailsTo } from './maildev'
import { product } from './product'
import { INSTITUTION, screenshotter } from './support'

const screenshot = screenshotter('staff-')

/** axe's WCAG 2 A and AA rules: no serious or critical violation on the console as it stands. */
async function passesAxe(page: Page, screen: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ rule: violation.id, elements: violation.nodes.map((node) => node.target.join(' ')) }))
  expect(blocking, `axe on ${screen}`).toEqual([])
}

/** The receipts of one contract in the member's inbox. */
async function receiptsOf(email: string, contractNumber: string): Promise<number> {
  const receipts = (await emailsTo(email)).filter((m) => /^Your receipt from /.test(m.subject))
  return receipts.filter((m) => `${m.text ?? ''}${m.html ?? ''}`.includes(contractNumber)).length
}

test.beforeAll(() => {
  expect(BANK_URL, 'scripts/e2e.sh starts the demo bank and exports BANK_URL').not.toBe('')
})

test('support finds a member launched from online banking by email and resends the emails', async ({ page, browser }) => {
  test.setTimeout(240_000)
  const purchase = await buyFromOnlineBanking(page)
  await expect.poll(() => receiptsOf(purchase.email, purchase.contractNumber), { timeout: 60_000 }).toBe(1)

  // Support works in a browser of their own.
  const staff = await browser.newContext()
  const desk = await staff.newPage()
  await desk.goto('/staff')
  await expect(desk.getByRole('link', { name: 'Sign in' })).toBeVisible()
  await passesAxe(desk, 'sign-in')
  await signInToConsole(desk, 'ana', 'support-ana-2026')
  await passesAxe(desk, 'members')

  await desk.getByLabel('Email, contract number, policy or workflow id').fill(purchase.email)
  await desk.getByRole('button', { name: 'Search' }).click()
  const row = desk.getByRole('row').filter({ hasText: purchase.contractNumber })
  await row.getByRole('button', { name: purchase.policyId }).click()
  await expect(desk.getByRole('heading', { name: /timeline/i })).toBeVisible()
  await expect(desk.getByText(purchase.contractNumber).first()).toBeVisible()
  await screenshot(desk, 'purchase')
  await passesAxe(desk, 'purchase')

  await desk.getByRole('button', { name: 'Resend emails' }).click()
  await expect(desk.getByText(`sent the receipt and the contract copy to ${purchase.email}`)).toBeVisible()
  await expect.poll(() => receiptsOf(purchase.email, purchase.contractNumber), { timeout: 30_000 }).toBe(2)
  // On the purchase's timeline, with the person who did it.
  const resent = desk.getByRole('row').filter({ hasText: 'support:resendEmails' })
  await expect(resent).toContainText('Ana Support <ana.support@coverline.example>')
  await screenshot(desk, 'resent')

  // The audit log lists it.
  await desk.getByRole('tab', { name: 'Audit log' }).click()
  await expect(desk.getByRole('row').filter({ hasText: 'resendEmails' }).filter({ hasText: purchase.policyId })).toBeVisible()
  await passesAxe(desk, 'audit log')
  await staff.close()
})

test("Summit's manager reads the programme and downloads it as CSV", async ({ page }) => {
  await signInToConsole(page, 'max', 'manager-max-2026')
  // A manager sees the programme and the audit log, not the members.
  await expect(page.getByRole('tab', { name: 'Members' })).toHaveCount(0)
  await page.getByRole('tab', { name: 'Programme' }).click()
  await page.getByRole('button', { name: 'Show' }).click()
  await expect(page.getByTestId('staff-funnel')).toBeVisible()
  await screenshot(page, 'programme')
  await passesAxe(page, 'programme')

  // The branding preview frames the institution's own pages, light and dark.
  for (const mode of ['light', 'dark']) {
    await page.getByTitle(`Splash, ${mode}`).scrollIntoViewIfNeeded()
    const splash = page.frameLocator(`iframe[title="Splash, ${mode}"]`)
    await expect(splash.getByText(product.screens.components.previewNote)).toBeVisible()
    await expect(splash.locator('html')).toHaveClass(new RegExp(`\\b${mode}\\b`))
  }
  await page.getByTitle('Coverage, dark').scrollIntoViewIfNeeded()
  await screenshot(page, 'branding-preview')

  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Download CSV' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(
    new RegExp(`^coverline-${INSTITUTION}-\\d{4}-\\d{2}-\\d{2}-\\d{4}-\\d{2}-\\d{2}\\.csv$`),
  )
  const csv = await readFile(await file.path(), 'utf8')
  const lines = csv.trim().split('\r\n')
  expect(lines[0]).toMatch(/^date,reached_splash,.*,contracts,sales_usd,cancellations,refunds,refunds_usd$/)
  expect(lines.at(-1)).toMatch(/^total,/)
  expect(lines.length).toBeGreaterThanOrEqual(3)
})

test('an admin sees every institution and its integrators, and confirms before turning one off', async ({ page }) => {
  await signInToConsole(page, 'root', 'admin-root-2026')
  await page.getByRole('tab', { name: 'Institutions' }).click()
  const table = page.getByRole('table', { name: 'Institutions and their integrators' })
  await expect(table.getByRole('row').filter({ hasText: 'summit-cu' })).toContainText('demo-partner')
  await passesAxe(page, 'institutions')
  await page.getByRole('button', { name: 'Turn off summit-cu' }).click()
  await expect(page.getByRole('dialog')).toContainText('Turn off Summit Credit Union?')
  await screenshot(page, 'turn-off')
  await passesAxe(page, 'turn-off dialog')
  await page.getByRole('button', { name: 'Keep it on' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(table.getByRole('row').filter({ hasText: 'summit-cu' })).toContainText('Active')
})
