import { TodayResponse } from '../../../contract/admin/today.ts';
import { staffGet } from './client.ts';

/** The day's and the week's numbers and the work waiting (the back office's Today). */
export const fetchToday = (signal?: AbortSignal) => staffGet('/api/admin/today', TodayResponse, signal);
