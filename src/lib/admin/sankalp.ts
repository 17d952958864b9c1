import { SankalpSheetResponse } from '../../../contract/admin-office.ts';
import { staffGet } from './client.ts';

/** The sankalp sheet of a day (`YYYY-MM-DD`, India's). */
export const fetchSankalpSheet = (date: string, signal?: AbortSignal) =>
  staffGet(`/api/admin/sankalp?date=${date}`, SankalpSheetResponse, signal);
