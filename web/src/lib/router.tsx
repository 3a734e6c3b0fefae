import {
  createContext,
  useCallback,
  useContext,
  useState,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react'

/**
 * The app's router: the URL as state, over the browser's history. The app has three routes
 * (app/app.tsx matches them) and lets the flow machine decide the page (flow/use-route-sync.ts), so
 * it needs only the location, navigation and links; react-router's 13 kB (gzip) of the first load
 * bought nothing more (issue 16). Tests run it over an in-memory history.
 */

export interface Location {
  pathname: string
  search: string
  /** 'default' for the entry the tab opened on (no navigation of ours yet), else unique per entry. */
  key: string
}

export interface History {
  readonly location: Location
  push(path: string): void
  replace(path: string): void
  go(delta: number): void
  listen(listener: () => void): () => void
}

function locationOf(path: string, key: string): Location {
  const url = new URL(path, 'http://app.invalid')
  return { pathname: url.pathname, search: url.search, key }
}

const newKey = () => Math.random().toString(36).slice(2, 10)

/** The window's history: our entries carry their key in history.state; popstate (back, forward) moves it. */
export function createBrowserHistory(): History {
  const read = (): Location => {
    const state = window.history.state as { key?: unknown } | null
    const key = typeof state?.key === 'string' ? state.key : 'default'
    return locationOf(window.location.pathname + window.location.search, key)
  }
  let location = read()
  const listeners = new Set<() => void>()
  const changed = () => {
    location = read()
    for (const listener of listeners) listener()
  }
  window.addEventListener('popstate', changed)
  return {
    get location() {
      return location
    },
    push(path) {
      window.history.pushState({ key: newKey() }, '', path)
      changed()
    },
    replace(path) {
      window.history.replaceState({ key: newKey() }, '', path)
      changed()
    },
    go(delta) {
      window.history.go(delta)
    },
    listen(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/** A history in memory (tests): `entries` with the last one current. */
export function createMemoryHistory(entries: readonly string[]): History {
  const stack = entries.map((path, index) => locationOf(path, index === 0 ? 'default' : newKey()))
  let index = stack.length - 1
  const listeners = new Set<() => void>()
  const changed = () => {
    for (const listener of listeners) listener()
  }
  return {
    get location() {
      return stack[index]
    },
    push(path) {
      stack.splice(index + 1, stack.length, locationOf(path, newKey()))
      index = stack.length - 1
      changed()
    },
    replace(path) {
      stack[index] = locationOf(path, newKey())
      changed()
    },
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), stack.length - 1)
      if (next === index) return
      index = next
      // The browser tells of a move through history after it: so does this one.
      queueMicrotask(changed)
    },
    listen(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

const HistoryContext = createContext<History | null>(null)

function useHistory(): History {
  const history = useContext(HistoryContext)
  if (!history) throw new Error('useLocation/useNavigate outside a <Router>')
  return history
}

/** Provides a history to the app: the window's, or the one given (tests). */
export function Router(props: { history?: History; children: ReactNode }) {
  const [history] = useState(() => props.history ?? createBrowserHistory())
  return <HistoryContext.Provider value={history}>{props.children}</HistoryContext.Provider>
}

/** The current location; re-renders when it changes. */
export function useLocation(): Location {
  const history = useHistory()
  const subscribe = useCallback((listener: () => void) => history.listen(listener), [history])
  return useSyncExternalStore(subscribe, () => history.location)
}

export type Navigate = (to: string | number, options?: { replace?: boolean }) => void

/** Goes to a path (a new entry, or in place with `replace`), or `delta` entries through history. */
export function useNavigate(): Navigate {
  const history = useHistory()
  return useCallback<Navigate>(
    (to, options) => {
      if (typeof to === 'number') history.go(to)
      else if (options?.replace) history.replace(to)
      else history.push(to)
    },
    [history],
  )
}

/** A link within the app: followed without a page load (a modified or middle click opens as the browser does). */
export function Link({ to, onClick, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  const navigate = useNavigate()
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    if (props.target && props.target !== '_self') return
    event.preventDefault()
    navigate(to)
  }
  return <a href={to} onClick={follow} {...props} />
}

/** One path segment, decoded ('%20' -> ' '); a malformed escape stays as typed. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/**
 * Matches `pathname` against a pattern of literal segments, `:name` segments and an optional
 * trailing `*` (the rest): the named segments, decoded, or null.
 */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const parts = pattern.split('/').filter(Boolean)
  const segments = pathname.split('/').filter(Boolean)
  const rest = parts.at(-1) === '*'
  if (rest) parts.pop()
  if (segments.length < parts.length || (!rest && segments.length !== parts.length)) return null
  const params: Record<string, string> = {}
  for (const [index, part] of parts.entries()) {
    const segment = segments[index]
    if (part.startsWith(':')) params[part.slice(1)] = decodeSegment(segment)
    else if (part !== segment) return null
  }
  return params
}
