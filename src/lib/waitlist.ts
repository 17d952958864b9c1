import type { BookingDraftPayload } from '../../contract/booking.ts';
import { parseNumericId } from '../../contract/ids.ts';
import {
  waitlistMessages,
  WaitlistEntryResponse,
  WaitlistListResponse,
  type WaitlistEntry,
} from '../../contract/waitlist.ts';
import type { SpotResult } from '../../machines/waitlist-spot/waitlist-spot.machine.ts';
import { ApiError, callApi, getOwn, valueOrRefusal } from './api.ts';

/*
 * The devotee's places in the waitlists of full puja dates (docs/product-rules.md, Waitlist).
 */

/** POST /api/waitlist (bearer): joins the date's line with the wizard's draft; the entry, or the refusal. */
export async function joinWaitlist(draft: BookingDraftPayload, signal?: AbortSignal): Promise<SpotResult> {
  const result = await valueOrRefusal(
    callApi('/api/waitlist', {
      method: 'POST',
      body: draft,
      schema: WaitlistEntryResponse,
      bearer: true,
      fallback: waitlistMessages.joinFailed,
      signal,
    }),
  );
  return result.kind === 'ok' ? { kind: 'entry', entry: result.value.entry } : result;
}

/** POST /api/waitlist/{id}/events (bearer): leaves the line; the entry as it is after, or the refusal. */
export async function leaveWaitlist(id: number, signal?: AbortSignal): Promise<SpotResult> {
  const result = await valueOrRefusal(
    callApi(`/api/waitlist/${id}/events`, {
      method: 'POST',
      body: { type: 'waitlist.leave' },
      schema: WaitlistEntryResponse,
      bearer: true,
      fallback: waitlistMessages.leaveFailed,
      signal,
    }),
  );
  return result.kind === 'ok' ? { kind: 'entry', entry: result.value.entry } : result;
}

/** GET /api/waitlist/{id} (bearer): one of the devotee's entries, else "Waitlist entry not found". */
export async function fetchWaitlistEntry(id: string | number, signal?: AbortSignal): Promise<WaitlistEntry> {
  const entryId = parseNumericId(String(id));
  if (entryId === undefined) throw new ApiError(waitlistMessages.notFound, 404);
  const { entry } = await callApi(`/api/waitlist/${entryId}`, {
    schema: WaitlistEntryResponse,
    bearer: true,
    fallback: waitlistMessages.readFailed,
    signal,
  });
  return entry;
}

/** GET /api/waitlist (bearer): the devotee's entries, newest first. */
export async function fetchWaitlist(signal?: AbortSignal): Promise<WaitlistEntry[]> {
  const { entries } = await getOwn(
    '/api/waitlist',
    WaitlistListResponse,
    waitlistMessages.listFailed,
    signal,
  );
  return entries;
}
