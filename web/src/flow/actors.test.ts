import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { createActor, toPromise, type AnyActorLogic } from 'xstate'
import { ApiError } from '../api/api-error'
import { messages } from '../lib/product'
import { server } from '../test/msw-server'
import { bookedPolicy, resumedAt } from '../test/fixtures'
import { answer, apiError } from '../test/respond'
import { flowActors } from './actors'

const session = { institutionId: 'summit-cu', userId: 'u-1', token: 't-1' }
const U = '*/api/institution/:iid/user/:uid'

/** Runs one of the flow's invoked actors to its answer. */
function run<T>(logic: AnyActorLogic, input: unknown): Promise<T> {
  return toPromise(createActor(logic, { input }).start()) as Promise<T>
}

/** Answers the first call with `first`, then with `ok`; keeps each call's Idempotency-Key. */
function failingOnce(method: 'get' | 'post', path: string, first: () => Response, ok: () => Response) {
  const keys: Array<string | null> = []
  server.use(
    http[method](path, ({ request }) => {
      keys.push(request.headers.get('Idempotency-Key'))
      return keys.length === 1 ? first() : ok()
    }),
  )
  return keys
}

const booking = {
  address: { street: '100 Main St', city: 'Denver', state: 'CO', zip: '80202' },
  rateId: 'rate-1',
  rateCollectionId: 'rc-1',
  carId: 'car-1',
  emailAddress: 'jane@example.com',
  quoteId: 'q-1',
}

describe('idempotency keys: one per member action, the same on its retried call', () => {
  it('Book: a connection lost on the way is tried again with the same key; the next click has its own', async () => {
    const keys = failingOnce(
      'post',
      `${U}/policy`,
      () => HttpResponse.error(),
      () => answer('book', { policy: bookedPolicy }),
    )
    expect(await run(flowActors.bookPolicy, { session, body: booking })).toEqual(bookedPolicy)
    expect(keys).toHaveLength(2)
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/)
    expect(keys[1]).toBe(keys[0])
    await run(flowActors.bookPolicy, { session, body: booking })
    expect(keys).toHaveLength(3)
    expect(keys[2]).not.toBe(keys[0])
  })

  it('Send code: a 503 is tried again with the same key (one email); a refusal is not', async () => {
    const query = { emailAddress: 'jane@example.com', firstName: 'Jane', lastName: 'Doe' }
    const keys = failingOnce(
      'get',
      `${U}/verifyemail`,
      () => apiError('checkoutBusy', 'busy', 503),
      () => answer('send_verification_email', { sent: true }),
    )
    expect(await run(flowActors.sendVerificationEmail, { session, query })).toBe(true)
    expect(keys).toEqual([keys[0], keys[0]])
    const refused = failingOnce(
      'get',
      `${U}/verifyemail`,
      () => apiError('rateLimited', 'Too many codes.', 429),
      () => answer('send_verification_email', { sent: true }),
    )
    await expect(run(flowActors.sendVerificationEmail, { session, query })).rejects.toMatchObject({ code: 'rateLimited' })
    expect(refused).toHaveLength(1)
  })
})

describe('payment answers', () => {
  it("verifyresponse 409: the refund's code and message", async () => {
    const message = 'This contract was already paid, so this second charge of $1,955.97 is being refunded to your card.'
    server.use(
      http.post(`${U}/verifyresponse`, () =>
        answer(
          'verify_response',
          { status: 409, data: { data: null, error: { error_message: message, code: 'secondChargeRefunded' } } },
          409,
        ),
      ),
    )
    const error = await run(flowActors.verifyPayment, { session, policyId: 'p-1', result: 'r' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 409, code: 'secondChargeRefunded', message })
  })

  it('signrequest 409 alreadyPaid', async () => {
    server.use(http.post(`${U}/signrequest`, () => apiError('alreadyPaid', messages.alreadyPaid, 409)))
    await expect(run(flowActors.signRequest, { session, policyId: 'p-1' })).rejects.toMatchObject({ code: 'alreadyPaid' })
  })
})

