import { http } from 'msw'
import { setupServer } from 'msw/node'
import type { Resumed } from '../api/types'
import { handlers } from './handlers'
import { answer, apiError, empty } from './respond'

/** The fake Coverline API every component test talks to; override per test with server.use(). */
export const server = setupServer(...handlers)

/**
 * The server's side of the restore cookie: the session is restored until the flow ends it (POST
 * …/session/end, which clears the cookie: the next restore is 401 unauthorized). Records each end
 * call's Authorization header and whether it was sent with keepalive.
 */
export function endableSession(resumed: Resumed) {
  const ends: Array<{ authorization: string | null; keepalive: boolean }> = []
  const restores: number[] = []
  server.use(
    http.post('*/api/institution/:iid/session/restore', () => {
      const status = ends.length > 0 ? 401 : 200
      restores.push(status)
      return status === 200 ? answer('restore', resumed) : apiError('unauthorized', 'Unauthorized', status)
    }),
    http.post('*/api/institution/:iid/session/end', ({ request }) => {
      ends.push({ authorization: request.headers.get('Authorization'), keepalive: request.keepalive })
      return empty('end_session', 204)
    }),
  )
  return { ends, restores }
}
