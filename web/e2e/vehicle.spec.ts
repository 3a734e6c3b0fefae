/**
 * Vehicle identification on the real stack: the description path with its estimates and the
 * real-VIN prompt, the description lookup's failure dialog, a VIN read from a photo, a VIN that fits
 * several styles, and a VIN whose check digit is wrong.
 */
import { expect, test, type Page } from '@playwright/test'
import { carFlagLabel, fieldErrors, fill, labels, messages, product } from './product'
import { describe2020Accord, dismissImpactModal, onPage, progress, screenshotter, startQuote, toDescription } from './support'

type Screenshot = ReturnType<typeof screenshotter>

/**
 * The described car's real VIN: a 2020 Honda Accord EX (valid check digit, decoded by vPIC) that the
 * rate book covers. 1HGCM82633A004352 is a 2003 Accord: older than the book's 15-year limit, no rates.
 */
const REAL_VIN = '1HGCV1F46LA012345'
/** The VIN drawn into the photo: only read and decoded, never quoted. */
const PHOTO_VIN = '1HGCM82633A004352'
/** A real 2021 Jeep Renegade whose trim vPIC cannot tell: the member chooses one of four styles. */
const SEVERAL_STYLES_VIN = 'ZACNJDAB0MPN15099'
const RENEGADE_STYLES = ['Freedom', 'Jeepster', 'Sport', 'Upland']
/** The 2022 Kia Sorento's VIN (support.ts VIN) with a wrong check digit (4 for 3): vPIC still knows the car. */
const WRONG_CHECK_DIGIT_VIN = '5XYRLDLC4NG097496'
const MOBILE = { width: 375, height: 812 }

/** The same screen at 375 px wide too, then back to the desktop viewport. */
async function screenshotBoth(screenshot: Screenshot, page: Page, name: string) {
  await screenshot(page, name)
  const desktop = page.viewportSize()
  await page.setViewportSize(MOBILE)
  await screenshot(page, `${name}-mobile`)
  if (desktop) await page.setViewportSize(desktop)
}

test('a described vehicle gets estimates, then exact prices once its VIN is given', async ({ page }) => {
  const screenshot = screenshotter('vehicle-a-')
  await startQuote(page)
  await screenshotBoth(screenshot, page, 'lookup-choice')
  await toDescription(page, () => screenshotBoth(screenshot, page, 'estimate-only-dialog'))

  await describe2020Accord(page)
  await screenshotBoth(screenshot, page, 'description')
  await page.getByTestId('description-submit').click()

  await onPage(page, 'user/car/mileage')
  await progress(page, 30)
  await expect(page.getByTestId('car-line')).toContainText('2020 Honda Accord')
  await page.getByTestId('mileage-input').pressSequentially('45000')
  await expect(page.getByTestId('mileage-input')).toHaveValue('45,000')
  await page.getByRole('checkbox', { name: carFlagLabel('secondOwner') }).check()
  await screenshotBoth(screenshot, page, 'mileage-with-flags')
  await page.getByTestId('mileage-submit').click()

  await onPage(page, 'user/car/miles-per-year')
  await expect(page.getByTestId('car-line')).toContainText('2020 Honda Accord')
  await page.getByTestId('miles-per-year-submit').click()
  await onPage(page, 'user/car/years-to-own')
  await page.getByTestId('years-to-own-submit').click()

  // Estimates: the button asks for the real VIN instead of purchasing.
  await onPage(page, 'user/coverage/level')
  await dismissImpactModal(page)
  const button = page.getByTestId('purchase-button')
  await expect(button).toHaveText(labels.enterVin)
  await expect(page.getByTestId('estimate-note')).toBeVisible()
  await screenshot(page, 'coverage-estimates')
  await button.click()

  const dialog = page.getByRole('dialog', { name: labels.enterVinToPurchase })
  await expect(dialog.getByTestId('real-vin-input')).toBeFocused()
  await dialog.getByTestId('real-vin-input').fill(REAL_VIN)
  await screenshotBoth(screenshot, page, 'real-vin-dialog')
  await dialog.getByTestId('real-vin-submit').click()

  // The car is created again with the real VIN and quoted again.
  await expect(dialog).toBeHidden({ timeout: 30_000 })
  await expect(button).toHaveText(labels.purchase, { timeout: 30_000 })
  await expect(page.getByText(fill(product.screens.coverage.position, { position: '2', count: '3' }))).toBeVisible()
  await expect(page.getByTestId('estimate-note')).toBeHidden()
  await expect(page).toHaveURL(/\/user\/coverage\/level$/)
  await screenshot(page, 'coverage-exact')
})

