/**
 * The staff console's tests: the people, a member and a purchase as the API answers them
 * (docs/staff.md), a fake /api/staff that records what it was sent, and the whole app rendered at a
 * /staff URL over an in-memory history.
 */
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { App } from '../app/app'
import { createMemoryHistory, Router } from '../lib/router'
import { cancellationQuoteProRata, texasCancellationTerms } from '../test/fixtures'
import { server } from '../test/msw-server'
import type {
  ActionAnswer,
  AuditEntry,
  CancellationTerms,
  FoundMember,
  InstitutionRow,
  IntegratorRow,
  PaperCopyToMail,
  PurchaseDetail,
  RefundToPay,
  Report,
  StaffMe,
} from './staff-api'

export const summit = { institutionId: 'summit-cu', name: 'Summit Credit Union' }
export const alpine = { institutionId: 'alpine-fcu', name: 'Alpine Federal Credit Union' }

export const supportPerson: StaffMe = {
  name: 'Ana Support',
  email: 'ana@coverline.example',
  roles: ['support'],
  institutionId: null,
  csrfToken: 'csrf-ana',
  expiresAt: 1_900_000_000,
  institutions: [summit, alpine],
}

export const managerPerson: StaffMe = {
  name: 'Max Manager',
  email: 'max@summit.example',
  roles: ['manager'],
  institutionId: 'summit-cu',
  csrfToken: 'csrf-max',
  expiresAt: 1_900_000_000,
  institutions: [summit],
}

export const adminPerson: StaffMe = {
  name: 'Ada Admin',
  email: 'ada@coverline.example',
  roles: ['admin'],
  institutionId: null,
  csrfToken: 'csrf-ada',
  expiresAt: 1_900_000_000,
  institutions: [summit, alpine],
}

export const jane: FoundMember = {
  userId: 'u-1',
  institutionId: 'summit-cu',
  email: 'jane@example.com',
  name: 'Jane Doe',
  signedUpAt: 1_764_000_000,
  checkout: { workflowId: 'checkout-u-1', step: 'confirmation', version: 12, updatedAt: 1_764_003_600 },
  purchases: [
    {
      policyId: 'p-1',
      workflowId: 'checkout-u-1',
      status: 'fulfilled',
      contractNumber: 'MMP-0001',
      createdAt: 1_764_001_000,
      updatedAt: 1_764_002_000,
    },
  ],
}

export const purchase: PurchaseDetail = {
  policyId: 'p-1',
  userId: 'u-1',
  institutionId: 'summit-cu',
  memberName: 'Jane Doe',
  email: 'jane@example.com',
  status: 'fulfilled',
  contractNumber: 'MMP-0001',
  lastError: null,
  vin: '5YJ3E1EA7KF317000',
  coverageName: 'Platinum',
  priceCents: 189_900,
  rateTaxCents: 0,
  paymentId: 'PAY-778',
  amountCents: 189_900,
  createdAt: 1_764_001_000,
  updatedAt: 1_764_002_000,
  paperCopy: null,
  refund: null,
  timeline: [
    { at: 1_764_001_000_000, kind: 'booked', actor: 'workflow', detail: 'MMP-0001' },
    { at: 1_764_002_000_000, kind: 'support:resendEmails', actor: 'Ana Support <ana@coverline.example>', detail: null },
  ],
  workflow: {
    workflowId: 'checkout-u-1',
    historyUrl: 'http://temporal.example/namespaces/default/workflows/checkout-u-1/history',
    execution: 'Running',
    historyLength: 84,
    pending: [{ activity: 'SendContractEmail', attempt: 3, lastFailure: 'smtp: connection refused' }],
    problem: null,
  },
  actions: { retryBooking: true, resendEmails: true, cancel: true, refundPaid: false, paperMailed: false },
}

export const paperCopy: PaperCopyToMail = {
  policyId: 'p-2',
  institutionId: 'summit-cu',
  contractNumber: 'MMP-0002',
  reason: 'declinedElectronicDelivery',
  requestedAt: 1_764_000_000,
  name: 'John Roe',
  address: '1 Main St, Denver, CO 80202',
}

