/**
 * The staff console's calls (docs/staff.md, all under /api/staff) and their JSON: from schema.gen.ts
 * where the API's OpenAPI document carries them (the institutions and integrators, the cancellation
 * terms), the others typed by hand as the document writes them until it does. Times are unix seconds unless marked ms; amounts are cents.
 * The session is the `coverline_staff` cookie (same origin); every POST carries the session's CSRF
 * token and an Idempotency-Key.
 */
import type { components } from '../api/schema.gen'

/** What a person of the staff may do. */
export type StaffRole = 'support' | 'manager' | 'admin'

/** An institution the person may see (every one for an admin or the operator's staff). */
export interface StaffInstitution {
  institutionId: string
  name: string
}

/** `GET /me`: who is signed in. */
export interface StaffMe {
  name: string
  email: string
  roles: StaffRole[]
  /** Null: every institution. */
  institutionId: string | null
  /** Sent back as `X-CSRF-Token` with every POST. */
  csrfToken: string
  /** Unix seconds. */
  expiresAt: number
  institutions: StaffInstitution[]
}

export interface FoundCheckout {
  workflowId: string
  step: string
  version: number
  updatedAt: number
}

export interface FoundPurchase {
  policyId: string
  workflowId: string
  status: string
  contractNumber: string | null
  createdAt: number
  updatedAt: number
}

/** A member found by `GET /search`: one sign-up, its checkout and its purchases. */
export interface FoundMember {
  userId: string
  institutionId: string
  email: string
  name: string | null
  signedUpAt: number
  checkout: FoundCheckout | null
  purchases: FoundPurchase[]
}

export interface SearchAnswer {
  members: FoundMember[]
}

export interface PaperCopyState {
  reason: string
  requestedAt: number
  mailedAt: number | null
  mailedBy: string | null
}

export interface RefundStateDetail {
  /** `card` or `check`. */
  refundBy: string
  refundCents: number
  dueBy: string | null
  paidAt: number | null
  checkNumber: string | null
}

export interface TimelineEntry {
  /** Unix milliseconds. */
  at: number
  kind: string
  actor: string
  detail: string | null
}

export interface PendingActivity {
  activity: string
  attempt: number
  lastFailure: string | null
}

export interface WorkflowState {
  workflowId: string
  /** The workflow's history in the Temporal UI. */
  historyUrl: string
  execution: string | null
  historyLength: number | null
  pending: PendingActivity[]
  /** What could not be read. */
  problem: string | null
}

/** What may be done to the purchase now. */
export interface PurchaseActions {
  retryBooking: boolean
  resendEmails: boolean
  cancel: boolean
  refundPaid: boolean
  paperMailed: boolean
}

/** `GET /policy/{id}`. */
export interface PurchaseDetail {
  policyId: string
  userId: string
  institutionId: string
  memberName: string | null
  email: string
  status: string
  contractNumber: string | null
  lastError: string | null
  vin: string
  coverageName: string
  priceCents: number
  rateTaxCents: number
  paymentId: string | null
  amountCents: number | null
  createdAt: number
  updatedAt: number
  paperCopy: PaperCopyState | null
  refund: RefundStateDetail | null
  timeline: TimelineEntry[]
  workflow: WorkflowState
  actions: PurchaseActions
}

/** Every action's answer: done, or nothing to do (already done, or not possible now), and what happened. */
export interface ActionAnswer {
  outcome: 'done' | 'nothingToDo'
  message: string
}

/** The member's own cancellation terms, quoted for an odometer reading (`GET /policy/{id}/cancellation`). */
export type CancellationTerms = components['schemas']['CancellationTerms']

/** `GET /paper-copies`: a contract to mail on paper. */
export interface PaperCopyToMail {
  policyId: string
  institutionId: string
  contractNumber: string
  reason: string
  requestedAt: number
  name: string
  address: string
}