test("a description the catalog cannot find: 'Oops', then No goes to no-rates", async ({ page }) => {
  const screenshot = screenshotter('vehicle-b-')
  // Forces the failure path: the mock-VIN lookup answers as for an unknown description.
  await page.route(
    (url) => url.pathname.endsWith('/car/vin') && url.searchParams.has('year'),
    (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'vehicleNotFound', message: messages.failedToFindVin } }),
      }),
  )
  await startQuote(page)
  await toDescription(page)
  await describe2020Accord(page)
  await page.getByTestId('description-submit').click()

  const dialog = page.getByRole('dialog', { name: messages.vehicleLookupTitle })
  await expect(dialog.getByText(messages.vehicleLookupFailed)).toBeVisible()
  await expect(dialog.getByText(messages.tryAgainQuestion)).toBeVisible()
  await screenshotBoth(screenshot, page, 'description-not-found')
  await dialog.getByRole('button', { name: product.screens.car.yesButton, exact: true }).click()
  await expect(dialog).toBeHidden()
  await onPage(page, 'user/car/lookup/description')

  await page.getByTestId('description-submit').click()
  await page
    .getByRole('dialog', { name: messages.vehicleLookupTitle })
    .getByRole('button', { name: product.screens.car.noButton, exact: true })
    .click()
  await onPage(page, 'user/no-rates')
  await expect(page.getByTestId('no-rates-page')).toBeVisible()
  await screenshot(page, 'no-rates')
})

/** A PNG of `text` in large black monospace on white, drawn in the page. */
async function vinPhoto(page: Page, text: string): Promise<Buffer> {
  const base64 = await page.evaluate(async (vin) => {
    const font = 'bold 96px "DejaVu Sans Mono", "Liberation Mono", monospace'
    const measure = new OffscreenCanvas(10, 10).getContext('2d')!
    measure.font = font
    const width = Math.ceil(measure.measureText(vin).width) + 160
    const canvas = new OffscreenCanvas(width, 260)
    const context = canvas.getContext('2d')!
    context.fillStyle = '#ffffff'
    context.fillRect(0, 0, canvas.width, canvas.height)
    context.fillStyle = '#000000'
    context.font = font
    context.textBaseline = 'middle'
    context.fillText(vin, 80, canvas.height / 2)
    const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer())
    let binary = ''
    for (const byte of bytes) binary += String.fromCharCode(byte)
    return btoa(binary)
  }, text)
  return Buffer.from(base64, 'base64')
}

test('a VIN read from a photo fills the field; the member checks it and continues', async ({ page }) => {
  const screenshot = screenshotter('vehicle-c-')
  await startQuote(page)
  await page.getByTestId('lookup-continue').click()
  await onPage(page, 'user/car/lookup/vin')
  await screenshotBoth(screenshot, page, 'vin-page')

  const png = await vinPhoto(page, PHOTO_VIN)
  await page.getByTestId('vin-photo-input').setInputFiles({ name: 'vin.png', mimeType: 'image/png', buffer: png })
  await expect(page.getByTestId('vin-input')).toHaveValue(PHOTO_VIN, { timeout: 60_000 })
  await expect(page.getByTestId('vin-photo-note')).toHaveText(messages.vinFromPhoto)
  // Never submitted by itself.
  await onPage(page, 'user/car/lookup/vin')
  await screenshotBoth(screenshot, page, 'vin-from-photo')

  await page.getByTestId('vin-submit').click()
  await onPage(page, 'user/car/mileage')
  await expect(page.getByTestId('car-line')).toContainText('Honda')
  await screenshot(page, 'mileage-after-photo')
})

