import type { FlowContext } from './flow-context'
import { STEP_INFO, type Milestone, type Step } from './steps'

/** Milestones of the allowed-route gate the flow opens as the member goes (spec section 4: set at car lookup, personal details, confirm and payment). */
export type Gate = 'carLookup' | 'personalDetails' | 'confirm' | 'payment'

/**
 * Has the member reached `milestone`, by what the flow knows? The server finds the same milestones in
 * its checkout (coverline_domain::checkout::Checkout::reached); domain/tests/gate-cases.json runs
 * through both gates.
 */
export function reached(context: FlowContext, milestone: Milestone): boolean {
  const open = (gate: Gate) => context.gates.includes(gate)
  const has = (before: Milestone) => reached(context, before)
  switch (milestone) {
    case 'residence':
      // The splash asked for the state and made the session (or a partner's launch did).
      return context.session !== null
    case 'eligible':
      return has('residence') && open('carLookup')
    case 'vehicle':
      return has('eligible') && context.vehicle !== null
    case 'mileage':
      // Mileage's submit created a temporary car for the vehicle (spec section 4).
      return has('vehicle') && context.odometer !== null && context.car?.vin === context.vehicle?.vin
    case 'car':
      return has('mileage') && context.car !== null
    case 'quoted':
      return has('car') && context.quote !== null
    case 'rate':
      return has('quoted') && open('personalDetails') && context.selectedRate !== null
    case 'member':
      return has('rate') && open('confirm')
    case 'nonMember':
      return has('rate') && context.user?.isMember === false
    case 'verified':
      return context.user?.isEmailVerified === true
    case 'codeSent':
      return context.codeSent
    case 'booked':
      return open('payment') && context.policy !== null
    case 'bookingFailed':
      // The booking error page is only the flow's to open: no URL needs this.
      return false
    case 'paid':
      return context.confirmation !== null
  }
}

/**
 * May the member jump to `step` (browser back/forward, typed URL) with what the flow knows so far?
 * The step's gate in domain/steps.json decides, with the milestones it adds for a URL; error and
 * contact pages are reached only by the flow itself, never by URL.
 */
export function canVisit(context: FlowContext, step: Step): boolean {
  const { byUrl, gate } = STEP_INFO[step]
  const has = (milestone: Milestone) => reached(context, milestone)
  return byUrl && [...gate.requires, ...gate.urlRequires].every(has) && !gate.forbids.some(has)
}
