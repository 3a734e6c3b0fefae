/**
 * What the stack stored, to check what the app shows against it: read through the `coverline
 * support … --json` look-ups (the binary E2E_COVERLINE_BIN on the stack's database
 * E2E_DATABASE_URL, both set by scripts/e2e.sh), which answer from the store's own queries.
 * Both topologies have them: SQLite (`make e2e`) and Postgres (`make e2e-scale`). For the tests that
 * scan what was stored byte by byte, storedBytes() gives the SQLite file (E2E_DB_PATH) and its WAL,
 * or Postgres's data as pg_dump writes it (E2E_PG_DUMP), and every process's log (E2E_LOG_PATHS).
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'

export const DB_PATH = process.env.E2E_DB_PATH ?? ''
export const LOG_PATH = process.env.E2E_LOG_PATH ?? ''
const COVERLINE_BIN = process.env.E2E_COVERLINE_BIN ?? ''
const DATABASE_URL = process.env.E2E_DATABASE_URL ?? (DB_PATH ? `sqlite://${DB_PATH}` : '')
const PG_DUMP = process.env.E2E_PG_DUMP ?? ''
const LOG_PATHS = (process.env.E2E_LOG_PATHS ?? LOG_PATH).split(':').filter(Boolean)

/** The stack's database can be read (scripts/e2e.sh sets it up, on SQLite or on Postgres). */
export const HAS_DATABASE = Boolean(COVERLINE_BIN && DATABASE_URL)

/** What the stack stored and logged, place by place: the database's bytes and every log. */
export function storedBytes(): { place: string; kind: 'database' | 'log'; bytes: Buffer }[] {
  const database = DATABASE_URL.startsWith('postgres')
    ? [
        {
          place: 'postgres (pg_dump)',
          kind: 'database' as const,
          bytes: execFileSync(PG_DUMP || 'pg_dump', ['--data-only', `--dbname=${DATABASE_URL}`], { maxBuffer: 1 << 30 }),
        },
      ]
    : [DB_PATH, `${DB_PATH}-wal`]
        .filter((path) => existsSync(path))
        .map((path) => ({ place: path, kind: 'database' as const, bytes: readFileSync(path) }))
  const logs = LOG_PATHS.filter((path) => existsSync(path)).map((path) => ({
    place: path,
    kind: 'log' as const,
    bytes: readFileSync(path),
  }))
  return [...database, ...logs]
}

/** `coverline support ARGS --json`, parsed. */
function support<T>(args: string[]): T {
  if (!COVERLINE_BIN || !DATABASE_URL) {
    throw new Error('E2E_COVERLINE_BIN and E2E_DATABASE_URL (or E2E_DB_PATH) are not set (scripts/e2e.sh sets them)')
  }
  const out = execFileSync(COVERLINE_BIN, ['support', ...args, '--json'], {
    encoding: 'utf8',
    // The data files (the cancellation table) from the repository, whatever the working directory.
    env: { ...process.env, DATABASE_URL, COVERLINE_DATA_DIR: resolve(process.cwd(), '..', 'data'), RUST_LOG: 'warn' },
  })
  return JSON.parse(out) as T
}

/** A check refund owed (`coverline support refunds`). */
export interface RefundOwed {
  policyId: string
  state: string
  refundCents: number
  dueBy: string
  penaltyCents: number
  owedCents: number
}

/** A contract to mail on paper (`coverline support paper`). */
export interface PaperToMail {
  policyId: string
  contractNumber: string
  reason: string
  name: string
  address: string
}

/** The contracts support still has to mail on paper. */
export function paperQueue(): PaperToMail[] {
  return support<PaperToMail[]>(['paper'])
}

/** The check refunds support still has to mail. */
export function refundsOwed(): RefundOwed[] {
  return support<RefundOwed[]>(['refunds'])
}

/** A purchase as stored: the policy with its car, rate and payment (`coverline support purchase`). */
export interface StoredPurchase {
  policy_id: string
  user_id: string
  institution_id: string
  email: string
  status: string
  contract_number: string | null
  last_error: string | null
  vin: string
  coverage_name: string
  price_cents: number
  rate_tax_cents: number
  payment_id: string | null
  amount_cents: number | null
  payment_tax_cents: number | null
}

export function storedPurchase(policyId: string): StoredPurchase | undefined {
  return support<StoredPurchase | null>(['purchase', policyId]) ?? undefined
}

/** A policy of a member (`coverline support policies`). */
export interface MemberPolicy {
  policy_id: string
  user_id: string
  institution_id: string
  status: string
  contract_number: string | null
  created_at: number
}

/** The policies of the member who signed up with `email`, newest first. */
export function policiesOf(email: string): MemberPolicy[] {
  return support<MemberPolicy[]>(['policies', '--email', email])
}

/** An analytics hit as stored (`coverline support analytics`). */
interface StoredHit {
  /** Null for a pageview the member's tab sent before the user existed (the splash). */
  user_id: string | null
  hit_type: string | null
  event_category: string | null
  event_action: string | null
  event_label: string | null
  page_path: string | null
  created_at: number
}

/** The analytics events of `category` stored for the member who signed up with `email`, as [action, label], sorted. */
export function analyticsEventsOf(email: string, category: string): Array<[string, string]> {
  return support<StoredHit[]>(['analytics', '--email', email, '--category', category])
    .map((hit): [string, string] => [hit.event_action ?? '', hit.event_label ?? ''])
    .sort()
}

/** The page paths of the pageviews stored for the member who signed up with `email`, in the order stored. */
export function pageviewsOf(email: string): string[] {
  return support<StoredHit[]>(['analytics', '--email', email, '--hit-type', 'pageview']).map((hit) => hit.page_path ?? '')
}
