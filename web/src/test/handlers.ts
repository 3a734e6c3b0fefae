import { http } from 'msw'
import type {
  CancelBody,
  CheckoutStepBody,
  CreateCarBody,
  CreateUserBody,
  DecodedVehicle,
  PersonalDetailsBody,
  User,
} from '../api/types'
import { withThousands } from '../lib/format'
import { fieldErrors, fill, messages } from '../lib/product'
import {
  bookedPolicy,
  cancellationQuoteFreeLook,
  cancellationTerms,
  cancelledTerms,
  car,
  catalog,
  checkoutAt,
  describedVehicle,
  institution,
  quote,
  quotedTerms,
  severalStylesVehicle,
  signedRequest,
  user,
  vehicle,
  wrongCheckDigitVehicle,
} from './fixtures'
import { answer, apiError, empty } from './respond'

const U = '*/api/institution/:iid/user/:uid'
const C = '*/api/institution/:iid/car'

let carsCreated = 0

/** The VIN the fake photo reader finds in every photo. */
export const PHOTO_VIN = '1HGCM82633A004352'

/** The fixtures' vehicles the fake decoder knows by VIN; any other VIN decodes as `vehicle`. */
const DECODED: Record<string, DecodedVehicle> = Object.fromEntries(
  [describedVehicle, severalStylesVehicle, wrongCheckDigitVehicle].map((known) => [known.vin, known]),
)

function decoded(vin: string): DecodedVehicle {
  return DECODED[vin] ?? { ...vehicle, vin, isMockVin: false }
}

/**
 * The vehicle with the member's style, as the server settles it (garage.rs decode_with_style): one
 * of the VIN's styleChoices when it has any, else the decoded style whatever was sent; null when the
 * choice is missing or not one of them (400, field style).
 */
function withStyle(vin: string, style: string | null | undefined): DecodedVehicle | null {
  const found = decoded(vin)
  const choices = found.styleChoices ?? []
  if (choices.length === 0) return found
  const chosen = choices.find((choice) => choice.toLowerCase() === style?.trim().toLowerCase())
  return chosen ? { ...found, style: chosen, styleChoices: [] } : null
}

const styleRefusal = () => apiError('validation', fieldErrors.chooseStyle, 400, 'style')

/** The server's refusal of an odometer reading today: below the one at the sale, or impossible (field odometer). */
export function odometerRefusal(odometer: number, atSale = cancellationTerms.odometerAtSale): Response | null {
  if (odometer < atSale) {
    return apiError('validation', fill(messages.cancelOdometerBelowSale, { odometer: withThousands(atSale) }), 400, 'odometer')
  }
  // ODOMETER_MAX of activities/src/cancellation.rs.
  return odometer > 1_000_000 ? apiError('validation', messages.cancelOdometerTooHigh, 400, 'odometer') : null
}

/** The member after `PUT U` with personal details, as the server stores them (every field replaced). */
function withDetails(member: User, details: PersonalDetailsBody): User {
  const address = details.address
  return {
    ...member,
    firstName: details.firstName ?? null,
    lastName: details.lastName ?? null,
    phoneNumber: details.phoneNumber ?? null,
    address: address
      ? { street: address.street ?? '', city: address.city ?? '', state: address.state ?? '', zip: address.zip ?? '' }
      : null,
    isMember: details.isMember ?? null,
    doesConsentToSoliciting: details.doesConsentToSoliciting ?? true,
  }
}

