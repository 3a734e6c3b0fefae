import { limits, options } from '../lib/product'
import type { VehicleDescription } from '../lib/vehicle-description'
import type { ApiError } from '../api/api-error'
import type { Session } from '../api/client'
import type {
  BounceSource,
  Car,
  CarFlags,
  Confirmation,
  DecodedVehicle,
  Institution,
  PaymentRecord,
  Policy,
  Quote,
  Rate,
  SignedRequest,
  User,
} from '../api/types'
import { EMPTY_DESCRIPTION, NO_LISTS, type DescriptionLists } from './description'
import type { Gate } from './gate'
import type { NoRatesCause } from './no-rates-cause'
import type { RestoreSource } from './restore-source'
import type { FooterPage, Step } from './steps'

/** Personal details as the form hands them over (phone digits only, text trimmed). */
export interface PersonalDetails {
  firstName: string
  lastName: string
  phoneNumber: string
  street: string
  city: string
  zip: string
  isMember: boolean
}

/** What a member gives on contact-me or institution-contact (phone digits only, text trimmed). */
export interface ContactDetails {
  firstName: string
  lastName: string
  phoneNumber: string
  emailAddress: string
  /** The member checkboxes (contact-me from the coverage page only). */
  isMember?: boolean
  wantsMembershipInfo?: boolean
}

/** The coverage page's analytics events, each sent once per session (spec section 4). */
export type CoverageSignal = 'CardFlip' | 'ViewDifferentRates' | 'ExpertGuidanceRequest' | 'PaymentOptionRequest'

/** The purchase's one-time flags, each reported once per session: booked, then paid (spec section 4). */
export type PurchaseSignal = 'booked' | 'paid'

/** The analytics events sent at most once per session. */
export type OnceSignal = CoverageSignal | PurchaseSignal

/**
 * What the member typed and ticked on mileage without submitting it, taken along by its link to the
 * combined car-details form: the odometer as typed ('45,000') and the car flags.
 */
export interface MileageDraft {
  odometer: string
  carFlags: CarFlags
}

/** A partner's launch of the flow in its page (integration mode, spec section 2). */
export interface IntegrationLaunch {
  integratorId: string
  /** silent: the partner gave the vehicle, the flow goes on at coverage; selection: the member picks the vehicle. */
  mode: 'silent' | 'selection'
  /** The single-use code the partner's server got from the launch call ('' when the link had none). */
  launchCode: string
}

/** A message shown over whatever page is on until the member closes it (a resumed price, a used link). */
export interface Notice {
  title: string
  message: string
}