test('the car-details form: mileage, miles per year, years to own and the car flags on one page, then coverage', async ({
  page,
}) => {
  const screenshot = screenshotter('car-details-')
  await startQuote(page)
  await page.getByTestId('lookup-continue').click()
  await onPage(page, 'user/car/lookup/vin')
  await page.getByTestId('vin-input').fill('5XYRLDLC3NG097496')
  await page.getByTestId('vin-submit').click()
  await onPage(page, 'user/car/mileage')
  // What was typed and ticked on mileage comes along.
  await page.getByTestId('mileage-input').pressSequentially('0')
  await page.getByTestId('car-flag-commercialUse').check()
  await page.getByRole('button', { name: labels.allCarDetails }).click()
  await onPage(page, 'user/car/details')
  await expect(page.getByTestId('car-line')).not.toBeEmpty()
  await expect(page.getByTestId('car-details-odometer')).toHaveValue('0')
  await expect(page.getByTestId('car-flag-commercialUse')).toBeChecked()

  // The mileage page's rules, on the real page: above zero, at most 6 digits.
  await page.getByTestId('car-details-submit').click()
  await expect(page.getByText(fieldErrors.greaterThanZero)).toBeVisible()
  await page.getByTestId('car-details-odometer').fill('')
  await page.getByTestId('car-details-odometer').pressSequentially('1000000')
  await page.getByTestId('car-details-submit').click()
  await expect(page.getByText(fieldErrors.sixDigits)).toBeVisible()
  await screenshot(page, 'errors')
  await onPage(page, 'user/car/details')

  await page.getByTestId('car-details-odometer').fill('')
  await page.getByTestId('car-details-odometer').pressSequentially('45000')
  await page.getByRole('combobox', { name: labels.milesPerYear }).click()
  await page.getByRole('option', { name: '10,000' }).click()
  await page.getByRole('combobox', { name: labels.yearsToOwn }).click()
  await page.getByRole('option', { name: '3 Years' }).click()
  await page.getByTestId('car-details-submit').click()
  await onPage(page, 'user/coverage/level')
  await expect(page.getByTestId('rate-card')).toBeVisible()
  await dismissImpactModal(page)
  await screenshot(page, 'coverage')

  // Back from coverage walks the one-question pages, which hold the form's answers.
  await page.getByTestId('back-button').click()
  await onPage(page, 'user/car/years-to-own')
  await expect(page.getByTestId('years-to-own-3')).toBeChecked()
  await page.getByTestId('back-button').click()
  await onPage(page, 'user/car/miles-per-year')
  await expect(page.getByTestId('miles-per-year-10000')).toBeChecked()
  await page.getByTestId('back-button').click()
  await onPage(page, 'user/car/mileage')
  await expect(page.getByTestId('mileage-input')).toHaveValue('45,000')
  await expect(page.getByTestId('car-flag-commercialUse')).toBeChecked()
})

test('a VIN that fits several styles asks for the style on the VIN page, then mileage', async ({ page }) => {
  const screenshot = screenshotter('vehicle-d-')
  await startQuote(page)
  await page.getByTestId('lookup-continue').click()
  await onPage(page, 'user/car/lookup/vin')
  await page.getByTestId('vin-input').fill(SEVERAL_STYLES_VIN)
  await page.getByTestId('vin-submit').click()

  // Decoded, but not on yet: the member chooses among the candidate styles.
  const styles = page.getByRole('radiogroup', { name: labels.vehicleStyle })
  await expect(styles).toBeVisible({ timeout: 30_000 })
  await expect(page.getByText(fill(messages.chooseStyleHelp, { vehicle: '2021 Jeep Renegade' }))).toBeVisible()
  await expect(styles.getByRole('radio')).toHaveCount(RENEGADE_STYLES.length)
  for (const style of RENEGADE_STYLES) await expect(styles.getByRole('radio', { name: style })).not.toBeChecked()
  await expect(page.getByTestId('vin-check-digit-warning')).toBeHidden()
  await onPage(page, 'user/car/lookup/vin')
  await screenshotBoth(screenshot, page, 'style-choice')

  // The choice is required.
  await page.getByTestId('vin-submit').click()
  await expect(page.getByText(fieldErrors.chooseStyle)).toBeVisible()
  await onPage(page, 'user/car/lookup/vin')
  await screenshotBoth(screenshot, page, 'style-required')

  await styles.getByRole('radio', { name: 'Sport' }).check()
  await expect(page.getByText(fieldErrors.chooseStyle)).toBeHidden()
  await page.getByTestId('vin-submit').click()
  await onPage(page, 'user/car/mileage')
  await progress(page, 30)
  await expect(page.getByTestId('car-line')).toHaveText('2021 Jeep Renegade Sport')
  await screenshot(page, 'mileage-with-style')
})

test('a VIN whose check digit is wrong but whose vehicle is known goes on, with a warning on mileage', async ({ page }) => {
  const screenshot = screenshotter('vehicle-e-')
  await startQuote(page)
  await page.getByTestId('lookup-continue').click()
  await onPage(page, 'user/car/lookup/vin')
  await page.getByTestId('vin-input').fill(WRONG_CHECK_DIGIT_VIN)
  await page.getByTestId('vin-submit').click()

  await onPage(page, 'user/car/mileage')
  await expect(page.getByTestId('car-line')).toContainText('2022 Kia Sorento')
  const warning = page.getByTestId('vin-check-digit-warning')
  await expect(warning).toHaveText(fill(messages.vinCheckDigitWarning, { vehicle: '2022 Kia Sorento' }))
  await expect(warning).toHaveClass(/MuiAlert-colorWarning/)
  await screenshotBoth(screenshot, page, 'mileage-check-digit-warning')

  // A soft warning: the quote goes on.
  await page.getByTestId('mileage-input').pressSequentially('45000')
  await page.getByTestId('mileage-submit').click()
  await onPage(page, 'user/car/miles-per-year')
})