export const checkRefund: RefundToPay = {
  policyId: 'p-3',
  institutionId: 'summit-cu',
  state: 'TX',
  refundCents: 115_025,
  dueBy: '2026-03-03',
  daysLeft: 12,
  penaltyCents: 0,
  owedCents: 115_025,
}

export const report: Report = {
  institutionId: 'summit-cu',
  from: '2026-01-01',
  to: '2026-01-31',
  funnel: [
    { step: 'splash', reached: 400, left: 100, fromPreviousPercent: null },
    { step: 'coverage', reached: 300, left: 250, fromPreviousPercent: 75 },
    { step: 'confirmation', reached: 50, left: null, fromPreviousPercent: 16.7 },
  ],
  sales: { contracts: 50, amountCents: 9_495_000 },
  cancellations: { contracts: 2 },
  refunds: { count: 2, amountCents: 230_050 },
  days: [{ date: '2026-01-02', contracts: 3, amountCents: 569_700, cancellations: 0, refunds: 0, refundCents: 0 }],
}

export const auditEntry: AuditEntry = {
  at: 1_764_002_000_000,
  staffName: 'Ana Support',
  staffEmail: 'ana@coverline.example',
  role: 'support',
  action: 'resendEmails',
  target: 'p-1',
  institutionId: 'summit-cu',
  outcome: 'done',
  message: 'sent the receipt and the contract copy to jane@example.com',
}

export const demoPartner: IntegratorRow = {
  integratorId: 'demo-partner',
  name: 'Demo partner',
  isActive: true,
  origins: ['https://partner.example', 'https://app.partner.example'],
}

/** `GET /institutions`: Summit (on, with the demo partner) and Alpine (off, no integrator). */
export const institutionRows: InstitutionRow[] = [
  { ...summit, isActive: true, integrators: [demoPartner] },
  { ...alpine, isActive: false, integrators: [] },
]

/** The Texas member's terms quoted for `odometer` miles: the unused part, by check. */
export function texasQuote(odometer: number): CancellationTerms {
  return { ...texasCancellationTerms, quote: { ...cancellationQuoteProRata, odometer } }
}

/** A POST the fake API received. */
export interface Posted {
  path: string
  csrf: string | null
  key: string | null
  body: unknown
}

/** The API's error answer (`{error: {code, message, field}}`). */
export function staffError(status: number, code: string, message: string, field?: string): Response {
  return HttpResponse.json({ error: field === undefined ? { code, message } : { code, message, field } }, { status })
}

const S = '*/api/staff'

/** The body of a POST …/active. */
interface ActiveBody {
  active: boolean
}

const onOff = (body: unknown) => ((body as ActiveBody).active ? 'on' : 'off')

/**
 * A fake /api/staff signed in as `me` (null: no session, 401), answering every GET with the
 * fixtures (or what `answers` gives) and every action with `action` (default: done). The
 * institutions' on/off follows what was posted. It records the GETs' URLs and the POSTs.
 */
