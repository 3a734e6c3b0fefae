/**
 * Helpers shared by the Playwright specs: screenshots, URL and progress checks, the splash, and a
 * member's purchase step by step (quote, personal details, email, booking, card, confirmation).
 */
import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, type Request } from '@playwright/test'
import { waitForVerificationCode } from './maildev'
import { fill, product } from './product'

export const INSTITUTION = process.env.INSTITUTION || 'summit-cu'
export const VIN = process.env.E2E_VIN || '5XYRLDLC3NG097496'
const SCREENSHOTS = fileURLToPath(new URL(process.env.E2E_PHONE ? './screenshots/phone/' : './screenshots/', import.meta.url))

/** Full-page screenshots of the current screen as e2e/screenshots/{prefix}NN-name.png, numbered per spec. */
export function screenshotter(prefix = '') {
  let shot = 0
  return async (page: Page, name: string) => {
    shot += 1
    mkdirSync(SCREENSHOTS, { recursive: true })
    await page.screenshot({
      path: `${SCREENSHOTS}${prefix}${String(shot).padStart(2, '0')}-${name}.png`,
      fullPage: true,
      animations: 'disabled',
    })
  }
}

export function onPage(page: Page, route: string, institution = INSTITUTION) {
  return expect(page).toHaveURL(new RegExp(`/${institution}/${route.replace(/\//g, '\\/')}$`))
}

/**
 * The rate card has stopped moving: every animation in it (the flip's transform, a section's
 * collapse) has finished or was cancelled. The card's face is found by its test id; the flip is on its parent.
 */
export async function cardSettled(page: Page) {
  await page
    .getByTestId('rate-card-front')
    .locator('..')
    // A cancelled animation (a transition another style change replaced) rejects `finished`: it is over too.
    .evaluate((flipper) =>
      Promise.all(flipper.getAnimations({ subtree: true }).map((animation) => animation.finished.catch(() => undefined))),
    )
}

export async function progress(page: Page, value: number) {
  await expect(page.getByTestId('progress-bar')).toHaveAttribute('aria-valuenow', String(value))
}

export function uniqueEmail(): string {
  return `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`
}

/**
 * Splash: a new member's email, then the state of residence (CO unless told); ends on the lookup
 * choice, or on the invalid-state page for a state the institution does not sell in.
 */
export async function startQuote(
  page: Page,
  email = uniqueEmail(),
  onScreen?: (name: string) => Promise<void>,
  options: { state?: string; institution?: string; expectInvalid?: boolean } = {},
) {
  const institution = options.institution ?? INSTITUTION
  await page.goto(`/${institution}/splash`)
  await expect(page.getByTestId('email-input')).toBeVisible()
  await onScreen?.('splash')
  await page.getByTestId('email-input').fill(email)
  await page.getByTestId('email-submit').click()
  await expect(page.getByTestId('state-select')).toBeVisible()
  await page.getByTestId('state-select').selectOption(options.state ?? 'CO')
  await onScreen?.('state-of-residence')
  await page.getByTestId('state-submit').click()
  if (options.expectInvalid) return onPage(page, 'user/invalid-state', institution)
  await onPage(page, 'user/car/lookup', institution)
  await progress(page, 10)
}

/** Picks `option` (or the first option) in one of the description page's autocompletes. */
export async function pickDescription(page: Page, field: 'year' | 'make' | 'model' | 'style', option?: string) {
  const input = page.getByTestId(`description-${field}-input`)
  await expect(input).toBeEnabled()
  await input.click()
  if (option) {
    await input.fill(option)
    await page.getByRole('option', { name: option, exact: true }).click()
    await expect(input).toHaveValue(option)
  } else {
    const first = page.getByRole('option').first()
    const name = (await first.textContent()) ?? ''
    await first.click()
    await expect(input).toHaveValue(name)
  }
}

/** Lookup choice -> Estimate-only dialog -> 'Yes, show estimates' -> description page. */
export async function toDescription(page: Page, onDialog?: () => Promise<void>, institution = INSTITUTION) {
  await page.getByTestId('lookup-description').check()
  await page.getByTestId('lookup-continue').click()
  const dialog = page.getByRole('dialog', { name: product.messages.estimatesTitle })
  await expect(dialog.getByRole('button', { name: product.labels.noEnterVin })).toBeVisible()
  await onDialog?.()
  await dialog.getByRole('button', { name: product.labels.yesShowEstimates }).click()
  await onPage(page, 'user/car/lookup/description', institution)
  await progress(page, 20)
}

