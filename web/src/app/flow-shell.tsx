import { Suspense } from 'react'
import { AppLayout } from '../components/app-layout'
import { BrandFrame, InactiveInstitutionDialog, InstitutionNotFound } from '../components/brand-frame'
import { PageSkeleton } from '../components/page-skeleton'
import { FlowActor, progressOf, stepOf } from '../flow/flow-actor'
import { STEP_INFO } from '../flow/steps'
import { useRouteSync } from '../flow/use-route-sync'
import { SCREENS } from './screens'

function CurrentScreen() {
  const send = FlowActor.useActorRef().send
  const step = FlowActor.useSelector(stepOf)
  const progress = FlowActor.useSelector(progressOf)
  const institution = FlowActor.useSelector((s) => s.context.institution)
  const vehicle = FlowActor.useSelector((s) => s.context.vehicle)
  if (!step || !institution) return null
  const info = STEP_INFO[step]
  const Screen = SCREENS[step]
  const carLine =
    info.showsCar && vehicle ? [vehicle.year, vehicle.make, vehicle.model, vehicle.style].filter(Boolean).join(' ') : null
  return (
    <AppLayout
      title={info.title}
      progress={progress}
      onBack={info.back ? () => send({ type: 'BACK' }) : undefined}
      logoUrl={institution.logoUrl}
      institutionName={institution.name}
      carLine={carLine}
      allowDarkModeToggle={institution.branding.allowDarkModeToggle}
      backIcon={info.errorPage ? 'chevron' : 'arrow'}
    >
      <Suspense fallback={<PageSkeleton />}>
        <Screen />
      </Suspense>
    </AppLayout>
  )
}

/** Boot (skeleton), inactive institution (dialog), unknown institution, or the flow's current screen. */
export function FlowShell({ institutionId }: { institutionId: string }) {
  useRouteSync(institutionId)
  const booting = FlowActor.useSelector((s) => s.matches('boot'))
  const inactive = FlowActor.useSelector((s) => s.matches('inactive'))
  const unknown = FlowActor.useSelector((s) => s.matches('unknownInstitution'))
  const branding = FlowActor.useSelector((s) => s.context.institution?.branding)
  return (
    <BrandFrame institutionId={institutionId} branding={branding}>
      {booting && <PageSkeleton />}
      {unknown && <InstitutionNotFound />}
      <InactiveInstitutionDialog open={inactive} />
      {!booting && !inactive && !unknown && <CurrentScreen />}
    </BrandFrame>
  )
}
