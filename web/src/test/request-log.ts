import { onTestFinished } from 'vitest'
import { server } from './msw-server'

/**
 * Every request the app sends to the fake API from now until the test ends, as 'GET /api/…' (method
 * and path), in the order sent: for tests that assert what a page does not call.
 */
export function logRequests(): string[] {
  const sent: string[] = []
  const listener = ({ request }: { request: Request }) => {
    sent.push(`${request.method} ${new URL(request.url).pathname}`)
  }
  server.events.on('request:start', listener)
  onTestFinished(() => server.events.removeListener('request:start', listener))
  return sent
}

/** Lets the page's timers and promises run for a while (what it would send after its first paint). */
export function aMomentLater(ms = 400): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
