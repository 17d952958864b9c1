import { downloadFile } from '../download-file.ts';
import { queryString, type StaffQuery } from './client.ts';

/** The CSV of what a queue's filter shows. */
export function exportCsv(kind: 'orders' | 'bookings', query: StaffQuery, signal?: AbortSignal) {
  const { offset: _offset, limit: _limit, ...filter } = query;
  const day = new Date().toISOString().slice(0, 10);
  return downloadFile(`/api/admin/${kind}.csv${queryString(filter)}`, `${kind}-${day}.csv`, {
    fallback: 'The export failed. Please try again.',
    signal,
  });
}
