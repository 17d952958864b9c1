import {
  AdminAstrologerListResponse,
  AdminAstrologerResponse,
  type AstrologerInput,
} from '../../../contract/admin/astrologers.ts';
import { retirePath, staffGet, staffSend } from './client.ts';

const astrologer = (method: 'POST' | 'PUT', path: string, body: unknown, signal?: AbortSignal) =>
  staffSend(method, path, body, AdminAstrologerResponse, signal).then((answer) => answer.astrologer);

export const fetchStaffAstrologers = (signal?: AbortSignal) =>
  staffGet('/api/admin/astrologers', AdminAstrologerListResponse, signal);

export const fetchStaffAstrologer = (id: number, signal?: AbortSignal) =>
  staffGet(`/api/admin/astrologers/${id}`, AdminAstrologerResponse, signal).then(
    (answer) => answer.astrologer,
  );

export const saveStaffAstrologer = (
  id: number | null,
  body: AstrologerInput,
  version: number | null,
  signal?: AbortSignal,
) =>
  id === null
    ? astrologer('POST', '/api/admin/astrologers', body, signal)
    : astrologer('PUT', `/api/admin/astrologers/${id}`, { ...body, version }, signal);

export const retireStaffAstrologer = (
  id: number,
  retire: boolean,
  version: number | undefined,
  signal?: AbortSignal,
) => astrologer('POST', retirePath(`/api/admin/astrologers/${id}`, retire), { version }, signal);
