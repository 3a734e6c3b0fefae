/**
 * Names for the wire types of the Coverline HTTP API (docs/api.md). Every body is defined once, in
 * the Rust types the server serialises; `schema.gen.ts` is generated from the server's OpenAPI
 * document (`make api-types`; `make test` fails when it is stale) and this file only names its
 * schemas as the client calls them. Money in `number` fields is integer cents.
 */
import { errorCodes, type components, type operations } from './schema.gen'

type Schemas = components['schemas']

export type BrandingColors = Schemas['Colors']
export type Branding = Schemas['Branding']
export type ApplicationSettings = Schemas['ApplicationSettings']
export type Institution = Schemas['InstitutionView']
export type Language = Schemas['Language']

export type Address = Schemas['AddressView']
export type User = Schemas['UserView']
export type UserWithToken = Schemas['UserWithToken']
export type CreateUserBody = Schemas['CreateUser']
export type PersonalDetailsBody = Schemas['UpdateUser']
export type VerifyEmailQuery = NonNullable<operations['send_verification_email']['parameters']['query']>
export type UpdateEmailBody = Schemas['UpdateEmail']

export type DecodedVehicle = Schemas['DecodedVehicle']
/** `GET C/vin?year&make&model&style`: a representative ("mock") VIN standing for the description. */
export type MockVinResponse = Schemas['MockVin']
/** `GET C/vin/ocr/drop/{uid}?mime`: where to PUT the VIN photo, and the drop to read it back from. */
export type VinPhotoDrop = Schemas['OpenedDropData']
/** `GET C/vin/ocr/drop/{uid}/{dropId}`: the VIN read from the photo (always with a valid check digit). */
export type VinPhotoReading = Schemas['ReadingData']
/** `POST U/analytics` body's `data`. */
export type AnalyticsEvent = Schemas['HitData']

export type CarFlags = Schemas['CarFlags']
export type CreateCarBody = Schemas['CreateCar']
export type Car = Schemas['CarView']
export type CreateQuoteBody = Schemas['CreateQuote']
export type PlanComponent = Schemas['PlanComponent']
export type PlanBenefit = Schemas['PlanBenefit']
export type PlanDescription = Schemas['PlanDescription']
export type ContactNumbers = Schemas['ContactNumbers']
/** One coverage option: the rate with its derived fields, its provider, card texts and phone lines. */
export type Rate = Schemas['RateOption']
export type UpdateQuoteBody = Schemas['UpdateQuote']
export type Quote = Schemas['QuoteView']
/** The partner's member with a session, and when the partner gave a vehicle, its car and quote. */
export type IntegrationSession = Schemas['IntegrationSession']

export type BookingBody = Schemas['Book']
export type Policy = Schemas['PolicyView']
export type SignedRequest = Schemas['SignedView']
export type SignRequestResponse = Schemas['Signed']
export type PaymentRecord = Schemas['PaymentRecord']
export type VerifyResponseBody = Schemas['Envelope']
export type Confirmation = Schemas['Confirmation']
export type PolicyLookupBody = Schemas['VerifyDetails']
/** A matched lookup: `policy` is the URL path of the contract PDF (carries its own short-lived token). */
export type PolicyDocumentLink = Schemas['DocumentLink']
/** What cancelling a contract would do now (the find-your-contract link opens it). */
export type CancellationTerms = Schemas['CancellationTerms']
/** A cancellation's outcome (`cancelled`, `requested`, `pending`) and the terms after it. */
export type CancellationAnswer = Schemas['CancellationAnswer']
/** What cancelling now gives back for the odometer reading given (the state's free look or pro rata). */
export type RefundQuote = Schemas['RefundQuote']
/** A cancelled contract's refund: how much, how (card or check) and by when. */
export type RefundState = Schemas['RefundState']
/** POST …/cancellation: the link's token, the emailed code, the odometer reading quoted and its attestation. */
export type CancelBody = Schemas['CancelBody']
export type CancellationCodeSent = Schemas['CodeSent']
export type PaperCopyQueued = Schemas['PaperCopyQueued']

export type BounceSource = Schemas['BounceSource']
export type CollectedInfo = Schemas['CollectedInfo']
export type ContactRequestBody = Schemas['ContactRequest']

/** The server's error codes, and `network` for a request that never got an answer (client.ts). */
export type ApiErrorCode = Schemas['ErrorCode'] | 'network'

/** `value` if it is one of the server's error codes, else `fallback` (a body from a proxy, say). */
export function errorCodeOr(value: unknown, fallback: ApiErrorCode): ApiErrorCode {
  return errorCodes.find((code) => code === value) ?? fallback
}

/** A screen of the purchase flow; domain/steps.json gives each its facts (flow/steps.ts). */
export type Step = Schemas['Step']
export type ChosenRate = Schemas['ChosenRate']
export type CheckoutBounce = Schemas['Bounce']
/** `PUT U/checkout`'s answers: everything the member has answered so far, each optional. */
export type CheckoutAnswers = Schemas['AnswersBody']
/** `PUT U/checkout` (header `Idempotency-Key`): the step the member landed on and the answers so far. */
export type CheckoutStepBody = Schemas['AdvanceBody']
/** The answers as the checkout holds them: the vehicle as the server decoded it. */
export type RecordedAnswers = Schemas['Answers']
export type CheckoutFacts = Schemas['Facts']
export type CheckoutStatus = Schemas['CheckoutStatus']
export type CheckoutPurchase = Schemas['PurchaseView']
export type CheckoutView = Schemas['CheckoutView']
export type PriceChange = Schemas['PriceChange']
export type ResumedContactRequest = Schemas['ContactRequestView']
/** The restore cookie's or a continue link's answer: a new token and everything to show the screen again. */
export type Resumed = Schemas['Resumed']
