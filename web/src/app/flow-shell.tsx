import CssBaseline from '@mui/material/CssBaseline'
import Typography from '@mui/material/Typography'
import Box from '@mui/material/Box'
import { ThemeProvider } from '@mui/material/styles'
import { Suspense, useMemo } from 'react'
import { AppLayout } from '../components/app-layout'
import { MessageDialog } from '../components/message-dialog'
import { PageSkeleton } from '../components/page-skeleton'
import { FlowActor, progressOf, stepOf } from '../flow/flow-actor'
import { STEP_INFO } from '../flow/steps'
import { useRouteSync } from '../flow/use-route-sync'
import { createBrandTheme } from '../lib/brand-theme'
import { SCREENS } from './screens'

const INACTIVE_TITLE = 'Oops...'
const INACTIVE_MESSAGE =
  'This application is no longer available. Please contact your Financial Institution for further assistance.'

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
  const theme = useMemo(() => createBrandTheme(branding?.colors), [branding?.colors])
  return (
    <ThemeProvider
      theme={theme}
      defaultMode={branding?.shouldStartInDarkMode ? 'dark' : 'light'}
      modeStorageKey={`coverline-mode-${institutionId}`}
    >
      <CssBaseline />
      {booting && <PageSkeleton />}
      {unknown && (
        <Box sx={{ p: 4 }}>
          <Typography variant="h5" component="h1">
            This page is not available.
          </Typography>
        </Box>
      )}
      <MessageDialog open={inactive} title={INACTIVE_TITLE} message={INACTIVE_MESSAGE} actions={[]} testId="inactive-dialog" />
      {!booting && !inactive && !unknown && <CurrentScreen />}
    </ThemeProvider>
  )
}
