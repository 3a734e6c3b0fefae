import { messages } from '../lib/product'
import { takeEmbeddedInstitution } from '../lib/static-shell'
import { takeEarlyRestore } from '../lib/early-restore'
import type { VehicleDescription } from '../lib/vehicle-description'
import { ApiError } from './api-error'
import { withRetries } from './retry'
import { TokenChain } from './token-chain'
import type {
  AnalyticsEvent,
  BookingBody,
  CancelBody,
  CancellationAnswer,
  CancellationCodeSent,
  CancellationTerms,
  Car,
  CheckoutStepBody,
  CheckoutView,
  Confirmation,
  ContactRequestBody,
  CreateCarBody,
  CreateQuoteBody,
  CreateUserBody,
  DecodedVehicle,
  Institution,
  IntegrationSession,
  Language,
  MockVinResponse,
  PaperCopyQueued,
  PersonalDetailsBody,
  Policy,
  PolicyDocumentLink,
  PolicyLookupBody,
  Quote,
  Resumed,
  SignRequestResponse,
  UpdateEmailBody,
  UpdateQuoteBody,
  User,
  UserWithToken,
  VerifyEmailQuery,
  VerifyResponseBody,
  VinPhotoDrop,
  VinPhotoReading,
} from './types'
import { errorCodeOr } from './types'

/** Who is calling: the institution, and once a user exists, its id and session token. */
export interface Session {
  institutionId: string
  userId: string
  token: string
}

/** The contract a find-your-contract lookup is for: the ids in the link of the member's contract email. */
export interface ContractRef {
  institutionId: string
  userId: string
  policyId: string
}

const BASE = '/api'

const enc = encodeURIComponent

function institutionPath(institutionId: string): string {
  return `${BASE}/institution/${enc(institutionId)}`
}

/** A found contract's cancellation (GET its terms, POST to cancel), opened by the find-your-contract link's token. */
function cancellationPath(contract: ContractRef): string {
  return `${institutionPath(contract.institutionId)}/user/${enc(contract.userId)}/policy/${enc(contract.policyId)}/cancellation`
}

function carPath(session: Session): string {
  return `${institutionPath(session.institutionId)}/car`
}

function userPath(session: Session): string {
  return `${institutionPath(session.institutionId)}/user/${enc(session.userId)}`
}

interface RequestOptions<T = unknown> {
  method?: 'GET' | 'POST' | 'PUT'
  body?: unknown
  token?: string
  /** Resolve with the JSON body even when the status is not 2xx (verifyresponse reports errors in its body). */
  acceptErrorBody?: boolean
  /** The call rotates the session: the new token in its answer (the one sent is revoked). */
  rotatesTo?: (answer: T) => string
  /** Sent as `Idempotency-Key`: the same key again is the same call (the API does it once). */
  idempotencyKey?: string
  /** The browser sends the call even when the page is being closed or reloaded (fetch's keepalive). */
  keepalive?: boolean
  /** The answer is a file (a PDF): resolve with its Blob; errors are still the API's JSON. */
  binary?: boolean
  /** The call was already sent (the page's early restore, lib/early-restore.ts): its response. */
  sent?: Promise<Response>
}

/** The waits before each new try of a session refresh that got no answer: one blip does not end the session. */
export const REFRESH_RETRY_DELAYS_MS: readonly number[] = [1000, 2000, 4000]

/** The tokens of the sessions this tab holds: refreshes never cross the member's own calls. */
export const sessionTokens = new TokenChain()

/** Retry-After's delay in whole seconds (a number of seconds or an HTTP date), or null. */
export function retryAfterSecondsOf(header: string | null, now: number = Date.now()): number | null {
  if (!header) return null
  const seconds = /^\d+$/.test(header.trim()) ? Number(header.trim()) : (Date.parse(header) - now) / 1000
  return Number.isFinite(seconds) ? Math.max(1, Math.ceil(seconds)) : null
}

