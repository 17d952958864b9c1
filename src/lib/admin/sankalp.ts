import { SankalpSheetResponse } from '../../../contract/admin/sankalp.ts';
import { staffGet } from './client.ts';

/** The sankalp sheet of a day (`YYYY-MM-DD`, India's). */
export const fetchSankalpSheet = (date: string, signal?: AbortSignal) =>
  staffGet(`/api/admin/sankalp?date=${date}`, SankalpSheetResponse, signal);
