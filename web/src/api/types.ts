/** Wire types of the Coverline HTTP API (docs/api.md). Money in `number` fields is integer cents. */

export interface BrandingColors {
  /** Hex without '#'. */
  cta: string
  primary: string
  secondary: string
}

export interface Branding {
  name: string
  colors: BrandingColors
  phoneNumber: string
  phoneNumberExtension: string
  shouldStartInDarkMode: boolean
  shouldHaveHeader: boolean
  allowDarkModeToggle: boolean
  shouldHavePromotionalCheckbox: boolean
}

export interface ApplicationSettings {
  rateProviders: string[]
  priceLimit: number
  allowPaymentOptions: boolean
  logoName: string | null
  splashPageText: string | null
  institutionDisclaimer: string | null
  institutionQuoteModalText: string | null
  threeCardView: boolean
  customProductName: string | null
  institutionRefundText: string | null
}

export interface Institution {
  institutionId: string
  portalAccountId: string
  entityId: string
  isActive: boolean
  name: string
  branding: Branding
  applicationSettings: ApplicationSettings
  onlyCoveredPlanName: string | null
  logoUrl: string
  eligibleStates: string[]
}

export interface Address {
  street: string
  city: string
  state: string
  zip: string
}

export interface User {
  userId: string
  emailAddress: string
  firstName: string | null
  lastName: string | null
  phoneNumber: string | null
  address: Address | null
  isMember: boolean | null
  isEmailVerified: boolean
  doesConsentToSoliciting: boolean
}

export interface UserWithToken {
  user: User
  token: string
}

export interface CreateUserBody {
  emailAddress: string
  password: string
  currentUserId: string | null
}

export interface PersonalDetailsBody {
  firstName: string
  lastName: string
  /** Digits only. */
  phoneNumber: string
  address: Address
  isMember: boolean
  doesConsentToSoliciting: boolean
}

export interface VerifyEmailQuery {
  emailAddress: string
  firstName: string
  lastName: string
}

export interface UpdateEmailBody {
  oldEmailAddress: string
  newEmailAddress: string
}

export interface DecodedVehicle {
  vin: string
  year: number | string
  make: string
  model: string
  style: string
  vehicleType: string
  /** True for a representative VIN that stands for a described vehicle. */
  isMockVin?: boolean
}

/** A vehicle described instead of identified by VIN (description lookup; year as a string). */
export interface VehicleDescription {
  year: string
  make: string
  model: string
  style: string
}

/** `GET C/vin?year&make&model&style`: a representative ("mock") VIN standing for the description. */
export interface MockVinResponse {
  data: { message: string; isMockVin: boolean }
}

/** `GET C/vin/ocr/drop/{uid}?mime`: where to PUT the VIN photo, and the drop to read it back from. */
export interface VinPhotoDrop {
  signedPutUrl: string
  dropId: string
  expiresAt: string
  maxBytes: number
}

/** `GET C/vin/ocr/drop/{uid}/{dropId}`: the VIN read from the photo (always with a valid check digit). */
export interface VinPhotoReading {
  vin: string
  source: 'barcode' | 'text'
  repaired: boolean
}

/** `POST U/analytics` body's `data`: all fields optional strings of at most 500 characters. */
export interface AnalyticsEvent {
  deviceUserAgentString?: string
  clientId?: string
  hitType?: 'pageview' | 'event'
  eventCategory?: string
  eventAction?: string
  eventLabel?: string
  pagePath?: string
  pageTitle?: string
}

export interface CarFlags {
  certifiedPreowned: boolean
  commercialUse: boolean
  hasLiftKitOrOversizeTires: boolean
  isSalvageTitle: boolean
  modifiedVehicle: boolean
  secondOwner: boolean
}

export interface CreateCarBody {
  vin: string
  carFlags: CarFlags
  /** Whole miles as a string, no separators. */
  odometer: string
  milesPerYear: number
  yearsToOwn: number
}

export interface Car extends DecodedVehicle {
  carId: string
  odometer: string
  milesPerYear: number
  yearsToOwn: number
  carFlags: CarFlags
  isMockVin: boolean
}

export interface CreateQuoteBody {
  carId: string
  milesPerYear: number
  yearsToOwn: number
  state: string
  penTrackKey: string | null
}

/** The providers that rate and book contracts (spec section 1). */
export type RateProvider = 'NAC' | 'Rt66' | 'EFG'

/** One covered component area of a plan (spec section 3); `cssId` is its element id on the card. */
export interface PlanComponent {
  title: string
  text: string
  cssId: string
}

/** One of the provider's benefits (rental car, roadside, key replacement, ...; spec section 9). */
export interface PlanBenefit {
  title: string
  text: string
}

/** The plan's texts for the back of its coverage card. */
export interface PlanDescription {
  intro: string
  /** Empty for a plan without texts. */
  components: PlanComponent[]
  benefits: PlanBenefit[]
}