/** Happy-path answers of the API, typed by its OpenAPI document (schema.gen.ts; see respond.ts). */
export const handlers = [
  http.get('*/api/institution/:iid', () => answer('institution', institution)),
  http.get('*/api/institution/:iid/logo', () => apiError('notFound', 'Not found', 404)),
  http.post('*/api/institution/:iid/user', async ({ request }) => {
    const body = (await request.json()) as CreateUserBody
    return answer('create_user', { user: { ...user, emailAddress: body.emailAddress }, token: 't-1' }, 201)
  }),
  http.get<{ vin: string }>(`${C}/vin/:vin`, ({ params }) => answer('decode_vin', { data: decoded(params.vin) })),
  http.get(`${C}/years`, () => answer('years', { data: catalog.years.map(Number) })),
  http.get(`${C}/makes`, () => answer('makes', { data: catalog.makes })),
  http.get(`${C}/models`, () => answer('models', { data: catalog.models })),
  http.get(`${C}/styles`, () => answer('styles', { data: catalog.styles })),
  http.get(`${C}/vin`, () => answer('vin_for_description', { data: { message: describedVehicle.vin, isMockVin: true } })),
  http.get(`${C}/vin/ocr/drop/:uid`, ({ request }) =>
    answer('open_drop', {
      data: {
        signedPutUrl: `/api/vin-photo/drop-1?mime=${new URL(request.url).searchParams.get('mime')}&sig=s`,
        dropId: 'drop-1',
        expiresAt: '2026-11-22T12:10:00Z',
        maxBytes: 10485760,
      },
    }),
  ),
  http.put('*/api/vin-photo/:dropId', () => empty('upload', 204)),
  http.get(`${C}/vin/ocr/drop/:uid/:dropId`, () =>
    answer('read_drop', { data: { vin: PHOTO_VIN, source: 'text', repaired: false } }),
  ),
  http.post(`${U}/analytics`, () => empty('record', 202)),
  http.post('*/api/institution/:iid/analytics', () => empty('record_anonymous', 202)),
  http.get(`${U}/refresh`, () => answer('refresh', { token: 't-refreshed' })),
  http.post(`${U}/car`, async ({ request }) => {
    const body = (await request.json()) as CreateCarBody
    const settled = withStyle(body.vin, body.style)
    if (!settled) return styleRefusal()
    carsCreated += 1
    const { year, make, model, style } = settled
    const created = {
      ...car,
      carId: `car-${carsCreated}`,
      vin: body.vin,
      ...(DECODED[body.vin] ? { year, make, model, style } : {}),
      isMockVin: body.vin === describedVehicle.vin,
    }
    return answer('create_car', { car: created }, 201)
  }),
  http.post(`${U}/quote`, () => answer('create_quote', quote, 201)),
  http.put(`${U}/quote/:quoteId`, () => answer('update_quote', quote)),
  http.put(`${U}/contact-request`, () => answer('member_request', { contactRequestId: 'cr-1' }, 202)),
  http.post('*/api/institution/:iid/contact-request', () => answer('anonymous_request', { contactRequestId: 'cr-anon-1' }, 202)),
  http.post<{ iid: string; uid: string; policyId: string }>(`${U}/verifydetails/:policyId`, ({ params }) =>
    answer('verify_details', {
      token: 'doc-token',
      policy: `/api/institution/${params.iid}/user/${params.uid}/fetchdocument/${params.policyId}?token=doc-token`,
      expiresAt: 1795000000,
    }),
  ),
  // Find-your-contract's cancellation, within the free look: quoted for the reading given (at least
  // the one at the sale), then cancelled with the reading and its attestation (checked before the code).
  http.get(`${U}/policy/:policyId/cancellation`, ({ request }) => {
    const odometer = new URL(request.url).searchParams.get('odometer')
    if (odometer === null) return answer('cancellation_terms', cancellationTerms)
    const refused = odometerRefusal(Number(odometer))
    return refused ?? answer('cancellation_terms', quotedTerms(cancellationTerms, Number(odometer)))
  }),
  http.post(`${U}/policy/:policyId/papercopy`, () => answer('request_paper_copy', { message: messages.paperCopyRequested }, 202)),
  http.post(`${U}/policy/:policyId/cancellation/code`, () =>
    answer(
      'send_code',
      { sentTo: 'j•••@example.com', message: fill(messages.cancelCodeSent, { email: 'j•••@example.com' }) },
      202,
    ),
  ),
  http.post(`${U}/policy/:policyId/cancellation`, async ({ request }) => {
    const body = (await request.json()) as CancelBody
    if (body.odometer == null) return apiError('validation', messages.cancelOdometerRequired, 400, 'odometer')
    if (!body.attested) return apiError('validation', messages.cancelAttestRequired, 400, 'attested')
    const quote = { ...cancellationQuoteFreeLook, odometer: body.odometer }
    return (
      odometerRefusal(body.odometer) ??
      answer('cancel', { outcome: 'cancelled', terms: cancelledTerms(cancellationTerms, quote) }, 200)
    )
  }),
  http.get(`${U}/verifyemail`, () => answer('send_verification_email', { sent: true })),
  /** Personal details, or (with a verificationCode) the code that verifies the email. */
  http.put(U, async ({ request }) => {
    const body = (await request.json()) as PersonalDetailsBody
    return body.verificationCode == null
      ? answer('update_user', { user: { ...withDetails(user, body), isEmailVerified: false }, token: 't-2' })
      : answer('update_user', { user: { ...user, isEmailVerified: true }, token: 't-3' })
  }),
  http.post(`${U}/policy`, () => answer('book', { policy: bookedPolicy })),
  // The durable checkout: every step recorded (bodies checked in checkout-recorder.test.ts); no
  // restore cookie (a /user page opens the splash), no valid continue link.
  http.put(`${U}/checkout`, async ({ request }) => {
    const body = (await request.json()) as CheckoutStepBody
    const answered = body.answers?.vehicle
    if (answered && !withStyle(answered.vin, answered.style)) return styleRefusal()
    return answer('advance', { checkout: checkoutAt(body.step) })
  }),
  http.post('*/api/institution/:iid/session/restore', () => apiError('unauthorized', 'Unauthorized', 401)),
  // The flow ending a session (idle, refresh maximum, refused token): ended, or nothing to end.
  http.post('*/api/institution/:iid/session/end', () => empty('end_session', 204)),
  http.post('*/api/institution/:iid/resume', () => apiError('linkExpired', messages.linkExpired, 410)),
  http.post(`${U}/signrequest`, () => answer('sign_request', { status: 200, data: signedRequest })),
]