/** `GET /refunds`: a check refund to pay. */
export interface RefundToPay {
  policyId: string
  institutionId: string
  state: string
  refundCents: number
  dueBy: string
  daysLeft: number
  penaltyCents: number
  owedCents: number
}

export interface FunnelStep {
  step: string
  reached: number
  left: number | null
  fromPreviousPercent: number | null
}

export interface ReportDay {
  date: string
  contracts: number
  amountCents: number
  cancellations: number
  refunds: number
  refundCents: number
}

/** `GET /institution/{iid}/report`: an institution's programme over a period. */
export interface Report {
  institutionId: string
  from: string
  to: string
  funnel: FunnelStep[]
  sales: { contracts: number; amountCents: number }
  cancellations: { contracts: number }
  refunds: { count: number; amountCents: number }
  days: ReportDay[]
}

/** `GET /institutions`: an institution as the admin sees it, with its integrators. */
export type InstitutionRow = components['schemas']['InstitutionRow']

/** An integrator as the admin sees it: on or off, and the origins allowed to frame the flow. */
export type IntegratorRow = components['schemas']['IntegratorRow']

/** An institution's TOML file and, base64, its logo (omitted: the stored one stays); an integrator's file alone. */
export type ImportBody = components['schemas']['ImportBody']

export interface AuditEntry {
  /** Unix milliseconds. */
  at: number
  staffName: string
  staffEmail: string
  role: string
  action: string
  target: string
  institutionId: string | null
  outcome: string
  message: string
}

/** A failed call: the HTTP status (0: no answer), and the API's `{code, message, field}`. */
export class StaffApiError extends Error {
  readonly status: number
  readonly code: string
  readonly field: string | null

  constructor(status: number, code: string, message: string, field: string | null = null) {
    super(message)
    this.name = 'StaffApiError'
    this.status = status
    this.code = code
    this.field = field
  }
}

/** The session ended, or there was none: sign in. */
export function isSignedOut(error: unknown): boolean {
  return error instanceof StaffApiError && error.status === 401
}

/** The call got no answer: the same call may be sent again with the same Idempotency-Key. */
export function isUnanswered(error: unknown): boolean {
  return error instanceof StaffApiError && error.status === 0
}

const NO_CONNECTION = 'The server could not be reached. Check the connection and try again.'

/** What to show for a failed call: the API's message, else a plain one by status. */
export function errorMessage(error: unknown): string {
  if (error instanceof StaffApiError && error.message) return error.message
  if (error instanceof StaffApiError && error.status === 403) return 'Your role may not do this.'
  if (error instanceof StaffApiError && error.status === 404) return 'Nothing of that id that you may see.'
  return 'Something went wrong. Try again.'
}

/** The error envelope the API answers (`{error: {code, message, field}}`), also taken unwrapped. */
function errorOf(status: number, json: unknown): StaffApiError {
  const body = json as { error?: unknown; code?: unknown } | null | undefined
  const detail = (typeof body?.error === 'object' && body.error !== null ? body.error : body) as
    { code?: unknown; message?: unknown; field?: unknown } | null | undefined
  const text = (value: unknown) => (typeof value === 'string' ? value : null)
  return new StaffApiError(
    status,
    text(detail?.code) ?? (status === 401 ? 'unauthorized' : 'internal'),
    text(detail?.message) ?? '',
    text(detail?.field),
  )
}

export const STAFF_API = '/api/staff'

/** Where the browser goes to sign in (a navigation: the identity provider's pages follow). */
export const SIGN_IN_URL = `${STAFF_API}/sign-in`

/** A POST's proof that the console sent it (the session's CSRF token) and its key (one per click). */
export interface PostHeaders {
  csrfToken: string
  idempotencyKey: string
}

/**
 * A call to the staff API, with the session cookie: the JSON answer (undefined for 204), or a
 * StaffApiError for any other status or no answer at all.
 */
