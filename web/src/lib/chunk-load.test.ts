import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ChunkLoadError, loadChunk } from './chunk-load'
import { timings } from './product'

describe('loadChunk (spec section 8: lazy chunk load failure)', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('fails a chunk that never arrives with a ChunkLoadError after 120 s, not before', async () => {
    expect(timings.chunkLoadTimeoutMs).toBe(120_000)
    let outcome: unknown = 'pending'
    loadChunk(() => new Promise<never>(() => {})).then(
      () => (outcome = 'loaded'),
      (error: unknown) => (outcome = error),
    )
    await vi.advanceTimersByTimeAsync(119_999)
    expect(outcome).toBe('pending')
    await vi.advanceTimersByTimeAsync(1)
    expect(outcome).toBeInstanceOf(ChunkLoadError)
    expect(outcome).toMatchObject({ name: 'ChunkLoadError', code: 'CHUNK_LOAD_FAILED' })
  })

  it("names a stylesheet that failed (Vite's preload) CSS_CHUNK_LOAD_FAILED", async () => {
    const failed = loadChunk(() => Promise.reject(new Error('Unable to preload CSS for /assets/coverage-level-page-x1.css')))
    await expect(failed).rejects.toMatchObject({ name: 'ChunkLoadError', code: 'CSS_CHUNK_LOAD_FAILED' })
  })

  it('turns a script that failed into a ChunkLoadError', async () => {
    const failed = loadChunk(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')))
    await expect(failed).rejects.toBeInstanceOf(ChunkLoadError)
    await expect(failed).rejects.toMatchObject({ code: 'CHUNK_LOAD_FAILED' })
  })

  it('hands over a chunk that arrives in time, and leaves no timer behind', async () => {
    const module = { default: 'screen' }
    await expect(loadChunk(() => Promise.resolve(module))).resolves.toBe(module)
    expect(vi.getTimerCount()).toBe(0)
  })
})