/**
 * Who to call about a contract (10 digits, or null): the institution's own lines where it set them,
 * else the rating provider's (spec section 3's emailSettings and provider fallback numbers).
 */
export interface ContactNumbers {
  general: string | null
  mechanicalBreakdown: string | null
  keyReplacement: string | null
  emergencyRoadside: string | null
}

export interface Rate {
  rateId: string
  rateCollectionId: string
  coverageName: string
  coverageFamilyType: string
  coverageMiles: number
  coverageMonths: number
  coverageDeductible: number
  dollarSignDeductible: string
  unformattedRate: number
  rate: string
  dollarSignRate: string
  taxAmount: number
  dollarSignTaxAmount: string
  totalRateCost: number
  dollarSignTotalRateCost: string
  formattedCoverageMiles: string
  odometerWhenCoverageExpires: number
  coverageExpirationDate: string
  /** The provider that rated this option and books it. */
  provider: RateProvider
  description: PlanDescription
  contactNumbers: ContactNumbers
}

/** `PUT U/quote/{quoteId}`: the same car rated again with new answers. */
export interface UpdateQuoteBody {
  milesPerYear: number
  yearsToOwn: number
  state: string
}

export interface Quote {
  quoteId: string
  penTrackKey: string | null
  rates: Rate[]
  /** The car and the state of residence it was rated for (sent by the API; not needed by the flow's own quotes). */
  carId?: string
  state?: string
}

/**
 * `POST /api/institution/{iid}/integration/{integratorId}/session` `{ launchCode }`: the partner's
 * member with a session, and when the partner gave a vehicle, its car and quote.
 */
export interface IntegrationSession {
  user: User
  token: string
  car: Car | null
  quote: Quote | null
}

export interface BookingBody {
  address: Address
  rateId: string
  rateCollectionId: string
  carId: string
  emailAddress: string
  quoteId: string
}

export interface Policy {
  policyId: string
  mmpContractNumber: string
  status: string
}

export interface SignedRequest {
  signedRequest: string
  widgetUrl: string
  gatewayOrigin: string
  /** The gateway's request: the same one while it is open (another tab, Retry Payment). */
  requestId?: string
  /** Unix seconds. */
  expiresAt?: number
}

export interface SignRequestResponse {
  status: number
  data: SignedRequest
}

export interface PaymentRecord {
  trackingNumber: string
  paymentDate: string
  amount: number
}

export interface VerifyResponseBody {
  status: number
  data: {
    data: PaymentRecord | null
    /**
     * `code` is set when the charge was taken but is refunded (HTTP 409): `secondChargeRefunded` (the
     * contract was already paid), `voided` (voided before the payment reached the API), `chargeRefunded`.
     */
    error: { error_message: string; code?: string | null } | null
  }
}

export interface Confirmation {
  policyReferenceNumber: string
  mmpContractNumber: string
  vehicle: {
    carDisplay: string
    vin: string
    coverageName: string
    formattedCoverageMiles: string
    odometerWhenCoverageExpires: number
    coverageMonths: number
    coverageExpirationDate: string
    coverageDeductible: number
    dollarSignDeductible: string
    taxAmount: number
    dollarSignTaxAmount: string
  }
  payment: {
    paymentId: string
    paymentDate: string
    amount: number
    dollarSignAmount: string
    subtotal: number
    dollarSignSubtotal: string
    salesTax: number
    dollarSignSalesTax: string
    hasSalesTax: boolean
  }
  institution: { name: string; formattedPhone: string }
}

/** `POST /api/institution/{iid}/user/{uid}/verifydetails/{policyId}`: the last name and zip on the contract. */
export interface PolicyLookupBody {
  lastname: string
  zipcode: string
}

/** A matched lookup: `policy` is the URL path of the contract PDF (carries its own short-lived token). */
export interface PolicyDocumentLink {
  token: string
  policy: string
  /** Unix seconds. */
  expiresAt: number
}

/** Why a contact request was made (docs/api.md, chosen by the priority of spec section 4). */
export type BounceSource =
  | 'paymentError'
  | 'bookingError'
  | 'paymentOptions'
  | 'mockVinPaymentOptions'
  | 'expertGuidance'
  | 'mockVinExpertGuidance'
  | 'stateContactRequest'
  | 'invalidState'
  | 'validCarNoRates'
  | 'mockVinNoRates'
  | 'descriptionLookup'
  | 'notAMember'
  | 'userCreationError'
  | 'contactRequest'
  | 'mockVinContactRequest'

/** What the app knows so far (spec section 3); every field optional, car fields only when a car is known. */
export interface CollectedInfo {
  emailAddress?: string
  chosenStateOfResidence?: string
  firstName?: string
  lastName?: string
  /** Digits only. */
  phoneNumber?: string
  state?: string
  vin?: string
  year?: number | string
  make?: string
  model?: string
  style?: string
  milesPerYear?: number
  yearsToOwn?: number
  currentOdometer?: string
  rateArray?: Rate[]
}

