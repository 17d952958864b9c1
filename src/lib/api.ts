import { FetchError, ofetch } from 'ofetch';
import * as v from 'valibot';
import { apiBase } from './config.ts';

/** A failed call, carrying the message a customer should see. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const INVALID_DATA = 'Invalid data received from server';

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
    const message =
      data &&
      typeof data === 'object' &&
      'message' in data &&
      typeof data.message === 'string' &&
      data.message
        ? data.message
        : fallback;
    return new ApiError(message, error.statusCode);
  }
  return new ApiError(fallback);
}

export interface GetOptions {
  /** Shown when the server sends no message of its own (SPEC.md section 8). */
  fallback: string;
  /** Shown when the response does not have the expected shape. */
  invalid?: string;
  signal?: AbortSignal;
}

/** GET a path and check the response against a contract schema. */
export async function getJson<S extends v.GenericSchema>(
  path: string,
  schema: S,
  { fallback, invalid = INVALID_DATA, signal }: GetOptions,
): Promise<v.InferOutput<S>> {
  let body: unknown;
  try {
    body = await http(path, { method: 'GET', signal });
  } catch (error) {
    throw messageOf(error, fallback);
  }
  const result = v.safeParse(schema, body);
  if (!result.success) throw new ApiError(invalid);
  return result.output;
}
