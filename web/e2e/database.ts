/**
 * Reads the stack's SQLite database (E2E_DB_PATH, set by scripts/e2e.sh) with python3's sqlite3,
 * read-only, to check what the app shows against what it stored. Node 20 has no SQLite of its own.
 */
import { execFileSync } from 'node:child_process'

export const DB_PATH = process.env.E2E_DB_PATH ?? ''
export const LOG_PATH = process.env.E2E_LOG_PATH ?? ''

const QUERY = `
import json, sqlite3, sys
db = sqlite3.connect('file:' + sys.argv[1] + '?mode=ro', uri=True)
db.row_factory = sqlite3.Row
print(json.dumps([dict(row) for row in db.execute(sys.argv[2], json.loads(sys.argv[3]))]))
`

/** The rows `sql` selects, as objects keyed by column name. */
export function query<T>(sql: string, params: Array<string | number> = []): T[] {
  if (!DB_PATH) throw new Error('E2E_DB_PATH is not set (scripts/e2e.sh sets it)')
  const out = execFileSync('python3', ['-c', QUERY, DB_PATH, sql, JSON.stringify(params)], { encoding: 'utf8' })
  return JSON.parse(out) as T[]
}

/** A paid purchase as stored: the policy with its car, rate and payment. */
export interface StoredPurchase {
  policy_id: string
  user_id: string
  contract_number: string
  status: string
  vin: string
  coverage_name: string
  price_cents: number
  rate_tax_cents: number
  payment_id: string | null
  amount_cents: number | null
  payment_tax_cents: number | null
}

export function storedPurchase(policyId: string): StoredPurchase | undefined {
  return query<StoredPurchase>(
    `SELECT p.policy_id, p.user_id, p.contract_number, p.status, c.vin, r.coverage_name, r.price_cents,
            r.tax_cents AS rate_tax_cents, pay.payment_id, pay.amount_cents, pay.tax_cents AS payment_tax_cents
       FROM policies p
       JOIN cars c ON c.car_id = p.car_id
       JOIN rates r ON r.rate_id = p.rate_id
       LEFT JOIN payments pay ON pay.policy_id = p.policy_id
      WHERE p.policy_id = ?`,
    [policyId],
  )[0]
}

/** The policies of the member who signed up with `email`. */
export function policiesOf(email: string): Array<{ policy_id: string; user_id: string; status: string }> {
  return query(
    `SELECT p.policy_id, p.user_id, p.status FROM policies p JOIN users u ON u.user_id = p.user_id WHERE lower(u.email) = ?`,
    [email.toLowerCase()],
  )
}

/** The analytics events of `category` stored for the member who signed up with `email`, as [action, label], sorted. */
export function analyticsEventsOf(email: string, category: string): Array<[string, string]> {
  return query<{ event_action: string; event_label: string }>(
    `SELECT a.event_action, a.event_label FROM analytics_events a JOIN users u ON u.user_id = a.user_id
      WHERE lower(u.email) = ? AND a.event_category = ?`,
    [email.toLowerCase(), category],
  )
    .map((row): [string, string] => [row.event_action, row.event_label])
    .sort()
}
