import { describe, expect, it } from 'vitest'
import cases from '../../../domain/tests/gate-cases.json'
import { bookedPolicy, car, confirmation, institution, quote, user, vehicle } from '../test/fixtures'
import { initialContext, type FlowContext } from './flow-context'
import { canVisit, type Gate } from './gate'
import { STEPS, type Milestone } from './steps'

/** The flow's context of a member who reached `milestones`, as the flow would have it. */
function contextOf(milestones: readonly string[]): FlowContext {
  const has = (m: Milestone) => milestones.includes(m)
  const gates: Gate[] = []
  if (has('eligible')) gates.push('carLookup')
  if (has('rate')) gates.push('personalDetails')
  if (has('member')) gates.push('confirm')
  if (has('booked')) gates.push('payment')
  const membership = has('member') ? { isMember: true } : has('nonMember') ? { isMember: false } : {}
  return {
    ...initialContext('summit-cu', institution),
    session: has('residence') ? { institutionId: 'summit-cu', userId: user.userId, token: 't-1' } : null,
    stateOfResidence: has('residence') ? 'CO' : null,
    gates,
    user: { ...user, ...membership, isEmailVerified: has('verified') },
    vehicle: has('vehicle') ? vehicle : null,
    odometer: has('mileage') ? '45000' : null,
    // The mileage page's submit creates the (temporary) car.
    car: has('mileage') || has('car') ? car : null,
    quote: has('quoted') ? quote : null,
    selectedRate: has('rate') ? quote.rates[1] : null,
    codeSent: has('codeSent'),
    policy: has('booked') || has('paid') ? bookedPolicy : null,
    confirmation: has('paid') ? confirmation : null,
  }
}

describe('canVisit: the allowed-route gate on the shared cases (domain/tests/gate-cases.json)', () => {
  it.each(cases.cases)('$case', ({ reached, web }) => {
    const context = contextOf(reached)
    expect(STEPS.filter((step) => canVisit(context, step))).toEqual(STEPS.filter((step) => web.includes(step)))
  })
})
