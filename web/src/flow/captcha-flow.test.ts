import { describe, expect, it } from 'vitest'
import { waitFor } from 'xstate'
import { ApiError } from '../api/api-error'
import { messages } from '../lib/product'
import { driveTo, send, session, settle, start } from '../test/flow-harness'
import { SPLASH_RESET_DELAY_MS } from './flow-setup'

/*
 * The session's captcha (spec section 3, Captcha: captchaAuthorized, captchaToken) and the splash's
 * reset (spec section 4: 'Splash resets the session (after a timeout if captcha is authorised or a
 * token-timeout flag is set)').
 */

describe('flow: captcha', () => {
  it('sends the solution with user creation once, and keeps the captcha authorised', async () => {
    const sent: Array<string | null> = []
    const actor = start({
      createUser: ({ captchaToken }) => {
        sent.push(captchaToken)
        return Promise.resolve(session)
      },
    })
    await settle(actor)
    expect(actor.getSnapshot().context).toMatchObject({ captchaAuthorized: false, captchaToken: null })
    actor.send({ type: 'CAPTCHA_VERIFIED', token: 'solution-1' })
    expect(actor.getSnapshot().context).toMatchObject({ captchaAuthorized: true, captchaToken: 'solution-1' })
    await send(actor, { type: 'SUBMIT_EMAIL', emailAddress: 'jane@example.com' })
    expect(sent).toEqual(['solution-1'])
    expect(actor.getSnapshot().matches({ splash: 'residence' })).toBe(true)
    expect(actor.getSnapshot().context).toMatchObject({ captchaAuthorized: true, captchaToken: null })
  })

  it("a refused solution stays on the splash with the API's text, and is dropped", async () => {
    const actor = start({ createUser: () => Promise.reject(new ApiError(400, 'captchaUsed', messages.captchaFailed)) })
    await settle(actor)
    actor.send({ type: 'CAPTCHA_VERIFIED', token: 'solution-1' })
    expect(await send(actor, { type: 'SUBMIT_EMAIL', emailAddress: 'jane@example.com' })).toBe('splash')
    expect(actor.getSnapshot().matches({ splash: 'email' })).toBe(true)
    expect(actor.getSnapshot().context).toMatchObject({ failure: messages.captchaFailed, captchaToken: null })
    // Any other failure is still the user-creation error page.
    const other = start({ createUser: () => Promise.reject(new ApiError(500, 'internal', 'x')) })
    await settle(other)
    expect(await send(other, { type: 'SUBMIT_EMAIL', emailAddress: 'jane@example.com' })).toBe('userCreationError')
  })

  it('the splash resets the session after a timeout when the captcha is authorised, at once otherwise', async () => {
    const authorised = await driveTo('lookup')
    authorised.send({ type: 'CAPTCHA_VERIFIED', token: 'solution-2' }) // ignored off the splash
    expect(authorised.getSnapshot().context.captchaAuthorized).toBe(false)

    const actor = start()
    await settle(actor)
    actor.send({ type: 'CAPTCHA_VERIFIED', token: 'solution-1' })
    await driveTo('lookup', {}, actor)
    expect(actor.getSnapshot().context.session).not.toBeNull()
    expect(await send(actor, { type: 'GO_TO', step: 'splash' })).toBe('splash')
    expect(actor.getSnapshot().context.user, 'kept until the timeout').not.toBeNull()
    expect(actor.getSnapshot().context, 'no session meanwhile: the gate opens no /user page').toMatchObject({
      session: null,
      gates: [],
    })
    expect(await send(actor, { type: 'GO_TO', step: 'lookup' })).toBe('splash')
    await waitFor(actor, (s) => s.context.user === null, { timeout: 2 * SPLASH_RESET_DELAY_MS })
    expect(actor.getSnapshot().context).toMatchObject({ session: null, user: null, captchaAuthorized: true })

    // Without the captcha authorised (nor the token-timeout flag), at once.
    expect(await send(authorised, { type: 'GO_TO', step: 'splash' })).toBe('splash')
    expect(authorised.getSnapshot().context.session).toBeNull()
  })
})
