import { useEffect } from 'react'
import { FlowActor } from './flow-actor'
import { ACTIVITY_THROTTLE_MS, now } from './session'

/** What counts as the member being there (spec section 4's inactivity time-out): pointer, keys, touch, scroll. */
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'wheel', 'scroll'] as const

/**
 * Tells the flow the member is active (MEMBER_ACTIVITY), at most once every ACTIVITY_THROTTLE_MS:
 * the session clock's inactivity check measures from the last one. Listens on the window in the
 * capture phase, so scrolls inside any element count too.
 */
export function useMemberActivity(): void {
  const actor = FlowActor.useActorRef()
  useEffect(() => {
    let last = -Infinity
    const onActivity = () => {
      const at = now()
      if (at - last < ACTIVITY_THROTTLE_MS) return
      last = at
      actor.send({ type: 'MEMBER_ACTIVITY' })
    }
    const options = { capture: true, passive: true }
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, options)
    return () => {
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, options)
    }
  }, [actor])
}
