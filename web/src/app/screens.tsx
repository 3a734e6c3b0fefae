import { lazy, useEffect, useState, type ComponentType, type LazyExoticComponent } from 'react'
import { STEP_INFO, STEPS, type FooterPage, type Step } from '../flow/steps'
import { loadChunk } from '../lib/chunk-load'

/**
 * MUI's theme comes with the first screen that draws with MUI (every screen but the splash and the
 * review): the screen is wrapped in it (components/mui-theme.tsx), and both modules load in parallel.
 */
const muiTheme = () => import('../components/mui-theme')

function themed(load: () => Promise<{ default: ComponentType }>): () => Promise<{ default: ComponentType }> {
  return () => Promise.all([load(), muiTheme()]).then(([screen, theme]) => ({ default: theme.withMuiTheme(screen.default) }))
}

type Module = Record<string, ComponentType>
/** Every page module under features/, each its own chunk, fetched only when asked for. */
const PAGE_MODULES = import.meta.glob<Module>(['../features/*/*-page.tsx', '../features/*/*-pages.tsx'])

/** A step's screen, from its row in domain/steps.json: its module's export, with MUI's theme when it draws with MUI. */
function screenLoader(step: Step): () => Promise<{ default: ComponentType }> {
  const { module, export: name = 'default', mui } = STEP_INFO[step].screen
  const load = PAGE_MODULES[module.replace(/^src\//, '../')]
  if (!load) throw new Error(`domain/steps.json: ${step}'s screen ${module} is not a page module`)
  const screen = () => load().then((loaded) => ({ default: loaded[name] }))
  return mui ? themed(screen) : screen
}

/** Each step's screen module, each in its own chunk (loaded through loadChunk: a ChunkLoadError when it fails). */
const SCREEN_MODULES = Object.fromEntries(STEPS.map((step) => [step, screenLoader(step)])) as Record<
  Step,
  () => Promise<{ default: ComponentType }>
>

/** Each step's module once asked for: the lazy screen and the preloads share one fetch. */
const requested = new Map<Step, Promise<{ default: ComponentType }>>()
/** The screens whose module has arrived. */
const arrived = new Map<Step, ComponentType>()
function screenModule(step: Step): Promise<{ default: ComponentType }> {
  let module = requested.get(step)
  if (!module) {
    module = loadChunk(SCREEN_MODULES[step])
    requested.set(step, module)
    module.then(
      (loaded) => arrived.set(step, loaded.default),
      () => requested.delete(step), // a failed fetch is tried again next time
    )
  }
  return module
}

/** The screen for each step, each in its own lazily loaded chunk. */
export const SCREENS = Object.fromEntries(STEPS.map((step) => [step, lazy(() => screenModule(step))])) as Record<
  Step,
  LazyExoticComponent<ComponentType>
>

/**
 * The screen for `step`, rendered directly once its code is there (null until then; the shell shows
 * its skeleton meanwhile). A lazy screen would suspend on its first render even with its code
 * fetched, and React holds a revealed Suspense fallback for 300 ms: a reloaded page would wait for
 * nothing. When the fetch fails, the lazy screen stands in (it fetches again, and fails as before
 * this hook). One component per step shown: a screen that changed type would be mounted again.
 */
export function useScreen(step: Step | undefined): ComponentType | null {
  const [fetched, setFetched] = useState<{ step: Step; Screen: ComponentType } | null>(null)
  const Screen = !step ? null : fetched?.step === step ? fetched.Screen : (arrived.get(step) ?? null)
  useEffect(() => {
    if (!step || Screen) return
    let current = true
    screenModule(step).then(
      (module) => current && setFetched({ step, Screen: module.default }),
      () => current && setFetched({ step, Screen: SCREENS[step] }),
    )
    return () => {
      current = false
    }
  }, [step, Screen])
  return Screen
}

/**
 * Starts fetching a step's screen before the flow gets there, e.g. the first page's while the
 * institution loads, so it shows without a second wait (issue 7). The lazy screen reuses the fetch.
 */
export function preloadScreen(step: Step): void {
  screenModule(step).catch(() => undefined)
}

/**
 * The screens a member goes on to from `step` (those whose back button leads to it; error pages
 * left out): fetched ahead, the next page shows without a loading wait (React holds a screen that
 * suspended for at least 300 ms).
 */
export function preloadNextScreens(step: Step): void {
  for (const next of STEPS) if (STEP_INFO[next].back === step && !STEP_INFO[next].errorPage) preloadScreen(next)
}

/** Integration mode's launch page (spec section 1: integration groups load on demand). */
export const IntegrationPage = lazy(() => loadChunk(themed(() => import('../features/integration/integration-page'))))

/** The footer pages, each loaded on demand (spec section 1: footer pages load on demand). */
export const FOOTER_SCREENS: Record<FooterPage, LazyExoticComponent<ComponentType>> = {
  security: lazy(() => loadChunk(themed(() => import('../features/security/security-page')))),
}
