import { createActorContext } from '@xstate/react'
import type { SnapshotFrom } from 'xstate'
import { flowMachine } from './flow-machine'
import { STEP_INFO, STEPS, type Step } from './steps'

/** The running flow, provided once per institution; screens read it with selectors and send it events. */
export const FlowActor = createActorContext(flowMachine)

export type FlowSnapshot = SnapshotFrom<typeof flowMachine>

/** The step the flow is on (each step state carries its name as a tag); undefined while booting. */
export function stepOf(snapshot: FlowSnapshot): Step | undefined {
  return STEPS.find((step) => snapshot.hasTag(step))
}

/** Progress bar value for the current step, or null when the page shows no bar. */
export function progressOf(snapshot: FlowSnapshot): number | null {
  const step = stepOf(snapshot)
  return step ? STEP_INFO[step].progress : null
}

/** Selectors shared by several screens. */
export const selectStep = stepOf
export const selectBusy = (snapshot: FlowSnapshot) => snapshot.hasTag('busy')
export const selectInstitution = (snapshot: FlowSnapshot) => snapshot.context.institution
export const selectContext = (snapshot: FlowSnapshot) => snapshot.context
/** The decoded VIN whose style the VIN page or the real-VIN prompt is asking for, else null. */
export const selectVehicleAwaitingStyle = (snapshot: FlowSnapshot) =>
  snapshot.matches({ vinLookup: 'choosingStyle' }) || snapshot.matches({ coverage: { realVin: 'choosingStyle' } })
    ? snapshot.context.vehicleAwaitingStyle
    : null

/** `send` for screens. */
export function useFlowSend() {
  // eslint-disable-next-line @typescript-eslint/unbound-method -- XState binds send to its actor (Actor's constructor): it works alone
  return FlowActor.useActorRef().send
}
