import type {
  CancellationTerms,
  CheckoutView,
  Car,
  CheckoutFacts,
  CheckoutStatus,
  Confirmation,
  DecodedVehicle,
  Institution,
  PlanDescription,
  Policy,
  PriceChange,
  Quote,
  Rate,
  RecordedAnswers,
  Resumed,
  ResumedContactRequest,
  SignedRequest,
  User,
} from '../api/types'

export const institution: Institution = {
  institutionId: 'summit-cu',
  portalAccountId: 'PA-1001',
  entityId: 'ENT-77001',
  isActive: true,
  name: 'Summit Credit Union',
  branding: {
    name: 'Summit Credit Union',
    colors: { cta: 'F47B20', primary: '0B3D91', secondary: '6CACE4' },
    phoneNumber: '8005550142',
    phoneNumberExtension: '',
    shouldStartInDarkMode: false,
    shouldHaveHeader: true,
    allowDarkModeToggle: true,
    shouldHavePromotionalCheckbox: true,
  },
  applicationSettings: {
    rateProviders: ['NAC'],
    priceLimit: 5000,
    allowPaymentOptions: false,
    logoName: 'summit-cu.svg',
    splashPageText: 'Protect your ride with coverage from Summit.',
    institutionDisclaimer: null,
    institutionQuoteModalText: null,
    threeCardView: true,
    customProductName: null,
    institutionRefundText: null,
  },
  onlyCoveredPlanName: null,
  logoUrl: '/api/institution/summit-cu/logo',
  eligibleStates: ['CO', 'TX', 'AK'],
}

export const user: User = {
  userId: 'u-1',
  emailAddress: 'jane@example.com',
  firstName: null,
  lastName: null,
  phoneNumber: null,
  address: null,
  isMember: null,
  isEmailVerified: false,
  doesConsentToSoliciting: true,
}

export const vehicle: DecodedVehicle = {
  vin: '5YJ3E1EA7KF317000',
  year: 2019,
  make: 'Tesla',
  model: 'Model 3',
  style: 'Standard Range',
  vehicleType: 'car',
}

/** The catalog's answer for 2020 Honda Accord EX: a representative ("mock") VIN. */
export const describedVehicle: DecodedVehicle = {
  vin: '1HGCV1F40LA000001',
  year: 2020,
  make: 'Honda',
  model: 'Accord',
  style: 'EX 1.5L FWD Sedan',
  vehicleType: 'car',
  isMockVin: true,
}

/** A small catalog: two years, makes, models and styles. */
export const catalog = {
  years: ['2021', '2020'],
  makes: ['Honda', 'Toyota'],
  models: ['Accord', 'Civic'],
  styles: ['EX 1.5L FWD Sedan', 'Sport 2.0T'],
}

export const car: Car = {
  ...vehicle,
  carId: 'car-1',
  odometer: 45000,
  milesPerYear: 15000,
  yearsToOwn: 6,
  carFlags: {
    certifiedPreowned: false,
    commercialUse: false,
    hasLiftKitOrOversizeTires: false,
    isSalvageTitle: false,
    modifiedVehicle: false,
    secondOwner: false,
  },
  isMockVin: false,
}

/** A plan's card texts: three component areas and two benefits. */
export function planDescription(plan: string): PlanDescription {
  return {
    intro: `${plan} covers the repair or replacement of the parts listed below after a mechanical breakdown.`,
    components: [
      { title: 'Engine', text: `${plan}: pistons, crankshaft, camshafts and the oil pump.`, cssId: 'engine' },
      { title: 'Transmission', text: `${plan}: case and internally lubricated parts.`, cssId: 'transmission' },
      { title: 'Drive Axles', text: `${plan}: differential gears, axle shafts and CV joints.`, cssId: 'drive-axles' },
    ],
    benefits: [
      { title: 'Rental car', text: '$50 per day, up to 7 days.' },
      { title: 'Roadside assistance', text: 'Up to $100 per incident.' },
    ],
  }
}

/**
 * A rate as the server derives it (domain/src/quote.rs RateView): `subtotal` is the price before
 * tax; the unformatted rate is the amount charged, tax included, and so is the total.
 */
function rate(i: number, miles: number, months: number, subtotal: number): Rate {
  const dollars = (c: number) => `$${(c / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`
  const tax = Math.round(subtotal * 0.03)
  const amount = subtotal + tax
  return {
    rateId: `rate-${i}`,
    rateCollectionId: 'rc-1',
    coverageName: ['STANDARD', 'SILVER', 'PREMIUM'][i] ?? 'PREMIUM',
    coverageFamilyType: 'NAC',
    coverageMiles: miles,
    coverageMonths: months,
    coverageDeductible: 10000,
    dollarSignDeductible: '$100',
    unformattedRate: amount,
    rate: dollars(amount).slice(1),
    dollarSignRate: dollars(amount),
    taxAmount: tax,
    dollarSignTaxAmount: dollars(tax),
    totalRateCost: amount,
    dollarSignTotalRateCost: dollars(amount),
    formattedCoverageMiles: `${miles / 1000} k Miles`,
    odometerWhenCoverageExpires: 45000 + miles,
    coverageExpirationDate: '11/22/2031',
    provider: 'NAC',
    description: planDescription(['STANDARD', 'SILVER', 'PREMIUM'][i] ?? 'PREMIUM'),
    contactNumbers: {
      general: '8005550142',
      mechanicalBreakdown: '8005550172',
      keyReplacement: '8005550173',
      emergencyRoadside: null,
    },
  }
}

