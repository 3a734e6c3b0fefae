import { screens } from '../lib/product'
import type { VehicleDescription } from '../lib/vehicle-description'
import { fromCallback, fromPromise, type EventObject } from 'xstate'
import { ApiError } from '../api/api-error'
import { api, type Session } from '../api/client'
import { newIdempotencyKey } from '../api/idempotency-key'
import { withRetries } from '../api/retry'
import type {
  AnalyticsEvent,
  BookingBody,
  Car,
  Confirmation,
  ContactRequestBody,
  CreateCarBody,
  CreateQuoteBody,
  DecodedVehicle,
  Institution,
  IntegrationSession,
  PaymentRecord,
  PersonalDetailsBody,
  Policy,
  Quote,
  Resumed,
  SignedRequest,
  UserWithToken,
  VerifyEmailQuery,
} from '../api/types'
import { generatePassword } from '../lib/password'
import { errorCodeOr } from '../api/types'
import type { DescriptionList } from './description'
import type { RestoreSource } from './restore-source'

export interface RefreshInput {
  session: Session
  emailAddress: string
}

/**
 * The refresh call as a spawned actor that tells the flow SESSION_REFRESHED (the new token) or
 * SESSION_REFRESH_FAILED, and nothing once the session it was for has been reset (stopped).
 */
export function sessionRefresh(refresh: (input: RefreshInput) => Promise<string>) {
  return fromCallback<EventObject, RefreshInput>(({ input, sendBack }) => {
    let stopped = false
    refresh(input).then(
      (token) => stopped || sendBack({ type: 'SESSION_REFRESHED', token }),
      (error: unknown) => stopped || sendBack({ type: 'SESSION_REFRESH_FAILED', error }),
    )
    return () => {
      stopped = true
    }
  })
}

