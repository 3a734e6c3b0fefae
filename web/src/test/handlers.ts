import { http, HttpResponse } from 'msw'
import { car, institution, quote, user, vehicle } from './fixtures'

const U = '*/api/institution/:iid/user/:uid'

/** Happy-path answers of the API, shaped as in docs/api.md. */
export const handlers = [
  http.get('*/api/institution/:iid', () => HttpResponse.json(institution)),
  http.get('*/api/institution/:iid/logo', () => new HttpResponse(null, { status: 404 })),
  http.post('*/api/institution/:iid/user', async ({ request }) => {
    const body = (await request.json()) as { emailAddress: string }
    return HttpResponse.json({ user: { ...user, emailAddress: body.emailAddress }, token: 't-1' }, { status: 201 })
  }),
  http.get('*/api/institution/:iid/car/vin/:vin', ({ params }) =>
    HttpResponse.json({ data: { ...vehicle, vin: params.vin } }),
  ),
  http.post(`${U}/car`, () => HttpResponse.json({ car }, { status: 201 })),
  http.post(`${U}/quote`, () => HttpResponse.json(quote, { status: 201 })),
]
