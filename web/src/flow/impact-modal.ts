/**
 * The impact modal shows once per session (spec section 2): the tab remembers, for the session's
 * member, that it was seen, so a reload in the same session (restored by the flow) does not show it
 * again; the session's reset forgets it. Kept in sessionStorage, which a reload keeps and a new tab
 * does not share (a restored session with a quote has been to coverage anyway, resumed-context.ts).
 */
const KEY = 'coverline.impactModalSeenBy'

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null
  } catch {
    return null // storage refused (privacy settings): the modal is remembered for the page's life only
  }
}

/** The member `userId` has seen the modal in this session. */
export function rememberImpactModalSeen(userId: string): void {
  try {
    storage()?.setItem(KEY, userId)
  } catch {
    // Full or refused storage: the flow's context still remembers it until a reload.
  }
}

/** Has the member `userId` seen the modal in this tab's session? */
export function impactModalSeenBy(userId: string): boolean {
  try {
    return storage()?.getItem(KEY) === userId
  } catch {
    return false
  }
}

/** The session reset: the next session shows the modal again. */
export function forgetImpactModalSeen(): void {
  try {
    storage()?.removeItem(KEY)
  } catch {
    // Nothing remembered.
  }
}
