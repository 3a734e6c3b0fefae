/**
 * Where the app finds a member's checkout again when it opens (the durable checkout, one per
 * member, kept by the server):
 * - `session`: a page under /{iid}/user/... was reloaded, or opened in another tab; the browser's
 *   HttpOnly restore cookie finds the session (POST …/session/restore).
 * - `link`: a 'continue your purchase' link from an email, /{iid}/resume/{token} (POST …/resume),
 *   on any device.
 */
export type RestoreSource = { via: 'session' } | { via: 'link'; token: string }

/**
 * The restore for a location, or null (the splash, a footer page, an integration launch: integration
 * mode has its own launch code, the contract finder /user/{userId}/policy/{policyId} its own page).
 * A session the flow ended is not found again: the server ended it too (api.endSession), so its
 * restore is refused. The page's inline script (lib/restore-script.js) reads the path the same way:
 * restore-cases.json runs through both.
 */
export function restoreSourceOf(pathname: string): RestoreSource | null {
  const [, , area, ...rest] = pathname.split('/')
  if (area === 'resume') {
    const token = decodeURIComponent(rest[0] ?? '').trim()
    return token ? { via: 'link', token } : null
  }
  if (area === 'user' && rest[1] !== 'policy' && !pathname.includes('integration')) return { via: 'session' }
  return null
}
