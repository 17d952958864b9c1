import type { PackageInput } from '../../../contract/admin/packages.ts';
import { AdminPujaListResponse, AdminPujaResponse, type PujaInput } from '../../../contract/admin/pujas.ts';
import { AdminWaitlistResponse } from '../../../contract/waitlist.ts';
import { queryString, recordCalls, staffGet, type StaffQuery } from './client.ts';

/** A puja's calls in the back office: each answers the puja as it is after the call. */
const puja = recordCalls('/api/admin/pujas', AdminPujaResponse, (answer) => answer.puja);

export const fetchStaffPujas = (query: StaffQuery, signal?: AbortSignal) =>
  staffGet(`/api/admin/pujas${queryString(query)}`, AdminPujaListResponse, signal);

export const fetchStaffPuja = (id: number, signal?: AbortSignal) =>
  staffGet(`/api/admin/pujas/${id}`, AdminPujaResponse, signal).then((answer) => answer.puja);

/** Creates a puja (id null) or saves one with the version its edit started from. */
export const saveStaffPuja = puja.save<PujaInput>;

export const addPackage = (pujaId: number, body: PackageInput, signal?: AbortSignal) =>
  puja.send('POST', `/api/admin/pujas/${pujaId}/packages`, body, signal);

export const savePackage = (id: number, body: PackageInput & { version: number }, signal?: AbortSignal) =>
  puja.send('PUT', `/api/admin/packages/${id}`, body, signal);

export const deletePackage = (id: number, signal?: AbortSignal) =>
  puja.send('DELETE', `/api/admin/packages/${id}`, undefined, signal);

/** A copy of the puja on a new date, packages and all; answers the puja repeated. */
export const repeatPuja = (id: number, pujaDate: string, signal?: AbortSignal) =>
  puja.send('POST', `/api/admin/pujas/${id}/repeat`, { pujaDate }, signal);

export const retireStaffPuja = puja.retire;

/** GET /api/admin/pujas/{id}/waitlist: the date's waitlist in line order (docs/product-rules.md, Waitlist). */
export const fetchPujaWaitlist = (pujaId: number, signal?: AbortSignal) =>
  staffGet(`/api/admin/pujas/${pujaId}/waitlist`, AdminWaitlistResponse, signal).then(
    (answer) => answer.entries,
  );