describe('restoring a checkout', () => {
  it('a reloaded page: POST session/restore with no Authorization (the cookie is the credential)', async () => {
    const seen: Array<string | null> = []
    server.use(
      http.post('*/api/institution/:iid/session/restore', ({ request }) => {
        seen.push(request.headers.get('Authorization'))
        return answer('restore', resumedAt('coverage'))
      }),
    )
    const resumed = await run<{ token: string }>(flowActors.restoreCheckout, {
      institutionId: 'summit-cu',
      source: { via: 'session' },
    })
    expect(resumed.token).toBe('t-restored')
    expect(seen).toEqual([null])
  })

  it('a continue link: POST resume with its token, sent once even when it fails', async () => {
    const bodies: unknown[] = []
    server.use(
      http.post('*/api/institution/:iid/resume', async ({ request }) => {
        bodies.push(await request.json())
        return HttpResponse.error()
      }),
    )
    await expect(
      run(flowActors.restoreCheckout, { institutionId: 'summit-cu', source: { via: 'link', token: 'tok-1' } }),
    ).rejects.toMatchObject({ code: 'network' })
    expect(bodies).toEqual([{ token: 'tok-1' }])
  })

  /** The page's early restore call (api/src/http/web_page.rs RESTORE_SCRIPT), already under way. */
  function earlyRestore(token: string | null, response: Response) {
    window.__coverlineRestore = { token, response: Promise.resolve(response) }
  }
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

  it('a continue link the page already sent: its answer is used and the link is not sent again', async () => {
    const sent: unknown[] = []
    server.use(
      http.post('*/api/institution/:iid/resume', async ({ request }) => {
        sent.push(await request.json())
        return apiError('linkExpired', messages.linkExpired, 410)
      }),
    )
    earlyRestore('tok-1', json(resumedAt('confirm')))
    const resumed = await run<{ token: string }>(flowActors.restoreCheckout, {
      institutionId: 'summit-cu',
      source: { via: 'link', token: 'tok-1' },
    })
    expect(resumed.token).toBe('t-restored')
    expect(sent).toEqual([])
    expect(window.__coverlineRestore).toBeUndefined()
  })

  it("the page's early call refused: the API's error, as if the app had sent it", async () => {
    earlyRestore('tok-1', json({ error: { code: 'linkExpired', message: messages.linkExpired } }, 410))
    await expect(
      run(flowActors.restoreCheckout, { institutionId: 'summit-cu', source: { via: 'link', token: 'tok-1' } }),
    ).rejects.toMatchObject({ code: 'linkExpired', message: messages.linkExpired })
  })

  it('an early call for another restore is not taken: the app makes its own call', async () => {
    const sent: unknown[] = []
    server.use(
      http.post('*/api/institution/:iid/resume', async ({ request }) => {
        sent.push(await request.json())
        return answer('resume', resumedAt('coverage'))
      }),
    )
    earlyRestore(null, json({ error: { code: 'unauthorized', message: '' } }, 401))
    await run(flowActors.restoreCheckout, { institutionId: 'summit-cu', source: { via: 'link', token: 'tok-2' } })
    expect(sent).toEqual([{ token: 'tok-2' }])
    expect(window.__coverlineRestore).toBeUndefined()
  })

  it("a reload's early restore failed to connect: the retries make their own calls", async () => {
    let calls = 0
    server.use(
      http.post('*/api/institution/:iid/session/restore', () => {
        calls += 1
        return answer('restore', resumedAt('coverage'))
      }),
    )
    window.__coverlineRestore = { token: null, response: Promise.reject(new TypeError('Failed to fetch')) }
    const resumed = await run<{ token: string }>(flowActors.restoreCheckout, {
      institutionId: 'summit-cu',
      source: { via: 'session' },
    })
    expect(resumed.token).toBe('t-restored')
    expect(calls).toBe(1)
  })
})
