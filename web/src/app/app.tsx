import { lazy, Suspense, useEffect, useState } from 'react'
import { api } from '../api/client'
import { ChunkErrorBoundary } from '../components/chunk-error-boundary'
import { PageSkeleton } from '../components/page-skeleton'
import { FlowActor } from '../flow/flow-actor'
import { integrationLaunchOf } from '../flow/integration-launch'
import type { Scheme } from '../lib/brand-colors'
import { loadChunk } from '../lib/chunk-load'
import { previewModeOf } from '../lib/color-mode'
import { screens } from '../lib/product'
import { inPartnerFrame } from '../flow/partner-frame'
import { restoreSourceOf } from '../flow/restore-source'
import { matchPath, useLocation } from '../lib/router'
import { removeStaticShell, StaticShellDone } from '../lib/static-shell'
import { FlowShell } from './flow-shell'
import { preloadScreen } from './screens'

/** The contract finder: outside the purchase flow (no session needed, the flow's session untouched). */
const FindContractPage = lazy(() => loadChunk(() => import('../features/find-contract/find-contract-page')))

/** The staff console (docs/staff.md): its own chunks, never part of the member's first load. */
const StaffApp = lazy(() => loadChunk(() => import('../staff/staff-app')))

/** The staff console's branding previews of member pages: outside the flow, each its own chunk. */
const SplashPreviewPage = lazy(() => loadChunk(() => import('../features/splash/splash-preview-page')))
const CoveragePreviewPage = lazy(() => loadChunk(() => import('../features/coverage/coverage-preview-page')))

/** Which member page a branding preview shows, and in which mode (null: the institution's own). */
type Preview = { page: 'splash' | 'coverage'; institutionId: string; mode: Scheme | null }

/**
 * A branding preview (components/preview-frame.tsx): the splash with `?preview=light|dark`
 * (/{institutionId} or /{institutionId}/splash), or /{institutionId}/coverage-preview (its mode from
 * `?preview=`, else the institution's). Any other page with `?preview=` is the member's as usual.
 */
function previewOf(pathname: string, search: string): Preview | null {
  const mode = previewModeOf(search)
  const coverage = matchPath('/:institutionId/coverage-preview', pathname)
  if (coverage) return { page: 'coverage', institutionId: coverage.institutionId, mode }
  const splash = matchPath('/:institutionId/splash', pathname) ?? matchPath('/:institutionId', pathname)
  return splash && mode ? { page: 'splash', institutionId: splash.institutionId, mode } : null
}

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

function BrandingPreview({ preview }: { preview: Preview }) {
  return (
    <ChunkErrorBoundary>
      <Suspense fallback={<PageSkeleton />}>
        {preview.page === 'splash' ? (
          <SplashPreviewPage
            key={preview.institutionId}
            institutionId={preview.institutionId}
            loadInstitution={api.getInstitution}
            mode={preview.mode}
            onDrawn={removeStaticShell}
          />
        ) : (
          <CoveragePreviewPage
            key={preview.institutionId}
            institutionId={preview.institutionId}
            loadInstitution={api.getInstitution}
            mode={preview.mode}
            onDrawn={removeStaticShell}
          />
        )}
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
 * /:institutionId: a branding preview (the splash with ?preview=, coverage-preview) runs outside the
 * flow and its session. The find-your-contract link is the one /user route that needs no session;
 * everywhere else the flow machine decides which screen shows. Whatever fails to load or render
 * shows a reload message (ChunkErrorBoundary), never a blank page; the flow's own boundary keeps its
 * page frame around the message.
 */
export function App() {
  const { pathname, search } = useLocation()
  const staff = matchPath('/staff/*', pathname)
  const preview = staff ? null : previewOf(pathname, search)
  const contract = matchPath('/:institutionId/user/:userId/policy/:policyId', pathname)
  const institution = matchPath('/:institutionId/*', pathname)
  return (
    <ChunkErrorBoundary>
      {staff ? (
        <Staff />
      ) : preview ? (
        <BrandingPreview preview={preview} />
      ) : contract ? (
        <FindContract institutionId={contract.institutionId} userId={contract.userId} policyId={contract.policyId} />
      ) : institution ? (
        <InstitutionFlow key={institution.institutionId} institutionId={institution.institutionId} />
      ) : (
        <>
          <p>{screens.components.pageNotAvailable}</p>
          <StaticShellDone />
        </>
      )}
    </ChunkErrorBoundary>
  )
}
