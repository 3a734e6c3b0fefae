/**
 * Branding on the real stack (spec sections 1 and 3): each demo institution's splash and coverage
 * page in its own name, logo, colours, phone, splash text, product name and contact numbers, light
 * and dark; brand-lab (e2e/institutions/brand-lab.toml) for the settings the demo institutions leave
 * at their defaults (no header, dark start without toggle, quote-modal text, disclaimer, refund
 * text, product name, phone extension, no promotional checkbox); a phone number that is not 10
 * digits; the first paint (the server's shell, before any script); the inactive institution's dialog.
 */
import { expect, test, type Locator, type Page } from '@playwright/test'
import { fieldErrors, labels, messages, product } from './product'
import {
  cardSettled,
  dismissImpactModal,
  enterPersonalDetails,
  onPage,
  quoteCoverage,
  screenshotter,
  startQuote,
  uniqueEmail,
  verifyEmail,
} from './support'

/** What each demo institution's TOML (data/institutions/) says a member sees. */
interface Brand {
  id: string
  name: string
  productName: string
  splashText: string
  phone: string
  colors: { cta: string; primary: string; secondary: string }
  /** The cta colour's contrast text: dark on a light button, white on a dark one. */
  ctaText: 'dark' | 'white'
  startsDark: boolean
  /** 'Who to call' on the back of the middle card: the institution's lines, else the provider's. */
  contactLines: Record<string, string>
}

const BRANDS: Brand[] = [
  {
    id: 'summit-cu',
    name: 'Summit Credit Union',
    productName: labels.defaultProductName,
    splashText:
      'Protect your ride and your budget. Summit members get straightforward vehicle service contract pricing in minutes: no dealer markup, no pressure.',
    phone: '(800) 555-0142',
    colors: { cta: 'F47B20', primary: '0B3D91', secondary: '6CACE4' },
    ctaText: 'dark',
    startsDark: false,
    // The institution's general line, NAC's own for the rest (data/plans/nac.toml).
    contactLines: {
      'General questions': '(800) 555-0142',
      'Mechanical breakdown': '(800) 555-0172',
      'Key replacement': '(800) 555-0173',
      'Roadside assistance': '(800) 555-0174',
    },
  },
  {
    id: 'prairie-trail-fcu',
    name: 'Prairie Trail Federal Credit Union',
    productName: labels.defaultProductName,
    splashText:
      'Miles ahead, covered. Prairie Trail members get Route 66 coverage for the car they already drive, priced in minutes, with payment options on request.',
    phone: '(866) 555-0173 ext. 2',
    colors: { cta: 'B5482A', primary: '2F5D3A', secondary: 'D9B44A' },
    ctaText: 'white',
    startsDark: false,
    // Every line is the institution's own.
    contactLines: {
      'General questions': '(866) 555-0173',
      'Mechanical breakdown': '(866) 555-0174',
      'Key replacement': '(866) 555-0175',
      'Roadside assistance': '(866) 555-0176',
    },
  },
  {
    id: 'harborline-bank',
    name: 'Harborline Bank',
    productName: 'Harborline Vehicle Protection',
    splashText:
      'Keep your car and your savings afloat. Harborline customers compare coverage from two providers side by side, with no dealer markup.',
    phone: '(888) 555-0118',
    colors: { cta: 'F2C14E', primary: '12324A', secondary: '4FB3BF' },
    ctaText: 'dark',
    startsDark: true,
    contactLines: { 'General questions': '(888) 555-0118' },
  },
]

/** '0B3D91' -> 'rgb(11, 61, 145)', as getComputedStyle reports it. */
function rgb(hex: string): string {
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16))
  return `rgb(${r}, ${g}, ${b})`
}

function css(locator: Locator, property: string): Promise<string> {
  return locator.evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property)
}

