import { AuditListResponse } from '../../../contract/admin/audit.ts';
import { queryString, staffGet, type StaffQuery } from './client.ts';

/** One page of the audit log, newest first, for an entity (and one record of it) or everything. */
export const fetchAudit = (query: StaffQuery, signal?: AbortSignal) =>
  staffGet(`/api/admin/audit${queryString(query)}`, AuditListResponse, signal);
