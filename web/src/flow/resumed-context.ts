import type { DecodedVehicle, PaymentRecord, RecordedAnswers, Resumed, User } from '../api/types'
import { isRecordedStep } from './checkout-answers'
import { EMPTY_DESCRIPTION } from './description'
import { DEFAULT_MILES_PER_YEAR, DEFAULT_YEARS_TO_OWN, NO_CAR_FLAGS, type ContactDetails, type FlowContext } from './flow-context'
import type { Gate } from './gate'
import { impactModalSeenBy } from './impact-modal'
import { bounceOfRecord } from './no-rates-cause'
import { quoteKey, startRateIndex } from './quote-rules'
import { STEPS, type Step } from './steps'

/** Purchase statuses with a booked contract: the payment page's gate is open. */
const BOOKED = ['booked', 'paid', 'fulfilled']

function isStep(name: string): name is Step {
  return (STEPS as readonly string[]).includes(name)
}

/**
 * The step a resumed checkout goes on at: a paid contract's confirmation, else the step the server
 * recorded (a recorded confirmation without its data yet: the payment page, which finds the
 * payment). Null when there is nothing to resume: the splash.
 */
export function resumedStep(resumed: Resumed): Step | null {
  if (resumed.confirmation) return 'confirmation'
  const step = resumed.checkout?.checkout.step
  if (!step || !isStep(step) || !isRecordedStep(step)) return null
  return step === 'confirmation' ? 'payment' : step
}

/** The vehicle as the lookup pages decoded it; the car adds its type. */
function vehicleOf(recorded: RecordedAnswers['vehicle'], resumed: Resumed): DecodedVehicle | null {
  if (!recorded) return null
  const vehicleType = resumed.car?.vin === recorded.vin ? resumed.car.vehicleType : ''
  return { ...recorded, vehicleType }
}

/**
 * What the member told us in their newest contact request (contact-me, institution contact), as the
 * contact form hands it over: thank-you lists it again, contact-me is prefilled with it. A field the
 * request did not carry is the account's, as the form would have been prefilled.
 */
function contactDetailsOf(resumed: Resumed, user: User): ContactDetails | null {
  if (!resumed.contactRequest) return null
  const told = resumed.contactRequest.collectedInfo ?? {}
  return {
    firstName: told.firstName ?? user.firstName ?? '',
    lastName: told.lastName ?? user.lastName ?? '',
    phoneNumber: told.phoneNumber ?? user.phoneNumber ?? '',
    emailAddress: told.emailAddress ?? user.emailAddress,
  }
}

/** The allowed-route gate's milestones the member had reached (spec section 4). */
function gatesOf(context: Pick<FlowContext, 'selectedRate' | 'user' | 'policy'>, resumed: Resumed): Gate[] {
  const facts = resumed.checkout?.checkout.facts
  const gates: Gate[] = []
  if (facts?.residenceEligible) gates.push('carLookup')
  if (context.selectedRate) gates.push('personalDetails')
  if (context.selectedRate && facts?.detailsGiven && context.user?.isMember === true) gates.push('confirm')
  if (context.policy && BOOKED.includes(resumed.checkout?.status ?? '')) gates.push('payment')
  return gates
}

/**
 * The flow's context for a resumed checkout (a reloaded page, another tab or device, a continue
 * link), as if the member had come through the steps: the new session, the member, their answers
 * (state of residence, the vehicle — with its description when it was described —, mileage, car
 * flags and habits), the car, its quote and the chosen rate, the email check, the booked policy,
 * the confirmation once paid, the bounce (with why no rates were shown), where contact-me goes
 * back to, and what the member's newest contact request told us (name, phone, email, promotional
 * consent).
 */
export function resumedContext(context: FlowContext, resumed: Resumed): Partial<FlowContext> {
  const answers = resumed.checkout?.checkout.answers ?? null
  const facts = resumed.checkout?.checkout.facts ?? null
  const user = resumed.user
  const vehicle = vehicleOf(answers?.vehicle ?? null, resumed)
  const car = vehicle && resumed.car?.vin === vehicle.vin ? resumed.car : null
  const quote = car && resumed.quote && (resumed.quote.carId ?? car.carId) === car.carId ? resumed.quote : null
  const chosen = quote && answers?.rate ? quote.rates.findIndex((rate) => rate.rateId === answers.rate?.rateId) : -1
  const selectedRate = quote && chosen >= 0 ? quote.rates[chosen] : null
  const policy = resumed.policy?.mmpContractNumber ? resumed.policy : null
  const confirmation = resumed.confirmation
  const payment: PaymentRecord | null = confirmation && {
    trackingNumber: confirmation.payment.paymentId,
    paymentDate: confirmation.payment.paymentDate,
    amount: confirmation.payment.amount,
  }
  const restored: Partial<FlowContext> = {
    restoreSource: null,
    // A partner's member (the restore says whose): the app stays the partner's, without the institution's header.
    integrationMode: context.integrationMode || resumed.integratorId != null,
    session: { institutionId: context.institutionId, userId: user.userId, token: resumed.token },
    user,
    emailAddress: user.emailAddress,
    stateOfResidence: answers?.stateOfResidence ?? null,
    vehicle,
    isMockVin: vehicle?.isMockVin === true,
    description:
      vehicle?.isMockVin === true
        ? { year: String(vehicle.year), make: vehicle.make, model: vehicle.model, style: vehicle.style }
        : EMPTY_DESCRIPTION,
    odometer: answers?.odometer ? String(answers.odometer) : null,
    carFlags: answers?.carFlags ?? NO_CAR_FLAGS,
    milesPerYear: answers?.milesPerYear ?? car?.milesPerYear ?? DEFAULT_MILES_PER_YEAR,
    yearsToOwn: answers?.yearsToOwn ?? car?.yearsToOwn ?? DEFAULT_YEARS_TO_OWN,
    car,
    quote,
    // The quote was made for the car with the car's own habits (the car is created with them).
    quotedFor: car && quote ? quoteKey({ car, milesPerYear: car.milesPerYear, yearsToOwn: car.yearsToOwn }) : null,
    selectedRateIndex: chosen >= 0 ? chosen : startRateIndex(quote?.rates.length ?? 0),
    selectedRate,
    codeSent: facts?.codeSent === true,
    policy,
    payment,
    confirmation,
    // The bounce, and the no-rates page's cause recorded with it.
    ...bounceOfRecord(answers?.bounce?.pageUserBouncedFrom),
    contactOrigin: answers?.bounce?.contactOrigin && isStep(answers.bounce.contactOrigin) ? answers.bounce.contactOrigin : null,
    paymentOptionsRequested: answers?.bounce?.paymentOptionsRequested === true,
    contactDetails: contactDetailsOf(resumed, user),
    ...(resumed.contactRequest ? { doesConsentToEmail: resumed.contactRequest.doesConsentToEmail } : {}),
    // The impact modal shows once per session: seen in this tab before the reload, or the coverage
    // page was reached with this session before (another tab, a continue link): it made the quote.
    // A car alone says nothing: mileage creates one (A5).
    impactModalSeen: context.impactModalSeen || quote !== null || impactModalSeenBy(user.userId),
    sessionExpired: false,
  }
  return { ...restored, gates: gatesOf({ selectedRate, user, policy }, resumed) }
}
