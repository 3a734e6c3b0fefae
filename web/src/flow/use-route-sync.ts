import { useEffect, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { FlowActor, stepOf } from './flow-actor'
import { pathOf, stepOfPath } from './steps'

/**
 * Keeps the URL and the flow machine in step; the machine decides.
 * - The machine moved (a screen sent an event): push its step's URL.
 * - The URL moved (browser back/forward, typed URL): ask the machine with GO_TO; if the gate refuses,
 *   put the machine's URL back (replace). Unknown routes fall back to splash.
 */
export function useRouteSync(institutionId: string): void {
  const actor = FlowActor.useActorRef()
  const step = FlowActor.useSelector(stepOf)
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const previousStep = useRef(step)

  useEffect(() => {
    const before = previousStep.current
    previousStep.current = step
    if (!step) return // booting: the URL stays as typed until the institution is known
    const machineMoved = before !== step
    const urlStep = pathname.startsWith(`/${institutionId}/`) ? stepOfPath(pathname) : undefined
    if (urlStep === step) return
    if (!machineMoved) {
      actor.send({ type: 'GO_TO', step: urlStep ?? 'splash' })
      const now = stepOf(actor.getSnapshot())
      if (now === urlStep) return
      if (now !== step) return // moved elsewhere (e.g. splash): the next run of this effect follows it
    }
    navigate(pathOf(institutionId, step), { replace: !machineMoved || before === undefined })
  }, [step, pathname, actor, navigate, institutionId])
}
