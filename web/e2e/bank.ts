/**
 * The demo bank (tools/demo-bank): Summit's online banking and the identity provider of its members
 * and of the staff. scripts/e2e.sh starts it as `localhost`, another site than the app's 127.0.0.1.
 */
import { expect, type Page } from '@playwright/test'
import { agreeAndBook, INSTITUTION, onPage, onPaymentPage, payAndConfirm, quoteFromLookup, type Purchase } from './support'

export const BANK_URL = process.env.BANK_URL ?? ''

/** Signs in to the demo bank's online banking as `user`; ends on its accounts page. */
export async function signInToOnlineBanking(page: Page, user: string, password: string) {
  await page.goto(`${BANK_URL}/banking`)
  await page.getByLabel('Username').fill(user)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { name: /^Welcome back/ })).toBeVisible()
}

/** Jane launched from online banking buys the first coverage with her bank's details (launch.spec.ts checks each step). */
export async function buyFromOnlineBanking(page: Page): Promise<Purchase> {
  await signInToOnlineBanking(page, 'jane', 'summit-jane-2026')
  await page.getByRole('link', { name: 'Get a quote' }).click()
  await onPage(page, 'user/car/lookup')
  await quoteFromLookup(page)
  await page.getByTestId('purchase-button').click()
  await onPage(page, 'user/missing-info')
  await page.getByTestId('personal-details-submit').click()
  await onPage(page, 'user/coverage/confirm')
  await agreeAndBook(page)
  await onPaymentPage(page, INSTITUTION)
  return payAndConfirm(page, 'jane.rivera@example.com')
}

/** Signs in to the staff console at the bank's sign-in page as `user`; ends on the console. */
export async function signInToConsole(page: Page, user: string, password: string) {
  await page.goto('/staff')
  await page.getByRole('link', { name: 'Sign in' }).click()
  await page.getByLabel('Username').fill(user)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/staff$/)
  await expect(page.getByRole('tablist', { name: 'Console sections' })).toBeVisible()
}
