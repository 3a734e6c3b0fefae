import { useSyncExternalStore } from 'react'
import type { Scheme } from './brand-colors'

/**
 * The page's light or dark mode, without MUI: `light` or `dark` on <html> (the class the server's
 * page starts with, the static shell's and the app's CSS read, and MUI's theme selects its scheme
 * by: colorSchemeSelector 'class'), and the member's own choice kept per institution under
 * `coverline-mode-{institutionId}` (the key the server page's inline script reads before the first
 * paint, and MUI's modeStorageKey). The screens that use MUI follow it (components/mui-theme.tsx).
 * A branding preview (`?preview=light|dark`, the staff console's frames) forces its mode instead:
 * the member's stored choice is neither read nor written, and other tabs' switches are not followed.
 */

/** The mode a branding preview's URL forces (`?preview=light` or `?preview=dark`), else null. */
export function previewModeOf(search: string): Scheme | null {
  const mode = new URLSearchParams(search).get('preview')
  return mode === 'light' || mode === 'dark' ? mode : null
}

/** localStorage key of the member's choice at one institution. */
export function modeStorageKey(institutionId: string): string {
  return `coverline-mode-${institutionId}`
}

/** The stored choice: 'light' or 'dark'; 'system' (MUI's) as the device's setting; anything else null. */
export function storedMode(institutionId: string): Scheme | null {
  let value: string | null
  try {
    value = localStorage.getItem(modeStorageKey(institutionId))
  } catch {
    return null // storage refused (private mode, a sandboxed frame): the institution's default
  }
  if (value === 'system') return matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'
  return value === 'light' || value === 'dark' ? value : null
}

/** The page's mode; `preview`: forced by a branding preview, never stored. */
let current: { institutionId: string; mode: Scheme; preview: boolean } | null = null
const listeners = new Set<() => void>()

function apply(mode: Scheme) {
  const html = document.documentElement
  html.classList.remove(mode === 'dark' ? 'light' : 'dark')
  html.classList.add(mode)
  html.style.colorScheme = mode
}

function notify() {
  for (const listener of listeners) listener()
}

/**
 * The institution's mode once its branding is known: a branding preview's `preview` mode, else the
 * member's stored choice, else its dark-mode start. Put on <html> at once.
 */
export function startColorMode(institutionId: string, startsDark: boolean, preview?: Scheme): Scheme {
  const mode = preview ?? storedMode(institutionId) ?? (startsDark ? 'dark' : 'light')
  const previewing = preview !== undefined
  if (current?.institutionId !== institutionId || current.mode !== mode || current.preview !== previewing) {
    current = { institutionId, mode, preview: previewing }
    notify()
  }
  apply(mode)
  return mode
}

/**
 * The member switches (the dark-mode toggle): on <html> and remembered for the institution; in a
 * branding preview, on <html> only.
 */
export function setColorMode(mode: Scheme): void {
  if (!current) return
  current = { ...current, mode }
  if (!current.preview) {
    try {
      localStorage.setItem(modeStorageKey(current.institutionId), mode)
    } catch {
      // not remembered, still switched
    }
  }
  apply(mode)
  notify()
}

/** Another tab of the same institution switched: this one follows (a branding preview does not). */
function onStorage(event: StorageEvent) {
  if (!current || current.preview || event.key !== modeStorageKey(current.institutionId)) return
  const mode = storedMode(current.institutionId)
  if (mode && mode !== current.mode) {
    current = { ...current, mode }
    apply(mode)
    notify()
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  if (listeners.size === 1) window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0) window.removeEventListener('storage', onStorage)
  }
}

const snapshot = () => current?.mode ?? null

/** The current mode (null before an institution's branding started it); re-renders on a switch. */
export function useColorMode(): Scheme | null {
  return useSyncExternalStore(subscribe, snapshot, snapshot)
}

/** Forgets the mode (tests: each starts with a fresh page). */
export function resetColorMode(): void {
  current = null
  document.documentElement.classList.remove('light', 'dark')
  document.documentElement.style.colorScheme = ''
}
