import type { FlowContext } from './flow-context'
import type { Step } from './steps'

/** Milestones of the allowed-route gate (spec section 4: set at car lookup, personal details, confirm and payment). */
export type Gate = 'carLookup' | 'personalDetails' | 'confirm' | 'payment'

/**
 * May the member jump to `step` (browser back/forward, typed URL) with what the flow knows so far?
 * Error pages are reached only by the flow itself, never by URL.
 */
export function canVisit(context: FlowContext, step: Step): boolean {
  if (step === 'splash') return true
  if (!context.session) return false
  if (context.confirmation) return step === 'confirmation'
  const open = (gate: Gate) => context.gates.includes(gate)
  const verified = context.user?.isEmailVerified === true
  switch (step) {
    case 'lookup':
    case 'vinLookup':
    case 'descriptionLookup':
      return open('carLookup')
    case 'mileage':
    case 'carDetails':
      return open('carLookup') && context.vehicle !== null
    case 'milesPerYear':
    case 'yearsToOwn':
      // Mileage's submit created a temporary car for the vehicle (spec section 4).
      return (
        open('carLookup') && context.vehicle !== null && context.odometer !== null && context.car?.vin === context.vehicle.vin
      )
    case 'coverage':
      // Quoted once already: a temporary car (mileage, miles per year) alone does not open it.
      return open('carLookup') && context.car !== null && context.quote !== null
    case 'missingInfo':
      return open('personalDetails') && context.selectedRate !== null
    case 'sendEmail':
      return open('confirm') && !verified
    case 'codeConfirmation':
      return open('confirm') && !verified && context.codeSent
    case 'confirm':
      return open('confirm') && verified && context.selectedRate !== null
    case 'payment':
      return open('payment') && context.policy !== null
    default:
      return false
  }
}
