import { describe, expect, it } from 'vitest'
import restoreScript from '../lib/restore-script.js?raw'
import cases from './restore-cases.json'
import { restoreSourceOf, type RestoreSource } from './restore-source'

/**
 * What the page's inline script (restore-script.js, inlined by the server) starts at `pathname`:
 * the restore it asked for, or null when it sent nothing.
 */
function scriptRestoreAt(pathname: string): RestoreSource | null {
  const calls: { url: string; body?: string }[] = []
  const fakeWindow: { __coverlineRestore?: { token: string | null } } = {}
  const fetch = (url: string, init: { body?: string }) => {
    calls.push({ url, body: init.body })
    return Promise.resolve(new Response('{}'))
  }
  // The page's inline script, a file of this repository, run as the browser runs it.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  const run = new Function('location', 'window', 'fetch', restoreScript) as (
    location: { pathname: string },
    window: typeof fakeWindow,
    fetch: (url: string, init: { body?: string }) => Promise<Response>,
  ) => void
  run({ pathname }, fakeWindow, fetch)
  const [call] = calls
  if (!call) return null
  const token = fakeWindow.__coverlineRestore?.token ?? null
  if (call.url === '/api/institution/summit-cu/resume') {
    expect(call.body).toBe(JSON.stringify({ token }))
    return { via: 'link', token: token ?? '' }
  }
  expect(call.url).toBe('/api/institution/summit-cu/session/restore')
  expect(token).toBeNull()
  return { via: 'session' }
}

describe('restoreSourceOf: which opening finds the member’s checkout again (restore-cases.json)', () => {
  it.each(cases.cases)('$path', ({ path, restores }) => {
    expect(restoreSourceOf(path)).toEqual(restores)
  })

  it.each(cases.cases.filter((c) => c.restores !== null))(
    'the page’s inline script starts the same restore at $path',
    ({ path, restores }) => {
      expect(scriptRestoreAt(path)).toEqual(restores)
    },
  )
})
