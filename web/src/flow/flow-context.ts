import type { Session } from '../api/client'
import type {
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
  VehicleDescription,
} from '../api/types'
import { EMPTY_DESCRIPTION, NO_LISTS, type DescriptionLists } from './description'
import type { Gate } from './gate'

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

/** Everything the flow knows about the member's purchase. */
export interface FlowContext {
  institutionId: string
  institution: Institution | null
  /** Set once the user exists; its token rotates on personal details and code confirmation. */
  session: Session | null
  user: User | null
  stateOfResidence: string | null
  /** Allowed-route gate milestones reached so far. */
  gates: Gate[]
  /** The splash shows the Session Expired dialog while this is set. */
  sessionExpired: boolean
  /** The decoded vehicle: from the VIN, or from the mock VIN standing for a description. */
  vehicle: DecodedVehicle | null
  /** The car was found by description: its prices are estimates until the real VIN is given. */
  isMockVin: boolean
  /** 'Vehicle not found' under the VIN field (VIN page or real-VIN prompt); cleared on focus. */
  vinError: string | null
  /** The description lookup's choices ('' = not chosen) and the lists they pick from. */
  description: VehicleDescription
  descriptionLists: DescriptionLists
  /** Whole miles, digits only. */
  odometer: string | null
  carFlags: CarFlags
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
  policy: Policy | null
  signedRequest: SignedRequest | null
  widgetReady: boolean
  payment: PaymentRecord | null
  confirmation: Confirmation | null
  /** Generic failure text shown on the page the flow is on (e.g. a user creation error). */
  failure: string | null
  /**
   * The page the member bounced from to an error page ('descriptionLookup', 'mockVinNoRates',
   * 'validCarNoRates'): the contact request's pageUserBouncedFrom. The coverage page clears it.
   */
  pageUserBouncedFrom: string | null
}

export interface FlowInput {
  institutionId: string
}

export const DEFAULT_MILES_PER_YEAR = 15000
export const DEFAULT_YEARS_TO_OWN = 6
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
    institution,
    session: null,
    user: null,
    stateOfResidence: null,
    gates: [],
    sessionExpired: false,
    vehicle: null,
    isMockVin: false,
    vinError: null,
    description: EMPTY_DESCRIPTION,
    descriptionLists: NO_LISTS,
    odometer: null,
    carFlags: NO_CAR_FLAGS,
    milesPerYear: DEFAULT_MILES_PER_YEAR,
    yearsToOwn: DEFAULT_YEARS_TO_OWN,
    car: null,
    quote: null,
    quotedFor: null,
    selectedRateIndex: 1,
    selectedRate: null,
    codeSent: false,
    codeError: null,
    resendStatus: null,
    emailError: null,
    bookingError: null,
    policy: null,
    signedRequest: null,
    widgetReady: false,
    payment: null,
    confirmation: null,
    failure: null,
    pageUserBouncedFrom: null,
  }
}
