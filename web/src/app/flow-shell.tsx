import { startTransition, Suspense, useEffect, useState } from 'react'
import { AppLayout, preloadStepper } from '../components/app-layout'
import { BrandFrame, InactiveInstitutionDialog, InstitutionNotFound } from '../components/brand-frame'
import { ChunkErrorBoundary } from '../components/chunk-error-boundary'
import { preloadMessageDialog } from '../components/message-dialog'
import { whenIdle } from '../lib/when-idle'
import { PageSkeleton } from '../components/page-skeleton'
import { SlideIn } from '../components/slide-in'
import { NoticeDialog } from '../features/notice/notice-dialog'
import { SessionWarningDialog } from '../features/session/session-warning-dialog'
import { api } from '../api/client'
import type { Language } from '../api/types'
import { FlowActor, progressOf, stepOf, useFlowSend } from '../flow/flow-actor'
import {
  FOOTER_PAGES,
  footerPathOf,
  pathOf,
  slideBetween,
  stepOfPath,
  STEP_INFO,
  STEPPER_LABELS,
  type FooterPage,
  type Step,
} from '../flow/steps'
import { useCheckoutRecording } from '../flow/use-checkout-recording'
import { useLocation, useNavigate } from '../lib/router'
import { StaticShellDone } from '../lib/static-shell'
import { useMemberActivity } from '../flow/use-member-activity'
import { useFooterPage, useRouteSync } from '../flow/use-route-sync'
import { FOOTER_SCREENS, IntegrationPage, preloadNextScreens, preloadScreen, useScreen } from './screens'

/** The footer's links: every footer page of the institution. */
function footerLinksOf(institutionId: string) {
  return (Object.keys(FOOTER_PAGES) as FooterPage[]).map((page) => ({
    page,
    label: FOOTER_PAGES[page].title,
    to: footerPathOf(institutionId, page),
  }))
}

/** How the current step's page arrived (slid in from the step before, or not), fixed while it shows. */
function useSlideDirection(step: Step | undefined) {
  const [shown, setShown] = useState<{ step: Step | undefined; direction: ReturnType<typeof slideBetween> }>({
    step,
    direction: null,
  })
  if (shown.step !== step) {
    const next = { step, direction: step ? slideBetween(shown.step, step) : null }
    setShown(next)
    return next.direction
  }
  return shown.direction
}

/**
 * The flow's page. The first one after the page loads (the splash, or coverage after a partner's
 * launch) is rendered in the background (a transition: React renders it in slices that yield to the
 * browser) while the server's shell or the skeleton stays, so a heavy first page never holds a
 * phone's main thread in one long task. Later pages render at once: a member waiting on a step
 * would wait longer for a deferred one (VIN submit -> prices, bench/).
 */
function CurrentScreen() {
  const [started, setStarted] = useState(false)
  useEffect(() => startTransition(() => setStarted(true)), [])
  return started ? <StepScreen /> : <PageSkeleton />
}

function StepScreen() {
  const send = useFlowSend()
  const step = FlowActor.useSelector(stepOf)
  const progress = FlowActor.useSelector(progressOf)
  const institution = FlowActor.useSelector((s) => s.context.institution)
  const keepLanguage = useKeepLanguage()
  const vehicle = FlowActor.useSelector((s) => s.context.vehicle)
  const integrationMode = FlowActor.useSelector((s) => s.context.integrationMode)
  const slide = useSlideDirection(step)
  const Screen = useScreen(step)
  if (!step || !institution) return null
  const info = STEP_INFO[step]
  const carLine =
    info.showsCar && vehicle ? [vehicle.year, vehicle.make, vehicle.model, vehicle.style].filter(Boolean).join(' ') : null
  return (
    <AppLayout
      title={info.title}
      progress={progress}
      // Inside a partner's page there is no splash to go back to (integration mode).
      onBack={info.back && !(integrationMode && info.back === 'splash') ? () => send({ type: 'BACK' }) : undefined}
      logoUrl={institution.logoUrl}
      institutionName={institution.name}
      carLine={carLine}
      allowDarkModeToggle={institution.branding.allowDarkModeToggle}
      languages={institution.applicationSettings.languages}
      keepLanguage={keepLanguage}
      backIcon={info.errorPage ? 'chevron' : 'arrow'}
      header={institution.branding.shouldHaveHeader && !integrationMode}
      stepper={info.stepper === undefined ? null : { labels: STEPPER_LABELS, activeStep: info.stepper }}
      footerLinks={integrationMode ? undefined : footerLinksOf(institution.institutionId)}
    >
      {/* A screen whose code did not load (ChunkLoadError) shows a reload message inside the frame. */}
      <ChunkErrorBoundary key={step}>
        {Screen ? (
          <Suspense fallback={<PageSkeleton />}>
            <SlideIn key={step} direction={slide}>
              {/* useScreen hands out the step's screen from a module-level registry: one component per step, the same on every render. */}
              {/* eslint-disable-next-line react-hooks/static-components -- a registered screen, not a component made here */}
              <Screen />
            </SlideIn>
            <PreloadAhead step={step} />
            <StaticShellDone />
          </Suspense>
        ) : (
          <PageSkeleton />
        )}
      </ChunkErrorBoundary>
    </AppLayout>
  )
}

