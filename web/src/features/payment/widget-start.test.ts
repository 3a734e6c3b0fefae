import { afterEach, describe, expect, it } from 'vitest'
import { signedRequest } from '../../test/fixtures'
import { widgetStartUrl } from './widget-start'

afterEach(() => {
  document.documentElement.lang = 'en-US'
})

describe('widgetStartUrl', () => {
  it("starts the widget in the page's locale", () => {
    document.documentElement.lang = 'es-US'
    expect(new URL(widgetStartUrl(signedRequest, 'inst-001')).searchParams.get('locale')).toBe('es-US')
    document.documentElement.lang = 'en-US'
    expect(new URL(widgetStartUrl(signedRequest, 'inst-001')).searchParams.get('locale')).toBe('en-US')
  })

  it('keeps the signed request and the other start parameters', () => {
    document.documentElement.lang = 'es-US'
    const url = new URL(widgetStartUrl(signedRequest, 'inst-001'))
    expect(url.origin + url.pathname).toBe('http://127.0.0.1:8081/widget')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      request: 's',
      mode: 'selection',
      integrationId: 'DICE',
      paymentAccountId: 'inst-001',
      experience: 'NAO_CC_ONLY',
      locale: 'es-US',
    })
  })
})