/** The flow's I/O, one invoked actor per API call. Tests swap them with `flowMachine.provide({ actors })`. */
export const flowActors = {
  loadInstitution: fromPromise<Institution, { institutionId: string }>(({ input }) => api.getInstitution(input.institutionId)),

  /**
   * The member's checkout found again: a reloaded page's session through the restore cookie (tried
   * again when the connection fails), or a continue link's token (single use: never sent twice).
   */
  restoreCheckout: fromPromise<Resumed, { institutionId: string; source: RestoreSource }>(({ input }) =>
    input.source.via === 'link'
      ? api.resumeCheckout(input.institutionId, input.source.token)
      : withRetries(() => api.restoreSession(input.institutionId), [500, 1500]),
  ),

  /** Integration mode: the partner's launch code for the member's session (and car and quote). */
  exchangeLaunchCode: fromPromise<IntegrationSession, { institutionId: string; integratorId: string; launchCode: string }>(
    ({ input }) => api.exchangeLaunchCode(input.institutionId, input.integratorId, input.launchCode),
  ),

  /** User creation with the splash captcha's solution (the API refuses it without one). */
  createUser: fromPromise<UserWithToken, { institutionId: string; emailAddress: string; captchaToken: string | null }>(
    ({ input }) =>
      api.createUser(input.institutionId, {
        emailAddress: input.emailAddress,
        password: generatePassword(),
        currentUserId: null,
        captchaToken: input.captchaToken,
      }),
  ),

  /** The session's new token (the timed refresh of spec section 4). */
  refreshSession: sessionRefresh(({ session, emailAddress }) => api.refreshSession(session, emailAddress)),

  decodeVin: fromPromise<DecodedVehicle, { session: Session; vin: string }>(
    async ({ input }) => (await api.decodeVin(input.session, input.vin)).data,
  ),

  /** One list of the description cascade; years come back as strings like the other lists. */
  loadDescriptionList: fromPromise<string[], { session: Session; list: DescriptionList; description: VehicleDescription }>(
    async ({ input: { session, list, description } }) => {
      switch (list) {
        case 'years':
          return (await api.getYears(session)).data.map(String)
        case 'makes':
          return (await api.getMakes(session, { year: description.year })).data
        case 'models':
          return (await api.getModels(session, { year: description.year, make: description.make })).data
        case 'styles':
          return (await api.getStyles(session, { year: description.year, make: description.make, model: description.model })).data
      }
    },
  ),

  /** The mock VIN for a description, decoded like any VIN (the car line shows the catalog's names). */
  findVinForDescription: fromPromise<DecodedVehicle, { session: Session; description: VehicleDescription }>(async ({ input }) => {
    const mockVin = (await api.vinForDescription(input.session, input.description)).data.message
    const decoded = (await api.decodeVin(input.session, mockVin)).data
    return { ...decoded, isMockVin: true }
  }),

  /** Fire and forget: the session ended by the flow ends on the server too (api.endSession never rejects). */
  endSession: fromPromise<void, { institutionId: string; token: string | null }>(({ input }) =>
    api.endSession(input.institutionId, input.token),
  ),

  /** Fire and forget: api.sendAnalytics never rejects. */
  sendAnalytics: fromPromise<void, { session: Session; event: AnalyticsEvent }>(({ input }) =>
    api.sendAnalytics(input.session, input.event),
  ),

  createCar: fromPromise<Car, { session: Session; body: CreateCarBody }>(
    async ({ input }) => (await api.createCar(input.session, input.body)).car,
  ),

  createQuote: fromPromise<Quote, { session: Session; body: CreateQuoteBody }>(({ input }) =>
    api.createQuote(input.session, input.body),
  ),

  /** A member's contact request, or without a session (user-creation error) the anonymous one. */
  sendContactRequest: fromPromise<string, { institutionId: string; session: Session | null; body: ContactRequestBody }>(
    async ({ input }) =>
      (input.session
        ? await api.sendContactRequest(input.session, input.body)
        : await api.sendAnonymousContactRequest(input.institutionId, input.body)
      ).contactRequestId,
  ),

  savePersonalDetails: fromPromise<UserWithToken, { session: Session; body: PersonalDetailsBody }>(({ input }) =>
    api.updatePersonalDetails(input.session, input.body),
  ),

  updateEmail: fromPromise<
    { token: string; emailAddress: string },
    { session: Session; oldEmailAddress: string; newEmailAddress: string }
  >(async ({ input }) => {
    const { updatedToken } = await api.updateEmail(input.session, {
      oldEmailAddress: input.oldEmailAddress,
      newEmailAddress: input.newEmailAddress,
    })
    return { token: updatedToken, emailAddress: input.newEmailAddress }
  }),

  /** One Send or Resend click: one key, tried again with it when the connection fails (one email). */
  sendVerificationEmail: fromPromise<boolean, { session: Session; query: VerifyEmailQuery }>(async ({ input }) => {
    const key = newIdempotencyKey()
    return (await withRetries(() => api.sendVerificationEmail(input.session, input.query, key))).sent
  }),

  submitVerificationCode: fromPromise<UserWithToken, { session: Session; code: string }>(({ input }) =>
    api.submitVerificationCode(input.session, input.code),
  ),

  /** One click on Book or on labels.retryBooking: one key, tried again with it when the connection fails (one round). */
  bookPolicy: fromPromise<Policy, { session: Session; body: BookingBody }>(async ({ input }) => {
    const key = newIdempotencyKey()
    return (await withRetries(() => api.bookPolicy(input.session, input.body, key))).policy
  }),

  signRequest: fromPromise<SignedRequest, { session: Session; policyId: string }>(async ({ input }) => {
    const response = await api.signRequest(input.session, input.policyId)
    if (response.status !== 200) throw new ApiError(response.status, 'paymentFailed', 'Sign request failed')
    return response.data
  }),

  verifyPayment: fromPromise<PaymentRecord, { session: Session; policyId: string; result: string }>(async ({ input }) => {
    const response = await api.verifyResponse(input.session, input.policyId, input.result)
    const record = response.data?.data
    if (response.status !== 200 || !record?.trackingNumber) {
      // A charge taken but refunded carries its reason (409: secondChargeRefunded, voided, chargeRefunded).
      const error = response.data?.error
      throw new ApiError(
        response.status,
        errorCodeOr(error?.code, 'paymentFailed'),
        error?.error_message ?? screens.flow.paymentFailed,
      )
    }
    return record
  }),

  confirmPayment: fromPromise<Confirmation, { session: Session; policyId: string; paymentId: string }>(({ input }) =>
    api.confirmPayment(input.session, input.policyId, input.paymentId),
  ),
}
