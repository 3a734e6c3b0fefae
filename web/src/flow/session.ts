/**
 * The browser's side of a session (spec section 4): how often the token is refreshed, when the
 * member is warned and when the session ends, and how long the member may stay idle. The spec gives
 * the idle time-out and its check; the refresh interval and maximum count are ours (spec section 9:
 * "not shown").
 */
import { timings } from '../lib/product'

/** The token is refreshed every 4 minutes (the server refuses a token after 15 idle minutes). */
export const SESSION_REFRESH_INTERVAL_MS = 240_000
/** At this many timed refreshes the session ends: the member goes to splash (the session-expired dialog). */
export const SESSION_MAX_REFRESHES = 15
/** One refresh before the maximum, the timeout warning asks the member to continue. */
export const SESSION_WARNING_AT = SESSION_MAX_REFRESHES - 1
/** 15 minutes without the member touching the page ends the session (spec section 9). */
export const IDLE_TIMEOUT_MS = timings.idleTimeoutMs
/** How often the idle time-out is checked (spec section 9: every 30 s). */
export const IDLE_CHECK_INTERVAL_MS = timings.idleCheckMs
/** The page reports member activity to the flow at most this often. */
export const ACTIVITY_THROTTLE_MS = 5_000

/** Wall-clock milliseconds (faked by Vitest's and Playwright's clocks). */
export function now(): number {
  return Date.now()
}
