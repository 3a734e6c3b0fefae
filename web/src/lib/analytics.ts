import { ApiError } from '../api/api-error'
import type { AnalyticsEvent } from '../api/types'

/** Error events' category (spec sections 7 and 8). */
export const ERROR_ENCOUNTERED = 'ErrorEncountered'

/**
 * The error events' actions, one per failure spec section 8 reports: the description field's list,
 * no rates, the email update, the verification email (sent or resent), the booking (policy post),
 * the sign request, the payment widget's start (SDK startup), the payment's verification and its
 * confirmation (Continue).
 */
export type ErrorAction =
  | 'DescriptionField'
  | 'NoRates'
  | 'UpdateEmail'
  | 'SendEmail'
  | 'PolicyPost'
  | 'SignRequest'
  | 'SdkStartup'
  | 'VerifyResponse'
  | 'PaymentConfirmation'

/** Category of the purchase's once-per-session events, 'booked' and 'paid' (spec section 4). */
export const PURCHASE = 'Purchase'

const MAX_FIELD = 500

/** The API keeps at most 500 characters of each field. */
function clip(value: string): string {
  return value.slice(0, MAX_FIELD)
}

let clientId: string | null = null

/** One id per browser tab, standing in for the analytics client id. */
function tabClientId(): string {
  clientId ??= globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`
  return clientId
}

/** Category of the coverage page's once-per-session events (spec section 4). */
export const COVERAGE_SELECTION = 'CoverageSelection'

/** An 'ErrorEncountered' event (e.g. action 'DescriptionField', label 'makes') for the current page. */
export function errorEvent(eventAction: ErrorAction, eventLabel: string): AnalyticsEvent {
  return pageEvent(ERROR_ENCOUNTERED, eventAction, eventLabel)
}

/**
 * An error event's label for a failed API call: the API's error code and the HTTP status
 * ('bookingNoResponse 504'; 'network' when no answer came), never its message.
 */
export function errorLabel(error: unknown): string {
  if (!(error instanceof ApiError)) return 'unknown'
  return error.status ? `${error.code} ${error.status}` : error.code
}

/** An event of `eventCategory` on the current page. */
export function pageEvent(eventCategory: string, eventAction: string, eventLabel: string): AnalyticsEvent {
  return {
    deviceUserAgentString: clip(globalThis.navigator?.userAgent ?? ''),
    clientId: tabClientId(),
    hitType: 'event',
    eventCategory,
    eventAction: clip(eventAction),
    eventLabel: clip(eventLabel),
    pagePath: clip(globalThis.location?.pathname ?? ''),
    pageTitle: clip(globalThis.document?.title ?? ''),
  }
}

/**
 * A 'pageview' hit for a page seen without a user (splash, user-creation-error, find your contract):
 * the page and the tab's random id only, no user agent (the API stores nothing personal for it).
 */
export function anonymousPageviewEvent(pagePath: string, pageTitle: string): AnalyticsEvent {
  return { hitType: 'pageview', clientId: tabClientId(), pagePath: clip(pagePath), pageTitle: clip(pageTitle) }
}

/** A 'pageview' hit for a page the member navigated to (spec section 2: every navigation sends one). */
export function pageviewEvent(pagePath: string, pageTitle: string): AnalyticsEvent {
  return {
    deviceUserAgentString: clip(globalThis.navigator?.userAgent ?? ''),
    clientId: tabClientId(),
    hitType: 'pageview',
    pagePath: clip(pagePath),
    pageTitle: clip(pageTitle),
  }
}
