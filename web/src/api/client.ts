import { ApiError } from './api-error'
import type {
  BookingBody,
  Car,
  Confirmation,
  CreateCarBody,
  CreateQuoteBody,
  CreateUserBody,
  DecodedVehicle,
  Institution,
  PersonalDetailsBody,
  Policy,
  Quote,
  SignRequestResponse,
  UpdateEmailBody,
  UserWithToken,
  VerifyEmailQuery,
  VerifyResponseBody,
} from './types'

/** Who is calling: the institution, and once a user exists, its id and session token. */
export interface Session {
  institutionId: string
  userId: string
  token: string
}

const BASE = '/api'

const enc = encodeURIComponent

function institutionPath(institutionId: string): string {
  return `${BASE}/institution/${enc(institutionId)}`
}

function userPath(session: Session): string {
  return `${institutionPath(session.institutionId)}/user/${enc(session.userId)}`
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT'
  body?: unknown
  token?: string
  /** Resolve with the JSON body even when the status is not 2xx (verifyresponse reports errors in its body). */
  acceptErrorBody?: boolean
}

async function request<T>(url: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (options.body !== undefined) headers['Content-Type'] = 'application/json'
  if (options.token) headers.Authorization = `Bearer ${options.token}`
  let response: Response
  try {
    response = await fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    })
  } catch (cause) {
    throw new ApiError(0, 'network', cause instanceof Error ? cause.message : 'Network error')
  }
  const text = await response.text()
  let json: unknown = undefined
  if (text) {
    try {
      json = JSON.parse(text)
    } catch {
      json = undefined
    }
  }
  if (response.ok || (options.acceptErrorBody && json !== undefined)) return json as T
  const error = (json as { error?: { code?: string; message?: string; field?: string } } | undefined)?.error
  throw new ApiError(
    response.status,
    (error?.code as ApiError['code']) ?? (response.status === 401 ? 'unauthorized' : 'internal'),
    error?.message ?? response.statusText,
    error?.field ?? null,
  )
}

/** The one typed client for the Coverline API; every call after user creation carries the session token. */
export const api = {
  getInstitution: (institutionId: string) => request<Institution>(institutionPath(institutionId)),

  createUser: (institutionId: string, body: CreateUserBody) =>
    request<UserWithToken>(`${institutionPath(institutionId)}/user`, { method: 'POST', body }),

  updatePersonalDetails: (session: Session, body: PersonalDetailsBody) =>
    request<UserWithToken>(userPath(session), { method: 'PUT', body, token: session.token }),

  submitVerificationCode: (session: Session, verificationCode: string) =>
    request<UserWithToken>(userPath(session), { method: 'PUT', body: { verificationCode }, token: session.token }),

  sendVerificationEmail: (session: Session, query: VerifyEmailQuery) =>
    request<{ sent: boolean }>(`${userPath(session)}/verifyemail?${new URLSearchParams({ ...query })}`, {
      token: session.token,
    }),

  /** Not in docs/api.md yet; path and body follow spec section 7. */
  updateEmail: (session: Session, body: UpdateEmailBody) =>
    request<{ updatedToken: string }>(`${userPath(session)}/update-email`, { method: 'PUT', body, token: session.token }),

  decodeVin: (session: Session, vin: string) =>
    request<{ data: DecodedVehicle }>(`${institutionPath(session.institutionId)}/car/vin/${enc(vin.toUpperCase())}`, {
      token: session.token,
    }),

  createCar: (session: Session, body: CreateCarBody) =>
    request<{ car: Car }>(`${userPath(session)}/car`, { method: 'POST', body, token: session.token }),

  createQuote: (session: Session, body: CreateQuoteBody) =>
    request<Quote>(`${userPath(session)}/quote`, { method: 'POST', body, token: session.token }),

  bookPolicy: (session: Session, body: BookingBody) =>
    request<{ policy: Policy }>(`${userPath(session)}/policy`, { method: 'POST', body, token: session.token }),

  signRequest: (session: Session, policyId: string) =>
    request<SignRequestResponse>(`${userPath(session)}/signrequest`, {
      method: 'POST',
      body: { policyId },
      token: session.token,
    }),

  verifyResponse: (session: Session, policyId: string, result: string) =>
    request<VerifyResponseBody>(`${userPath(session)}/verifyresponse`, {
      method: 'POST',
      body: { policyId, result },
      token: session.token,
      acceptErrorBody: true,
    }),

  confirmPayment: (session: Session, policyId: string, paymentId: string) =>
    request<Confirmation>(`${userPath(session)}/payment/confirmation`, {
      method: 'POST',
      body: { policyId, paymentId },
      token: session.token,
    }),
}

export type Api = typeof api
