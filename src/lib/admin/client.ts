import type * as v from 'valibot';
import { catalogueMessages } from '../../../contract/admin/catalogue-fields.ts';
import { callApi } from '../api.ts';

/**
 * The back office's calls to the staff API, all through the one API client with the session's
 * bearer token. The modules beside this one (one per resource, as the shop keeps
 * src/lib/orders.ts and src/lib/bookings.ts) are the only places that name an `/api/admin` path.
 */

export function staffGet<S extends v.GenericSchema>(path: string, schema: S, signal?: AbortSignal) {
  return callApi(path, { schema, bearer: true, fallback: catalogueMessages.loadFailed, signal });
}

export function staffSend<S extends v.GenericSchema>(
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  body: unknown,
  schema: S,
  signal?: AbortSignal,
) {
  return callApi(path, {
    method,
    body,
    schema,
    bearer: true,
    fallback: catalogueMessages.saveFailed,
    signal,
  });
}

/**
 * A record's writes under its path (`/api/admin/pujas`), each answering the record as it is after
 * the call: `send` for its own steps, `save` creating (id null) or saving with the version its
 * edit started from, `retire` taking it out of the shop or back.
 */
export function recordCalls<S extends v.GenericSchema, R>(
  base: string,
  schema: S,
  pick: (answer: v.InferOutput<S>) => R,
) {
  const send = (method: 'POST' | 'PUT' | 'DELETE', path: string, body: unknown, signal?: AbortSignal) =>
    staffSend(method, path, body, schema, signal).then(pick);
  return {
    send,
    save: <I extends object>(id: number | null, body: I, version: number | null, signal?: AbortSignal) =>
      id === null
        ? send('POST', base, body, signal)
        : send('PUT', `${base}/${id}`, { ...body, version }, signal),
    retire: (id: number, retire: boolean, version: number | undefined, signal?: AbortSignal) =>
      send('POST', retirePath(`${base}/${id}`, retire), { version }, signal),
  };
}

/** A list's filter as the URL's query holds it: `status=processing&q=DPS-2026`. */
export type StaffQuery = Record<string, string>;

/** A query's non-empty values as a query string (`?status=packed&q=DPS`), or ''. */
export function queryString(query: StaffQuery): string {
  const params = new URLSearchParams(Object.entries(query).filter(([, value]) => value !== ''));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Retiring a record from the shop, or restoring it, with the version the form read. */
export const retirePath = (path: string, retire: boolean) => `${path}/${retire ? 'retire' : 'restore'}`;

/** A record found in its list (the server has no route for one): "not found" when it is not there. */
export function foundIn<T extends { id: number }>(records: readonly T[], id: number, noun: string): T {
  const found = records.find((record) => record.id === id);
  if (!found) throw Object.assign(new Error(`${noun} not found`), { status: 404 });
  return found;
}