/**
 * Once a step's screen shows (inside its Suspense boundary, so not while its own code loads) and the
 * browser is idle after painting it, the code that may be needed next is fetched: the stepper, the
 * dialogs, the next steps' screens.
 */
function PreloadAhead({ step }: { step: Step }) {
  useEffect(
    () =>
      whenIdle(() => {
        preloadStepper()
        preloadMessageDialog()
        preloadNextScreens(step)
      }),
    [step],
  )
  return null
}

/**
 * While a reloaded page's checkout is restored, its screen's code (with MUI's theme when it draws
 * with MUI) and the stepper's, when the page has it, are fetched alongside (a reload shows the page of
 * its URL, almost always the step the server has): it renders at once when the restore answers. A
 * continue link's URL names no step: the server's page preloads the link's (api/src/http/web_page.rs).
 */
function usePreloadRestoredScreen(institutionId: string) {
  const restoring = FlowActor.useSelector((s) => s.matches('restoring'))
  const { pathname } = useLocation()
  useEffect(() => {
    const step = restoring && pathname.startsWith(`/${institutionId}/`) ? stepOfPath(pathname) : undefined
    if (!step) return
    preloadScreen(step)
    if (STEP_INFO[step].stepper !== undefined) preloadStepper()
  }, [restoring, pathname, institutionId])
}

/**
 * A footer page over the flow (the flow stays on its step): back returns to the page the member
 * came from, or to the flow's page when the footer page was opened first.
 */
function FooterScreen({ page }: { page: FooterPage }) {
  const navigate = useNavigate()
  const location = useLocation()
  const step = FlowActor.useSelector(stepOf)
  const institution = FlowActor.useSelector((s) => s.context.institution)
  const keepLanguage = useKeepLanguage()
  const integrationMode = FlowActor.useSelector((s) => s.context.integrationMode)
  if (!institution) return null
  const Screen = FOOTER_SCREENS[page]
  const back = () => {
    if (location.key === 'default') void navigate(pathOf(institution.institutionId, step ?? 'splash'), { replace: true })
    else void navigate(-1)
  }
  return (
    <AppLayout
      title={FOOTER_PAGES[page].title}
      progress={null}
      onBack={back}
      logoUrl={institution.logoUrl}
      institutionName={institution.name}
      allowDarkModeToggle={institution.branding.allowDarkModeToggle}
      languages={institution.applicationSettings.languages}
      keepLanguage={keepLanguage}
      header={institution.branding.shouldHaveHeader && !integrationMode}
    >
      <ChunkErrorBoundary key={page}>
        <Suspense fallback={<PageSkeleton />}>
          <Screen />
          <StaticShellDone />
        </Suspense>
      </ChunkErrorBoundary>
    </AppLayout>
  )
}

/** Integration mode's launch (spec section 2): a skeleton while the code is exchanged, or why it failed. */
function IntegrationScreen() {
  const institution = FlowActor.useSelector((s) => s.context.institution)
  const keepLanguage = useKeepLanguage()
  if (!institution) return null
  return (
    <AppLayout
      title=""
      progress={null}
      logoUrl={institution.logoUrl}
      institutionName={institution.name}
      allowDarkModeToggle={institution.branding.allowDarkModeToggle}
      languages={institution.applicationSettings.languages}
      keepLanguage={keepLanguage}
      header={false}
    >
      <ChunkErrorBoundary>
        <Suspense fallback={<PageSkeleton />}>
          <IntegrationPage />
          <StaticShellDone />
        </Suspense>
      </ChunkErrorBoundary>
    </AppLayout>
  )
}

/**
 * Boot and a resumed checkout's restore (skeleton), inactive institution (dialog), unknown
 * institution, integration mode's launch, a footer page, or the flow's current screen; the session's
 * timeout warning and the flow's notice over any of them. The member's steps are recorded meanwhile.
 */
export function FlowShell({ institutionId }: { institutionId: string }) {
  useRouteSync(institutionId)
  useMemberActivity()
  useCheckoutRecording()
  usePreloadRestoredScreen(institutionId)
  const footerPage = useFooterPage(institutionId)
  const booting = FlowActor.useSelector((s) => s.matches('boot') || s.matches('restoring'))
  const inactive = FlowActor.useSelector((s) => s.matches('inactive'))
  const unknown = FlowActor.useSelector((s) => s.matches('unknownInstitution'))
  const integrating = FlowActor.useSelector((s) => s.matches('integration'))
  const branding = FlowActor.useSelector((s) => s.context.institution?.branding)
  return (
    <BrandFrame institutionId={institutionId} branding={branding}>
      {booting && <PageSkeleton />}
      {unknown && <InstitutionNotFound />}
      {(unknown || inactive) && <StaticShellDone />}
      <InactiveInstitutionDialog open={inactive} />
      {integrating && <IntegrationScreen />}
      {!booting && !inactive && !unknown && !integrating && footerPage && <FooterScreen page={footerPage} />}
      {!booting && !inactive && !unknown && !integrating && !footerPage && <CurrentScreen />}
      <SessionWarningDialog />
      <NoticeDialog />
    </BrandFrame>
  )
}

/** A signed-in member's language choice, kept with their checkout (the page's switch); none before sign-up. */
function useKeepLanguage(): ((language: Language) => Promise<unknown>) | undefined {
  const session = FlowActor.useSelector((s) => s.context.session)
  return session ? (language) => api.setLanguage(session, language) : undefined
}