/** The page's colour scheme: MUI puts 'light' or 'dark' on <html> (colorSchemeSelector 'class'). */
async function scheme(page: Page, mode: 'light' | 'dark') {
  await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${mode}\\b`))
}

/** The dark-mode toggle, then the other scheme; and back. */
async function toggleScheme(page: Page, to: 'light' | 'dark') {
  await page.getByTestId('dark-mode-toggle').click()
  await scheme(page, to)
}

/** The logo is the institution's and has loaded. */
async function logoShown(page: Page, brand: Brand) {
  const logo = page.getByTestId('institution-logo')
  await expect(logo).toHaveAttribute('src', `/api/institution/${brand.id}/logo`)
  await expect(logo).toHaveAttribute('alt', brand.name)
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
}

for (const brand of BRANDS) {
  test(`${brand.id}: splash and coverage in its name, logo, colours, phone and texts, light and dark`, async ({ page }) => {
    const screenshot = screenshotter(`branding-${brand.id}-`)
    await page.goto(`/${brand.id}/splash`)
    await expect(page.getByTestId('email-input')).toBeVisible()
    await scheme(page, brand.startsDark ? 'dark' : 'light')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(brand.name)
    await expect(page.getByTestId('product-name')).toHaveText(brand.productName)
    await expect(page.getByTestId('splash-text')).toHaveText(brand.splashText)
    await expect(page.getByTestId('institution-phone')).toHaveText(brand.phone)
    await expect(page.getByTestId('app-header')).toBeVisible()
    await logoShown(page, brand)

    // Light: the CTA button in the cta colour with its contrast text.
    if (brand.startsDark) await toggleScheme(page, 'light')
    const cta = page.getByTestId('email-submit')
    expect(await css(cta, 'background-color')).toBe(rgb(brand.colors.cta))
    const ctaText = await css(cta, 'color')
    if (brand.ctaText === 'white') expect(ctaText).toBe('rgb(255, 255, 255)')
    else expect(ctaText).toMatch(/^rgba?\(0, 0, 0/)
    await screenshot(page, 'splash')
    await toggleScheme(page, 'dark')
    expect(await css(cta, 'background-color')).toBe(rgb(brand.colors.cta))
    expect(await css(page.locator('body'), 'background-color')).toBe('rgb(18, 18, 18)')
    await screenshot(page, 'splash-dark')
    await toggleScheme(page, 'light')

    // The progress bar in the primary colour; the coverage carousel.
    await quoteCoverage(page, { institution: brand.id })
    await expect(page.getByTestId('rate-card')).toBeVisible()
    const bar = page.getByTestId('progress-bar').locator(':scope > div')
    expect(await css(bar, 'background-color')).toBe(rgb(brand.colors.primary))
    expect(await css(page.getByTestId('purchase-button'), 'background-color')).toBe(rgb(brand.colors.cta))
    expect(await css(page.getByTestId('rate-coverage-name'), 'color')).toBe(rgb(brand.colors.primary))
    await expect(page.getByTestId('disclaimer')).toHaveText(messages.defaultDisclaimer)
    await screenshot(page, 'coverage')
    await toggleScheme(page, 'dark')
    // Dark: brand texts in the (lighter) secondary colour so they stay readable.
    expect(await css(page.getByTestId('rate-coverage-name'), 'color')).toBe(rgb(brand.colors.secondary))
    await screenshot(page, 'coverage-dark')
    await toggleScheme(page, 'light')

    // The back of the card: who to call, the institution's numbers before the provider's.
    await page.getByTestId('flip-to-back').click()
    const back = page.getByTestId('rate-card-back')
    await back.getByRole('button', { name: product.screens.coverage.contacts.title }).click()
    const lines = back.getByTestId('section-contact-numbers')
    for (const [label, phone] of Object.entries(brand.contactLines)) {
      await expect(lines.getByText(label, { exact: true })).toBeVisible()
      await expect(lines.getByText(phone, { exact: true }).first()).toBeVisible()
    }
    await lines.scrollIntoViewIfNeeded()
    await cardSettled(page)
    await screenshot(page, 'card-back')
  })
}

test('brand-lab: no header, dark from the start without a toggle, its own product name, texts and phone extension', async ({
  page,
}) => {
  const screenshot = screenshotter('branding-brand-lab-')
  const institution = 'brand-lab'
  const email = uniqueEmail()
  await page.goto(`/${institution}/splash`)
  await expect(page.getByTestId('email-input')).toBeVisible()
  await scheme(page, 'dark')
  await expect(page.getByTestId('app-header')).toHaveCount(0)
  await expect(page.getByTestId('institution-logo')).toBeVisible()
  await expect(page.getByTestId('dark-mode-toggle')).toHaveCount(0)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Brand Lab Bank')
  await expect(page.getByTestId('product-name')).toHaveText('Brand Lab Car Care Plan')
  await expect(page.getByTestId('splash-text')).toHaveText('Brand Lab members: every setting of the institution shows here.')
  await expect(page.getByTestId('institution-phone')).toHaveText('(800) 555-0199 ext. 42')
  expect(await css(page.getByTestId('email-submit'), 'background-color')).toBe(rgb('2A9D8F'))
  await screenshot(page, 'splash-dark')

  // The institution's quote-modal text and disclaimer instead of the defaults.
  await startQuote(page, email, undefined, { institution })
  await page.getByTestId('lookup-continue').click()
  await page.getByTestId('vin-input').fill(process.env.E2E_VIN || '5XYRLDLC3NG097496')
  await page.getByTestId('vin-submit').click()
  await page.getByTestId('mileage-input').pressSequentially('45000')
  await page.getByTestId('mileage-submit').click()
  await page.getByTestId('miles-per-year-submit').click()
  await page.getByTestId('years-to-own-submit').click()
  await onPage(page, 'user/coverage/level', institution)
  const modal = page.getByRole('dialog', { name: labels.whyCoverageMatters })
  await expect(modal).toContainText('Brand Lab says: a breakdown costs more than coverage.')
  await expect(modal).not.toContainText(messages.impactModalLead)
  await screenshot(page, 'quote-modal')
  await dismissImpactModal(page)
  await expect(page.getByTestId('disclaimer')).toHaveText('Brand Lab disclaimer: prices are examples until you buy.')
  await screenshot(page, 'coverage')

  // The refund text on the review page; the product name on the way.
  await enterPersonalDetails(page, { institution })
  await verifyEmail(page, email, { institution })
  await expect(page.getByTestId('refund-checkbox').locator('xpath=ancestor::label')).toContainText(
    'Brand Lab refunds: cancel any time for a pro-rated refund to your card.',
  )
  await screenshot(page, 'review')
})

test('the promotional checkbox shows only where the institution allows it', async ({ page }) => {
  // summit-cu allows it (ticked by default); brand-lab does not. Both sell NAC, which does not sell in WA.
  await startQuote(page, undefined, undefined, { state: 'WA', expectInvalid: true })
  await expect(page.getByTestId('promotional-consent')).toBeChecked()
  await startQuote(page, undefined, undefined, { state: 'WA', expectInvalid: true, institution: 'brand-lab' })
  await expect(page.getByTestId('invalid-state-page')).toBeVisible()
  await expect(page.getByTestId('promotional-consent')).toHaveCount(0)
})

test('a phone number that is not 10 digits: the spec error in the console, the page still works', async ({ page }) => {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`))
  // The institution comes with the page (api/src/http/web_page.rs): its phone number is changed there.
  await page.route('**/summit-cu/splash', async (route) => {
    const response = await route.fetch()
    const html = await response.text()
    expect(html).toContain('"phoneNumber":"8005550142"')
    await route.fulfill({ response, body: html.replace('"phoneNumber":"8005550142"', '"phoneNumber":"555-01"') })
  })
  await page.goto('/summit-cu/splash')
  await expect(page.getByTestId('email-input')).toBeVisible()
  await expect(page.getByTestId('institution-phone')).toHaveText('555-01')
  expect(errors.some((e) => e.includes(fieldErrors.phoneDisplay))).toBe(true)
  expect(errors.filter((e) => e.startsWith('uncaught'))).toEqual([])
  // The flow goes on.
  await page.getByTestId('email-input').fill(uniqueEmail())
  await page.getByTestId('email-submit').click()
  await expect(page.getByTestId('state-select')).toBeVisible()
})

