import { api, type Session } from '../api/client'
import { newIdempotencyKey } from '../api/idempotency-key'
import { isRetryable } from '../api/retry'
import type { CheckoutStepBody } from '../api/types'
import { checkoutAnswersOf, isRecordedStep } from './checkout-answers'
import { stepOf, type FlowSnapshot } from './flow-actor'

/** How long a step is tried again (network failure, 503 checkoutBusy) before it is given up. */
export const RECORD_RETRY_WINDOW_MS = 30_000
/** The first retry's wait; each next one waits twice as long, up to RECORD_MAX_DELAY_MS. */
export const RECORD_FIRST_DELAY_MS = 500
export const RECORD_MAX_DELAY_MS = 8_000

type SendRecord = (session: Session, body: CheckoutStepBody, idempotencyKey: string) => Promise<unknown>

interface Pending {
  session: Session
  body: CheckoutStepBody
  /** One key per step landed on; its retries send the same key (the same Update on the server). */
  key: string
  /** When it was first sent (ms), for the retry window. */
  firstSentAt: number | null
  retries: number
}

/**
 * Sends the member's steps to their durable checkout (PUT U/checkout), in the background:
 * - one call at a time, and the newest step wins: a step still waiting (behind a call under way, or
 *   for its retry) is dropped when a newer one comes;
 * - a network failure or 503 is tried again with the same Idempotency-Key, waiting 0.5, 1, 2, 4,
 *   8, 8 … s, for up to 30 s; a refusal (409 stepOutOfOrder, or any other) is only logged;
 * - stop() (the session reset) drops what is waiting; a call under way finishes unheard.
 * Nothing waits for it: the member's screens never do.
 */
export class CheckoutRecorder {
  private waiting: Pending | null = null
  private sending = false
  private retryTimer: ReturnType<typeof setTimeout> | null = null
  /** Bumped by stop(): a call sent before it is not tried again. */
  private generation = 0

  constructor(
    private readonly sendRecord: SendRecord = api.recordCheckout,
    private readonly now: () => number = Date.now,
  ) {}

  record(session: Session, body: CheckoutStepBody): void {
    this.waiting = { session, body, key: newIdempotencyKey(), firstSentAt: null, retries: 0 }
    this.clearRetry()
    if (!this.sending) void this.sendWaiting()
  }

  stop(): void {
    this.waiting = null
    this.clearRetry()
    this.generation += 1
  }

  private clearRetry(): void {
    if (this.retryTimer !== null) clearTimeout(this.retryTimer)
    this.retryTimer = null
  }

  private async sendWaiting(): Promise<void> {
    const pending = this.waiting
    if (!pending || this.sending) return
    this.waiting = null
    this.sending = true
    const generation = this.generation
    pending.firstSentAt ??= this.now()
    let retryIn: number | null = null
    try {
      await this.sendRecord(pending.session, pending.body, pending.key)
    } catch (error) {
      const delay = Math.min(RECORD_FIRST_DELAY_MS * 2 ** pending.retries, RECORD_MAX_DELAY_MS)
      if (isRetryable(error) && this.now() + delay - pending.firstSentAt <= RECORD_RETRY_WINDOW_MS) retryIn = delay
      else console.warn(`checkout: step ${pending.body.step} not recorded`, error)
    } finally {
      this.sending = false
    }
    if (this.waiting) {
      void this.sendWaiting() // a newer step came meanwhile: it wins
    } else if (retryIn !== null && generation === this.generation) {
      this.waiting = { ...pending, retries: pending.retries + 1 }
      this.retryTimer = setTimeout(() => {
        this.retryTimer = null
        void this.sendWaiting()
      }, retryIn)
    }
  }
}

/** What recordCheckout needs of the running flow. */
interface FlowSubscribable {
  subscribe(observer: (snapshot: FlowSnapshot) => void): { unsubscribe(): void }
}

/**
 * Records the member's checkout while the flow runs: each time the flow lands on a recorded step
 * (its step tag changes), or the answers change on it (the coverage page's quote arrives, a real VIN
 * replaces the described car), the step and the whole answers snapshot go to the recorder. Nothing
 * without a session; a session reset stops it. Returns the unsubscribe.
 */
export function recordCheckout(flow: FlowSubscribable, recorder = new CheckoutRecorder()): () => void {
  let lastContext: FlowSnapshot['context'] | null = null
  let lastStep: string | undefined
  let recorded: string | null = null
  const subscription = flow.subscribe((snapshot) => {
    const { context } = snapshot
    const step = stepOf(snapshot)
    if (context === lastContext && step === lastStep) return
    lastContext = context
    lastStep = step
    if (!context.session) {
      if (recorded !== null) recorder.stop()
      recorded = null
      return
    }
    if (!step || !isRecordedStep(step)) return
    const body = { step, answers: checkoutAnswersOf(context) }
    const key = JSON.stringify([context.session.userId, body])
    if (key === recorded) return
    recorded = key
    recorder.record(context.session, body)
  })
  return () => {
    subscription.unsubscribe()
    recorder.stop()
  }
}
