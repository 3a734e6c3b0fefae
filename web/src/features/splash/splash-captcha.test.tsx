import { screen, waitFor } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import type { CreateUserBody } from '../../api/types'
import { messages } from '../../lib/product'
import { fakeCaptcha, fakeCaptchaPayloads, solveFakeCaptchas } from '../../test/fake-captcha'
import { server } from '../../test/msw-server'
import { apiError } from '../../test/respond'
import { renderApp } from '../../test/render-app'

/*
 * The splash's captcha (spec section 3, Captcha; ALTCHA's proof of work): the widget's solution goes
 * with user creation, once; a solution the API refuses shows its text and the widget solves again.
 */

function recordCreations(): CreateUserBody[] {
  const bodies: CreateUserBody[] = []
  server.use(
    http.post('*/api/institution/:iid/user', async ({ request }) => {
      bodies.push((await request.clone().json()) as CreateUserBody)
      return undefined
    }),
  )
  return bodies
}

describe('splash: captcha', () => {
  it("sends the widget's solution with user creation", async () => {
    const created = recordCreations()
    const { user } = renderApp('/summit-cu/splash')
    expect(await screen.findByTestId('captcha')).toBeInTheDocument()
    await user.type(await screen.findByTestId('email-input'), 'jane@example.com')
    await user.click(screen.getByTestId('email-submit'))
    await screen.findByTestId('state-select')
    expect(created).toHaveLength(1)
    expect(created[0].captchaToken).toBe(fakeCaptchaPayloads.at(-1))
    expect(created[0].captchaToken).toMatch(/^fake-captcha-/)
  })

  it('waits for the solution when Continue comes first, then creates the user', async () => {
    fakeCaptcha.solvesAtOnce = false
    const created = recordCreations()
    const { user } = renderApp('/summit-cu/splash')
    await user.type(await screen.findByTestId('email-input'), 'jane@example.com')
    await user.click(screen.getByTestId('email-submit'))
    expect(await screen.findByTestId('captcha-waiting')).toHaveTextContent(messages.captchaRequired)
    expect(created).toHaveLength(0)
    solveFakeCaptchas()
    await screen.findByTestId('state-select')
    expect(created.map((body) => body.captchaToken)).toEqual([fakeCaptchaPayloads.at(-1)])
  })

  it("shows the API's refusal on the splash and sends a new solution next time", async () => {
    const created: CreateUserBody[] = []
    server.use(
      http.post('*/api/institution/:iid/user', async ({ request }) => {
        created.push((await request.clone().json()) as CreateUserBody)
        return created.length === 1 ? apiError('captchaExpired', messages.captchaExpired, 400) : undefined
      }),
    )
    const { user } = renderApp('/summit-cu/splash')
    await user.type(await screen.findByTestId('email-input'), 'jane@example.com')
    await user.click(screen.getByTestId('email-submit'))
    expect(await screen.findByTestId('captcha-failure')).toHaveTextContent(messages.captchaExpired)
    expect(screen.queryByTestId('user-creation-error-page')).not.toBeInTheDocument()
    await user.click(screen.getByTestId('email-submit'))
    await screen.findByTestId('state-select')
    expect(created).toHaveLength(2)
    expect(created[1].captchaToken).not.toBe(created[0].captchaToken)
    await waitFor(() => expect(screen.queryByTestId('captcha-failure')).not.toBeInTheDocument())
  })
})