/**
 * The API's `{ error: { code, message, field } }` body as an ApiError. Without that body (a proxy's
 * page, an empty answer) the message is '' so the page shows its own text, never a status text.
 */
function apiErrorOf(status: number, json: unknown, retryAfter: string | null = null): ApiError {
  const error = (json as { error?: { code?: string; message?: string; field?: string } } | undefined)?.error
  return new ApiError(
    status,
    errorCodeOr(error?.code, status === 401 ? 'unauthorized' : 'internal'),
    error?.message ?? '',
    error?.field ?? null,
    retryAfterSecondsOf(retryAfter),
  )
}

function parseJson(text: string): unknown {
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** A call to the API; with a token, sent with its newest successor and never across a refresh of it. */
function request<T>(url: string, options: RequestOptions<T> = {}): Promise<T> {
  const { token, rotatesTo } = options
  if (!token) return send<T>(url, options)
  return sessionTokens.use(token, async (current) => {
    const answer = await send<T>(url, { ...options, token: current })
    if (rotatesTo) sessionTokens.rotated(current, rotatesTo(answer))
    return answer
  })
}

async function send<T>(url: string, options: RequestOptions<T>): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (options.body !== undefined) headers['Content-Type'] = 'application/json'
  if (options.token) headers.Authorization = `Bearer ${options.token}`
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey
  let response: Response
  try {
    response = await (options.sent ??
      fetch(url, {
        method: options.method ?? 'GET',
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        ...(options.keepalive ? { keepalive: true } : {}),
      }))
  } catch {
    // The browser's words ('Failed to fetch', 'NetworkError when…') are not for the member.
    throw new ApiError(0, 'network', messages.connectionProblem)
  }
  if (options.binary && response.ok) return (await response.blob()) as T
  const json = parseJson(await response.text())
  if (response.ok || (options.acceptErrorBody && json !== undefined)) return json as T
  throw apiErrorOf(response.status, json, response.headers.get('Retry-After'))
}

/** Shown when a photo upload fails without an API message (connection lost). */
export const PHOTO_UPLOAD_FAILED = "We couldn't upload your photo. Please try again."

/**
 * PUTs a VIN photo to its signed URL with XMLHttpRequest (fetch cannot report upload progress).
 * The URL is the credential: no token. Resolves on 2xx, else rejects with the API's error.
 */
function uploadToSignedUrl(
  signedPutUrl: string,
  file: Blob,
  options: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('PUT', signedPutUrl)
    xhr.setRequestHeader('Content-Type', file.type)
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        options.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)))
      }
    }
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve()
      else reject(apiErrorOf(xhr.status, parseJson(xhr.responseText)))
    }
    xhr.onerror = () => reject(new ApiError(0, 'network', PHOTO_UPLOAD_FAILED))
    xhr.onabort = () => reject(new ApiError(0, 'network', 'Upload cancelled'))
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send(file)
  })
}

/** Where the splash's captcha widget fetches its challenges (GET, no session). */
export function captchaChallengeUrl(institutionId: string): string {
  return `${institutionPath(institutionId)}/captcha`
}

