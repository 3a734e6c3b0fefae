import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { http } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { IDLE_CHECK_INTERVAL_MS, IDLE_TIMEOUT_MS, SESSION_REFRESH_INTERVAL_MS, SESSION_WARNING_AT } from '../flow/session'
import { messages } from '../lib/product'
import { resumedAt } from '../test/fixtures'
import { endableSession, server } from '../test/msw-server'
import { answer } from '../test/respond'
import { renderApp, renderAtLookup } from '../test/render-app'

/** The timeout warning and the Session Expired dialog in the whole app, on Vitest's clock. */

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
})
afterEach(() => {
  vi.useRealTimers()
})

/** The refresh calls the app makes, as (Authorization header) in order. */
function recordRefreshes(): string[] {
  const tokens: string[] = []
  server.use(
    http.get('*/api/institution/:iid/user/:uid/refresh', ({ request }) => {
      tokens.push(request.headers.get('Authorization') ?? '')
      return answer('refresh', { token: `r-${tokens.length}` })
    }),
  )
  return tokens
}

async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms))
}

describe('session in the app', () => {
  it('warns one refresh before the maximum; Continue refreshes and keeps the member on the page', async () => {
    const refreshes = recordRefreshes()
    await renderAtLookup()
    for (let i = 0; i < SESSION_WARNING_AT; i += 1) {
      fireEvent.pointerDown(window) // the member is there
      await advance(SESSION_REFRESH_INTERVAL_MS)
    }
    const warning = await screen.findByTestId('session-warning-dialog')
    expect(warning).toHaveTextContent(messages.sessionWarningTitle)
    expect(warning).toHaveTextContent(messages.sessionWarning)
    await waitFor(() => expect(refreshes).toHaveLength(SESSION_WARNING_AT))
    expect(refreshes.slice(0, 2)).toEqual(['Bearer t-1', 'Bearer r-1'])

    fireEvent.click(screen.getByTestId('session-continue'))
    await waitFor(() => expect(screen.queryByTestId('session-warning-dialog')).not.toBeInTheDocument())
    await waitFor(() => expect(refreshes).toHaveLength(SESSION_WARNING_AT + 1))
    expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/user/car/lookup')
  })

  it('sends an idle member to the splash with the Session Expired dialog and ends the session on the server: a reload does not restore it', async () => {
    recordRefreshes()
    const { ends, restores } = endableSession(resumedAt('lookup'))
    const first = await renderAtLookup()
    await advance(IDLE_TIMEOUT_MS - IDLE_CHECK_INTERVAL_MS)
    expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/user/car/lookup')
    expect(ends).toEqual([])
    await advance(IDLE_CHECK_INTERVAL_MS)
    expect(await screen.findByTestId('session-expired-dialog')).toHaveTextContent(messages.sessionExpired)
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/splash'))
    // Refreshed at 4, 8 and 12 minutes: the end carries the newest token, once.
    await waitFor(() => expect(ends).toEqual([{ authorization: 'Bearer r-3', keepalive: true }]))
    await advance(IDLE_TIMEOUT_MS)
    expect(ends).toHaveLength(1)
    first.unmount()

    // The lookup page reloaded: the server refuses the ended session (401), the splash.
    renderApp('/summit-cu/user/car/lookup')
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/splash'))
    expect(restores).toEqual([401])
    expect(await screen.findByTestId('email-input')).toBeInTheDocument()
  })
})
