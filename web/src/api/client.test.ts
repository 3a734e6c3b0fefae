import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { messages } from '../lib/product'
import { server } from '../test/msw-server'
import { answer, apiError, errorBody } from '../test/respond'
import { ApiError, messageOf } from './api-error'
import { api, REFRESH_RETRY_DELAYS_MS } from './client'

const session = { institutionId: 'summit-cu', userId: 'u-1', token: 't-1' }

/** A scripted XMLHttpRequest: records what was sent, then plays progress and an answer. */
class FakeXhr {
  static last: FakeXhr | null = null
  method = ''
  url = ''
  headers: Record<string, string> = {}
  body: unknown = null
  status = 0
  statusText = ''
  responseText = ''
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  }
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  onabort: (() => void) | null = null
  constructor() {
    FakeXhr.last = this
  }
  open(method: string, url: string) {
    this.method = method
    this.url = url
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value
  }
  send(body: unknown) {
    this.body = body
  }
  abort() {
    this.onabort?.()
  }
  answer(status: number, responseText = '') {
    this.status = status
    this.responseText = responseText
    this.onload?.()
  }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('api.uploadVinPhoto', () => {
  it('PUTs the photo with its content type and reports progress in percent', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr)
    const file = new File([new Uint8Array(10)], 'vin.jpg', { type: 'image/jpeg' })
    const progress: number[] = []
    const done = api.uploadVinPhoto('/api/vin-photo/d-1?sig=s', file, { onProgress: (p) => progress.push(p) })
    const xhr = FakeXhr.last!
    expect([xhr.method, xhr.url, xhr.headers['Content-Type'], xhr.body]).toEqual([
      'PUT',
      '/api/vin-photo/d-1?sig=s',
      'image/jpeg',
      file,
    ])
    expect(xhr.headers.Authorization).toBeUndefined()
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 25, total: 100 })
    xhr.upload.onprogress?.({ lengthComputable: false, loaded: 0, total: 0 })
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 })
    xhr.answer(204)
    await done
    expect(progress).toEqual([25, 100])
  })

  it("rejects with the API's error message", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr)
    const done = api.uploadVinPhoto('/u', new File(['x'], 'v.png', { type: 'image/png' }))
    FakeXhr.last!.answer(415, JSON.stringify(errorBody('validation', messages.photoNotAPhotoType)))
    await expect(done).rejects.toEqual(new ApiError(415, 'validation', messages.photoNotAPhotoType))
  })
})

describe('api catalog and analytics', () => {
  it('asks for each list with its query and the token', async () => {
    const seen: string[] = []
    server.use(
      http.get<{ iid: string; list: string }>('*/api/institution/:iid/car/:list', ({ request, params }) => {
        expect(request.headers.get('Authorization')).toBe('Bearer t-1')
        seen.push(`${params.list}?${new URL(request.url).searchParams}`)
        return answer('makes', { data: [] }) // every list (years' numbers too): an empty one
      }),
    )
    await api.getYears(session)
    await api.getMakes(session, { year: '2020' })
    await api.getModels(session, { year: '2020', make: 'Alfa Romeo' })
    await api.getStyles(session, { year: '2020', make: 'Honda', model: 'Accord' })
    expect(seen).toEqual([
      'years?',
      'makes?year=2020',
      'models?year=2020&make=Alfa+Romeo',
      'styles?year=2020&make=Honda&model=Accord',
    ])
  })

  it('sends the description for its mock VIN', async () => {
    let query = ''
    server.use(
      http.get('*/api/institution/:iid/car/vin', ({ request }) => {
        query = new URL(request.url).search
        return answer('vin_for_description', { data: { message: '1HGCV1F40LA000001', isMockVin: true } })
      }),
    )
    const mockVin = await api.vinForDescription(session, {
      year: '2020',
      make: 'Honda',
      model: 'Accord',
      style: 'EX 1.5L FWD Sedan',
    })
    expect(mockVin.data.message).toBe('1HGCV1F40LA000001')
    expect(query).toBe('?year=2020&make=Honda&model=Accord&style=EX+1.5L+FWD+Sedan')
  })

  it('posts analytics as { data } and never throws', async () => {
    let body: unknown
    server.use(
      http.post('*/api/institution/:iid/user/:uid/analytics', async ({ request }) => {
        body = await request.json()
        return apiError('internal', 'down', 500)
      }),
    )
    await expect(api.sendAnalytics(session, { hitType: 'event', eventAction: 'DescriptionField' })).resolves.toBeUndefined()
    expect(body).toEqual({ data: { hitType: 'event', eventAction: 'DescriptionField' } })
  })
})

