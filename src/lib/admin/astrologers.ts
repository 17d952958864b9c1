import {
  AdminAstrologerListResponse,
  AdminAstrologerResponse,
  type AstrologerInput,
} from '../../../contract/admin/astrologers.ts';
import { recordCalls, staffGet } from './client.ts';

/** An astrologer's calls in the back office: each answers the astrologer as it is after the call. */
const astrologer = recordCalls(
  '/api/admin/astrologers',
  AdminAstrologerResponse,
  (answer) => answer.astrologer,
);

export const fetchStaffAstrologers = (signal?: AbortSignal) =>
  staffGet('/api/admin/astrologers', AdminAstrologerListResponse, signal);

export const fetchStaffAstrologer = (id: number, signal?: AbortSignal) =>
  staffGet(`/api/admin/astrologers/${id}`, AdminAstrologerResponse, signal).then(
    (answer) => answer.astrologer,
  );

/** Creates an astrologer (id null) or saves one with the version its edit started from. */
export const saveStaffAstrologer = astrologer.save<AstrologerInput>;

export const retireStaffAstrologer = astrologer.retire;
