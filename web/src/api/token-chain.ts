/**
 * A session's tokens over time. Every rotation (refresh, personal details, code, email change)
 * revokes the token it was made with, so the timed refresh must never cross a member's own call:
 * - a call made with a token that has since been rotated is sent with its newest successor (a screen
 *   or actor holding an older copy of the session keeps working);
 * - a call made while its token is being refreshed waits for the refresh;
 * - a refresh waits for the calls still under way with the token it is about to revoke.
 * Without this, a refresh landing next to a click (or during the payment check) would revoke the
 * token of a call under way, and the member would be sent to splash as if the session had expired.
 */
export class TokenChain {
  private readonly successors = new Map<string, string>()
  private readonly refreshing = new Map<string, Promise<unknown>>()
  private readonly inFlight = new Map<string, Set<Promise<unknown>>>()

  /** The newest token `token` was rotated into (itself when it never was). */
  latest(token: string): string {
    let current = token
    for (let next = this.successors.get(current); next !== undefined; next = this.successors.get(current)) {
      current = next
    }
    return current
  }

  /**
   * `old` was rotated into `next` (the API answered a call made with `old` with a new token). A token
   * already in the chain behind `old` is never its successor (tokens are random; test tokens repeat).
   */
  rotated(old: string, next: string): void {
    if (next === old || this.latest(next) === old) return
    this.successors.set(old, next)
  }

  /** Forgets every chain (a test's sessions, so the next test starts clean). */
  clear(): void {
    this.successors.clear()
  }

  /** Runs a call with the newest token once no refresh of it is under way. */
  async use<T>(token: string, call: (token: string) => Promise<T>): Promise<T> {
    let current = this.latest(token)
    for (let pending = this.refreshing.get(current); pending; pending = this.refreshing.get(current)) {
      await pending.catch(() => undefined)
      current = this.latest(current)
    }
    const running = call(current)
    const calls = this.inFlight.get(current) ?? new Set()
    this.inFlight.set(current, calls)
    calls.add(running)
    try {
      return await running
    } finally {
      calls.delete(running)
      if (calls.size === 0) this.inFlight.delete(current)
    }
  }

  /**
   * The newest token of `token`'s chain once the calls and any refresh under way with it are done
   * (whatever they answered): what a call that must not cut them short is sent with.
   */
  async settled(token: string): Promise<string> {
    let current = this.latest(token)
    for (;;) {
      const waiting = [...(this.inFlight.get(current) ?? []), this.refreshing.get(current)].filter((p) => p !== undefined)
      if (waiting.length === 0) return current
      await Promise.allSettled(waiting)
      current = this.latest(current)
    }
  }

  /**
   * Refreshes `token` (its newest successor) once the calls and any refresh under way with it are
   * done; resolves the new token.
   */
  async refresh(token: string, call: (token: string) => Promise<string>): Promise<string> {
    let current = this.latest(token)
    for (;;) {
      const waiting = [...(this.inFlight.get(current) ?? []), this.refreshing.get(current)].filter((p) => p !== undefined)
      if (waiting.length === 0) break
      await Promise.allSettled(waiting)
      current = this.latest(current)
    }
    const refreshing = call(current).then((next) => {
      this.rotated(current, next)
      return next
    })
    this.refreshing.set(current, refreshing)
    try {
      return await refreshing
    } finally {
      this.refreshing.delete(current)
    }
  }
}