/** The description page: a 2020 Honda Accord, its first style. */
export async function describe2020Accord(page: Page) {
  await pickDescription(page, 'year', '2020')
  await pickDescription(page, 'make', 'Honda')
  await pickDescription(page, 'model', 'Accord')
  await pickDescription(page, 'style')
}

/** The coverage page's impact modal (once per session): dismissed. */
export async function dismissImpactModal(page: Page, texts: Texts = product) {
  const modal = page.getByRole('dialog', { name: texts.labels.whyCoverageMatters })
  await modal.getByRole('button', { name: texts.labels.seeMyOptions }).click()
  await expect(modal).toBeHidden()
}

/** Called with a screen's name when it is ready to be photographed. */
export type OnScreen = (name: string) => Promise<void>

/** The texts a member reads: `product` (English) or `productEs`. */
export type Texts = typeof product

export interface PurchaseOptions {
  email?: string
  institution?: string
  onScreen?: OnScreen
  /** The language the member reads the flow in (default English). */
  texts?: Texts
  /** Where the member lives (default: MEMBER's Denver address): the state chosen on the splash too. */
  home?: Home
}

/** A member's address. */
export interface Home {
  state: string
  street: string
  city: string
  zip: string
}

/** Addresses in states whose cancellation rules differ (data/cancellation/states.toml). */
export const HOMES = {
  texas: { state: 'TX', street: '1100 Congress Ave', city: 'Austin', zip: '78701' },
  california: { state: 'CA', street: '1315 10th St', city: 'Sacramento', zip: '95814' },
} satisfies Record<string, Home>

/** The member every purchase helper types in. */
export const MEMBER = {
  firstName: 'Jane',
  lastName: 'Doe',
  phone: '3035550142',
  street: '100 Main St',
  city: 'Denver',
  zip: '80202',
}

/** The gateway widget's labels in each language: the sandbox gateway's own texts (sandbox/src/texts.rs). */
const WIDGET_LABELS = {
  en: { cardNumber: 'Card number', expiry: 'Expiry (MM/YY)', cvc: 'CVC', zip: 'ZIP', pay: 'Pay' },
  es: { cardNumber: 'Número de tarjeta', expiry: 'Vence (MM/AA)', cvc: 'CVC', zip: 'Código postal', pay: 'Pagar' },
}
const widgetLabels = (texts: Texts) => (texts === product ? WIDGET_LABELS.en : WIDGET_LABELS.es)

