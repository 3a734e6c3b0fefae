import type { AnalyticsEvent } from '../api/types'

/** Error events' category (spec sections 7 and 8). */
export const ERROR_ENCOUNTERED = 'ErrorEncountered'

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
export function errorEvent(eventAction: string, eventLabel: string): AnalyticsEvent {
  return pageEvent(ERROR_ENCOUNTERED, eventAction, eventLabel)
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
