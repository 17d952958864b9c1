import { AdminBookingListResponse, AdminBookingResponse } from '../../../contract/admin/bookings.ts';
import { uploadPhoto } from '../uploads.ts';
import { queryString, staffGet, staffSend, type StaffQuery } from './client.ts';
import { exportCsv } from './export-csv.ts';

/** The bookings queue: one page of what the filter asks for, with the count of each status. */
export const fetchStaffBookings = (query: StaffQuery, signal?: AbortSignal) =>
  staffGet(`/api/admin/bookings${queryString(query)}`, AdminBookingListResponse, signal);

export const fetchStaffBooking = (id: number, signal?: AbortSignal) =>
  staffGet(`/api/admin/bookings/${id}`, AdminBookingResponse, signal).then(({ booking }) => booking);

/** A lifecycle step staff take on a booking; `booking.perform` first uploads its proof photos. */
export async function sendStaffBookingEvent(
  id: number,
  { photos, ...event }: { type: string; photos?: readonly File[] },
  signal?: AbortSignal,
) {
  const photoIds: string[] = [];
  // One at a time, in order: the server sniffs each upload.
  for (const photo of photos ?? []) photoIds.push((await uploadPhoto(photo, signal)).id);
  const body = photoIds.length > 0 ? { ...event, photoIds } : event;
  return staffSend('POST', `/api/admin/bookings/${id}/events`, body, AdminBookingResponse, signal).then(
    ({ booking }) => booking,
  );
}

export const exportBookings = (query: StaffQuery, signal?: AbortSignal) =>
  exportCsv('bookings', query, signal);
