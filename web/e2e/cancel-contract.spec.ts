/**
 * Cancelling a bought contract from find-your-contract on the real stack (issue 15 C): within the
 * money-back period the server voids the contract and refunds the card in full through the gateway
 * sandbox, and the page says so. The find-your-contract link reads; the cancellation is confirmed
 * with a code emailed to the member's address on file.
 */
import { expect, test } from '@playwright/test'
import { chargesFor } from './gateway'
import { waitForEmail } from './maildev'
import { fill, labels, messages } from './product'
import { completePurchase, INSTITUTION, MEMBER, screenshotter } from './support'

const screenshot = screenshotter('cancel-contract-')

/** The fields of `GET …/cancellation`'s answer (CancellationTerms) this test reads. */
interface CancellationTerms {
  cancellable: boolean
  withinMoneyBack: boolean
  moneyBackEnds: string
  amountPaid: string
  contractNumber: string
}

test('a member finds the contract and cancels it within the money-back period: voided and refunded in full', async ({
  page,
  context,
}) => {
  let userId = ''
  page.on('request', (request) => {
    userId ||= new URL(request.url()).pathname.match(/^\/api\/institution\/[^/]+\/user\/([^/]+)\//)?.[1] ?? ''
  })
  const purchase = await completePurchase(page)
  expect(userId).not.toBe('')

  // From the contract email's link, in the same browser (the page needs no session).
  await page.goto(`/${INSTITUTION}/user/${userId}/policy/${purchase.referenceNumber}`)
  await page.getByTestId('contract-last-name').fill(MEMBER.lastName)
  await page.getByTestId('contract-zip').fill(MEMBER.zip)
  const contractTab = context.waitForEvent('page')
  const termsAnswer = page.waitForResponse(
    (response) => response.url().includes('/cancellation?token=') && response.request().method() === 'GET',
  )
  await page.getByTestId('find-contract-submit').click()
  // The contract's tab opened in the click (popup blockers allow no other moment) and was then
  // pointed at the signed link, which serves the PDF inline (issue 15, B9).
  const tab = await contractTab
  await expect.poll(() => tab.url()).toContain(`/fetchdocument/${purchase.referenceNumber}?token=`)
  const contract = await page.request.get(tab.url())
  expect(contract.headers()['content-type']).toBe('application/pdf')
  expect(contract.headers()['content-disposition']).toMatch(/^inline/)
  await tab.close()
  const terms = (await (await termsAnswer).json()) as CancellationTerms
  expect(terms).toMatchObject({ cancellable: true, withinMoneyBack: true, contractNumber: purchase.contractNumber })

  await expect(page.getByTestId('cancellation-terms')).toHaveText(
    fill(messages.cancelWithinMoneyBack, { date: terms.moneyBackEnds, amount: terms.amountPaid }),
  )
  await page.getByRole('button', { name: labels.cancelMyContract }).click()
  const dialog = page.getByRole('dialog', { name: messages.cancelContractTitle })
  await expect(dialog).toHaveAccessibleDescription(
    fill(messages.cancelConfirmWithin, { contract: purchase.contractNumber, amount: terms.amountPaid }),
  )
  await expect(dialog.getByRole('button', { name: labels.keepMyContract })).toBeFocused()
  await screenshot(page, 'dialog')
  await page.setViewportSize({ width: 375, height: 812 })
  await screenshot(page, 'dialog-mobile')
  await page.setViewportSize({ width: 1280, height: 800 })

  // The link found the contract with a last name and a zip; cancelling needs a code emailed to
  // the address on file.
  await dialog.getByRole('button', { name: labels.confirmCancel }).click()
  await expect(dialog.getByTestId('cancel-code-sent')).toContainText('•••@example.com')
  const email = await waitForEmail(purchase.email, /code to cancel your contract/)
  const code = /\b(\d{6})\b/.exec(email.subject)?.[1] ?? ''
  expect(email.text).toContain(purchase.contractNumber)
  await dialog.getByLabel(labels.cancellationCode).fill(code)
  await screenshot(page, 'code')
  const cancelAnswer = page.waitForResponse(
    (response) => response.url().endsWith('/cancellation') && response.request().method() === 'POST',
  )
  await dialog.getByRole('button', { name: labels.confirmCancellationCode }).click()
  expect((await cancelAnswer).status()).toBe(200)
  await expect(page.getByTestId('cancellation-outcome')).toHaveText(
    fill(messages.contractCancelled, { amount: terms.amountPaid }),
    { timeout: 30_000 },
  )
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('button', { name: labels.cancelMyContract })).toBeHidden()
  await screenshot(page, 'cancelled')

  // The gateway refunded the one charge in full.
  const charges = await chargesFor(purchase.contractNumber)
  expect(charges).toHaveLength(1)
  expect(charges[0].refunded).toBe(charges[0].amount)

  // Found again, the contract says it is cancelled, with nothing left to cancel.
  await page.reload()
  await page.getByTestId('contract-last-name').fill(MEMBER.lastName)
  await page.getByTestId('contract-zip').fill(MEMBER.zip)
  const againTab = context.waitForEvent('page')
  await page.getByTestId('find-contract-submit').click()
  await (await againTab).close()
  await expect(page.getByTestId('cancellation-terms')).toHaveText(messages.alreadyCancelled)
  await expect(page.getByRole('button', { name: labels.cancelMyContract })).toBeHidden()
})
