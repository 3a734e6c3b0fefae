/**
 * The steps of the purchase flow and their static facts: route, progress, back target, title,
 * stepper label and gate. They are written once, in domain/steps.json, which the server reads too
 * (coverline_domain::steps): its build fails when a step of the API's `Step` has no row, or a row
 * names no step. The flow machine (flow-machine.ts) has one state per step, tagged with its name.
 */
import table from '../../../domain/steps.json'
import type { Step } from '../api/types'
import { product, screens, titles } from '../lib/product'

export type { Step }

/** What a member has reached on the way to a contract (domain/steps.json's milestones; gate.ts finds them). */
export type Milestone =
  | 'residence'
  | 'eligible'
  | 'vehicle'
  | 'mileage'
  | 'car'
  | 'quoted'
  | 'rate'
  | 'member'
  | 'nonMember'
  | 'verified'
  | 'codeSent'
  | 'booked'
  | 'bookingFailed'
  | 'paid'

/** The error states of spec section 8, one per error page (institution-contact is the non-member's). */
export type ErrorState =
  'Error-NoRatesReturned' | 'Error-InvalidState' | 'Error-NotAMember' | 'Error-UserCreation' | 'Error-Payment' | 'Error-Booking'

/** A row of domain/steps.json (its $comment says what each field means). */
interface StepRow {
  step: string
  path: string
  screen: { module: string; export?: string; mui: boolean }
  progress: number | null
  back: string | null
  backWhenMockVin?: string
  title: string | null
  pageTitle?: string
  showsCar?: boolean
  errorState?: string
  errorPage?: boolean
  slideGroup?: string
  stepper: number | null
  funnel: string | null
  recorded: boolean
  byUrl: boolean
  gate: { requires: string[]; forbids: string[]; urlRequires?: string[] }
}

export interface StepInfo {
  /** Route under /{institutionId}/. */
  path: string
  /** Its screen's module (as Vite names it from web/), the named export that is the screen, and whether it draws with MUI. */
  screen: { module: string; export?: string; mui: boolean }
  /** Progress bar value (spec section 2: ten steps of 10 % each); null hides the bar. */
  progress: number | null
  /** Where the back button goes (spec section 2's back table); null hides the button. */
  back: Step | null
  /** Where the back button goes instead when the car was found by description (a mock VIN). */
  backWhenMockVin?: Step
  /** Page title shown in the shared layout. */
  title: string
  /** Car pages show the decoded vehicle (year make model style) under the title. */
  showsCar?: boolean
  /** A shared error page: its back button is a chevron (spec section 2). */
  errorPage?: boolean
  /** The page's name for analytics (pageTitle) when the layout shows no title. */
  pageTitle?: string
  /** The error state the page stands for (spec section 8's Error-… names): its name in analytics. */
  errorState?: ErrorState
  /**
   * The stepper's active label (spec section 2's labels, product.stepper, an index into
   * STEPPER_LABELS; STEPPER_LABELS.length = all done); none hides it (error and contact pages).
   */
  stepper?: number
  /** Children of one nested route (verify-email: send-email, code-confirmation) slide into each other. */
  slideGroup?: 'verifyEmail'
  /** The member's checkout records the step (not the splash, not the user-creation error). */
  recorded: boolean
  /** The member may open it by URL (back, forward, a typed address); error and contact pages only come from the flow. */
  byUrl: boolean
  /** The allowed-route gate (spec section 4): the milestones that open the step (gate.ts). */
  gate: { requires: Milestone[]; forbids: Milestone[]; urlRequires: Milestone[] }
}

export const STEPPER_LABELS: readonly string[] = product.stepper

const rows = table.steps as StepRow[]

function infoOf(row: StepRow): StepInfo {
  return {
    path: row.path,
    screen: row.screen,
    progress: row.progress,
    back: row.back as Step | null,
    ...(row.backWhenMockVin ? { backWhenMockVin: row.backWhenMockVin as Step } : {}),
    title: row.title ? titles[row.title as keyof typeof titles] : '',
    ...(row.showsCar ? { showsCar: true } : {}),
    ...(row.errorPage ? { errorPage: true } : {}),
    ...(row.pageTitle ? { pageTitle: row.pageTitle } : {}),
    ...(row.errorState ? { errorState: row.errorState as ErrorState } : {}),
    ...(row.stepper !== null ? { stepper: row.stepper } : {}),
    ...(row.slideGroup ? { slideGroup: row.slideGroup as 'verifyEmail' } : {}),
    recorded: row.recorded,
    byUrl: row.byUrl,
    gate: {
      requires: row.gate.requires as Milestone[],
      forbids: row.gate.forbids as Milestone[],
      urlRequires: (row.gate.urlRequires ?? []) as Milestone[],
    },
  }
}

/** Every step, in the flow's order. */
export const STEPS: readonly Step[] = rows.map((row) => row.step as Step)

export const STEP_INFO = Object.fromEntries(rows.map((row) => [row.step, infoOf(row)])) as Record<Step, StepInfo>

/** '/summit-cu/user/car/mileage' for ('summit-cu', 'mileage'). */
export function pathOf(institutionId: string, step: Step): string {
  return `/${institutionId}/${STEP_INFO[step].path}`
}

const STEP_BY_PATH = new Map(STEPS.map((step) => [STEP_INFO[step].path, step]))

/** The route under /{institutionId}/ of a pathname ('user/car/mileage'), without trailing slashes. */
function routeOf(pathname: string): string {
  const [, , ...rest] = pathname.split('/')
  return rest.join('/').replace(/\/+$/, '')
}

/** The step a pathname shows, or undefined for an unknown route. */
export function stepOfPath(pathname: string): Step | undefined {
  return STEP_BY_PATH.get(routeOf(pathname))
}

/**
 * How the page for `to` arrives after the one for `from`: sliding on ('forward') or back between the
 * children of one nested route, else null (no slide).
 */
export function slideBetween(from: Step | undefined, to: Step): 'forward' | 'back' | null {
  const group = STEP_INFO[to].slideGroup
  if (!from || from === to || !group || STEP_INFO[from].slideGroup !== group) return null
  return STEPS.indexOf(to) > STEPS.indexOf(from) ? 'forward' : 'back'
}

/** The page's name for analytics: its error state's name, else its title, or its name when the layout shows none. */
export function pageTitleOf(step: Step): string {
  return STEP_INFO[step].errorState || STEP_INFO[step].title || STEP_INFO[step].pageTitle || ''
}

/**
 * Footer pages (spec sections 1 and 2): shown over the flow without moving it, loaded on demand.
 * /security explains how the member's data is protected; the inactivity check is off there.
 */
export const FOOTER_PAGES = { security: { path: 'security', title: screens.flow.securityTitle } } as const

export type FooterPage = keyof typeof FOOTER_PAGES

/** The footer page a pathname shows, or undefined. */
export function footerPageOfPath(pathname: string): FooterPage | undefined {
  const route = routeOf(pathname)
  return (Object.keys(FOOTER_PAGES) as FooterPage[]).find((page) => FOOTER_PAGES[page].path === route)
}

/** '/summit-cu/security' for ('summit-cu', 'security'). */
export function footerPathOf(institutionId: string, page: FooterPage): string {
  return `/${institutionId}/${FOOTER_PAGES[page].path}`
}