export const rates: Rate[] = [rate(0, 50000, 36, 149900), rate(1, 75000, 60, 189900), rate(2, 100000, 72, 239900)]

export const quote: Quote = { quoteId: 'q-1', penTrackKey: 'ptk', carId: 'car-1', state: 'CO', rates }

export const confirmation: Confirmation = {
  policyReferenceNumber: 'REF-1',
  mmpContractNumber: 'MMP-0001',
  vehicle: {
    carDisplay: '2019 Tesla Model 3 Standard Range',
    vin: vehicle.vin,
    coverageName: 'SILVER',
    formattedCoverageMiles: '75 k Miles',
    odometerWhenCoverageExpires: 120000,
    coverageMonths: 60,
    coverageExpirationDate: '11/22/2031',
    coverageDeductible: 10000,
    dollarSignDeductible: '$100',
    taxAmount: 5697,
    dollarSignTaxAmount: '$56.97',
  },
  payment: {
    paymentId: 'PAY-1',
    paymentDate: '11/22/2026',
    amount: 195597,
    dollarSignAmount: '$1,955.97',
    subtotal: 189900,
    dollarSignSubtotal: '$1,899',
    salesTax: 5697,
    dollarSignSalesTax: '$56.97',
    hasSalesTax: true,
  },
  institution: { name: 'Summit Credit Union', formattedPhone: '(800) 555-0142' },
}

/** A member who gave their details and verified their email. */
export const verifiedMember: User = {
  ...user,
  firstName: 'Jane',
  lastName: 'Doe',
  phoneNumber: '3035550142',
  address: { street: '100 Main St', city: 'Denver', state: 'CO', zip: '80202' },
  isMember: true,
  isEmailVerified: true,
}

/** The answers a checkout records up to the chosen rate (the third card, PREMIUM). */
export const recordedAnswers: RecordedAnswers = {
  stateOfResidence: 'CO',
  vehicle: { vin: vehicle.vin, year: 2019, make: 'Tesla', model: 'Model 3', style: 'Standard Range', isMockVin: false },
  odometer: 45000,
  carFlags: car.carFlags,
  milesPerYear: 15000,
  yearsToOwn: 6,
  carId: 'car-1',
  quoteId: 'q-1',
  rate: { rateId: 'rate-2', index: 2 },
  bounce: { pageUserBouncedFrom: null, contactOrigin: null, paymentOptionsRequested: false },
}

export const bookedPolicy: Policy = { policyId: 'p-1', mmpContractNumber: 'MMP-0001', status: 'booked' }

/** `GET …/policy/p-1/cancellation`: a fulfilled contract paid 10 days ago, within its money-back period. */
export const cancellationTerms: CancellationTerms = {
  status: 'fulfilled',
  cancellable: true,
  withinMoneyBack: true,
  moneyBackEnds: 'July 4th, 2025',
  amountPaid: '$1,899',
  refundText:
    'You may cancel this contract at any time. If you cancel after 30 days, the refund for the unused part of the contract is paid by check.',
  institutionName: 'Summit Credit Union',
  contractNumber: 'MMP-0001',
  requestedOn: null,
}

/** The card widget's signed request (`POST U/signrequest`'s `data`). */
export const signedRequest: SignedRequest = {
  signedRequest: 's',
  widgetUrl: 'http://127.0.0.1:8081/widget?request=s',
  gatewayOrigin: 'http://127.0.0.1:8081',
  requestId: 'req-1',
  expiresAt: 1_900_000_000,
  widgetStart: { mode: 'selection', integrationId: 'DICE', experience: 'NAO_CC_ONLY' },
}

interface CheckoutOptions {
  answers?: Partial<RecordedAnswers>
  facts?: Partial<CheckoutFacts>
  status?: CheckoutStatus
  user?: User
}

/** A checkout at `step` (a verified member, up to the chosen rate), as `PUT U/checkout` and a restore answer it. */
export function checkoutAt(step: CheckoutView['checkout']['step'], options: CheckoutOptions = {}): CheckoutView {
  const answers = { ...recordedAnswers, ...options.answers }
  const member = options.user ?? verifiedMember
  return {
    version: 9,
    checkout: {
      step,
      answers,
      facts: {
        residenceEligible: answers.stateOfResidence !== null && institution.eligibleStates.includes(answers.stateOfResidence),
        detailsGiven: member.address !== null,
        isMember: member.isMember,
        emailVerified: member.isEmailVerified,
        codeSent: false,
        ...options.facts,
      },
    },
    status: options.status ?? 'shopping',
    purchase: null,
    codeSends: 0,
  }
}

/** What a restore or a continue link answers for a checkout at `step` (a verified member, up to the chosen rate). */
export function resumedAt(
  step: CheckoutView['checkout']['step'],
  options: CheckoutOptions & {
    policy?: Policy | null
    confirmation?: Confirmation | null
    priceChange?: PriceChange | null
    contactRequest?: ResumedContactRequest | null
  } = {},
): Resumed {
  const answers = { ...recordedAnswers, ...options.answers }
  return {
    token: 't-restored',
    user: options.user ?? verifiedMember,
    checkout: checkoutAt(step, options),
    car: answers.carId ? car : null,
    quote: answers.quoteId ? { ...quote, carId: car.carId, state: 'CO' } : null,
    policy: options.policy ?? null,
    confirmation: options.confirmation ?? null,
    priceChange: options.priceChange ?? null,
    contactRequest: options.contactRequest ?? null,
  }
}
