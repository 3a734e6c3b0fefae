import type { BounceSource, CollectedInfo, ContactRequestBody } from '../api/types'
import type { ApiFieldTable } from '../lib/refused-field'
import type { ContactDetails, FlowContext } from './flow-context'
import type { Step } from './steps'

/**
 * The contact request (spec section 3) and the reason it carries, pageUserBouncedFrom, chosen by
 * the priority of spec section 4.
 */

/** The facts the bounce priority looks at. */
export interface BounceFacts {
  /** Asked from the payment-error page (or contact-me opened from it). */
  paymentError: boolean
  /** Asked from the booking-error page (or contact-me opened from it). */
  bookingError: boolean
  /** labels.requestPaymentOption on the coverage page. */
  paymentOptionsRequested: boolean
  /** Asked from the invalid-state page: the member lives where the product is not sold. */
  stateContactRequest: boolean
  /** The car was found by description (prices are estimates). */
  isMockVin: boolean
  /** The bounce recorded earlier in the flow (no rates, description lookup, expert guidance, not a member...). */
  pageUserBouncedFrom: BounceSource | null
}

/**
 * Spec section 4: payment error, booking error, payment options requested (mock-VIN or normal),
 * state contact request, previously bounced page, else a plain contact request (mock-VIN variant).
 */
export function bounceSource(facts: BounceFacts): BounceSource {
  if (facts.paymentError) return 'paymentError'
  if (facts.bookingError) return 'bookingError'
  if (facts.paymentOptionsRequested) return facts.isMockVin ? 'mockVinPaymentOptions' : 'paymentOptions'
  if (facts.stateContactRequest) return 'stateContactRequest'
  if (facts.pageUserBouncedFrom) return facts.pageUserBouncedFrom
  return facts.isMockVin ? 'mockVinContactRequest' : 'contactRequest'
}

/** A plain contact request: thank-you then leaves out the institution's name and phone. */
export function isPlainContactRequest(source: BounceSource): boolean {
  return source === 'contactRequest' || source === 'mockVinContactRequest'
}

/** The facts for a request made on `origin` (an error page, or the page contact-me was opened from). */
export function bounceFactsOf(context: FlowContext, origin: Step | null): BounceFacts {
  return {
    paymentError: origin === 'paymentError',
    bookingError: origin === 'bookingError',
    paymentOptionsRequested: context.paymentOptionsRequested,
    stateContactRequest: origin === 'invalidState',
    isMockVin: context.isMockVin,
    pageUserBouncedFrom: context.pageUserBouncedFrom,
  }
}

/** Everything the flow knows about the member and their car, as the contact request's collectedInfo. */
export function collectedInfoOf(context: FlowContext): CollectedInfo {
  const details = context.contactDetails
  const user = context.user
  const info: CollectedInfo = {
    emailAddress: details?.emailAddress ?? user?.emailAddress ?? context.emailAddress ?? undefined,
    chosenStateOfResidence: context.stateOfResidence ?? undefined,
    firstName: details?.firstName ?? user?.firstName ?? undefined,
    lastName: details?.lastName ?? user?.lastName ?? undefined,
    phoneNumber: details?.phoneNumber ?? user?.phoneNumber ?? undefined,
    state: user?.address?.state ?? context.stateOfResidence ?? undefined,
    // The membership answers: the contact-me form's two boxes, else what personal details said.
    isMember: details?.isMember ?? user?.isMember ?? undefined,
    wantsMembershipInfo: details?.wantsMembershipInfo,
  }
  const vehicle = context.car ?? context.vehicle
  if (vehicle) {
    Object.assign(info, {
      vin: vehicle.vin,
      year: vehicle.year,
      make: vehicle.make,
      model: vehicle.model,
      style: vehicle.style,
      milesPerYear: context.milesPerYear,
      yearsToOwn: context.yearsToOwn,
      currentOdometer: context.car?.odometer ?? context.odometer ?? undefined,
    })
    if (context.quote) info.rateArray = context.quote.rates
  }
  return Object.fromEntries(Object.entries(info).filter(([, value]) => value !== undefined && value !== null))
}

/** The contact request for a request made on `origin`. */
export function contactRequestBody(context: FlowContext, origin: Step | null): ContactRequestBody {
  return {
    pageUserBouncedFrom: bounceSource(bounceFactsOf(context, origin)),
    doesConsentToEmail: context.doesConsentToEmail,
    institutionContact: true,
    collectedInfo: collectedInfoOf(context),
  }
}

/**
 * The contact request's field names in the API's refusals (api/src/http/routes/contact.rs) → the contact
 * form's fields: the address as `emailAddress` (EmailAddress::parse), and each text of collectedInfo
 * over its length limit as `collectedInfo.<name>` (CollectedInfo::clean). On these, thank-you goes
 * back to the form; any other refusal stays on thank-you ('failed', with its Try again).
 */
export const CONTACT_API_FIELDS = {
  emailAddress: 'emailAddress',
  'collectedInfo.emailAddress': 'emailAddress',
  'collectedInfo.firstName': 'firstName',
  'collectedInfo.lastName': 'lastName',
  'collectedInfo.phoneNumber': 'phoneNumber',
} as const satisfies ApiFieldTable<keyof ContactDetails>