export async function staffFetch<T>(
  path: string,
  options: { method?: 'GET' | 'POST'; body?: unknown; post?: PostHeaders } = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (options.body !== undefined) headers['Content-Type'] = 'application/json'
  if (options.post) {
    headers['X-CSRF-Token'] = options.post.csrfToken
    headers['Idempotency-Key'] = options.post.idempotencyKey
  }
  let response: Response
  try {
    response = await fetch(`${STAFF_API}${path}`, {
      method: options.method ?? 'GET',
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    })
  } catch {
    throw new StaffApiError(0, 'network', NO_CONNECTION)
  }
  const json = parseJson(await response.text())
  if (!response.ok) throw errorOf(response.status, json)
  return json as T
}

/** The body as JSON; undefined when empty (204) or not JSON (a proxy's page). */
function parseJson(text: string): unknown {
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

const enc = encodeURIComponent

const policyPath = (policyId: string) => `/policy/${enc(policyId)}`

/** The POSTs on a purchase, by the path after `/policy/{id}/`. */
export type PurchaseAction = 'retry-booking' | 'resend-emails' | 'cancel' | 'refund-paid' | 'paper-mailed'

/** A POST that acts (each answers an ActionAnswer): its path under /api/staff and its JSON body. */
export interface StaffPost {
  path: string
  body: object
}

/** The POSTs that act, by what they act on. */
export const staffPosts = {
  /** Every purchase action sends a JSON body (`{}` when it takes no field). */
  purchase: (policyId: string, action: PurchaseAction, body: object): StaffPost => ({
    path: `${policyPath(policyId)}/${action}`,
    body,
  }),
  importInstitution: (body: ImportBody): StaffPost => ({ path: '/institutions', body }),
  institutionActive: (institutionId: string, active: boolean): StaffPost => ({
    path: `/institution/${enc(institutionId)}/active`,
    body: { active } satisfies components['schemas']['ActiveBody'],
  }),
  importIntegrator: (toml: string): StaffPost => ({ path: '/integrators', body: { toml } satisfies ImportBody }),
  integratorActive: (integratorId: string, active: boolean): StaffPost => ({
    path: `/integrator/${enc(integratorId)}/active`,
    body: { active } satisfies components['schemas']['ActiveBody'],
  }),
}

export const staffApi = {
  me: () => staffFetch<StaffMe>('/me'),
  signOut: (post: PostHeaders) => staffFetch<undefined>('/sign-out', { method: 'POST', post }),
  search: (q: string) => staffFetch<SearchAnswer>(`/search?q=${enc(q)}`),
  purchase: (policyId: string) => staffFetch<PurchaseDetail>(policyPath(policyId)),
  cancellation: (policyId: string, odometer: number) =>
    staffFetch<CancellationTerms>(`${policyPath(policyId)}/cancellation?odometer=${odometer}`),
  /** One of staffPosts, with its headers. */
  act: (request: StaffPost, post: PostHeaders) =>
    staffFetch<ActionAnswer>(request.path, { method: 'POST', body: request.body, post }),
  paperCopies: () => staffFetch<PaperCopyToMail[]>('/paper-copies'),
  refunds: () => staffFetch<RefundToPay[]>('/refunds'),
  report: (institutionId: string, from: string, to: string) => staffFetch<Report>(reportPath(institutionId, from, to)),
  audit: (limit: number) => staffFetch<AuditEntry[]>(`/audit?limit=${limit}`),
  institutions: () => staffFetch<InstitutionRow[]>('/institutions'),
}

/** The report's path under /api/staff (its CSV: the same with `&format=csv`). */
export function reportPath(institutionId: string, from: string, to: string): string {
  return `/institution/${enc(institutionId)}/report?from=${enc(from)}&to=${enc(to)}`
}

/** The report's days as CSV: a link the browser downloads with the session cookie. */
export function reportCsvUrl(institutionId: string, from: string, to: string): string {
  return `${STAFF_API}${reportPath(institutionId, from, to)}&format=csv`
}
