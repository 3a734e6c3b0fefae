/**
 * Personal details as real members type them, on the real stack (issue 15, B1): the domain's
 * rules (domain/src/contact.rs) take apostrophes, hyphens, accents, and the commas, `#` and
 * periods of US addresses.
 */
import { expect, test } from '@playwright/test'
import { fieldErrors } from './product'
import { fillMemberDetails, onPage, quoteCoverage } from './support'

test("O'Brien at 123 Main St, Apt #4, St. Louis gets through personal details", async ({ page }) => {
  await quoteCoverage(page)
  await page.getByTestId('purchase-button').click()
  await onPage(page, 'user/missing-info')
  await fillMemberDetails(page)
  await page.getByTestId('first-name-input').fill('Mary-Jane')
  await page.getByTestId('last-name-input').fill("O'Brien")
  await page.getByTestId('street-input').fill('123 Main St, Apt #4')
  await page.getByTestId('city-input').fill('St. Louis')
  await page.getByTestId('member-yes').check()
  await page.getByTestId('personal-details-submit').click()
  await onPage(page, 'user/verify-email/send-email')
  for (const message of [fieldErrors.nameLetters, fieldErrors.street, fieldErrors.cityLetters]) {
    await expect(page.getByText(message, { exact: true })).toHaveCount(0)
  }
})
