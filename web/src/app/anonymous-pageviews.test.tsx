import { screen, waitFor } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import type { AnalyticsEvent } from '../api/types'
import { server } from '../test/msw-server'
import { empty } from '../test/respond'
import { renderApp } from '../test/render-app'

/** The pageviews posted without a session (POST /institution/{iid}/analytics), as the API receives them. */
function recordAnonymous(): AnalyticsEvent[] {
  const hits: AnalyticsEvent[] = []
  server.use(
    http.post('*/api/institution/:iid/analytics', async ({ request }) => {
      hits.push(((await request.json()) as { data: AnalyticsEvent }).data)
      return empty('record_anonymous', 202)
    }),
  )
  return hits
}

describe('navigation: pageviews without a user (spec section 2: every navigation sends one)', () => {
  it('sends the splash and the user-creation error page anonymously: page, title and tab id only', async () => {
    const hits = recordAnonymous()
    server.use(http.post('*/api/institution/:iid/user', () => new Response(null, { status: 500 })))
    const { user } = renderApp('/summit-cu/splash', { strict: true })
    await waitFor(() => expect(hits.map((hit) => hit.pagePath)).toEqual(['/summit-cu/splash']))
    expect(Object.keys(hits[0]).sort()).toEqual(['clientId', 'hitType', 'pagePath', 'pageTitle'])
    expect(hits[0]).toMatchObject({ hitType: 'pageview', pagePath: '/summit-cu/splash' })
    expect(hits[0].clientId).toMatch(/./)
    expect(hits[0].pageTitle).toMatch(/./)
    expect(hits[0]).not.toHaveProperty('deviceUserAgentString')

    await user.type(await screen.findByTestId('email-input'), 'jane@example.com')
    await user.click(screen.getByTestId('email-submit'))
    expect(await screen.findByTestId('user-creation-error-page')).toBeInTheDocument()
    await waitFor(() =>
      expect(hits.map((hit) => hit.pagePath)).toEqual(['/summit-cu/splash', '/summit-cu/user/user-creation-error']),
    )
    expect(new Set(hits.map((hit) => hit.clientId)).size).toBe(1)
  })
})
