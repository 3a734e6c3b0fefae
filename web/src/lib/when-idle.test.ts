import { afterEach, describe, expect, it, vi } from 'vitest'
import { whenIdle } from './when-idle'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('whenIdle', () => {
  it('waits for the browser to be idle, at most the time-out, and can be cancelled', () => {
    const callbacks: Array<{ work: () => void; timeout: number | undefined }> = []
    const cancelled: number[] = []
    vi.stubGlobal('requestIdleCallback', (work: () => void, options?: { timeout?: number }) =>
      callbacks.push({ work, timeout: options?.timeout }),
    )
    vi.stubGlobal('cancelIdleCallback', (handle: number) => cancelled.push(handle))
    const work = vi.fn()
    whenIdle(work, 1500)
    expect(work).not.toHaveBeenCalled()
    expect(callbacks.map((c) => c.timeout)).toEqual([1500])
    callbacks[0].work()
    expect(work).toHaveBeenCalledOnce()
    whenIdle(work)()
    expect(cancelled).toEqual([2])
  })

  it('falls back to a timer where the browser has no idle callback', () => {
    vi.useFakeTimers()
    vi.stubGlobal('requestIdleCallback', undefined)
    const work = vi.fn()
    whenIdle(work)
    expect(work).not.toHaveBeenCalled()
    vi.runAllTimers()
    expect(work).toHaveBeenCalledOnce()
    const cancelledWork = vi.fn()
    whenIdle(cancelledWork)()
    vi.runAllTimers()
    expect(cancelledWork).not.toHaveBeenCalled()
  })
})
