/**
 * Whether the app runs in a frame: only a registered partner's page may frame it (the server's
 * Content-Security-Policy frame-ancestors), so a framed app is a partner's (issue 28, item 6).
 *
 * A reloaded frame opens at a /user page like any reloaded tab; its restore cookie (partitioned, in
 * the partner's jar) brings the session back in integration mode. If the session cannot be found
 * (it ended, or the browser keeps no cookie there), the frame must not show the institution's
 * splash, header and footer inside the partner's page: the flow opens in integration mode and says
 * the session ended. (Storage cannot remember it: a third-party frame's storage is as blocked as
 * its unpartitioned cookies.)
 */
export function inPartnerFrame(): boolean {
  try {
    return window.self !== window.top
  } catch {
    // A cross-origin parent's window cannot even be compared in some browsers: framed.
    return true
  }
}
