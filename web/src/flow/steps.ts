/**
 * The steps of the purchase flow and their static facts: route, progress, back target and title.
 * The flow machine (flow-machine.ts) has one state per step, tagged with the step's name.
 */

export const STEPS = [
  'splash',
  'lookup',
  'vinLookup',
  'descriptionLookup',
  'mileage',
  'milesPerYear',
  'yearsToOwn',
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
}

export const STEP_INFO: Record<Step, StepInfo> = {
  splash: { path: 'splash', progress: null, back: null, title: '' },
  lookup: { path: 'user/car/lookup', progress: 10, back: 'splash', title: 'How would you like to find your vehicle?' },
  vinLookup: { path: 'user/car/lookup/vin', progress: 20, back: 'lookup', title: 'Enter your VIN' },
  descriptionLookup: {
    path: 'user/car/lookup/description',
    progress: 20,
    back: 'lookup',
    title: 'Describe your vehicle',
  },
  mileage: {
    path: 'user/car/mileage',
    progress: 30,
    back: 'vinLookup',
    backWhenMockVin: 'descriptionLookup',
    title: 'Current mileage',
    showsCar: true,
  },
  milesPerYear: {
    path: 'user/car/miles-per-year',
    progress: 40,
    back: 'mileage',
    title: 'Miles driven per year',
    showsCar: true,
  },
  yearsToOwn: {
    path: 'user/car/years-to-own',
    progress: 50,
    back: 'milesPerYear',
    title: 'How long will you keep it?',
    showsCar: true,
  },
  coverage: { path: 'user/coverage/level', progress: 60, back: 'yearsToOwn', title: 'Choose your coverage' },
  missingInfo: { path: 'user/missing-info', progress: 70, back: 'coverage', title: 'Personal Details' },
  sendEmail: { path: 'user/verify-email/send-email', progress: 80, back: 'missingInfo', title: 'Verify your email' },
  codeConfirmation: {
    path: 'user/verify-email/code-confirmation',
    progress: 80,
    back: 'missingInfo',
    title: 'Verify your email',
  },
  confirm: { path: 'user/coverage/confirm', progress: 90, back: 'missingInfo', title: 'Review your coverage and purchase' },
  payment: { path: 'user/payment-details', progress: 100, back: 'confirm', title: 'Payment Information' },
  confirmation: { path: 'user/confirmation', progress: null, back: null, title: '' },
  noRates: { path: 'user/no-rates', progress: null, back: 'mileage', title: '', errorPage: true },
  invalidState: { path: 'user/invalid-state', progress: null, back: 'splash', title: '', errorPage: true },
  bookingError: { path: 'user/booking-error', progress: null, back: 'confirm', title: '', errorPage: true },
  paymentError: { path: 'user/payment-error', progress: null, back: 'payment', title: '', errorPage: true },
  userCreationError: { path: 'user/user-creation-error', progress: null, back: 'splash', title: '', errorPage: true },
  institutionContact: {
    path: 'user/institution-contact',
    progress: null,
    back: 'missingInfo',
    title: 'Let’s get you connected',
  },
  /** Back goes where contact-me was opened from (context.contactOrigin); coverage is the usual one. */
  contactMe: { path: 'user/contact-me', progress: null, back: 'coverage', title: 'How can we reach you?' },
  thankYou: { path: 'user/thank-you', progress: null, back: null, title: '' },
}

/** '/summit-cu/user/car/mileage' for ('summit-cu', 'mileage'). */
export function pathOf(institutionId: string, step: Step): string {
  return `/${institutionId}/${STEP_INFO[step].path}`
}

const STEP_BY_PATH = new Map(STEPS.map((step) => [STEP_INFO[step].path, step]))

/** The step a pathname shows, or undefined for an unknown route. */
export function stepOfPath(pathname: string): Step | undefined {
  const [, , ...rest] = pathname.split('/')
  return STEP_BY_PATH.get(rest.join('/').replace(/\/+$/, ''))
}
