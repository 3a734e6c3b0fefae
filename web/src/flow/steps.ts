/**
 * The steps of the purchase flow and their static facts: route, progress, back target and title.
 * The flow machine (flow-machine.ts) has one state per step, tagged with the step's name.
 */
import { product, titles } from '../lib/product'

export const STEPS = [
  'splash',
  'lookup',
  'vinLookup',
  'descriptionLookup',
  'mileage',
  'milesPerYear',
  'yearsToOwn',
  'carDetails',
  'coverage',
  'missingInfo',
  'sendEmail',
  'codeConfirmation',
  'confirm',
  'payment',
  'confirmation',
  'noRates',
  'invalidState',
  'bookingError',
  'paymentError',
  'userCreationError',
  'institutionContact',
  'contactMe',
  'thankYou',
] as const

export type Step = (typeof STEPS)[number]

interface StepInfo {
  /** Route under /{institutionId}/. */
  path: string
  /** Progress bar value (spec section 2: ten steps of 10 % each); null hides the bar. */
  progress: number | null
  /** Where the back button goes (spec section 2's back table); null hides the button. */
  back: Step | null
  /** Where the back button goes instead when the car was found by description (a mock VIN). */
  backWhenMockVin?: Step
  /** Page title shown in the shared layout. */
  title: string
  /** Car pages show the decoded vehicle (year make model style) under the title. */
  showsCar?: boolean
  /** A shared error page: its back button is a chevron (spec section 2). */
  errorPage?: boolean
  /** The page's name for analytics (pageTitle) when the layout shows no title. */
  pageTitle?: string
  /** The error state the page stands for (spec section 8's Error-… names): its name in analytics. */
  errorState?: ErrorState
  /** The stepper's active label (index into STEPPER_LABELS); STEPPER_LABELS.length = all done; none hides it. */
  stepper?: number
  /** Children of one nested route (verify-email: send-email, code-confirmation) slide into each other. */
  slideGroup?: 'verifyEmail'
}

/**
 * The stepper above each page of the purchase (spec section 2's labels, product.stepper, listed in the
 * flow's order so the active label only moves forward). Each label follows the page it names: the
 * first the car pages and the coverage selection for that car (progress 10-60), the second personal
 * details and the email check (70-80), the third the review (90, titles.confirm), the fourth the card
 * page (100); on the confirmation every label shows as done. Error and contact pages show no stepper.
 */
/** The error states of spec section 8, one per error page (institution-contact is the non-member's). */
export type ErrorState =
  'Error-NoRatesReturned' | 'Error-InvalidState' | 'Error-NotAMember' | 'Error-UserCreation' | 'Error-Payment' | 'Error-Booking'

export const STEPPER_LABELS: readonly string[] = product.stepper
const CAR = 0
const PERSONAL_DETAILS = 1
const CONFIRM_YOUR_SELECTION = 2
const PAYMENT_DETAILS = 3
const ALL_DONE = STEPPER_LABELS.length

