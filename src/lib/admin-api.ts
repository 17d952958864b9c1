import type * as v from 'valibot';
import { AdminBookingResponse } from '../../contract/admin/bookings.ts';
import { AdminOrderResponse } from '../../contract/admin/orders.ts';
import { CatalogueImageResponse, type ImageSlot } from '../../contract/admin/images.ts';
import { catalogueMessages } from '../../contract/admin/catalogue-fields.ts';
import { ApiError, callApi } from './api.ts';
import { downloadFile } from './download-file.ts';
import { uploadPhoto } from './uploads.ts';

/**
 * The back office's calls to the staff API (contract/admin.ts, contract/admin-catalogue.ts,
 * contract/admin-office.ts), all through the one API client with the session's bearer token.
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

/** A query's non-empty values as a query string (`?status=packed&q=DPS`), or ''. */
export function queryString(query: Record<string, string>): string {
  const params = new URLSearchParams(Object.entries(query).filter(([, value]) => value !== ''));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const fetchStaffOrder = (id: number, signal?: AbortSignal) =>
  staffGet(`/api/admin/orders/${id}`, AdminOrderResponse, signal).then(({ order }) => order);
export const fetchStaffBooking = (id: number, signal?: AbortSignal) =>
  staffGet(`/api/admin/bookings/${id}`, AdminBookingResponse, signal).then(({ booking }) => booking);

export const sendStaffOrderEvent = (id: number, event: unknown, signal?: AbortSignal) =>
  staffSend('POST', `/api/admin/orders/${id}/events`, event, AdminOrderResponse, signal).then(
    ({ order }) => order,
  );
export const sendStaffBookingEvent = (id: number, event: unknown, signal?: AbortSignal) =>
  staffSend('POST', `/api/admin/bookings/${id}/events`, event, AdminBookingResponse, signal).then(
    ({ booking }) => booking,
  );

/** A photo for a catalogue slot: uploaded (sniffed by the server), then resized for the slot. */
export async function uploadCatalogueImage(
  file: Blob,
  slot: ImageSlot,
  signal?: AbortSignal,
): Promise<string> {
  const upload = await uploadPhoto(file, signal).catch((error: unknown) => {
    // Staff may upload video for a puja's proof; a catalogue slot takes photos only, and says so.
    if (error instanceof ApiError && error.code === 'upload_not_image')
      throw new ApiError(catalogueMessages.imageNotImage, error.status, error.code);
    throw error;
  });
  const { image } = await staffSend(
    'POST',
    '/api/admin/images',
    { uploadId: upload.id, slot },
    CatalogueImageResponse,
    signal,
  );
  return image.url;
}

/** The CSV of what a queue's filter shows. */
export function exportCsv(kind: 'orders' | 'bookings', query: Record<string, string>, signal?: AbortSignal) {
  const { offset: _offset, limit: _limit, ...filter } = query;
  const day = new Date().toISOString().slice(0, 10);
  return downloadFile(`/api/admin/${kind}.csv${queryString(filter)}`, `${kind}-${day}.csv`, {
    fallback: 'The export failed. Please try again.',
    signal,
  });
}
