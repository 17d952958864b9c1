import * as v from 'valibot';
import { BookingDraft } from './booking.ts';
import { policyText, WAITLIST_OFFER_HOURS } from './policy.ts';
import { labelsOf } from './text.ts';

/* ------------------------------------------------------------------------------------------
 * The waitlist of a full puja date (docs/product-rules.md, Waitlist; docs/decisions/0076). Its
 * rules are the statechart in machines/waitlist/, which the server runs:
 *
 *   POST /api/waitlist                 BookingDraft            -> 201 WaitlistEntryResponse
 *        409 waitlist_not_full (the date has the places: book it), 409 waitlist_already,
 *        and the booking's own refusals (puja_not_found, booking_closed, ...)
 *   GET  /api/waitlist                                         -> WaitlistListResponse (mine, newest first)
 *   GET  /api/waitlist/{id}                                    -> WaitlistEntryResponse (mine; else 404)
 *   POST /api/waitlist/{id}/events     {type:'waitlist.leave'} -> WaitlistEntryResponse
 *   GET  /api/admin/pujas/{id}/waitlist                        -> AdminWaitlistResponse (line order)
 * ---------------------------------------------------------------------------------------- */

export { WAITLIST_OFFER_HOURS };

/** The states of the waitlist chart (machines/waitlist/), stored as `waitlist_entries.status`. */
export const WAITLIST_STATES = ['waiting', 'offered', 'booked', 'lapsed', 'left'] as const;
export type WaitlistState = (typeof WAITLIST_STATES)[number];
/** An entry still in line: it keeps the devotee from joining the same puja's line again. */
export const WAITLIST_OPEN_STATES = ['waiting', 'offered'] as const satisfies readonly WaitlistState[];
/** "Waiting", "Offered", "Booked", "Lapsed", "Left". */
export const waitlistStateLabels: Record<WaitlistState, string> = labelsOf(WAITLIST_STATES);

/** Every event of the chart; only `waitlist.leave` is sent by a person (customer or staff). */
export const WAITLIST_EVENT_TYPES = [
  'waitlist.offer',
  'waitlist.book',
  'waitlist.lapse',
  'waitlist.leave',
] as const;
export type WaitlistEventType = (typeof WAITLIST_EVENT_TYPES)[number];

/* ------------------------------------------------------------------------------------------
 * Messages (every user-visible string of the waitlist)
 * ---------------------------------------------------------------------------------------- */

export const waitlistMessages = {
  // the puja page and the wizard on a full date
  join: 'Join the waitlist',
  joinHint: `Join the waitlist without paying. When a place frees, the first in line is offered it and has ${policyText.waitlistOffer} to pay.`,
  joined: 'You are on the waitlist',
  position: (n: number) => `You are number ${n} in line`,
  leave: 'Leave the waitlist',
  leaveConfirm: 'Leave the waitlist for this puja? You will lose your place in line.',
  // an entry's states as the devotee reads them
  waiting: 'Waiting for a place',
  offered: 'A place is held for you',
  offeredPayBy: (payBy: string) => `A place is held for you: pay by ${payBy}`,
  payNow: 'Pay now',
  booked: 'Booked',
  lapsed: `The offer lapsed: it was not paid within ${policyText.waitlistOffer}`,
  left: 'You left the waitlist',
  empty: 'You are not on any waitlist',
  title: 'Waitlists',
  // the offer's message (e-mail, WhatsApp)
  offerSubject: (pujaName: string, date: string) => `A place has opened for ${pujaName} on ${date}`,
  offerBody: (payBy: string) =>
    `It is held for you until ${payBy} (India time). Pay by then to book it; after that it is offered to the next in line.`,
  // the back office
  staffTitle: 'Waitlist',
  staffEmpty: 'No one is waiting for this date',
  // refusals (the API's)
  notFull: 'This date still has places: please book it',
  already: 'You are already on the waitlist for this puja',
  notFound: 'Waitlist entry not found',
  typeInvalid: 'type must be "waitlist.leave"',
  // SPA fallbacks (docs/product-rules.md, Messages and errors)
  joinFailed: 'Failed to join the waitlist',
  listFailed: 'Failed to fetch your waitlists',
  readFailed: 'Failed to fetch the waitlist entry',
  leaveFailed: 'Failed to leave the waitlist',
} as const;

/* ------------------------------------------------------------------------------------------
 * Requests
 * ---------------------------------------------------------------------------------------- */

/** POST /api/waitlist takes the booking draft as POST /api/payments prices it (contract/booking.ts). */
export const WaitlistJoinRequest = BookingDraft;
export type WaitlistJoinRequest = BookingDraft;

/** POST /api/waitlist/{id}/events (customer) and POST /api/admin/waitlist/{id}/events (staff). */
export const WaitlistEventRequest = v.variant(
  'type',
  [v.object({ type: v.literal('waitlist.leave') })],
  waitlistMessages.typeInvalid,
);
export type WaitlistEventRequest = v.InferOutput<typeof WaitlistEventRequest>;

/* ------------------------------------------------------------------------------------------
 * Answers
 * ---------------------------------------------------------------------------------------- */

export const WaitlistEntry = v.object({
  id: v.number(),
  pujaId: v.number(),
  pujaName: v.string(),
  /** ISO 8601 (UTC), the puja's date. */
  pujaDate: v.string(),
  status: v.picklist(WAITLIST_STATES),
  /** 1-based place in line while waiting; null otherwise. */
  position: v.nullable(v.number()),
  /** While offered (and after): until when the held place may be paid for, ISO 8601 (UTC). */
  offerExpiresAt: v.nullable(v.string()),
  /** The booking made from the offer, once booked. */
  bookingId: v.nullable(v.number()),
  /** When the devotee joined, ISO 8601 (UTC). */
  createdAt: v.string(),
  /** What the devotee chose when joining: the wizard resumes at Payment with it. */
  draft: BookingDraft,
});
export type WaitlistEntry = v.InferOutput<typeof WaitlistEntry>;

export const WaitlistEntryResponse = v.object({ entry: WaitlistEntry });
export type WaitlistEntryResponse = v.InferOutput<typeof WaitlistEntryResponse>;

export const WaitlistListResponse = v.object({ entries: v.array(WaitlistEntry) });
export type WaitlistListResponse = v.InferOutput<typeof WaitlistListResponse>;

/** The staff's view of one entry: whose it is. */
export const AdminWaitlistEntry = v.object({
  ...WaitlistEntry.entries,
  customerName: v.string(),
  customerEmail: v.string(),
});
export type AdminWaitlistEntry = v.InferOutput<typeof AdminWaitlistEntry>;

/** GET /api/admin/pujas/{id}/waitlist: every entry of the date, in line order (joined first). */
export const AdminWaitlistResponse = v.object({ entries: v.array(AdminWaitlistEntry) });
export type AdminWaitlistResponse = v.InferOutput<typeof AdminWaitlistResponse>;

/** The wizard's link from the offer: `/#/puja-booking/{pujaId}?package={packageId}&step=payment&waitlist={entryId}`. */
export const waitlistOfferPath = (entry: { id: number; pujaId: number; packageId: number }) =>
  `/#/puja-booking/${entry.pujaId}?package=${entry.packageId}&step=payment&waitlist=${entry.id}`;
