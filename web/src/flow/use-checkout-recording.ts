import { useEffect } from 'react'
import { recordCheckout } from './checkout-recorder'
import { FlowActor } from './flow-actor'

/** Records the member's steps in their durable checkout while the flow is shown (checkout-recorder.ts). */
export function useCheckoutRecording(): void {
  const actor = FlowActor.useActorRef()
  useEffect(() => recordCheckout(actor), [actor])
}
