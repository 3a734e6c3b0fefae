import { describe, expect, it } from 'vitest'
import { TokenChain } from './token-chain'

/** A promise with its resolve/reject exposed. */
function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

describe('TokenChain', () => {
  it('sends a call with the newest successor of the token it was given', async () => {
    const chain = new TokenChain()
    chain.rotated('t-1', 't-2')
    chain.rotated('t-2', 't-3')
    expect(chain.latest('t-1')).toBe('t-3')
    expect(await chain.use('t-1', (token) => Promise.resolve(token))).toBe('t-3')
    expect(await chain.use('other', (token) => Promise.resolve(token))).toBe('other')
  })

  it('holds a call made during a refresh until the refresh answers, then sends the new token', async () => {
    const chain = new TokenChain()
    const answer = deferred<string>()
    const refreshing = chain.refresh('t-1', () => answer.promise)
    const sent: string[] = []
    const call = chain.use('t-1', (token) => {
      sent.push(token)
      return Promise.resolve(token)
    })
    await Promise.resolve()
    expect(sent).toEqual([])
    answer.resolve('t-2')
    expect(await refreshing).toBe('t-2')
    expect(await call).toBe('t-2')
  })

  it('holds a refresh until the calls under way with the token are done', async () => {
    const chain = new TokenChain()
    const call = deferred<string>()
    const order: string[] = []
    const running = chain.use('t-1', () => call.promise.then((value) => (order.push('call'), value)))
    const refreshing = chain.refresh('t-1', (token) => {
      order.push(`refresh ${token}`)
      return Promise.resolve('t-2')
    })
    await Promise.resolve()
    expect(order).toEqual([])
    call.resolve('done')
    await running
    expect(await refreshing).toBe('t-2')
    expect(order).toEqual(['call', 'refresh t-1'])
  })

  it('refreshes the token a call under way rotated to (personal details, code), not the revoked one', async () => {
    const chain = new TokenChain()
    const call = deferred<void>()
    const rotating = chain.use('t-1', async (token) => {
      await call.promise
      chain.rotated(token, 't-2')
    })
    const refreshing = chain.refresh('t-1', (token) => Promise.resolve(`${token}+`))
    call.resolve()
    await rotating
    expect(await refreshing).toBe('t-2+')
    expect(chain.latest('t-1')).toBe('t-2+')
  })

  it('lets a failed refresh release the calls waiting on it, with the same token', async () => {
    const chain = new TokenChain()
    const answer = deferred<string>()
    const refreshing = chain.refresh('t-1', () => answer.promise)
    const call = chain.use('t-1', (token) => Promise.resolve(token))
    answer.reject(new Error('401'))
    await expect(refreshing).rejects.toThrow('401')
    expect(await call).toBe('t-1')
  })

  it('settles once the calls under way are done, on the token one of them rotated to (the session end)', async () => {
    const chain = new TokenChain()
    expect(await chain.settled('t-1')).toBe('t-1')
    const call = deferred<void>()
    const rotating = chain.use('t-1', async (token) => {
      await call.promise
      chain.rotated(token, 't-2')
    })
    let settled: string | null = null
    const settling = chain.settled('t-1').then((token) => (settled = token))
    await Promise.resolve()
    expect(settled).toBeNull()
    call.resolve()
    await rotating
    await settling
    expect(settled).toBe('t-2')
  })

  it("runs two refreshes of one token one after the other, the second with the first one's token", async () => {
    const chain = new TokenChain()
    const sent: string[] = []
    const refresh = (token: string) => {
      sent.push(token)
      return Promise.resolve(`${token}+`)
    }
    const [first, second] = await Promise.all([chain.refresh('t-1', refresh), chain.refresh('t-1', refresh)])
    expect([first, second]).toEqual(['t-1+', 't-1++'])
    expect(sent).toEqual(['t-1', 't-1+'])
  })
})

describe('TokenChain with repeated tokens', () => {
  it('never makes a loop of a token already in the chain', () => {
    const chain = new TokenChain()
    chain.rotated('t-1', 't-2')
    chain.rotated('t-2', 't-1')
    expect(chain.latest('t-1')).toBe('t-2')
    chain.clear()
    expect(chain.latest('t-1')).toBe('t-1')
  })
})
