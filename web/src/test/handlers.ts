import { http, HttpResponse } from 'msw'
import { car, catalog, describedVehicle, institution, quote, user, vehicle } from './fixtures'

const U = '*/api/institution/:iid/user/:uid'
const C = '*/api/institution/:iid/car'

let carsCreated = 0

/** The VIN the fake photo reader finds in every photo. */
export const PHOTO_VIN = '1HGCM82633A004352'

/** Happy-path answers of the API, shaped as in docs/api.md. */
export const handlers = [
  http.get('*/api/institution/:iid', () => HttpResponse.json(institution)),
  http.get('*/api/institution/:iid/logo', () => new HttpResponse(null, { status: 404 })),
  http.post('*/api/institution/:iid/user', async ({ request }) => {
    const body = (await request.json()) as { emailAddress: string }
    return HttpResponse.json({ user: { ...user, emailAddress: body.emailAddress }, token: 't-1' }, { status: 201 })
  }),
  http.get(`${C}/vin/:vin`, ({ params }) =>
    HttpResponse.json({
      data: params.vin === describedVehicle.vin ? describedVehicle : { ...vehicle, vin: params.vin, isMockVin: false },
    }),
  ),
  http.get(`${C}/years`, () => HttpResponse.json({ data: catalog.years.map(Number) })),
  http.get(`${C}/makes`, () => HttpResponse.json({ data: catalog.makes })),
  http.get(`${C}/models`, () => HttpResponse.json({ data: catalog.models })),
  http.get(`${C}/styles`, () => HttpResponse.json({ data: catalog.styles })),
  http.get(`${C}/vin`, () => HttpResponse.json({ data: { message: describedVehicle.vin, isMockVin: true } })),
  http.get(`${C}/vin/ocr/drop/:uid`, ({ request }) =>
    HttpResponse.json({
      data: {
        signedPutUrl: `/api/vin-photo/drop-1?mime=${new URL(request.url).searchParams.get('mime')}&sig=s`,
        dropId: 'drop-1',
        expiresAt: '2026-11-22T12:10:00Z',
        maxBytes: 10485760,
      },
    }),
  ),
  http.put('*/api/vin-photo/:dropId', () => new HttpResponse(null, { status: 204 })),
  http.get(`${C}/vin/ocr/drop/:uid/:dropId`, () =>
    HttpResponse.json({ data: { vin: PHOTO_VIN, source: 'text', repaired: false } }),
  ),
  http.post(`${U}/analytics`, () => HttpResponse.json({}, { status: 202 })),
  http.get(`${U}/refresh`, () => HttpResponse.json({ token: 't-refreshed' })),
  http.post(`${U}/car`, async ({ request }) => {
    const body = (await request.json()) as { vin: string }
    carsCreated += 1
    const created = { ...car, carId: `car-${carsCreated}`, vin: body.vin, isMockVin: body.vin === describedVehicle.vin }
    return HttpResponse.json({ car: created }, { status: 201 })
  }),
  http.post(`${U}/quote`, () => HttpResponse.json(quote, { status: 201 })),
  http.put(`${U}/quote/:quoteId`, () => HttpResponse.json(quote)),
  http.put(`${U}/contact-request`, () => HttpResponse.json({ contactRequestId: 'cr-1' }, { status: 202 })),
  http.post('*/api/institution/:iid/contact-request', () =>
    HttpResponse.json({ contactRequestId: 'cr-anon-1' }, { status: 202 }),
  ),
  http.post<{ iid: string; uid: string; policyId: string }>(`${U}/verifydetails/:policyId`, ({ params }) =>
    HttpResponse.json({
      token: 'doc-token',
      policy: `/api/institution/${params.iid}/user/${params.uid}/fetchdocument/${params.policyId}?token=doc-token`,
      expiresAt: 1795000000,
    }),
  ),
  http.get(`${U}/verifyemail`, () => HttpResponse.json({ sent: true })),
  /** Personal details, or (with a verificationCode) the code that verifies the email. */
  http.put(U, async ({ request }) => {
    const { verificationCode, ...details } = (await request.json()) as Record<string, unknown>
    const isEmailVerified = verificationCode !== undefined
    return HttpResponse.json({ user: { ...user, ...details, isEmailVerified }, token: isEmailVerified ? 't-3' : 't-2' })
  }),
  http.post(`${U}/policy`, () =>
    HttpResponse.json({ policy: { policyId: 'p-1', mmpContractNumber: 'MMP-0001', status: 'booked' } }),
  ),
  // The durable checkout: every step recorded (bodies checked in checkout-recorder.test.ts); no
  // restore cookie (a /user page opens the splash), no valid continue link.
  http.put(`${U}/checkout`, () => HttpResponse.json({ checkout: {} })),
  http.post('*/api/institution/:iid/session/restore', () =>
    HttpResponse.json({ error: { code: 'unauthorized', message: 'Unauthorized' } }, { status: 401 }),
  ),
  // The flow ending a session (idle, refresh maximum, refused token): ended, or nothing to end.
  http.post('*/api/institution/:iid/session/end', () => new HttpResponse(null, { status: 204 })),
  http.post('*/api/institution/:iid/resume', () =>
    HttpResponse.json(
      { error: { code: 'linkExpired', message: 'This link has expired or was already used. Please start again.' } },
      { status: 410 },
    ),
  ),
  http.post(`${U}/signrequest`, () =>
    HttpResponse.json({
      status: 200,
      data: {
        signedRequest: 's',
        widgetUrl: 'http://127.0.0.1:8081/widget?request=s',
        gatewayOrigin: 'http://127.0.0.1:8081',
      },
    }),
  ),
]
