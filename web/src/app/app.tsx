import { lazy, Suspense, useEffect, useState } from 'react'
import { ChunkErrorBoundary } from '../components/chunk-error-boundary'
import { PageSkeleton } from '../components/page-skeleton'
import { FlowActor } from '../flow/flow-actor'
import { integrationLaunchOf } from '../flow/integration-launch'
import { loadChunk } from '../lib/chunk-load'
import { inPartnerFrame } from '../flow/partner-frame'
import { restoreSourceOf } from '../flow/restore-source'
import { matchPath, useLocation } from '../lib/router'
import { StaticShellDone } from '../lib/static-shell'
import { FlowShell } from './flow-shell'
import { preloadScreen } from './screens'

/** The contract finder: outside the purchase flow (no session needed, the flow's session untouched). */
const FindContractPage = lazy(() => loadChunk(() => import('../features/find-contract/find-contract-page')))

/** The staff console (docs/staff.md): its own chunks, never part of the member's first load. */
const StaffApp = lazy(() => loadChunk(() => import('../staff/staff-app')))

/**
 * One institution's flow; where it opened decides integration mode (spec section 2), or that the
 * member's checkout is found again (a reloaded /user page, a continue link).
 */
function InstitutionFlow({ institutionId }: { institutionId: string }) {
  const { pathname, search } = useLocation()
  const [integrationLaunch] = useState(() => integrationLaunchOf(pathname, search))
  const [restoreSource] = useState(() => (integrationLaunch ? null : restoreSourceOf(pathname)))
  const [partnerFrame] = useState(inPartnerFrame)
  // The first screen's code loads while the institution does: the splash, or a partner's launch's
  // coverage (silent) or lookup choice (selection). A restored checkout's screen is known once the
  // restore answers; nothing is fetched ahead of it.
  useEffect(() => {
    if (restoreSource) return
    preloadScreen(!integrationLaunch ? 'splash' : integrationLaunch.mode === 'silent' ? 'coverage' : 'lookup')
  }, [integrationLaunch, restoreSource])
  return (
    <FlowActor.Provider options={{ input: { institutionId, integrationLaunch, restoreSource, partnerFrame } }}>
      <FlowShell institutionId={institutionId} />
    </FlowActor.Provider>
  )
}

function FindContract(contract: { institutionId: string; userId: string; policyId: string }) {
  return (
    <ChunkErrorBoundary>
      <Suspense fallback={<PageSkeleton />}>
        <FindContractPage key={`${contract.institutionId}/${contract.userId}/${contract.policyId}`} {...contract} />
        <StaticShellDone />
      </Suspense>
    </ChunkErrorBoundary>
  )
}

function Staff() {
  return (
    <ChunkErrorBoundary>
      <Suspense fallback={<PageSkeleton />}>
        <StaffApp />
        <StaticShellDone />
      </Suspense>
    </ChunkErrorBoundary>
  )
}

/**
 * /staff (and below it) is the staff console, loaded on its own. Every other route lives under
 * /:institutionId. The find-your-contract link is the one /user route that needs no session;
 * everywhere else the flow machine decides which screen shows. Whatever fails to load or render
 * shows a reload message (ChunkErrorBoundary), never a blank page; the flow's own boundary keeps its
 * page frame around the message.
 */
export function App() {
  const { pathname } = useLocation()
  const staff = matchPath('/staff/*', pathname)
  const contract = matchPath('/:institutionId/user/:userId/policy/:policyId', pathname)
  const institution = matchPath('/:institutionId/*', pathname)
  return (
    <ChunkErrorBoundary>
      {staff ? (
        <Staff />
      ) : contract ? (
        <FindContract institutionId={contract.institutionId} userId={contract.userId} policyId={contract.policyId} />
      ) : institution ? (
        <InstitutionFlow key={institution.institutionId} institutionId={institution.institutionId} />
      ) : (
        <>
          <p>This page is not available.</p>
          <StaticShellDone />
        </>
      )}
    </ChunkErrorBoundary>
  )
}