describe('api.refreshSession', () => {
  it('asks for a new token with the current one; later calls made with the old session use the new token', async () => {
    const session = { institutionId: 'summit-cu', userId: 'u-9', token: 'old-9' }
    const seen: Array<{ path: string; query: string; auth: string | null }> = []
    server.use(
      http.get('*/api/institution/:iid/user/:uid/refresh', ({ request }) => {
        const url = new URL(request.url)
        seen.push({ path: url.pathname, query: url.search, auth: request.headers.get('Authorization') })
        return answer('refresh', { token: 'new-9' })
      }),
      http.get('*/api/institution/:iid/car/years', ({ request }) => {
        seen.push({ path: 'years', query: '', auth: request.headers.get('Authorization') })
        return answer('years', { data: [2020] })
      }),
    )
    expect(await api.refreshSession(session, 'jane@example.com')).toBe('new-9')
    await api.getYears(session)
    expect(seen).toEqual([
      { path: '/api/institution/summit-cu/user/u-9/refresh', query: '?emailAddress=jane%40example.com', auth: 'Bearer old-9' },
      { path: 'years', query: '', auth: 'Bearer new-9' },
    ])
  })

  it('tries again after a dropped connection or a 503, waiting longer each time, before giving up', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] })
    try {
      const answers: Array<() => Response> = [
        () => HttpResponse.error(),
        () => apiError('checkoutBusy', 'busy', 503),
        () => answer('refresh', { token: 'new-7' }),
      ]
      const auth: Array<string | null> = []
      server.use(
        http.get('*/api/institution/:iid/user/:uid/refresh', ({ request }) => {
          auth.push(request.headers.get('Authorization'))
          return answers.shift()!()
        }),
      )
      let token: string | null = null
      void api.refreshSession({ institutionId: 'summit-cu', userId: 'u-7', token: 'old-7' }, 'a@b.co').then((t) => (token = t))
      await vi.advanceTimersByTimeAsync(REFRESH_RETRY_DELAYS_MS[0] - 1)
      expect(auth).toHaveLength(1)
      await vi.advanceTimersByTimeAsync(1 + REFRESH_RETRY_DELAYS_MS[1])
      await vi.waitFor(() => expect(token).toBe('new-7'))
      expect(auth).toEqual(['Bearer old-7', 'Bearer old-7', 'Bearer old-7'])
    } finally {
      vi.useRealTimers()
    }
  })

  it('gives up on a connection that stays down once the retries are spent', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] })
    try {
      let calls = 0
      server.use(
        http.get('*/api/institution/:iid/user/:uid/refresh', () => {
          calls += 1
          return HttpResponse.error()
        }),
      )
      const error = api
        .refreshSession({ institutionId: 'summit-cu', userId: 'u-6', token: 't-6' }, 'a@b.co')
        .catch((e: unknown) => e)
      await vi.advanceTimersByTimeAsync(REFRESH_RETRY_DELAYS_MS.reduce((a, b) => a + b, 0))
      expect(await error).toMatchObject({ status: 0, code: 'network' })
      expect(calls).toBe(REFRESH_RETRY_DELAYS_MS.length + 1)
    } finally {
      vi.useRealTimers()
    }
  })

  it("rejects with the API's sessionExpired error", async () => {
    server.use(http.get('*/api/institution/:iid/user/:uid/refresh', () => apiError('sessionExpired', 'expired', 401)))
    const error: unknown = await api
      .refreshSession({ institutionId: 'summit-cu', userId: 'u-8', token: 't-8' }, 'a@b.co')
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 401, code: 'sessionExpired' })
  })

  it('ends at once on a 401: a token really refused is not tried again', async () => {
    let calls = 0
    server.use(
      http.get('*/api/institution/:iid/user/:uid/refresh', () => {
        calls += 1
        return apiError('unauthorized', 'Unauthorized', 401)
      }),
    )
    const error: unknown = await api
      .refreshSession({ institutionId: 'summit-cu', userId: 'u-5', token: 't-5' }, 'a@b.co')
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 401 })
    expect(calls).toBe(1)
  })
})

describe('api errors the member reads', () => {
  it('a dropped connection is the plain connection message, never the browser’s words', async () => {
    server.use(http.get('*/api/institution/:iid/car/years', () => HttpResponse.error()))
    const error: unknown = await api.getYears(session).catch((e: unknown) => e)
    expect(error).toEqual(new ApiError(0, 'network', messages.connectionProblem))
  })

  it('an answer without the API’s error body carries no message (the page shows its own text)', async () => {
    server.use(http.get('*/api/institution/:iid/car/years', () => new HttpResponse('<html>Bad Gateway</html>', { status: 502 })))
    const error: unknown = await api.getYears(session).catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 502, code: 'internal', message: '' })
    expect(messageOf(error, messages.paymentProblem)).toBe(messages.paymentProblem)
  })

  it('a 429 keeps its Retry-After in seconds', async () => {
    server.use(
      http.get('*/api/institution/:iid/car/vin/:vin', () => {
        const response = apiError('rateLimited', 'Too many vehicle lookups.', 429)
        response.headers.set('Retry-After', '42')
        return response
      }),
    )
    const error: unknown = await api.decodeVin(session, '1HGCM82633A004352').catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 429, code: 'rateLimited', retryAfterSeconds: 42 })
  })
})
