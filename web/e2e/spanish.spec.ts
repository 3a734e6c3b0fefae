/**
 * Spanish on the real stack (issue 31), at bilingual-lab, which offers English and Spanish: a Spanish
 * browser's first visit is in Spanish, the bar's switch changes the language and the device keeps it
 * through a reload, and a member who signs up in Spanish reads the flow in Spanish, which passes axe.
 */
import { expect, test, type Page } from '@playwright/test'
import { product, productEs } from './product'
import { onPage, passesAxe, screenshotter, startQuote } from './support'

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