/** Everything the flow knows about the member's purchase. */
export interface FlowContext {
  institutionId: string
  /**
   * Integration mode: the app opened at a location containing 'integration' (spec section 2), inside a
   * partner's page. Kept for the whole visit: no institution header, no way back to the splash.
   */
  integrationMode: boolean
  /** The launch to exchange for a session; cleared once the exchange answered. */
  integrationLaunch: IntegrationLaunch | null
  /** Boot finds the member's checkout again (a reloaded page, a continue link); cleared once it answered. */
  restoreSource: RestoreSource | null
  /** Shown over the page until closed; kept when the session resets (it may explain why). */
  notice: Notice | null
  institution: Institution | null
  /** Set once the user exists; its token rotates on personal details and code confirmation. */
  session: Session | null
  user: User | null
  /** The address typed on the splash (kept for a contact request when user creation fails). */
  emailAddress: string | null
  stateOfResidence: string | null
  /** Allowed-route gate milestones reached so far. */
  gates: Gate[]
  /** The splash shows the session-expired dialog while this is set (the token-timeout flag). */
  sessionExpired: boolean
  /**
   * The splash's captcha (spec section 3, Captcha): authorised once the widget solved a challenge in
   * this tab (kept when the session resets), and the solution user creation spends (single use:
   * cleared once a user is created or the server refuses it, so the widget solves a new one).
   */
  captchaAuthorized: boolean
  captchaToken: string | null
  /** Timed token refreshes since the session started or the member chose Continue (kept 0 on payment). */
  refreshCount: number
  /** The timeout warning (messages.sessionWarningTitle) is open: one refresh before the maximum. */
  sessionWarning: boolean
  /** When the member last touched the page (ms); the inactivity check measures from here. */
  lastActivityAt: number
  /** The footer page shown over the flow (its route), if any; the inactivity check is off on /security. */
  footerPage: FooterPage | null
  /**
   * The member's vehicle: decoded from the VIN (its style chosen when the VIN fits several), or from
   * the mock VIN standing for a description. A VIN whose check digit is wrong but whose vehicle is
   * known keeps `checkDigitMismatch` for mileage's warning until another VIN is decoded.
   */
  vehicle: DecodedVehicle | null
  /**
   * A decoded VIN that fits several styles (`styleChoices`), waiting on the VIN page or the real-VIN
   * prompt for the member's choice; it becomes `vehicle`, with the chosen style, once chosen.
   */
  vehicleAwaitingStyle: DecodedVehicle | null
  /** Why the style must be chosen again: the car was refused for its style (fieldErrors.chooseStyle). */
  styleError: string | null
  /** The car was found by description: its prices are estimates until the real VIN is given. */
  isMockVin: boolean
  /** fieldErrors.vehicleNotFound under the VIN field (VIN page or real-VIN prompt); cleared on focus. */
  vinError: string | null
  /**
   * Why the description look-up got no answer (too many look-ups, connection lost), or why a list of
   * the cascade did not load; cleared on the next try.
   */
  descriptionError: string | null
  /** The description lookup's choices ('' = not chosen) and the lists they pick from. */
  description: VehicleDescription
  descriptionLists: DescriptionLists
  /** Whole miles, digits only. */
  odometer: string | null
  carFlags: CarFlags
  /**
   * Mileage's unsubmitted answers, for the combined form (and mileage again) to start from; not
   * answers yet, so no car is made of them. Cleared when mileage or the combined form is submitted.
   */
  mileageDraft: MileageDraft | null
  milesPerYear: number
  yearsToOwn: number
  car: Car | null
  quote: Quote | null
  /** carId|milesPerYear|yearsToOwn the quote was made for: a change resets the selected rate. */
  quotedFor: string | null
  selectedRateIndex: number
  selectedRate: Rate | null
  codeSent: boolean
  codeError: string | null
  resendStatus: 'sent' | 'failed' | null
  emailError: string | null
  bookingError: string | null
  /**
   * The member's answer to the review page's E-SIGN disclosure, given with Book and sent with it (and
   * with a retried booking): true consents to electronic delivery; false, the contract is also mailed.
   */
  electronicDelivery: boolean
  /** The payment speed-bump dialog's text when the API gave its own (a voided contract); else the generic one. */
  paymentFailure: string | null
  policy: Policy | null
  signedRequest: SignedRequest | null
  widgetReady: boolean
  payment: PaymentRecord | null
  confirmation: Confirmation | null
  /** Generic failure text shown on the page the flow is on (e.g. a user creation error). */
  failure: string | null
  /**
   * The API's refusal of the last personal-details or contact submit: the form puts it on the field
   * its `field` names (lib/refused-field.ts useRefusedField). Cleared by the next submit.
   */
  submitError: ApiError | null
  /**
   * The page the member bounced from to an error page ('descriptionLookup', 'mockVinNoRates',
   * 'validCarNoRates'): the contact request's pageUserBouncedFrom. The coverage page clears it.
   */
  pageUserBouncedFrom: BounceSource | null
  /**
   * Why the flow went to no-rates (its words): set on every way there, kept in the checkout's record
   * with the bounce (no-rates-cause.ts). The coverage page clears it.
   */
  noRatesCause: NoRatesCause | null
  /** labels.requestPaymentOption was chosen on the coverage page (cleared when it is entered again). */
  paymentOptionsRequested: boolean
  /** Where contact-me goes back to, or the error page a contact request is made from. */
  contactOrigin: Step | null
  contactDetails: ContactDetails | null
  /** Promotional email consent; the checkbox defaults to ticked (spec section 6). */
  doesConsentToEmail: boolean
  /** The impact modal shows once per session (flow/impact-modal.ts keeps it across a reload); a reset clears it. */
  impactModalSeen: boolean
  /**
   * The once-per-session analytics events already sent, the one-time 'booked' and 'paid' flags among
   * them: a retried booking or a payment verified again reports nothing new. Cleared by a reset.
   */
  sentSignals: OnceSignal[]
}

