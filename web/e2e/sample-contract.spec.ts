/**
 * "View a sample of your contract" on the review page, on the real stack (issue 15, C1): the
 * member's own terms, rendered by the API on the contract template and marked SAMPLE, open in a
 * new tab during the click; the member stays on the review page and nothing is booked.
 */
import { expect, test } from '@playwright/test'
import { labels } from './product'
import { purchaseUntilReview, screenshotter } from './support'

const screenshot = screenshotter('sample-contract-')

test('a member reads a sample of their contract before paying', async ({ page }) => {
  await purchaseUntilReview(page)
  const sample = page.waitForResponse((r) => r.url().includes('/sample-contract'))
  const popup = page.waitForEvent('popup')
  await page.getByRole('button', { name: labels.viewSampleContract }).click()
  const answer = await sample
  expect(answer.status()).toBe(200)
  expect(answer.headers()['content-type']).toBe('application/pdf')
  const tab = await popup
  await expect.poll(() => tab.url()).toMatch(/^blob:/)
  // The PDF the tab was given, asked for again with the same session (the page's CSP keeps the
  // test from reading the blob back).
  const again = await page.request.get(answer.url(), {
    headers: { Authorization: (await answer.request().allHeaders()).authorization },
  })
  expect(again.headers()['content-type']).toBe('application/pdf')
  const pdf = await again.body()
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
  expect(pdf.length).toBeGreaterThan(10_000)
  await expect(page).toHaveURL(/\/user\/coverage\/confirm$/)
  await expect(page.getByTestId('sample-contract-error')).toBeHidden()
  await screenshot(page, 'review-with-sample-link')
  await tab.close()
  await expect(page.getByTestId('confirm-continue')).toBeEnabled()
})
