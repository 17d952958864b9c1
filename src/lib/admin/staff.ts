import { StaffListResponse } from '../../../contract/admin/staff.ts';
import { staffGet, staffSend } from './client.ts';

/** The staff and the invitations waiting; every step answers the list as it is after it. */
export const fetchStaff = (signal?: AbortSignal) => staffGet('/api/admin/staff', StaffListResponse, signal);

export const inviteStaff = (email: string, signal?: AbortSignal) =>
  staffSend('POST', '/api/admin/staff/invitations', { email }, StaffListResponse, signal);

export const withdrawInvitation = (id: number, signal?: AbortSignal) =>
  staffSend('DELETE', `/api/admin/staff/invitations/${id}`, undefined, StaffListResponse, signal);

export const removeStaff = (id: number, signal?: AbortSignal) =>
  staffSend('DELETE', `/api/admin/staff/${id}`, undefined, StaffListResponse, signal);