export interface FlowInput {
  institutionId: string
  /** Set when the app opened at an integration route (flow/integration-launch.ts). */
  integrationLaunch?: IntegrationLaunch | null
  /** Set when the app opened at a /user page or a continue link (flow/restore-source.ts). */
  restoreSource?: RestoreSource | null
  /** The app runs in a partner's frame (flow/partner-frame.ts): a restore that fails must not show the splash. */
  partnerFrame?: boolean
}

export const DEFAULT_MILES_PER_YEAR = options.defaultMilesPerYear
export const DEFAULT_YEARS_TO_OWN = options.defaultYearsToOwn
/** Car flags start unticked; the mileage page offers them. */
export const NO_CAR_FLAGS: CarFlags = {
  certifiedPreowned: false,
  commercialUse: false,
  hasLiftKitOrOversizeTires: false,
  isSalvageTitle: false,
  modifiedVehicle: false,
  secondOwner: false,
}

/** A fresh context: also what a session reset returns to (keeping the institution). */
export function initialContext(institutionId: string, institution: Institution | null = null): FlowContext {
  return {
    institutionId,
    integrationMode: false,
    integrationLaunch: null,
    restoreSource: null,
    notice: null,
    institution,
    session: null,
    user: null,
    emailAddress: null,
    stateOfResidence: null,
    gates: [],
    sessionExpired: false,
    captchaAuthorized: false,
    captchaToken: null,
    refreshCount: 0,
    sessionWarning: false,
    lastActivityAt: 0,
    footerPage: null,
    vehicle: null,
    vehicleAwaitingStyle: null,
    styleError: null,
    isMockVin: false,
    vinError: null,
    descriptionError: null,
    description: EMPTY_DESCRIPTION,
    descriptionLists: NO_LISTS,
    odometer: null,
    carFlags: NO_CAR_FLAGS,
    mileageDraft: null,
    milesPerYear: DEFAULT_MILES_PER_YEAR,
    yearsToOwn: DEFAULT_YEARS_TO_OWN,
    car: null,
    quote: null,
    quotedFor: null,
    selectedRateIndex: limits.defaultRateIndex,
    selectedRate: null,
    codeSent: false,
    codeError: null,
    resendStatus: null,
    emailError: null,
    bookingError: null,
    electronicDelivery: false,
    paymentFailure: null,
    policy: null,
    signedRequest: null,
    widgetReady: false,
    payment: null,
    confirmation: null,
    failure: null,
    submitError: null,
    pageUserBouncedFrom: null,
    noRatesCause: null,
    paymentOptionsRequested: false,
    contactOrigin: null,
    contactDetails: null,
    doesConsentToEmail: true,
    impactModalSeen: false,
    sentSignals: [],
  }
}

/**
 * The flow's first context: a fresh one, in integration mode when it opened at an integration route,
 * with the checkout to restore when it opened at a /user page or a continue link.
 */
export function startContext(input: FlowInput): FlowContext {
  const launch = input.integrationLaunch ?? null
  return {
    ...initialContext(input.institutionId),
    integrationMode: launch !== null || (input.partnerFrame === true && input.restoreSource != null),
    integrationLaunch: launch,
    restoreSource: launch ? null : (input.restoreSource ?? null),
  }
}
