import { AdminOfferingListResponse, AdminOfferingResponse } from '../../../contract/offerings.ts';
import { retirePath, staffGet, staffSend } from './client.ts';

/** An offering as its dialog read it; the server checks it (contract/offerings.ts, OfferingInput). */
export interface OfferingRequest {
  name: string;
  description: string;
  unit: string;
  price: number;
  delivery: string;
  maxQuantity: number;
}

/** Every offering of the puja, retired ones too. */
export const fetchStaffOfferings = (pujaId: number, signal?: AbortSignal) =>
  staffGet(`/api/admin/pujas/${pujaId}/offerings`, AdminOfferingListResponse, signal).then(
    ({ offerings }) => offerings,
  );

export const addOffering = (pujaId: number, body: OfferingRequest, signal?: AbortSignal) =>
  staffSend('POST', `/api/admin/pujas/${pujaId}/offerings`, body, AdminOfferingResponse, signal);

export const saveOffering = (id: number, body: OfferingRequest & { version: number }, signal?: AbortSignal) =>
  staffSend('PUT', `/api/admin/offerings/${id}`, body, AdminOfferingResponse, signal);

export const retireOffering = (id: number, retire: boolean, version: number, signal?: AbortSignal) =>
  staffSend(
    'POST',
    retirePath(`/api/admin/offerings/${id}`, retire),
    { version },
    AdminOfferingResponse,
    signal,
  );
