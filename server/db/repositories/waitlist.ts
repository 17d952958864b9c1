import type { BookingDraft } from '../../../contract/booking.ts';
import type { TimelineEntry } from '../../../contract/lifecycle.ts';
import type { WaitlistEntry, WaitlistState } from '../../../contract/waitlist.ts';
import type { Db } from '../client.ts';
import type { WaitlistEntryRow } from '../types.ts';

/**
 * The waitlists of full puja dates (docs/product-rules.md, Waitlist): entries and their steps.
 * Data access only; the rules are machines/waitlist/, run by server/services/waitlist.ts.
 */

/** An entry with its puja's name, place and date, as every read answers it. */
export type WaitlistEntryWithPuja = WaitlistEntryRow & {
  pujaName: string;
  place: string;
  pujaDate: string | null;
};

const withPuja = (db: Db) =>
  db
    .selectFrom('waitlistEntries')
    .innerJoin('puja', 'puja.id', 'waitlistEntries.pujaId')
    .selectAll('waitlistEntries')
    .select(['puja.pujaName as pujaName', 'puja.place as place', 'puja.pujaDate as pujaDate']);

export function findWaitlistEntry(db: Db, id: number): Promise<WaitlistEntryWithPuja | undefined> {
  return withPuja(db).where('waitlistEntries.id', '=', id).executeTakeFirst();
}

/** The customer's entries, newest first. */
export function listUserWaitlistEntries(db: Db, userId: number): Promise<WaitlistEntryWithPuja[]> {
  return withPuja(db)
    .where('waitlistEntries.userId', '=', userId)
    .orderBy('waitlistEntries.id', 'desc')
    .execute();
}

/** A puja's entries in line order (joined first), with whose each is (the back office's view). */
export function listPujaWaitlist(db: Db, pujaId: number) {
  return withPuja(db)
    .innerJoin('users', 'users.id', 'waitlistEntries.userId')
    .select(['users.name as customerName', 'users.email as customerEmail'])
    .where('waitlistEntries.pujaId', '=', pujaId)
    .orderBy('waitlistEntries.id')
    .execute();
}

/** A puja's entries still in line (waiting or offered), in line order. */
export function listOpenEntries(db: Db, pujaId: number): Promise<WaitlistEntryWithPuja[]> {
  return withPuja(db)
    .where('waitlistEntries.pujaId', '=', pujaId)
    .where('waitlistEntries.status', 'in', ['waiting', 'offered'])
    .orderBy('waitlistEntries.id')
    .execute();
}

/** The customer's offered entry for the puja, if they hold one. */
export function findOfferedEntry(
  db: Db,
  userId: number,
  pujaId: number,
): Promise<WaitlistEntryWithPuja | undefined> {
  return withPuja(db)
    .where('waitlistEntries.userId', '=', userId)
    .where('waitlistEntries.pujaId', '=', pujaId)
    .where('waitlistEntries.status', '=', 'offered')
    .executeTakeFirst();
}

/** The customer has an entry still in line for the puja. */
export async function hasOpenEntry(db: Db, userId: number, pujaId: number): Promise<boolean> {
  const row = await db
    .selectFrom('waitlistEntries')
    .select('id')
    .where('userId', '=', userId)
    .where('pujaId', '=', pujaId)
    .where('status', 'in', ['waiting', 'offered'])
    .executeTakeFirst();
  return row !== undefined;
}

/** The pujas with someone in line: the job's round. */
export async function pujasWithOpenEntries(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('waitlistEntries')
    .select('pujaId')
    .distinct()
    .where('status', 'in', ['waiting', 'offered'])
    .orderBy('pujaId')
    .execute();
  return rows.map((row) => row.pujaId);
}

/** How many are ahead of a waiting entry in its line (waiting, joined earlier). */
export async function waitingAhead(db: Db, entry: { id: number; pujaId: number }): Promise<number> {
  const row = await db
    .selectFrom('waitlistEntries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('pujaId', '=', entry.pujaId)
    .where('status', '=', 'waiting')
    .where('id', '<', entry.id)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertWaitlistEntry(
  db: Db,
  entry: { userId: number; draft: BookingDraft; at: string },
): Promise<number> {
  const { id } = await db
    .insertInto('waitlistEntries')
    .values({
      userId: entry.userId,
      pujaId: entry.draft.pujaId,
      packageId: entry.draft.packageId,
      persons: entry.draft.persons.length,
      draft: JSON.stringify(entry.draft),
      status: 'waiting',
      offeredAt: null,
      offerExpiresAt: null,
      bookingId: null,
      createdAt: entry.at,
      updatedAt: entry.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The chart's state and facts as the entry's columns. */
export interface WaitlistColumns {
  status: WaitlistState;
  offeredAt?: string | null;
  offerExpiresAt: string | null;
  bookingId: number | null;
  updatedAt: string;
}

/** Stores a step: a conditional UPDATE from `from`; false when another step moved the entry first. */
export async function updateWaitlistEntry(
  db: Db,
  id: number,
  from: WaitlistState,
  columns: WaitlistColumns,
): Promise<boolean> {
  const result = await db
    .updateTable('waitlistEntries')
    .set(columns)
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertWaitlistEvent(
  db: Db,
  event: {
    entryId: number;
    fromState: string | null;
    toState: string;
    event: string;
    actor: TimelineEntry['by'];
    actorUserId: number | null;
    at: string;
    data: Record<string, unknown> | null;
  },
): Promise<void> {
  const { data, ...rest } = event;
  await db
    .insertInto('waitlistEvents')
    .values({ ...rest, note: null, data: data === null ? null : JSON.stringify(data) })
    .execute();
}

/** The entry as the API answers it; `position` is the caller's (counted only while waiting). */
export function toWaitlistEntry(row: WaitlistEntryWithPuja, position: number | null): WaitlistEntry {
  return {
    id: row.id,
    pujaId: row.pujaId,
    pujaName: row.pujaName,
    pujaDate: row.pujaDate ?? '',
    status: row.status,
    position: row.status === 'waiting' ? position : null,
    offerExpiresAt: row.offerExpiresAt,
    bookingId: row.bookingId,
    createdAt: row.createdAt,
    draft: JSON.parse(row.draft) as BookingDraft,
  };
}