export const STEP_INFO: Record<Step, StepInfo> = {
  splash: { path: 'splash', progress: null, back: null, title: '', pageTitle: 'Get started' },
  lookup: {
    path: 'user/car/lookup',
    progress: 10,
    back: 'splash',
    title: titles.lookup,
    stepper: CAR,
  },
  vinLookup: { path: 'user/car/lookup/vin', progress: 20, back: 'lookup', title: titles.vinLookup, stepper: CAR },
  descriptionLookup: {
    path: 'user/car/lookup/description',
    progress: 20,
    back: 'lookup',
    title: titles.descriptionLookup,
    stepper: CAR,
  },
  mileage: {
    path: 'user/car/mileage',
    progress: 30,
    back: 'vinLookup',
    backWhenMockVin: 'descriptionLookup',
    title: titles.mileage,
    showsCar: true,
    stepper: CAR,
  },
  milesPerYear: {
    path: 'user/car/miles-per-year',
    progress: 40,
    back: 'mileage',
    title: titles.milesPerYear,
    showsCar: true,
    stepper: CAR,
  },
  yearsToOwn: {
    path: 'user/car/years-to-own',
    progress: 50,
    back: 'milesPerYear',
    title: titles.yearsToOwn,
    showsCar: true,
    stepper: CAR,
  },
  /** The combined car-details form: mileage, miles per year and years to own on one page (from mileage). */
  carDetails: {
    path: 'user/car/details',
    progress: 30,
    back: 'vinLookup',
    backWhenMockVin: 'descriptionLookup',
    title: titles.carDetails,
    showsCar: true,
    stepper: CAR,
  },
  coverage: {
    path: 'user/coverage/level',
    progress: 60,
    back: 'yearsToOwn',
    title: titles.coverage,
    stepper: CAR,
  },
  missingInfo: {
    path: 'user/missing-info',
    progress: 70,
    back: 'coverage',
    title: titles.personalDetails,
    stepper: PERSONAL_DETAILS,
  },
  sendEmail: {
    path: 'user/verify-email/send-email',
    progress: 80,
    back: 'missingInfo',
    title: titles.verifyEmail,
    stepper: PERSONAL_DETAILS,
    slideGroup: 'verifyEmail',
  },
  codeConfirmation: {
    path: 'user/verify-email/code-confirmation',
    progress: 80,
    back: 'missingInfo',
    title: titles.verifyEmail,
    stepper: PERSONAL_DETAILS,
    slideGroup: 'verifyEmail',
  },
  confirm: {
    path: 'user/coverage/confirm',
    progress: 90,
    back: 'missingInfo',
    title: titles.confirm,
    stepper: CONFIRM_YOUR_SELECTION,
  },
  payment: {
    path: 'user/payment-details',
    progress: 100,
    back: 'confirm',
    title: titles.payment,
    stepper: PAYMENT_DETAILS,
  },
  confirmation: {
    path: 'user/confirmation',
    progress: null,
    back: null,
    title: '',
    pageTitle: 'Confirmation',
    stepper: ALL_DONE,
  },
  noRates: {
    path: 'user/no-rates',
    progress: null,
    back: 'mileage',
    title: '',
    errorPage: true,
    errorState: 'Error-NoRatesReturned',
  },
  invalidState: {
    path: 'user/invalid-state',
    progress: null,
    back: 'splash',
    title: '',
    errorPage: true,
    errorState: 'Error-InvalidState',
  },
  bookingError: {
    path: 'user/booking-error',
    progress: null,
    back: 'confirm',
    title: '',
    errorPage: true,
    errorState: 'Error-Booking',
  },
  paymentError: {
    path: 'user/payment-error',
    progress: null,
    back: 'payment',
    title: '',
    errorPage: true,
    errorState: 'Error-Payment',
  },
  userCreationError: {
    path: 'user/user-creation-error',
    progress: null,
    back: 'splash',
    title: '',
    errorPage: true,
    errorState: 'Error-UserCreation',
  },
  institutionContact: {
    path: 'user/institution-contact',
    progress: null,
    back: 'missingInfo',
    title: titles.institutionContact,
    errorState: 'Error-NotAMember',
  },
  /** Back goes where contact-me was opened from (context.contactOrigin); coverage is the usual one. */
  contactMe: { path: 'user/contact-me', progress: null, back: 'coverage', title: titles.contactMe },
  thankYou: { path: 'user/thank-you', progress: null, back: null, title: '', pageTitle: 'Thank you' },
}

/** '/summit-cu/user/car/mileage' for ('summit-cu', 'mileage'). */
export function pathOf(institutionId: string, step: Step): string {
  return `/${institutionId}/${STEP_INFO[step].path}`
}

const STEP_BY_PATH = new Map(STEPS.map((step) => [STEP_INFO[step].path, step]))

/** The route under /{institutionId}/ of a pathname ('user/car/mileage'), without trailing slashes. */
function routeOf(pathname: string): string {
  const [, , ...rest] = pathname.split('/')
  return rest.join('/').replace(/\/+$/, '')
}

/** The step a pathname shows, or undefined for an unknown route. */
export function stepOfPath(pathname: string): Step | undefined {
  return STEP_BY_PATH.get(routeOf(pathname))
}

/**
 * How the page for `to` arrives after the one for `from`: sliding on ('forward') or back between the
 * children of one nested route, else null (no slide).
 */
export function slideBetween(from: Step | undefined, to: Step): 'forward' | 'back' | null {
  const group = STEP_INFO[to].slideGroup
  if (!from || from === to || !group || STEP_INFO[from].slideGroup !== group) return null
  return STEPS.indexOf(to) > STEPS.indexOf(from) ? 'forward' : 'back'
}

/** The page's name for analytics: its error state's name, else its title, or its name when the layout shows none. */
export function pageTitleOf(step: Step): string {
  return STEP_INFO[step].errorState || STEP_INFO[step].title || STEP_INFO[step].pageTitle || ''
}

/**
 * Footer pages (spec sections 1 and 2): shown over the flow without moving it, loaded on demand.
 * /security explains how the member's data is protected; the inactivity check is off there.
 */
export const FOOTER_PAGES = { security: { path: 'security', title: 'Security' } } as const

export type FooterPage = keyof typeof FOOTER_PAGES

/** The footer page a pathname shows, or undefined. */
export function footerPageOfPath(pathname: string): FooterPage | undefined {
  const route = routeOf(pathname)
  return (Object.keys(FOOTER_PAGES) as FooterPage[]).find((page) => FOOTER_PAGES[page].path === route)
}

/** '/summit-cu/security' for ('summit-cu', 'security'). */
export function footerPathOf(institutionId: string, page: FooterPage): string {
  return `/${institutionId}/${FOOTER_PAGES[page].path}`
}
