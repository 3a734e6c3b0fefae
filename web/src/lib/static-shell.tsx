import { useLayoutEffect } from 'react'
import type { Institution } from '../api/types'

/**
 * The server's static shell (api/src/http/web_page.rs): the institution's page painted from HTML and
 * inline CSS before this code ran, beside the app's root, which stays hidden while the shell is there
 * (web/index.html). The app removes it when it has something of its own to show: its first screen,
 * an error, a dialog. The shell never comes back (a later skeleton is the app's own).
 */
export function removeStaticShell(): void {
  document.getElementById('coverline-shell')?.remove()
}

/** Removes the shell when the component that calls it is on the page (before the browser paints). */
export function useStaticShellDone(): void {
  useLayoutEffect(removeStaticShell, [])
}

/** Removes the shell once it is rendered: put it beside content that is really there (not a skeleton). */
export function StaticShellDone(): null {
  useStaticShellDone()
  return null
}

/**
 * The institution the server wrote into the page (what GET /institution/{iid} answers), taken once:
 * the first load needs no call for it; a later load (another institution, a new tab's state) asks
 * the API. Undefined when the page has none for `institutionId`, or what it has does not parse.
 */
export function takeEmbeddedInstitution(institutionId: string): Institution | undefined {
  const element = document.getElementById('coverline-institution')
  if (!element) return undefined
  element.remove()
  try {
    const institution = JSON.parse(element.textContent ?? '') as Institution
    return institution.institutionId === institutionId ? institution : undefined
  } catch {
    return undefined
  }
}
