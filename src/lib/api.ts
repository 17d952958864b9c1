import { FetchError, ofetch } from 'ofetch';
import * as v from 'valibot';
import type { Refunded, Refused, RefusalCode } from '../../contract/refusal.ts';
import { apiBase } from './config.ts';

/**
 * A failed call, carrying the message a customer should see, and the server's machine-readable
 * `code` (and `refunded`, and the server's `total` of a `price_changed`) when it sent one, so a
 * machine can route a refusal without statuses.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    /** As the server sent it: the server types its codes by RefusalCode (contract/refusal.ts). */
    readonly code?: RefusalCode,
    readonly refunded?: Refunded,
    readonly total?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

function refundedOf(data: object): Refunded | undefined {
  if (!('refunded' in data) || !data.refunded || typeof data.refunded !== 'object') return undefined;
  const refunded = data.refunded as { paymentId?: unknown; amount?: unknown };
  return typeof refunded.paymentId === 'string' && typeof refunded.amount === 'number'
    ? { paymentId: refunded.paymentId, amount: refunded.amount }
    : undefined;
}

export const INVALID_DATA = 'Invalid data received from server';

interface AuthHooks {
  /** The signed-in customer's token, if any. */
  getToken: () => string | null;
  /** Called when a bearer call answers 401: the session has expired or was revoked. */
  onUnauthorized: () => void;
  /** Called when a call succeeded: the API is reachable (a session kept through an outage is checked again). */
  onReachable?: () => void;
}

let auth: AuthHooks = { getToken: () => null, onUnauthorized: () => {} };

/** src/app connects the session to the client once, at start-up. */
export function configureAuth(hooks: AuthHooks): void {
  auth = hooks;
}

/** The one HTTP client of the SPA: base URL, JSON, no retries (machines decide when to retry). */
export const http = ofetch.create({
  baseURL: apiBase || undefined,
  headers: { Accept: 'application/json' },
  retry: 0,
});

function messageOf(error: unknown, fallback: string): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof FetchError) {
    const data: unknown = error.data;
    if (!data || typeof data !== 'object') return new ApiError(fallback, error.statusCode);
    const message =
      'message' in data && typeof data.message === 'string' && data.message ? data.message : fallback;
    const code =
      'code' in data && typeof data.code === 'string' && data.code ? (data.code as RefusalCode) : undefined;
    const total = 'total' in data && typeof data.total === 'number' ? data.total : undefined;
    return new ApiError(message, error.statusCode, code, refundedOf(data), total);
  }
  return new ApiError(fallback);
}

export interface GetOptions {
  /** Shown when the server sends no message of its own (docs/product-rules.md, Messages and errors). */
  fallback: string;
  /** Shown when the response does not have the expected shape. */
  invalid?: string;
  signal?: AbortSignal;
}

export interface SendOptions<S extends v.GenericSchema> extends GetOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  schema: S;
  /** Send the session's bearer token; a 401 then signs the session out. */
  bearer?: boolean;
  headers?: Record<string, string>;
}

/**
 * Any API call: JSON in and out, the response checked against a contract schema, errors
 * mapped to the server's message or the fallback.
 */
export async function callApi<S extends v.GenericSchema>(
  path: string,
  {
    method = 'GET',
    body,
    schema,
    bearer = false,
    headers = {},
    fallback,
    invalid = INVALID_DATA,
    signal,
  }: SendOptions<S>,
): Promise<v.InferOutput<S>> {
  const token = bearer ? auth.getToken() : null;
  if (bearer && !token) {
    auth.onUnauthorized();
    throw new ApiError('Please sign in to continue', 401);
  }
  let response: unknown;
  try {
    response = await http(path, {
      method,
      body: body === undefined ? undefined : (body as Record<string, unknown>),
      headers: token ? { ...headers, Authorization: `Bearer ${token}` } : headers,
      signal,
    });
  } catch (error) {
    throw bearer ? bearerFailure(error, fallback) : messageOf(error, fallback);
  }
  auth.onReachable?.();
  const result = v.safeParse(schema, response);
  if (!result.success) throw new ApiError(invalid);
  return result.output;
}

/** GET a public path and check the response against a contract schema. */
export function getJson<S extends v.GenericSchema>(
  path: string,
  schema: S,
  options: GetOptions,
): Promise<v.InferOutput<S>> {
  return callApi(path, { ...options, schema });
}

/** GET one of the signed-in customer's own lists (a 401 signs the session out). */
export function getOwn<S extends v.GenericSchema>(
  path: string,
  schema: S,
  fallback: string,
  signal?: AbortSignal,
): Promise<v.InferOutput<S>> {
  return callApi(path, { schema, bearer: true, fallback, signal });
}

/** The signed-in user's Authorization header, or none. */
export function bearerHeaders(): Record<string, string> {
  const token = auth.getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** A failed call made with the session's token, as the user should read it; a 401 signs the session out. */
export function bearerFailure(error: unknown, fallback: string): ApiError {
  const failure = messageOf(error, fallback);
  if (failure.status === 401) auth.onUnauthorized();
  return failure;
}

/** No usable answer: no network, a 5xx, a 401 (the session signs out), 408, 429, or an unreadable body. */
export interface Failed {
  kind: 'failed';
  message: string;
  /** What the call threw, for an actor to reject with (its machine's `onError` offers a retry). */
  error: unknown;
}

/** A call's result, told apart once for the whole SPA (docs/decisions/0069-one-refusal-path.md). */
export type ApiResult<T> = { kind: 'ok'; value: T } | Refused | Failed;

/**
 * Whether a failed call is the server's refusal or a failure: the one place in the SPA that reads
 * an HTTP status to decide it. A refusal is an answer in 400-499 that asking again unchanged gets
 * again (bad input, not found, not allowed now, a conflict), carrying the server's message and
 * `code`; a 401 (the session is over), 408 and 429 (try later) are failures, as are no answer, a
 * 5xx and a response of the wrong shape (docs/product-rules.md, Messages and errors).
 */
export function classify(error: unknown): Refused | Failed {
  if (!(error instanceof ApiError)) {
    const message = error instanceof Error && error.message ? error.message : 'Something went wrong';
    return { kind: 'failed', message, error };
  }
  const { status } = error;
  if (status === undefined || status < 400 || status >= 500 || [401, 408, 429].includes(status))
    return { kind: 'failed', message: error.message, error };
  return {
    kind: 'refused',
    message: error.message,
    ...(error.code !== undefined ? { code: error.code } : {}),
    ...(status === 404 ? { notFound: true as const } : {}),
    ...(error.refunded ? { refunded: error.refunded } : {}),
    ...(error.total !== undefined ? { total: error.total } : {}),
  };
}

/** Waits for a call and classifies how it ended: ok with its value, refused, or failed. */
export async function settle<T>(call: Promise<T>): Promise<ApiResult<T>> {
  try {
    return { kind: 'ok', value: await call };
  } catch (error) {
    return classify(error);
  }
}

/**
 * For an actor: the call's value or the server's refusal, the expected results a machine routes
 * with guarded `onDone`; a failure rejects with what the call threw, for its `onError`.
 */
export async function valueOrRefusal<T>(call: Promise<T>): Promise<{ kind: 'ok'; value: T } | Refused> {
  const result = await settle(call);
  if (result.kind === 'failed') throw result.error;
  return result;
}

/**
 * For a load, whose machine has nothing to show either way: rejects with the server's `Refused`
 * (the machine offers no retry, and tells "not found" by `notFound`), or with what the call threw.
 */
export function rejectClassified(error: unknown): never {
  const result = classify(error);
  throw result.kind === 'refused' ? result : error;
}