/** The sandbox gateway's test cards (sandbox/src/card.rs). */
export const CARDS = { approved: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' }

/** Splash, VIN, mileage, miles per year and years to own: ends on the coverage page, impact modal dismissed. */
export async function quoteCoverage(page: Page, options: PurchaseOptions = {}) {
  const institution = options.institution ?? INSTITUTION
  await startQuote(page, options.email, options.onScreen, { institution, state: options.home?.state })
  await quoteFromLookup(page, options)
}

/** From the lookup choice (as the splash or a launch from online banking leaves it): VIN, mileage, miles per year and years to own; ends on the coverage page, impact modal dismissed. */
export async function quoteFromLookup(page: Page, options: PurchaseOptions = {}) {
  const institution = options.institution ?? INSTITUTION
  const texts = options.texts ?? product
  const onScreen = options.onScreen
  await onScreen?.('lookup-choice')
  await page.getByTestId('lookup-continue').click()

  await onPage(page, 'user/car/lookup/vin', institution)
  await progress(page, 20)
  await page.getByTestId('vin-input').fill(VIN)
  await onScreen?.('vin')
  await page.getByTestId('vin-submit').click()

  await onPage(page, 'user/car/mileage', institution)
  await progress(page, 30)
  await expect(page.getByTestId('car-line')).not.toBeEmpty()
  await page.getByTestId('mileage-input').pressSequentially('45000')
  await expect(page.getByTestId('mileage-input')).toHaveValue('45,000')
  await onScreen?.('mileage')
  await page.getByTestId('mileage-submit').click()

  await onPage(page, 'user/car/miles-per-year', institution)
  await progress(page, 40)
  await expect(page.getByTestId('miles-per-year-15000')).toBeChecked()
  await onScreen?.('miles-per-year')
  await page.getByTestId('miles-per-year-submit').click()

  await onPage(page, 'user/car/years-to-own', institution)
  await progress(page, 50)
  await expect(page.getByTestId('years-to-own-6')).toBeChecked()
  await onScreen?.('years-to-own')
  await page.getByTestId('years-to-own-submit').click()

  // The carousel starts on the middle of three rates
  await onPage(page, 'user/coverage/level', institution)
  await progress(page, 60)
  await expect(page.getByTestId('rate-card')).toBeVisible()
  await dismissImpactModal(page, texts)
  await expect(page.getByText(fill(texts.screens.coverage.position, { position: '2', count: '3' }))).toBeVisible()
  await expect(page.getByTestId('rate-previous')).toBeVisible()
  await expect(page.getByTestId('rate-next')).toBeVisible()
  await onScreen?.('coverage')
}

/** The personal details form filled with MEMBER's name and phone, and `home` (default MEMBER's address; membership left to the caller). */
export async function fillMemberDetails(page: Page, home: Home = { state: 'CO', ...MEMBER }) {
  await page.getByTestId('first-name-input').fill(MEMBER.firstName)
  await page.getByTestId('last-name-input').fill(MEMBER.lastName)
  await page.getByTestId('phone-input').pressSequentially(MEMBER.phone)
  await page.getByTestId('street-input').fill(home.street)
  await page.getByTestId('city-input').fill(home.city)
  await page.getByTestId('zip-input').fill(home.zip)
}

/** Purchase on the coverage page, then a member's personal details: ends on send-email. */
export async function enterPersonalDetails(page: Page, options: PurchaseOptions = {}) {
  const institution = options.institution ?? INSTITUTION
  await page.getByTestId('purchase-button').click()
  await onPage(page, 'user/missing-info', institution)
  await progress(page, 70)
  await fillMemberDetails(page, options.home)
  await expect(page.getByTestId('phone-input')).toHaveValue('(303) 555-0142')
  await expect(page.getByTestId('state-input')).toHaveValue(options.home?.state ?? 'CO')
  await page.getByTestId('member-yes').check()
  await options.onScreen?.('personal-details')
  await page.getByTestId('personal-details-submit').click()
  await onPage(page, 'user/verify-email/send-email', institution)
  await progress(page, 80)
}

/** On the code page: the code emailed to `email`, submitted; ends on the review page. */
export async function enterEmailedCode(page: Page, email: string, options: PurchaseOptions = {}) {
  const institution = options.institution ?? INSTITUTION
  await onPage(page, 'user/verify-email/code-confirmation', institution)
  const code = await waitForVerificationCode(email)
  await page.getByTestId('code-input').fill(code)
  await options.onScreen?.('code-confirmation')
  await page.getByTestId('code-submit').click()
  await onPage(page, 'user/coverage/confirm', institution)
  await progress(page, 90)
}

/** On send-email with the splash address: VALIDATE, then the emailed code; ends on the review page. */
export async function verifyEmail(page: Page, email: string, options: PurchaseOptions = {}) {
  await expect(page.getByTestId('verify-email-input')).toHaveValue(email)
  await expect(page.getByTestId('verify-email-input')).toBeDisabled()
  await options.onScreen?.('send-email')
  await page.getByTestId('validate-email').click()
  await enterEmailedCode(page, email, options)
}

/** On the review page: both agreements ticked (after their spec texts when asked), then Continue. */
export async function agreeAndBook(page: Page, options: PurchaseOptions & { checkAgreements?: boolean } = {}) {
  const texts = options.texts ?? product
  if (options.checkAgreements) {
    await page.getByTestId('confirm-continue').click()
    await expect(page.getByText(texts.fieldErrors.terms)).toBeVisible()
    await expect(page.getByText(texts.fieldErrors.refund)).toBeVisible()
  }
  // Who owes the coverage is named, with its licence only where the member's state requires it on
  // the contract (licence_on_contract in data/cancellation/states.toml: Oklahoma and Texas).
  await expect(page.getByTestId('confirm-obligor')).toContainText(texts.messages.reviewObligor.split('{name}')[0])
  const state = options.home?.state ?? 'CO'
  const licence = page.getByTestId('confirm-obligor-licence')
  if (state === 'TX') await expect(licence).toContainText('Texas service contract provider registration no.')
  else if (state !== 'OK') await expect(licence).toBeHidden()
  await page.getByTestId('terms-checkbox').check()
  await page.getByTestId('refund-checkbox').check()
  // The E-SIGN consent: the usual member takes delivery by email (declining still books; the contract
  // is then queued for mailing, as the cancel spec's paper-copy request checks).
  await page.getByTestId('esign-consent').check()
  await expect(page.getByTestId('esign-declined')).toBeHidden()
  await options.onScreen?.('review-and-purchase')
  await page.getByTestId('confirm-continue').click()
}

/** The payment page with the gateway's card widget ready (booking may take a while to get there). */
export async function onPaymentPage(page: Page, institution = INSTITUTION) {
  await expect(page).toHaveURL(new RegExp(`/${institution}/user/payment-details$`), { timeout: 150_000 })
  await progress(page, 100)
  await expect(page.getByTestId('payment-continue')).toBeDisabled()
  await expect(page.getByTestId('payment-skeleton')).toBeHidden({ timeout: 30_000 })
}

/** A new member's purchase from the splash up to the review page, email verified. */
export async function purchaseUntilReview(page: Page, options: PurchaseOptions = {}): Promise<{ email: string }> {
  const email = options.email ?? uniqueEmail()
  const withEmail = { ...options, email }
  await quoteCoverage(page, withEmail)
  await enterPersonalDetails(page, withEmail)
  await verifyEmail(page, email, withEmail)
  return { email }
}

/** A new member's purchase from the splash up to a booked contract on the payment page. */
export async function purchaseUntilPayment(page: Page, options: PurchaseOptions = {}): Promise<{ email: string }> {
  const { email } = await purchaseUntilReview(page, options)
  await agreeAndBook(page, { ...options, checkAgreements: true })
  await onPaymentPage(page, options.institution)
  return { email }
}

/** The gateway's card widget on the payment page. */
export function paymentWidget(page: Page) {
  return page.frameLocator('[data-testid="payment-widget"]')
}

/** A card typed into the gateway's widget, its labels in the member's language (not paid yet). */
export async function fillCard(page: Page, cardNumber: string, texts: Texts = product) {
  const widget = paymentWidget(page)
  const label = widgetLabels(texts)
  await widget.getByLabel(label.cardNumber).fill(cardNumber)
  await widget.getByLabel(label.expiry).fill('12/34')
  await widget.getByLabel(label.cvc, { exact: true }).fill('123')
  await widget.getByLabel(label.zip).fill(MEMBER.zip)
}

/** A card typed into the gateway's widget, then Pay (the widget answers in place or to the page). */
export async function payByCard(page: Page, cardNumber: string, onScreen?: OnScreen, texts: Texts = product) {
  await fillCard(page, cardNumber, texts)
  await onScreen?.('payment')
  await paymentWidget(page)
    .getByRole('button', { name: widgetLabels(texts).pay })
    .click()
}

/** What the confirmation page says about a purchase. */
export interface Purchase {
  email: string
  /** The reference the member reads out (CL-XXXX-XXXX). */
  referenceNumber: string
  /** The policy id the confirmation carries unseen (links, support, the database name it). */
  policyId: string
  contractNumber: string
  vin: string
  coverageName: string
  trackingNumber: string
  amount: string
}

/** On the payment page: the approved card, Continue, and the confirmation page's figures. */
export async function payAndConfirm(page: Page, email: string, options: PurchaseOptions = {}): Promise<Purchase> {
  const texts = options.texts ?? product
  await payByCard(page, CARDS.approved, options.onScreen, texts)
  await expect(page.getByTestId('payment-continue')).toBeEnabled({ timeout: 60_000 })
  await options.onScreen?.('payment-accepted')
  await page.getByTestId('payment-continue').click()
  await onPage(page, 'user/confirmation', options.institution)
  await expect(page.getByText(texts.messages.wiseDecision)).toBeVisible({ timeout: 60_000 })
  await expect(page.getByTestId('contract-number')).not.toBeEmpty()
  await expect(page.getByTestId('tracking-number')).not.toBeEmpty()
  const text = async (testId: string) => (await page.getByTestId(testId).innerText()).trim()
  return {
    email,
    referenceNumber: await text('reference-number'),
    policyId: (await page.getByTestId('confirmation').getAttribute('data-policy-id')) ?? '',
    contractNumber: await text('contract-number'),
    vin: await text('contract-vin'),
    coverageName: await text('contract-coverage'),
    trackingNumber: await text('tracking-number'),
    amount: await text('payment-amount'),
  }
}

/** A new member's whole purchase, ending on the confirmation page. */
export async function completePurchase(page: Page, options: PurchaseOptions = {}): Promise<Purchase> {
  const { email } = await purchaseUntilPayment(page, options)
  return payAndConfirm(page, email, options)
}

/** From the lookup choice: VIN, mileage 45,000, the default miles per year and years to own; the flow goes where it goes (coverage or no-rates). */
export async function describeCar(page: Page, vin: string) {
  await page.getByTestId('lookup-continue').click()
  await page.getByTestId('vin-input').fill(vin)
  await page.getByTestId('vin-submit').click()
  await page.getByTestId('mileage-input').pressSequentially('45000')
  await page.getByTestId('mileage-submit').click()
  await page.getByTestId('miles-per-year-submit').click()
  await page.getByTestId('years-to-own-submit').click()
}

/** One step the page recorded in the member's durable checkout (PUT U/checkout) and the API's answer. */
export interface RecordedStep {
  step: string
  answers: Record<string, unknown>
  /** The HTTP status, null while the call is under way. */
  status: number | null
}

function isCheckoutPut(request: Request): boolean {
  return request.method() === 'PUT' && /\/api\/institution\/[^/]+\/user\/[^/]+\/checkout$/.test(new URL(request.url()).pathname)
}

/**
 * Follows the steps a page records in the member's checkout (across reloads). `recorded(step)`
 * waits until `step` is the newest one recorded and no other is on its way, e.g. before a reload.
 */
export function watchCheckout(page: Page) {
  const steps: RecordedStep[] = []
  const byRequest = new Map<Request, RecordedStep>()
  page.on('request', (request) => {
    if (!isCheckoutPut(request)) return
    const body = request.postDataJSON() as { step: string; answers: Record<string, unknown> }
    const entry: RecordedStep = { step: body.step, answers: body.answers, status: null }
    steps.push(entry)
    byRequest.set(request, entry)
  })
  const finished = async (request: Request) => {
    const entry = byRequest.get(request)
    if (entry) entry.status = (await request.response())?.status() ?? 0
  }
  page.on('requestfinished', finished)
  page.on('requestfailed', finished)
  return {
    steps,
    async recorded(step: string, timeout = 30_000) {
      await expect
        .poll(() => steps.every((entry) => entry.status !== null) && steps.at(-1)?.step === step, {
          message: `the checkout records ${step}`,
          timeout,
        })
        .toBe(true)
    },
    /** Every step was accepted by the server's gate (no 409). */
    expectAllAccepted() {
      expect(steps.filter((entry) => entry.status !== 200).map((entry) => `${entry.step} ${entry.status}`)).toEqual([])
    },
  }
}

/**
 * Axe on the page as it is now: WCAG 2 A and AA rules, the gateway's widget left out. Fails with
 * each serious or critical violation's rule, help and elements.
 */
export async function passesAxe(page: Page, screen: string, options: { dialog?: boolean } = {}) {
  // Scan the screen at rest: a dialog open when expected, else none left (one that just closed keeps
  // the page aria-hidden until its exit transition ends), and no transition running (spinners and
  // skeletons pulse for ever: those are left out).
  if (options.dialog) await expect(page.getByRole('dialog')).toBeVisible()
  else await expect(page.locator('.MuiModal-root')).toHaveCount(0)
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  )
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa'])
    .exclude('[data-testid="payment-widget"]')
    .analyze()
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      elements: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
    }))
  expect(blocking, `axe on ${screen}`).toEqual([])
}
