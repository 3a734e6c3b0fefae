/**
 * The restore call the page starts before the app's code has arrived (the server's inline script,
 * api/src/http/web_page.rs RESTORE_SCRIPT, on a reloaded /{iid}/user/... page or a continue link
 * /{iid}/resume/{token}): the call then runs while the scripts download, instead of after them.
 *
 * The app takes the call's response once, for the restore it would have made itself (the same
 * source: the session, or the same link token); a continue link is single use, so its call must
 * never be sent twice. Anything else (no script, another source) and the app calls as before.
 */
export interface EarlyRestore {
  /** The continue link's token, or null for the session's restore (the restore cookie). */
  token: string | null
  response: Promise<Response>
}

declare global {
  interface Window {
    __coverlineRestore?: EarlyRestore
  }
}

/** The early call's response for this restore, once; undefined when there is none for it. */
export function takeEarlyRestore(source: { via: 'session' } | { via: 'link'; token: string }): Promise<Response> | undefined {
  const early = window.__coverlineRestore
  delete window.__coverlineRestore
  if (!early) return undefined
  const wanted = source.via === 'link' ? source.token : null
  return early.token === wanted ? early.response : undefined
}
