import AppBar from '@mui/material/AppBar'
import Box from '@mui/material/Box'
import Container from '@mui/material/Container'
import IconButton from '@mui/material/IconButton'
import LinearProgress from '@mui/material/LinearProgress'
import Toolbar from '@mui/material/Toolbar'
import Typography from '@mui/material/Typography'
import { useColorScheme } from '@mui/material/styles'
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react'
import { loadChunk } from '../lib/chunk-load'
import { AppFooter, type FooterLink } from './app-footer'
import { ArrowBackIcon, ChevronLeftIcon, DarkModeIcon, LightModeIcon } from './icons'

export interface AppLayoutProps {
  title: string
  /** 0–100; null hides the bar. */
  progress: number | null
  /** Shown only when there is somewhere to go back to. */
  onBack?: () => void
  logoUrl: string | null
  institutionName: string
  /** 'Year Make Model Style' on car pages. */
  carLine?: string | null
  allowDarkModeToggle: boolean
  /** Error pages go back with a chevron. */
  backIcon?: 'arrow' | 'chevron'
  /**
   * The institution's header with its logo (branding.shouldHaveHeader); off inside a partner's
   * frame (integration mode). Without it, back and the dark-mode toggle stay on a plain bar.
   */
  header?: boolean
  /** The purchase's stepper: its labels and the active one; none hides it. */
  stepper?: StepperProps | null
  /** Links in the footer (footer pages); none hides the footer. */
  footerLinks?: readonly FooterLink[]
  children: ReactNode
}

type StepperProps = { labels: readonly string[]; activeStep: number }

/**
 * The stepper is on no page of the first load (the splash): its code is fetched once the first page
 * shows (preloadStepper, or alongside a reloaded page's restore), or with the first page that shows
 * it. Once its code is there it renders directly, with the page: a lazy component would suspend on
 * its first render even then, and React holds a revealed fallback 300 ms (an empty band over a
 * reloaded page).
 */
let arrivedStepper: ComponentType<StepperProps> | null = null
const loadStepper = () =>
  loadChunk(() => import('./flow-stepper')).then((module) => {
    arrivedStepper = module.default
    return module
  })
const LazyStepper = lazy(loadStepper)
/** Fetches the stepper's code ahead of the first page that shows it. */
export function preloadStepper(): void {
  loadStepper().catch(() => undefined)
}
/** The stepper's height (px; its labels wrap on a phone), kept while its code loads so the page does not shift. */
const STEPPER_HEIGHT = { xs: 74.3, sm: 57.2 }

function DarkModeToggle() {
  const { mode, systemMode, setMode } = useColorScheme()
  const current = mode === 'system' ? systemMode : mode
  const dark = current === 'dark'
  return (
    <IconButton
      aria-label={dark ? 'Switch to light mode' : 'Switch to dark mode'}
      data-testid="dark-mode-toggle"
      onClick={() => setMode(dark ? 'light' : 'dark')}
    >
      {dark ? <LightModeIcon /> : <DarkModeIcon />}
    </IconButton>
  )
}

/** The shared page frame: back button, institution logo, progress bar, stepper, title, car line and footer. */
export function AppLayout(props: AppLayoutProps) {
  const header = props.header ?? true
  const FlowStepper = arrivedStepper ?? LazyStepper
  return (
    <Box
      sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default', color: 'text.primary' }}
    >
      <AppBar
        position="static"
        color="inherit"
        elevation={0}
        data-testid={header ? 'app-header' : undefined}
        sx={{ borderBottom: header ? 1 : 0, borderColor: 'divider' }}
      >
        <Toolbar variant={header ? 'regular' : 'dense'} sx={{ gap: 1 }}>
          <Box sx={{ width: 48 }}>
            {props.onBack && (
              <IconButton aria-label="Back" data-testid="back-button" onClick={props.onBack} edge="start">
                {props.backIcon === 'chevron' ? <ChevronLeftIcon /> : <ArrowBackIcon />}
              </IconButton>
            )}
          </Box>
          <Box sx={{ flex: 1, display: 'flex', justifyContent: 'center' }}>
            {!header ? null : props.logoUrl ? (
              <Box
                component="img"
                src={props.logoUrl}
                alt={props.institutionName}
                data-testid="institution-logo"
                sx={{ maxHeight: 48, maxWidth: 220 }}
              />
            ) : (
              <Typography variant="h6">{props.institutionName}</Typography>
            )}
          </Box>
          <Box sx={{ width: 48 }}>{props.allowDarkModeToggle && <DarkModeToggle />}</Box>
        </Toolbar>
        {props.progress !== null && (
          <LinearProgress variant="determinate" value={props.progress} aria-label="Progress" data-testid="progress-bar" />
        )}
      </AppBar>
      <Container maxWidth="sm" component="main" sx={{ py: 4, flex: 1 }}>
        {props.stepper && (
          <Suspense fallback={<Box sx={{ height: STEPPER_HEIGHT, mb: 3 }} />}>
            <FlowStepper labels={props.stepper.labels} activeStep={props.stepper.activeStep} />
          </Suspense>
        )}
        {props.title && (
          <Typography variant="h5" component="h1" gutterBottom data-testid="page-title">
            {props.title}
          </Typography>
        )}
        {props.carLine && (
          <Typography variant="subtitle1" color="text.secondary" gutterBottom data-testid="car-line">
            {props.carLine}
          </Typography>
        )}
        <Box sx={{ mt: 2 }}>{props.children}</Box>
      </Container>
      {props.footerLinks && props.footerLinks.length > 0 && <AppFooter links={props.footerLinks} />}
    </Box>
  )
}
