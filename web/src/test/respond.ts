import { HttpResponse, type JsonBodyType } from 'msw'
import type { components, operations } from '../api/schema.gen'

/**
 * The fake API's answers, typed by the server's OpenAPI document (schema.gen.ts): a fixture with a
 * field the server does not send, a wrong type, a missing required field or an unknown error code
 * fails `tsc -b`. Every msw handler answers through these helpers; `malformed` is the one way out,
 * for a test of how the client copes with a body the server never sends.
 */

type ErrorCode = components['schemas']['ErrorCode']
type ErrorBody = components['schemas']['ErrorBody']

/** An operation of the API, by its operationId. */
export type Operation = keyof operations

type Responses<Op extends Operation> = operations[Op]['responses']

type SuccessStatus = 200 | 201 | 202 | 203 | 204 | 206
/** The statuses the document's `4XX` stands for. */
type ClientErrorStatus =
  | 400
  | 401
  | 402
  | 403
  | 404
  | 405
  | 406
  | 408
  | 409
  | 410
  | 411
  | 412
  | 413
  | 415
  | 416
  | 417
  | 421
  | 422
  | 423
  | 424
  | 425
  | 426
  | 428
  | 429
  | 431
  | 451
/** The statuses the document's `5XX` stands for. */
type ServerErrorStatus = 500 | 501 | 502 | 503 | 504 | 505
type ErrorStatus = ClientErrorStatus | ServerErrorStatus
type Status = SuccessStatus | ErrorStatus

/** The key of `Op`'s responses that documents `S`: the status itself, else its `4XX`/`5XX` range. */
type ResponseKey<Op extends Operation, S extends Status> = S extends keyof Responses<Op>
  ? S
  : S extends ClientErrorStatus
    ? Extract<'4XX', keyof Responses<Op>>
    : S extends ServerErrorStatus
      ? Extract<'5XX', keyof Responses<Op>>
      : never

type JsonContent<R> = R extends { content: { 'application/json': infer Body extends JsonBodyType } } ? Body : never

/** The JSON body `Op` answers with status `S` (never: `Op` has no JSON answer with that status). */
export type ResponseBody<Op extends Operation, S extends Status> = JsonContent<Responses<Op>[ResponseKey<Op, S>]>

/** The statuses with which `Op` answers a JSON body. */
type JsonStatus<Op extends Operation> = {
  [S in Status]: [ResponseBody<Op, S>] extends [never] ? never : S
}[Status]

/** `Op`'s success status (200, or 201 Created, 202 Accepted). */
type OkStatus<Op extends Operation> = Extract<JsonStatus<Op>, SuccessStatus>

/** The statuses with which `Op` answers no body at all (204, 202 of analytics). */
type EmptyStatus<Op extends Operation> = {
  [K in keyof Responses<Op>]: Responses<Op>[K] extends { content?: never } ? K : never
}[keyof Responses<Op>]

/**
 * `Op`'s answer with `body` as the server sends it. The status defaults to 200; an operation whose
 * success is another status (201 Created, 202 Accepted) must name it, and an error status of `Op`
 * takes that status's body (verifyresponse's envelope).
 *
 *     answer('get_user', { user })            answer('create_car', { car }, 201)
 */
export function answer<Op extends Operation, S extends JsonStatus<Op> = OkStatus<Op>>(
  _op: Op,
  body: ResponseBody<Op, S>,
  ...status: OkStatus<Op> extends 200 ? [status?: S] : [status: S]
): Response {
  return HttpResponse.json(body, { status: status[0] ?? 200 })
}

/** `Op`'s answer without a body (204 No Content, analytics' 202 Accepted). */
export function empty<Op extends Operation>(_op: Op, status: EmptyStatus<Op>): Response {
  return new HttpResponse(null, { status: Number(status) })
}

/** The body of every error answer of the API: `{"error": {"code", "message", "field"?}}`. */
export function errorBody(code: ErrorCode, message: string, field?: string): ErrorBody {
  return { error: field === undefined ? { code, message } : { code, message, field } }
}

/** An error answer of the API (docs/api.md): a known code, a member-facing message, the field at fault. */
export function apiError(code: ErrorCode, message: string, status: ErrorStatus, field?: string): Response {
  return HttpResponse.json(errorBody(code, message, field), { status })
}

/**
 * A body the server never sends, untyped on purpose: only for a test of how the client copes with
 * garbage. Say in the test what is wrong with it.
 */
export function malformed(body: unknown, status: number): Response {
  return new HttpResponse(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}
