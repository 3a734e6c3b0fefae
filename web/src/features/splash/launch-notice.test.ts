import { describe, expect, it } from 'vitest'
import { messages } from '../../lib/product'
import { launchNoticeOf } from './launch-notice'

describe('launchNoticeOf', () => {
  it('says nothing to a member who came another way', () => {
    expect(launchNoticeOf('')).toBeNull()
    expect(launchNoticeOf('?utm_source=mail')).toBeNull()
  })

  it('tells an expired or used launch to open the offer again', () => {
    expect(launchNoticeOf('?launch=expired')).toBe(messages.bankLaunchExpired)
    expect(launchNoticeOf('?launch=used')).toBe(messages.bankLaunchExpired)
  })

  it('tells a member who declined at the bank to start with their email', () => {
    expect(launchNoticeOf('?launch=denied')).toBe(messages.bankLaunchDeclined)
  })

  it('treats every other reason, known or not, as a failed sign-in', () => {
    for (const reason of ['invalid', 'details', 'unavailable', 'something-new']) {
      expect(launchNoticeOf(`?launch=${reason}`)).toBe(messages.bankLaunchFailed)
    }
  })
})