export function serveStaff(
  me: StaffMe | null,
  answers: {
    search?: FoundMember[]
    purchase?: PurchaseDetail
    action?: (posted: Posted) => Response
    cancellation?: (odometer: number) => Response
    institutions?: InstitutionRow[]
  } = {},
) {
  const gets: URL[] = []
  const posts: Posted[] = []
  let institutions = structuredClone(answers.institutions ?? institutionRows)
  /** Records an action's POST (at `path`) and answers it with `action`, else done with `message`. */
  const acted = async (request: Request, path: string, message: (body: unknown) => string) => {
    const posted: Posted = {
      path,
      csrf: request.headers.get('X-CSRF-Token'),
      key: request.headers.get('Idempotency-Key'),
      body: await request.json(),
    }
    posts.push(posted)
    const done: ActionAnswer = { outcome: 'done', message: message(posted.body) }
    return { posted, answer: answers.action?.(posted) ?? HttpResponse.json(done) }
  }
  /** Turns the institution or integrator `id` on or off when the answer was a success. */
  const switched = (answer: Response, change: (row: InstitutionRow) => InstitutionRow) => {
    if (answer.ok) institutions = institutions.map(change)
    return answer
  }
  const got = (request: Request) => gets.push(new URL(request.url))
  const unauthorized = () => staffError(401, 'unauthorized', 'Sign in.')
  server.use(
    http.get(`${S}/me`, ({ request }) => {
      got(request)
      return me ? HttpResponse.json(me) : unauthorized()
    }),
    http.post(`${S}/sign-out`, ({ request }) => {
      posts.push({
        path: '/sign-out',
        csrf: request.headers.get('X-CSRF-Token'),
        key: request.headers.get('Idempotency-Key'),
        body: null,
      })
      return new HttpResponse(null, { status: 204 })
    }),
    http.get(`${S}/search`, ({ request }) => {
      got(request)
      return HttpResponse.json({ members: answers.search ?? [jane] })
    }),
    http.get(`${S}/policy/:id/cancellation`, ({ request }) => {
      got(request)
      const odometer = Number(new URL(request.url).searchParams.get('odometer'))
      return answers.cancellation?.(odometer) ?? HttpResponse.json(texasQuote(odometer))
    }),
    http.get(`${S}/policy/:id`, ({ request }) => {
      got(request)
      return HttpResponse.json(answers.purchase ?? purchase)
    }),
    http.post(`${S}/policy/:id/:action`, async ({ request, params }) => {
      const { answer } = await acted(
        request,
        `/policy/${String(params.id)}/${String(params.action)}`,
        () => `${String(params.action)} done for ${String(params.id)}`,
      )
      return answer
    }),
    http.get(`${S}/institutions`, ({ request }) => {
      got(request)
      return HttpResponse.json(institutions)
    }),
    http.post(`${S}/institutions`, async ({ request }) => {
      const { answer } = await acted(request, '/institutions', () => 'imported the institution')
      return answer
    }),
    http.post(`${S}/integrators`, async ({ request }) => {
      const { answer } = await acted(request, '/integrators', () => 'imported the integrator')
      return answer
    }),
    http.post(`${S}/institution/:iid/active`, async ({ request, params }) => {
      const iid = String(params.iid)
      const { posted, answer } = await acted(request, `/institution/${iid}/active`, (body) => `turned ${iid} ${onOff(body)}`)
      const isActive = (posted.body as ActiveBody).active
      return switched(answer, (row) => (row.institutionId === iid ? { ...row, isActive } : row))
    }),
    http.post(`${S}/integrator/:integratorId/active`, async ({ request, params }) => {
      const integratorId = String(params.integratorId)
      const { posted, answer } = await acted(
        request,
        `/integrator/${integratorId}/active`,
        (body) => `turned ${integratorId} ${onOff(body)}`,
      )
      const isActive = (posted.body as ActiveBody).active
      return switched(answer, (row) => ({
        ...row,
        integrators: row.integrators.map((one) => (one.integratorId === integratorId ? { ...one, isActive } : one)),
      }))
    }),
    http.get(`${S}/paper-copies`, ({ request }) => {
      got(request)
      return HttpResponse.json([paperCopy])
    }),
    http.get(`${S}/refunds`, ({ request }) => {
      got(request)
      return HttpResponse.json([checkRefund])
    }),
    http.get(`${S}/institution/:iid/report`, ({ request }) => {
      got(request)
      return HttpResponse.json(report)
    }),
    http.get(`${S}/audit`, ({ request }) => {
      got(request)
      return HttpResponse.json([auditEntry])
    }),
  )
  /** The GETs to `path` (under /api/staff) so far. */
  const getsOf = (path: string) => gets.filter((url) => url.pathname === `/api/staff${path}`)
  return { gets, posts, getsOf }
}

/** The whole app at `path` (a /staff URL), with its history to read the URL from. */
export function renderStaff(path = '/staff') {
  const user = userEvent.setup()
  const history = createMemoryHistory([path])
  const view = render(
    <Router history={history}>
      <App />
    </Router>,
  )
  return { user, history, ...view }
}
