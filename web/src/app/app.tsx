import { lazy, Suspense } from 'react'
import { Route, Routes, useParams } from 'react-router'
import { PageSkeleton } from '../components/page-skeleton'
import { FlowActor } from '../flow/flow-actor'
import { FlowShell } from './flow-shell'

/** Find your contract: outside the purchase flow (no session needed, the flow's session untouched). */
const FindContractPage = lazy(() => import('../features/find-contract/find-contract-page'))

function InstitutionApp() {
  const { institutionId = '' } = useParams()
  return (
    <FlowActor.Provider key={institutionId} options={{ input: { institutionId } }}>
      <FlowShell institutionId={institutionId} />
    </FlowActor.Provider>
  )
}

function FindContract() {
  const { institutionId, userId, policyId } = useParams()
  return (
    <Suspense fallback={<PageSkeleton />}>
      <FindContractPage key={`${institutionId}/${userId}/${policyId}`} />
    </Suspense>
  )
}

/**
 * Every route lives under /:institutionId. The find-your-contract link is the one /user route that
 * needs no session; everywhere else the flow machine decides which screen shows.
 */
export function App() {
  return (
    <Routes>
      <Route path="/:institutionId/user/:userId/policy/:policyId" element={<FindContract />} />
      <Route path="/:institutionId/*" element={<InstitutionApp />} />
      <Route path="*" element={<p>This page is not available.</p>} />
    </Routes>
  )
}
