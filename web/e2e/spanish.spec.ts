/**
 * Spanish on the real stack (issue 31), at bilingual-lab, which offers English and Spanish: a Spanish
 * browser's first visit is in Spanish, the bar's switch changes the language and the device keeps it
 * through a reload, and a member who signs up in Spanish reads the flow in Spanish, which passes axe.
 * On a 390 px phone, a member buys entirely in Spanish (the institution's own splash text, the
 * gateway's widget), and the code, the receipt, the contract email and its PDF are in Spanish.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { attachment, waitForEmail } from './maildev'
import { catalogueEs, fill, product, productEs } from './product'
import { cardSettled, completePurchase, onPage, passesAxe, screenshotter, startQuote } from './support'

const INSTITUTION = 'bilingual-lab'
const shot = screenshotter('spanish-')

/** The page's language: `<html lang>`. */
const pageLanguage = (page: Page) => page.locator('html').getAttribute('lang')

test.describe('a Spanish browser (Accept-Language es-US)', () => {
  test.use({ locale: 'es-US' })

  test('its first visit is in Spanish; the switch changes to English, which a reload keeps', async ({ page, context }) => {
    await page.goto(`/${INSTITUTION}/splash`)
    expect(await pageLanguage(page)).toBe('es-US')
    await expect(page.getByTestId('email-submit')).toHaveText(productEs.screens.splash.continueButton)
    await expect(page.getByTestId('email-input')).toBeVisible()
    await shot(page, 'splash')
    await passesAxe(page, 'the splash in Spanish')

    // The switch offers English, named in English for a screen reader.
    const toEnglish = page.getByRole('button', { name: 'English' })
    await expect(toEnglish).toHaveAttribute('lang', 'en')
    await toEnglish.click()
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US')
    await expect(page.getByTestId('email-submit')).toHaveText(product.screens.splash.continueButton)
    expect((await context.cookies()).find((c) => c.name === 'coverline_language')?.value).toBe('en')
    await page.reload()
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US')

    // And back to Spanish.
    await page.getByRole('button', { name: 'Español' }).click()
    await expect(page.locator('html')).toHaveAttribute('lang', 'es-US')
    await expect(page.getByTestId('email-submit')).toHaveText(productEs.screens.splash.continueButton)
  })

  test('a member signs up in Spanish and reads on in Spanish after a reload', async ({ page }) => {
    await startQuote(page, undefined, undefined, { institution: INSTITUTION })
    await expect(page.getByTestId('page-title')).toHaveText(productEs.titles.lookup)
    await shot(page, 'lookup')
    await passesAxe(page, 'the lookup choice in Spanish')
    await page.reload()
    await onPage(page, 'user/car/lookup', INSTITUTION)
    await expect(page.getByTestId('page-title')).toHaveText(productEs.titles.lookup)
    expect(await pageLanguage(page)).toBe('es-US')
  })
})

test('an English browser reads bilingual-lab in English, its default, with the switch to Spanish', async ({ page }) => {
  await page.goto(`/${INSTITUTION}/splash`)
  expect(await pageLanguage(page)).toBe('en-US')
  await expect(page.getByRole('button', { name: 'Español' })).toHaveAttribute('lang', 'es')
  // Summit offers English only: no switch.
  await page.goto('/summit-cu/splash')
  await expect(page.getByTestId('email-input')).toBeVisible()
  await expect(page.getByTestId('language-switch')).toHaveCount(0)
})

/** The institution's name as its file names it (the emails' sender and subjects). */
const INSTITUTION_NAME = 'Bilingual Lab Credit Union'
/** The institution's own splash text in Spanish, from its file. */
const SPLASH_ES = /\[applicationSettings\.texts\.es\]\s*splashPageText = "([^"]+)"/.exec(
  readFileSync(new URL('./institutions/bilingual-lab.toml', import.meta.url), 'utf8'),
)?.[1]
/** The provider plan texts' Spanish (data/plans/es.json): each English text, its Spanish. */
const PLANS_ES = JSON.parse(readFileSync(new URL('../../data/plans/es.json', import.meta.url), 'utf8')) as Record<string, string>
const pattern = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)
/** A PDF's text through pdftotext (poppler-utils), its whitespace collapsed. */
const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString('utf8').split(/\s+/).join(' ')

test.describe('a Spanish member on a 390 px phone', () => {
  test.use({ locale: 'es-US', viewport: { width: 390, height: 844 }, hasTouch: true })

  test('buys entirely in Spanish; the code, the receipt, the contract email and its PDF are Spanish', async ({ page }) => {
    test.setTimeout(300_000)
    const phone = screenshotter('spanish-phone-')
    const onScreen = async (name: string) => {
      expect(await pageLanguage(page), name).toBe('es-US')
      if (name === 'splash') await expect(page.getByText(SPLASH_ES ?? 'the Spanish splash text')).toBeVisible()
      await phone(page, name)
      if (name === 'coverage') {
        // The back of the card: the plan's overview, covered areas and benefits in Spanish.
        await page.getByTestId('flip-to-back').click()
        const back = page.getByTestId('rate-card-back')
        await expect(back.getByTestId('section-intro')).toContainText(
          catalogueEs.plans.intro.split('{months')[0].replace('{plan}', '').trim(),
        )
        await back.getByRole('button', { name: productEs.labels.whatsCovered }).click()
        await expect(back.getByRole('heading', { name: PLANS_ES['Engine'], exact: true })).toBeVisible()
        await expect(back.getByText('Engine', { exact: true })).toHaveCount(0)
        await back.getByRole('button', { name: productEs.labels.extraBenefits }).click()
        await expect(back.getByTestId('section-bullets')).toContainText(`${PLANS_ES['Roadside assistance']}:`)
        await cardSettled(page)
        await phone(page, 'coverage-back')
        await passesAxe(page, 'the card back in Spanish')
        await page.getByTestId('flip-to-front').click()
        await expect(page.getByTestId('rate-card-front')).toHaveAttribute('aria-hidden', 'false')
        await cardSettled(page)
      }
    }
    const purchase = await completePurchase(page, { institution: INSTITUTION, texts: productEs, onScreen })
    await phone(page, 'confirmation')
    await passesAxe(page, 'the confirmation in Spanish')

    // The code email was Spanish; so are the receipt and the contract, with the PDF attached.
    const emails = catalogueEs.emails
    const institution = INSTITUTION_NAME
    await waitForEmail(purchase.email, pattern(fill(emails.code.subject, { institution, code: '' })))
    const receipt = await waitForEmail(purchase.email, pattern(fill(emails.receipt.subject, { institution })))
    expect(receipt.text).toContain(`${emails.receipt.trackingNumber}: ${purchase.trackingNumber}`)
    // The amount as the confirmation wrote it: always with cents.
    expect(receipt.text).toContain(`${emails.receipt.amountPaid}: ${purchase.amount}`)
    const name = productEs.labels.defaultProductName
    const contract = await waitForEmail(
      purchase.email,
      pattern(fill(emails.contract.subject, { product: name, contract: purchase.contractNumber })),
    )
    expect(contract.text).toContain(
      fill(emails.contract.body.split('\n\n')[1].split('{vehicle}')[0], { product: name, contract: purchase.contractNumber }),
    )
    const pdf = pdfText(await attachment(contract, fill(emails.contract.attachment, { contract: purchase.contractNumber })))
    expect(pdf).toContain(purchase.contractNumber)
    expect(pdf).toContain(catalogueEs.contract.englishOnly.title)
    expect(pdf).toContain(catalogueEs.cancellationRules.summary.split('{window}')[0].trim())
  })
})