test("the first paint: the institution's page from the server before any script, then the app takes over", async ({ page }) => {
  const screenshot = screenshotter('branding-first-paint-')
  const institutionCalls: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/institution/summit-cu') institutionCalls.push(request.url())
  })
  await page.setViewportSize({ width: 390, height: 844 })

  // No script arrives at all: the server's shell is the institution's splash (api/src/http/web_page.rs).
  await page.route('**/assets/*.js', (route) => route.abort())
  await page.goto('/summit-cu/splash')
  const shell = page.locator('#coverline-shell')
  await expect(shell.getByRole('heading', { level: 1, name: 'Summit Credit Union' })).toBeVisible()
  await expect(shell.getByText('Protect your ride and your budget.', { exact: false })).toBeVisible()
  await expect(shell.getByText(labels.defaultProductName, { exact: true })).toBeVisible()
  const logo = shell.getByRole('img', { name: 'Summit Credit Union' })
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  await expect(page.locator('html')).toHaveClass('light')
  await screenshot(page, 'shell-without-scripts')

  // A member who chose dark mode gets it before the first paint (the page's inline script).
  await page.evaluate(() => localStorage.setItem('coverline-mode-summit-cu', 'dark'))
  await page.reload()
  await expect(page.locator('html')).toHaveClass('dark')
  await expect(shell).toHaveCSS('background-color', 'rgb(18, 18, 18)')
  await screenshot(page, 'shell-dark')
  await page.evaluate(() => localStorage.removeItem('coverline-mode-summit-cu'))

  // With the app: while the splash screen's code is held, the shell stays (no skeleton, no blank);
  // once it arrives the app's splash replaces the shell, with no call for the institution.
  await page.unroute('**/assets/*.js')
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/splash-page-[^/]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  await page.goto('/summit-cu/splash')
  await expect(page.locator('html')).toHaveClass('light')
  await expect(shell.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.locator('#root')).toBeHidden()
  await expect(page.getByTestId('page-skeleton')).toBeHidden()
  release()
  await expect(page.getByTestId('email-input')).toBeVisible()
  await expect(shell).toHaveCount(0)
  await expect(page.getByTestId('institution-name')).toHaveText('Summit Credit Union')
  await screenshot(page, 'app')
  expect(institutionCalls).toEqual([])
  // The splash is drawn with the page's own CSS: MUI (and its run-time styling, Emotion) waits for
  // the screens that use it.
  await expect(page.getByTestId('email-submit')).toHaveCSS('background-color', 'rgb(244, 123, 32)')
  expect(await page.locator('style[data-emotion]').count()).toBe(0)
})

test("an inactive institution: the persistent 'Oops...' dialog and nothing else", async ({ page }) => {
  await page.goto('/lakeshore-cu/splash')
  const dialog = page.getByRole('dialog', { name: messages.inactiveTitle })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByText(messages.inactive, { exact: true })).toBeVisible()
  await expect(dialog.getByRole('button')).toHaveCount(0)
  await expect(page.getByTestId('email-input')).toHaveCount(0)
  await screenshotter('branding-')(page, 'inactive-institution')
  // Persistent: Escape and a click outside leave it open.
  await page.keyboard.press('Escape')
  await page.mouse.click(5, 5)
  await expect(dialog).toBeVisible()
  // Any route of the institution shows it.
  await page.goto('/lakeshore-cu/user/car/lookup')
  await expect(dialog).toBeVisible()
})
