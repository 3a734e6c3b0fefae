import { lazy, Suspense, type ComponentType, type ReactNode } from 'react'
import { loadChunk } from '../lib/chunk-load'
import { setColorMode, useColorMode } from '../lib/color-mode'
import type { Language } from '../api/types'
import { screens } from '../lib/product'
import { AppFooter, type FooterLink } from './app-footer'
import { FrameIcon } from './frame-icons'
import { LanguageSwitch } from './language-switch'

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
  /** The institution's languages: with two, the bar offers the other one. */
  languages?: readonly Language[]
  /** Keeps a language chosen on the switch with the member's checkout (when signed in). */
  keepLanguage?: (language: Language) => Promise<unknown>
  /** Error pages go back with a chevron. */
  backIcon?: 'arrow' | 'chevron'
  /**
   * The institution's header (branding.shouldHaveHeader): a taller, ruled bar; off inside a
   * partner's frame (integration mode). Without it the bar is dense; back, the institution's logo
   * and the dark-mode toggle are on it either way.
   */
  header?: boolean
  /** The purchase's stepper: its labels and the active one; none hides it. */
  stepper?: StepperProps | null
  /** Links in the footer (footer pages); none hides the footer. */
  footerLinks?: readonly FooterLink[]
  /** Above the bar: the branding preview's banner (components/preview-frame.tsx). */
  banner?: ReactNode
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

function DarkModeToggle() {
  const dark = useColorMode() === 'dark'
  return (
    <button
      type="button"
      className="cl-icon-button"
      aria-label={dark ? screens.components.switchToLightMode : screens.components.switchToDarkMode}
      data-testid="dark-mode-toggle"
      onClick={() => setColorMode(dark ? 'light' : 'dark')}
    >
      <FrameIcon name={dark ? 'lightMode' : 'darkMode'} />
    </button>
  )
}

/** The bar's progress (MUI's determinate LinearProgress, drawn by index.html's .cl-progress). */
function ProgressBar({ value }: { value: number }) {
  return (
    <div
      className="cl-progress"
      role="progressbar"
      aria-label={screens.components.progressLabel}
      aria-valuenow={Math.round(value)}
      aria-valuemin={0}
      aria-valuemax={100}
      data-testid="progress-bar"
    >
      <div style={{ transform: `translateX(${value - 100}%)` }} />
    </div>
  )
}

/**
 * The shared page frame: back button, institution logo (with or without the header, spec section
 * 2), progress bar, stepper, title, car line and footer. Plain HTML on index.html's classes, the ones
 * the server's static shell is drawn with: the frame has no styling cost at run time and lands
 * exactly where the shell stood.
 */
export function AppLayout(props: AppLayoutProps) {
  const header = props.header ?? true
  const FlowStepper = arrivedStepper ?? LazyStepper
  return (
    <div className="cl-page">
      {props.banner}
      <header
        className={`cl-bar ${header ? 'cl-bar-header' : 'cl-bar-dense'}${(props.languages?.length ?? 0) > 1 ? ' cl-bar-wide' : ''}`}
        data-testid={header ? 'app-header' : undefined}
      >
        <div className="cl-bar-side">
          {props.onBack && (
            <button
              type="button"
              className="cl-icon-button cl-back"
              aria-label={screens.components.backButton}
              data-testid="back-button"
              onClick={props.onBack}
            >
              <FrameIcon name={props.backIcon === 'chevron' ? 'chevronLeft' : 'arrowBack'} />
            </button>
          )}
        </div>
        <div className="cl-bar-middle">
          {props.logoUrl ? (
            <img className="cl-logo" src={props.logoUrl} alt={props.institutionName} data-testid="institution-logo" />
          ) : (
            <p className="cl-h6">{props.institutionName}</p>
          )}
        </div>
        <div className="cl-bar-side cl-bar-end">
          {props.languages && <LanguageSwitch languages={props.languages} keep={props.keepLanguage} />}
          {props.allowDarkModeToggle && <DarkModeToggle />}
        </div>
      </header>
      {props.progress !== null && <ProgressBar value={props.progress} />}
      <main className="cl-main">
        {props.stepper && (
          <Suspense fallback={<div className="cl-stepper" />}>
            <FlowStepper labels={props.stepper.labels} activeStep={props.stepper.activeStep} />
          </Suspense>
        )}
        {props.title && (
          <h1 className="cl-h5 cl-title" data-testid="page-title">
            {props.title}
          </h1>
        )}
        {props.carLine && (
          <p className="cl-subtitle" data-testid="car-line">
            {props.carLine}
          </p>
        )}
        <div className="cl-content">{props.children}</div>
      </main>
      {props.footerLinks && props.footerLinks.length > 0 && <AppFooter links={props.footerLinks} />}
    </div>
  )
}
