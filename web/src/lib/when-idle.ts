/**
 * Runs `work` once the browser is idle after the current page has painted (requestIdleCallback,
 * at the latest after `timeoutMs`; a timer where the browser has none). Fetching ahead (the next
 * screens, the dialogs) then never competes with the page's own first paint: on a phone a request
 * started before that paint delays it. Returns a cancel.
 */
export function whenIdle(work: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout: timeoutMs })
    return () => window.cancelIdleCallback(handle)
  }
  const handle = window.setTimeout(work, 0)
  return () => window.clearTimeout(handle)
}