/** `PUT U/contact-request` and (without a user) `POST /api/institution/{iid}/contact-request`. */
export interface ContactRequestBody {
  pageUserBouncedFrom: BounceSource
  doesConsentToEmail: boolean
  institutionContact: boolean
  collectedInfo: CollectedInfo
}

/** Error codes of the API's `{ error: { code, message, field } }` body. */
export type ApiErrorCode =
  | 'validation'
  | 'notFound'
  | 'unauthorized'
  | 'sessionExpired'
  | 'institutionInactive'
  | 'vehicleNotFound'
  | 'noQuotes'
  | 'invalidCode'
  | 'bookingFailed'
  | 'bookingNoResponse'
  | 'paymentFailed'
  | 'conflict'
  | 'voided'
  | 'notReady'
  | 'rateLimited'
  | 'noPolicies'
  | 'integratorInactive'
  | 'internal'
  | 'network'
  | 'alreadyPaid'
  | 'secondChargeRefunded'
  | 'chargeRefunded'
  | 'paymentPending'
  | 'stepOutOfOrder'
  | 'checkoutBusy'
  | 'checkoutClosed'
  | 'linkExpired'

/** The coverage chosen on the carousel: its rate and its position in the quote's list. */
export interface ChosenRate {
  rateId: string
  index: number
}

/** Why the member left the purchase path (the contact request's bounce and contact-me's way back). */
export interface CheckoutBounce {
  pageUserBouncedFrom?: string | null
  /** A step name (flow/steps.ts). */
  contactOrigin?: string | null
  paymentOptionsRequested: boolean
}

/** `PUT U/checkout`'s answers: everything the member has answered so far, each optional. */
export interface CheckoutAnswers {
  stateOfResidence?: string
  /** The server decodes the VIN itself. */
  vehicle?: { vin: string }
  /** Whole miles. */
  odometer?: number
  carFlags?: CarFlags
  milesPerYear?: number
  yearsToOwn?: number
  carId?: string
  quoteId?: string
  rate?: ChosenRate
  bounce?: CheckoutBounce
}

/** `PUT U/checkout` (header `Idempotency-Key`): the step the member landed on and the answers so far. */
export interface CheckoutStepBody {
  /** A step name (flow/steps.ts), never splash or userCreationError. */
  step: string
  answers: CheckoutAnswers
}

/** The answers as the checkout holds them (null when not given): the vehicle as the server decoded it. */
export interface RecordedAnswers {
  stateOfResidence: string | null
  vehicle: { vin: string; year: number; make: string; model: string; style: string; isMockVin: boolean } | null
  odometer: number | null
  carFlags: CarFlags
  milesPerYear: number | null
  yearsToOwn: number | null
  carId: string | null
  quoteId: string | null
  rate: ChosenRate | null
  bounce: CheckoutBounce | null
}

/** What the server itself knows of the member (the checkout's gate reads it). */
export interface CheckoutFacts {
  residenceEligible: boolean
  detailsGiven: boolean
  isMember: boolean | null
  emailVerified: boolean
  codeSent: boolean
}

export type CheckoutStatus = 'shopping' | 'booking' | 'bookingFailed' | 'booked' | 'paid' | 'fulfilled' | 'voided' | 'abandoned'

/** The purchase as the checkout workflow knows it. */
export interface CheckoutPurchase {
  policyId: string | null
  quoteId: string
  rateId: string
  status: string
  contractNumber: string | null
  bookingFailure: 'failed' | 'noResponse' | null
  bookingRounds: number
  paymentId: string | null
  /** Tracking numbers of refunded charges. */
  refunded: string[]
}

/** The member's durable checkout: the step they are on, their answers, and the purchase. */
export interface CheckoutView {
  version: number
  checkout: { step: string; answers: RecordedAnswers; facts: CheckoutFacts }
  status: CheckoutStatus
  purchase: CheckoutPurchase | null
  codeSends: number
}

/** A resumed quote was too old and was rated again at another price. */
export interface PriceChange {
  from: string
  to: string
  /** The sentence to show the member. */
  message: string
}

/** A contact request as the server keeps it: what the member told us (thank-you shows it again). */
export interface ResumedContactRequest {
  /** A BounceSource as the request carried it. */
  pageUserBouncedFrom: string
  /** As the request sent it (null when the server cannot read what it kept). */
  collectedInfo: CollectedInfo | null
  doesConsentToEmail: boolean
  institutionContact: boolean
}

/**
 * `POST /api/institution/{iid}/session/restore` (the HttpOnly restore cookie) and `POST .../resume`
 * (a continue link): a new token and everything to show the member's screen again.
 */
export interface Resumed {
  token: string
  user: User
  checkout: CheckoutView | null
  car: Car | null
  quote: Quote | null
  policy: Policy | null
  /** The confirmation page's data, once paid. */
  confirmation: Confirmation | null
  priceChange: PriceChange | null
  /** The member's newest contact request (contact-me, institution contact, an error page's), once sent. */
  contactRequest: ResumedContactRequest | null
}
