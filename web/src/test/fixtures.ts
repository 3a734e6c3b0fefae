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
  RefundQuote,
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
    languages: ['en'],
    defaultLanguage: 'en',
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
  language: 'en',
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

/**
 * A 2021 Jeep Renegade whose trim vPIC cannot tell: the member chooses its style among the
 * candidates (`style` is only the decoder's guess until then).
 */
export const severalStylesVehicle: DecodedVehicle = {
  vin: 'ZACNJDAB0MPN15099',
  year: 2021,
  make: 'Jeep',
  model: 'Renegade',
  style: 'Freedom, Jeepster, Sport, Upland',
  vehicleType: 'MULTIPURPOSE PASSENGER VEHICLE (MPV)',
  isMockVin: false,
  checkDigitMismatch: false,
  styleChoices: ['Freedom', 'Jeepster', 'Sport', 'Upland'],
}

/** A 2022 Kia Sorento's VIN with a wrong check digit: vPIC still knows the vehicle, the member is warned. */
export const wrongCheckDigitVehicle: DecodedVehicle = {
  vin: '5XYRLDLC4NG097496',
  year: 2022,
  make: 'Kia',
  model: 'Sorento',
  style: 'SX',
  vehicleType: 'MULTIPURPOSE PASSENGER VEHICLE (MPV)',
  isMockVin: false,
  checkDigitMismatch: true,
  styleChoices: [],
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
    obligor: {
      name: 'NAC Service Contract Company',
      address: '1200 Commerce Parkway, Suite 400, Fort Myers, FL 33913',
      phone: '(800) 555-0170',
      licence: null,
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

/** Within the free look: the whole price back to the card, no fee (for the reading at the sale). */
export const cancellationQuoteFreeLook: RefundQuote = {
  method: 'freeLook',
  refundBy: 'card',
  refund: '$1,899',
  refundCents: 189_900,
  fee: '$0',
  feeCents: 0,
  unearned: '$1,899',
  dueBy: 'July 24th, 2025',
  odometer: 45_000,
}

/**
 * `GET …/policy/p-1/cancellation`: a fulfilled contract paid 10 days ago by a member in Colorado
 * (the product's default rules), within the state's 30-day free look: quoted even without a
 * reading (the miles do not count), for the one at the sale.
 */
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
  state: 'CO',
  stateName: 'Colorado',
  freeLookDays: 30,
  rules:
    'Colorado: you may cancel at any time. Within 30 days of the purchase you get the full price back, less any claims paid, with no fee, to the card you paid with. After that you get the unused part of the price, by time or by miles, whichever has used more of the contract, less any claims paid and a cancellation fee of at most $50, by check. Refunds are paid within 30 days of the request.',
  source: 'Product default (no state-specific rule reviewed yet)',
  odometerAtSale: 45_000,
  quote: cancellationQuoteFreeLook,
  refund: null,
}

/**
 * A Texas member 45 days after buying: past the 30-day free look, so no quote until the odometer
 * reading today is given (cancellationQuoteProRata, for 48,000 miles).
 */
export const texasCancellationTerms: CancellationTerms = {
  ...cancellationTerms,
  withinMoneyBack: false,
  moneyBackEnds: 'February 4th, 2026',
  state: 'TX',
  stateName: 'Texas',
  rules:
    'Texas: you may cancel at any time. Within 30 days of the purchase you get the full price back, less any claims paid, with no fee, to the card you paid with. After that you get the unused part of the price, by time or by miles, whichever has used more of the contract, less any claims paid and a cancellation fee of at most $50, by check. Refunds are paid within 45 days of the request; a refund paid late adds 10% of it for every 30 days, or part of them, it is late.',
  source: 'Tex. Occ. Code §1304.1581',
  quote: null,
}

/** The Texas quote for 48,000 miles: the unused part, less the $50 fee, by check within 45 days. */
export const cancellationQuoteProRata: RefundQuote = {
  method: 'proRata',
  refundBy: 'check',
  refund: '$1,150.25',
  refundCents: 115_025,
  fee: '$50',
  feeCents: 5_000,
  unearned: '$1,200.25',
  dueBy: 'March 3rd, 2026',
  odometer: 48_000,
}

/** A California member 45 days after buying: still within the state's 60-day free look. */
export const californiaCancellationTerms: CancellationTerms = {
  ...cancellationTerms,
  moneyBackEnds: 'March 6th, 2026',
  state: 'CA',
  stateName: 'California',
  freeLookDays: 60,
  rules:
    "California: you may cancel at any time. Within 60 days of the purchase (30 for a used vehicle without a manufacturer's warranty) you get the full price back, less any claims paid, with no fee, to the card you paid with. After that you get the unused part of the price, by time or by miles, whichever has used more of the contract, less any claims paid and a cancellation fee of 10% of the price or $25, whichever is less, by check. Refunds are paid within 30 days of the request.",
  source: 'Cal. Civ. Code §1794.41',
  quote: { ...cancellationQuoteFreeLook, dueBy: 'February 19th, 2026' },
}

/**
 * `terms` quoted for `odometer` miles (GET …/cancellation?odometer=): `quote` (default: the one the
 * terms carry, else the free look's) for that reading.
 */
export function quotedTerms(
  terms: CancellationTerms,
  odometer: number,
  quote: RefundQuote = terms.quote ?? cancellationQuoteFreeLook,
): CancellationTerms {
  return { ...terms, quote: { ...quote, odometer } }
}

/** `terms` once cancelled for `quote`: the refund recorded (card or check). */
export function cancelledTerms(
  terms: CancellationTerms,
  quote: RefundQuote,
  paid = quote.refundBy === 'card',
): CancellationTerms {
  return {
    ...terms,
    status: 'cancelled',
    cancellable: false,
    quote: null,
    refund: {
      method: quote.method,
      refundBy: quote.refundBy,
      refund: quote.refund,
      fee: quote.fee,
      dueBy: quote.dueBy,
      paid,
    },
  }
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
    integratorId?: string | null
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
    integratorId: options.integratorId ?? null,
  }
}
