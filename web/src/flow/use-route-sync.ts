import { useEffect, useRef } from 'react'
import { api } from '../api/client'
import { anonymousPageviewEvent } from '../lib/analytics'
import { useLocation, useNavigate } from '../lib/router'
import { FlowActor, stepOf } from './flow-actor'
import { FOOTER_PAGES, footerPageOfPath, pageTitleOf, pathOf, stepOfPath, type FooterPage } from './steps'

/** The footer page the URL shows over the flow (/{institutionId}/security), if any. */
export function useFooterPage(institutionId: string): FooterPage | undefined {
  const { pathname } = useLocation()
  return pathname.startsWith(`/${institutionId}/`) ? footerPageOfPath(pathname) : undefined
}

/**
 * Keeps the URL and the flow machine in step; the machine decides.
 * - The machine moved (a screen sent an event): push its step's URL.
 * - The URL moved (browser back/forward, typed URL): ask the machine with GO_TO; if the gate refuses,
 *   put the machine's URL back (replace). Unknown routes fall back to splash.
 * - A footer page (/security) shows over the flow: the machine stays where it is (and is told, for
 *   the inactivity check) until it moves on its own, e.g. when the session ends.
 * - Every page the member lands on is reported once (PAGE_VIEWED: a pageview hit when there is a
 *   session; without one, an anonymous pageview), never a URL the gate put back, never twice for one
 *   page (StrictMode runs effects twice).
 */
export function useRouteSync(institutionId: string): void {
  const actor = FlowActor.useActorRef()
  const step = FlowActor.useSelector(stepOf)
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const previousStep = useRef(step)
  const lastPageview = useRef<string | null>(null)
  const inInstitution = pathname.startsWith(`/${institutionId}/`)
  const footerPage = useFooterPage(institutionId)

  useEffect(() => {
    actor.send({ type: 'FOOTER_PAGE', page: footerPage ?? null })
  }, [actor, footerPage])

  useEffect(() => {
    const before = previousStep.current
    previousStep.current = step
    if (!step) return // booting: the URL stays as typed until the institution is known
    const machineMoved = before !== step
    if (footerPage && (!machineMoved || before === undefined)) return
    const urlStep = inInstitution ? stepOfPath(pathname) : undefined
    if (urlStep === step) return
    if (!machineMoved) {
      actor.send({ type: 'GO_TO', step: urlStep ?? 'splash' })
      const now = stepOf(actor.getSnapshot())
      if (now === urlStep) return
      if (now !== step) return // moved elsewhere (e.g. splash): the next run of this effect follows it
    }
    void navigate(pathOf(institutionId, step), { replace: !machineMoved || before === undefined })
  }, [step, pathname, actor, navigate, institutionId, inInstitution, footerPage])

  useEffect(() => {
    if (!step) return
    const shown = footerPage ?? (stepOfPath(pathname) === step ? step : undefined)
    if (!shown || lastPageview.current === pathname) return
    lastPageview.current = pathname
    const pageTitle = footerPage ? FOOTER_PAGES[footerPage].title : pageTitleOf(step)
    const { session } = actor.getSnapshot().context
    actor.send({ type: 'PAGE_VIEWED', pagePath: pathname, pageTitle })
    // Without a user (splash, user-creation-error, find your contract) the pageview goes anonymously.
    if (!session) void api.sendAnonymousPageview(institutionId, anonymousPageviewEvent(pathname, pageTitle))
  }, [step, pathname, actor, footerPage, institutionId])
}