/** The one typed client for the Coverline API; every call after user creation carries the session token. */
export const api = {
  /** The page's own copy first (the server writes it into the first page: no call), else the API. */
  getInstitution: (institutionId: string) => {
    const embedded = takeEmbeddedInstitution(institutionId)
    return embedded ? Promise.resolve(embedded) : request<Institution>(institutionPath(institutionId))
  },

  /** Integration mode: the partner's single-use launch code for a session (no token yet). */
  exchangeLaunchCode: (institutionId: string, integratorId: string, launchCode: string) =>
    request<IntegrationSession>(`${institutionPath(institutionId)}/integration/${enc(integratorId)}/session`, {
      method: 'POST',
      body: { launchCode },
    }),

  createUser: (institutionId: string, body: CreateUserBody) =>
    request<UserWithToken>(`${institutionPath(institutionId)}/user`, { method: 'POST', body }),

  updatePersonalDetails: (session: Session, body: PersonalDetailsBody) =>
    request<UserWithToken>(userPath(session), {
      method: 'PUT',
      body,
      token: session.token,
      rotatesTo: (answer) => answer.token,
    }),

  submitVerificationCode: (session: Session, verificationCode: string) =>
    request<UserWithToken>(userPath(session), {
      method: 'PUT',
      body: { verificationCode },
      token: session.token,
      rotatesTo: (answer) => answer.token,
    }),

  /**
   * A new token for the session (the old one is revoked), sent once the calls under way with the old
   * one are done; calls made meanwhile wait for it. A refresh that got no answer (a network blip, 503)
   * is tried again after each of REFRESH_RETRY_DELAYS_MS before it fails; a refused token (401
   * sessionExpired when the session is idle or too old) fails at once.
   */
  refreshSession: (session: Session, emailAddress: string) =>
    sessionTokens.refresh(session.token, (token) =>
      withRetries(
        async () =>
          (await send<{ token: string }>(`${userPath(session)}/refresh?${new URLSearchParams({ emailAddress })}`, { token }))
            .token,
        REFRESH_RETRY_DELAYS_MS,
      ),
    ),

  /** One email per key: a retried send with its key is counted once against the hourly limit. */
  sendVerificationEmail: (session: Session, query: VerifyEmailQuery, idempotencyKey: string) =>
    request<{ sent: boolean }>(`${userPath(session)}/verifyemail?${new URLSearchParams({ ...query })}`, {
      token: session.token,
      idempotencyKey,
    }),

  /** Not in docs/api.md yet; path and body follow spec section 7. */
  updateEmail: (session: Session, body: UpdateEmailBody) =>
    request<{ updatedToken: string }>(`${userPath(session)}/update-email`, {
      method: 'PUT',
      body,
      token: session.token,
      rotatesTo: (answer) => answer.updatedToken,
    }),

  /** Keeps the page's language switch's choice with the checkout, for what is sent to the member later. */
  setLanguage: (session: Session, language: Language) =>
    request<{ user: User }>(`${userPath(session)}/language`, { method: 'PUT', body: { language }, token: session.token }),

  decodeVin: (session: Session, vin: string) =>
    request<{ data: DecodedVehicle }>(`${carPath(session)}/vin/${enc(vin.toUpperCase())}`, { token: session.token }),

  /** The description catalog, newest year first. */
  getYears: (session: Session) => request<{ data: number[] }>(`${carPath(session)}/years`, { token: session.token }),

  getMakes: (session: Session, query: Pick<VehicleDescription, 'year'>) =>
    request<{ data: string[] }>(`${carPath(session)}/makes?${new URLSearchParams(query)}`, { token: session.token }),

  getModels: (session: Session, query: Pick<VehicleDescription, 'year' | 'make'>) =>
    request<{ data: string[] }>(`${carPath(session)}/models?${new URLSearchParams(query)}`, { token: session.token }),

  getStyles: (session: Session, query: Pick<VehicleDescription, 'year' | 'make' | 'model'>) =>
    request<{ data: string[] }>(`${carPath(session)}/styles?${new URLSearchParams(query)}`, { token: session.token }),

  /** The mock VIN (`data.message`) standing for a described vehicle; 404 vehicleNotFound when unknown. */
  vinForDescription: (session: Session, description: VehicleDescription) =>
    request<MockVinResponse>(`${carPath(session)}/vin?${new URLSearchParams({ ...description })}`, {
      token: session.token,
    }),

  /** Step 1 of a VIN photo: a signed upload URL for an image of this type. */
  requestVinPhotoDrop: (session: Session, mime: string) =>
    request<{ data: VinPhotoDrop }>(`${carPath(session)}/vin/ocr/drop/${enc(session.userId)}?${new URLSearchParams({ mime })}`, {
      token: session.token,
    }),

  /** Step 2: the photo itself, to the signed URL, with upload progress. */
  uploadVinPhoto: uploadToSignedUrl,

  /** Step 3: the VIN read from the uploaded photo. */
  readVinPhoto: (session: Session, dropId: string) =>
    request<{ data: VinPhotoReading }>(`${carPath(session)}/vin/ocr/drop/${enc(session.userId)}/${enc(dropId)}`, {
      token: session.token,
    }),

  createCar: (session: Session, body: CreateCarBody) =>
    request<{ car: Car }>(`${userPath(session)}/car`, { method: 'POST', body, token: session.token }),

  createQuote: (session: Session, body: CreateQuoteBody) =>
    request<Quote>(`${userPath(session)}/quote`, { method: 'POST', body, token: session.token }),

  /** Rates the quote's car again with new answers, under the same quoteId (new rateIds). */
  updateQuote: (session: Session, quoteId: string, body: UpdateQuoteBody) =>
    request<Quote>(`${userPath(session)}/quote/${enc(quoteId)}`, { method: 'PUT', body, token: session.token }),

  /** A member's contact request; a repeat within a minute answers the first id. */
  sendContactRequest: (session: Session, body: ContactRequestBody) =>
    request<{ contactRequestId: string }>(`${userPath(session)}/contact-request`, {
      method: 'PUT',
      body,
      token: session.token,
    }),

  /** A contact request without a user (user-creation error): collectedInfo.emailAddress is required. */
  sendAnonymousContactRequest: (institutionId: string, body: ContactRequestBody) =>
    request<{ contactRequestId: string }>(`${institutionPath(institutionId)}/contact-request`, { method: 'POST', body }),

  /** One booking (round) per key: a retried call with its key waits for the same round. */
  bookPolicy: (session: Session, body: BookingBody, idempotencyKey: string) =>
    request<{ policy: Policy }>(`${userPath(session)}/policy`, { method: 'POST', body, token: session.token, idempotencyKey }),

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

  /**
   * Records the step the member landed on, with their answers so far, in their durable checkout.
   * 409 stepOutOfOrder when the server's gate refuses it; 503 checkoutBusy: try again later.
   */
  recordCheckout: (session: Session, body: CheckoutStepBody, idempotencyKey: string) =>
    request<{ checkout: CheckoutView }>(`${userPath(session)}/checkout`, {
      method: 'PUT',
      body,
      token: session.token,
      idempotencyKey,
    }),

  /**
   * A reloaded tab's session and screen: the browser sends the HttpOnly restore cookie (fetch's
   * same-origin credentials; no script can read it). 401 unauthorized (no cookie) or sessionExpired.
   */
  restoreSession: (institutionId: string) =>
    request<Resumed>(`${institutionPath(institutionId)}/session/restore`, {
      method: 'POST',
      sent: takeEarlyRestore({ via: 'session' }),
    }),

  /**
   * Ends the member's session on the server, on every device: the restore cookie (the browser sends
   * it) is forgotten and cleared and every token of the member revoked, so no reload or other tab
   * brings the session back. Sent with `token`'s newest successor once the calls under way with it
   * are done (an error's analytics event is not refused by the end), and outlives the page
   * (keepalive). 204 even with nothing to end; never throws (the server's own idle time-out ends
   * the session anyway).
   */
  endSession: async (institutionId: string, token: string | null): Promise<void> => {
    try {
      await send<unknown>(`${institutionPath(institutionId)}/session/end`, {
        method: 'POST',
        token: token === null ? undefined : await sessionTokens.settled(token),
        keepalive: true,
      })
    } catch {
      // Nothing to tell the member: they are on the splash already.
    }
  },

  /** A 'continue your purchase' link's token: a new session on this device. 410 linkExpired. */
  resumeCheckout: (institutionId: string, token: string) =>
    request<Resumed>(`${institutionPath(institutionId)}/resume`, {
      method: 'POST',
      body: { token },
      sent: takeEarlyRestore({ via: 'link', token }),
    }),

  /** Records an analytics event; never throws and never makes the member wait on a failure. */
  sendAnalytics: async (session: Session, event: AnalyticsEvent): Promise<void> => {
    try {
      await request<unknown>(`${userPath(session)}/analytics`, { method: 'POST', body: { data: event }, token: session.token })
    } catch {
      // Analytics failures are never shown (docs/api.md).
    }
  },

  /**
   * A pageview of a page seen without a user (splash, user-creation-error, find your contract): the
   * page and the tab's analytics id only. Never throws, like sendAnalytics.
   */
  sendAnonymousPageview: async (institutionId: string, event: AnalyticsEvent): Promise<void> => {
    try {
      await request<unknown>(`${institutionPath(institutionId)}/analytics`, { method: 'POST', body: { data: event } })
    } catch {
      // Analytics failures are never shown (docs/api.md).
    }
  },

  confirmPayment: (session: Session, policyId: string, paymentId: string) =>
    request<Confirmation>(`${userPath(session)}/payment/confirmation`, {
      method: 'POST',
      body: { policyId, paymentId },
      token: session.token,
    }),

  /**
   * The contract finder: the last name and zip on the contract for a link to its PDF. Needs no
   * session (the member usually comes from the contract email); 404 notFound when they do not match.
   */
  verifyPolicyDetails: (contract: ContractRef, body: PolicyLookupBody) =>
    request<PolicyDocumentLink>(
      `${institutionPath(contract.institutionId)}/user/${enc(contract.userId)}/verifydetails/${enc(contract.policyId)}`,
      { method: 'POST', body },
    ),

  /**
   * The member's own contract terms for a rate of their quote, as a PDF marked SAMPLE (the review
   * page), in the member's language or in `language`.
   */
  getSampleContract: (session: Session, quoteId: string, rateId: string, language?: Language) =>
    request<Blob>(
      `${userPath(session)}/quote/${enc(quoteId)}/rate/${enc(rateId)}/sample-contract${language ? `?language=${language}` : ''}`,
      {
        token: session.token,
        binary: true,
      },
    ),
  /**
   * What cancelling the contract would do now, under the member's state's rules; `token` is
   * verifyPolicyDetails' link token (no session). With `odometer` (the reading today, whole miles)
   * the answer carries the refund quoted for it; a reading below the one at the sale, or impossible,
   * is a 400 on field `odometer`.
   */
  getCancellationTerms: (contract: ContractRef, token: string, odometer?: number) =>
    request<CancellationTerms>(
      `${cancellationPath(contract)}?token=${enc(token)}${odometer === undefined ? '' : `&odometer=${odometer}`}`,
    ),

  /**
   * Cancels the contract for the odometer reading the member was quoted for and attests (within the
   * state's free look: voided and refunded to the card; after it: voided, the refund owed by check).
   * The reading and its attestation are checked before the code (400 on field `odometer` or
   * `attested`). Asking again answers the first request's outcome. 404/410 once the link is wrong or
   * expired.
   */
  cancelContract: (contract: ContractRef, token: string, confirmation: { code: string; odometer: number }) =>
    request<CancellationAnswer>(cancellationPath(contract), {
      method: 'POST',
      body: { token, code: confirmation.code, odometer: confirmation.odometer, attested: true } satisfies CancelBody,
    }),

  /**
   * Asks for the contract on paper (E-SIGN's right to a paper copy; it withdraws the consent to
   * electronic delivery): support mails it to the address on the contract. Asking again before it is
   * mailed changes nothing (202 either way, with what to tell the member).
   */
  requestPaperCopy: (contract: ContractRef, token: string) =>
    request<PaperCopyQueued>(
      `${institutionPath(contract.institutionId)}/user/${enc(contract.userId)}/policy/${enc(contract.policyId)}/papercopy`,
      {
        method: 'POST',
        body: { token },
      },
    ),

  /**
   * Emails the code that confirms the cancellation to the member's address on file (the link only
   * proves a last name and a zip); 3 an hour per contract.
   */
  sendCancellationCode: (contract: ContractRef, token: string) =>
    request<CancellationCodeSent>(`${cancellationPath(contract)}/code`, { method: 'POST', body: { token } }),
}

export type Api = typeof api
