import type { BookingDraft } from '../../contract/booking.ts';
import { isWaitlistOfferOpen } from '../../contract/policy.ts';
import {
  waitlistClosedPath,
  waitlistOfferPath,
  type AdminWaitlistEntry,
  type WaitlistEntry,
  type WaitlistEventRequest,
} from '../../contract/waitlist.ts';
import { waitlistMachine, type WaitlistEvent } from '../../machines/waitlist/waitlist.machine.ts';
import {
  waitlistOf,
  whyWaitlistRefused,
  type WaitlistFacts,
  type WaitlistSnapshot,
} from '../../machines/waitlist/waitlist.selectors.ts';
import type { Db } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { findPujaPlaces, lockPujaPlaces, placesLeftOf, placesTaken } from '../db/repositories/places.ts';
import {
  findOfferedEntry,
  findWaitlistEntry,
  hasOpenEntry,
  insertWaitlistEntry,
  insertWaitlistEvent,
  listOpenEntries,
  listPujaWaitlist,
  listUserWaitlistEntries,
  pujasWithOpenEntries,
  toWaitlistEntry,
  updateWaitlistEntry,
  waitingAhead,
  type WaitlistEntryWithPuja,
} from '../db/repositories/waitlist.ts';
import { inTransaction } from '../db/transaction.ts';
import { queueWaitlistClosed, queueWaitlistOffer } from '../messages/outbox.ts';
import { audit } from './audit.ts';
import { quoteBooking } from './booking-quote.ts';
import { nextOrRefuse, systemSender, type Sender } from './lifecycle.ts';
import { Refusal } from './refusal.ts';

/**
 * The waitlist of a full puja date (docs/product-rules.md, Waitlist; docs/decisions/0076), as
 * machines/waitlist/ allows it: every step asks the chart, in the entry's stored state at the
 * server's clock, and is stored with a conditional UPDATE from that state and an event row, in
 * one transaction (as the lifecycles, docs/decisions/0021). An offer holds its persons' places
 * (server/db/repositories/places.ts), so the line moves by changing entries only.
 */

/** The database and the clock a waitlist step needs. */
export interface WaitlistDeps {
  db: Db;
  now: () => Date;
}

const factsOf = (row: WaitlistEntryWithPuja): WaitlistFacts => ({
  status: row.status,
  pujaDate: row.pujaDate ?? '',
  offerExpiresAt: row.offerExpiresAt,
  bookingId: row.bookingId,
});

/** What a message about an entry says of it (its offer or its line closing). */
const messageFactsOf = (row: WaitlistEntryWithPuja) => ({
  id: row.id,
  pujaName: row.pujaName,
  place: row.place,
  pujaDate: row.pujaDate ?? '',
  persons: row.persons,
});

/**
 * Takes one step of an entry: the chart must accept it (else its refusal, 409); its next state is
 * stored with a conditional UPDATE from the stored one (else `lifecycle_conflict`) and its event
 * row, in `trx`. Answers the chart's next snapshot.
 */
async function takeStep(
  trx: Db,
  row: WaitlistEntryWithPuja,
  event: WaitlistEvent,
  sender: Sender,
  at: Date,
): Promise<WaitlistSnapshot> {
  const next = nextOrRefuse(
    waitlistMachine,
    waitlistOf(factsOf(row), () => at),
    event,
    whyWaitlistRefused,
  );
  const stored = await updateWaitlistEntry(trx, row.id, row.status, {
    status: next.value,
    ...(event.type === 'waitlist.offer' ? { offeredAt: at.toISOString() } : {}),
    offerExpiresAt: next.context.offerExpiresAt,
    bookingId: next.context.bookingId,
    updatedAt: at.toISOString(),
  });
  if (!stored) throw Refusal.of('lifecycle_conflict');
  await insertWaitlistEvent(trx, {
    entryId: row.id,
    fromState: row.status,
    toState: next.value,
    event: event.type,
    actor: sender.by,
    actorUserId: sender.userId,
    at: at.toISOString(),
    data: event.type === 'waitlist.book' ? { bookingId: event.bookingId } : null,
  });
  return next;
}

/** The entry as the API answers it: its place in line counted while it waits. */
async function answerOf(db: Db, row: WaitlistEntryWithPuja): Promise<WaitlistEntry> {
  const position = row.status === 'waiting' ? (await waitingAhead(db, row)) + 1 : null;
  return toWaitlistEntry(row, position);
}

/** The entry, or "not found" when there is none or (for a customer, `ownerId`) it is someone else's. */
async function entryFor(db: Db, id: number, ownerId: number | null): Promise<WaitlistEntryWithPuja> {
  const row = await findWaitlistEntry(db, id);
  if (!row || (ownerId !== null && row.userId !== ownerId)) throw Refusal.of('waitlist_not_found');
  return row;
}

/**
 * POST /api/waitlist: the devotee joins the line of a full date with the draft they chose,
 * without paying. The draft is checked as a booking of it would be (quoteBooking: the puja, the
 * package, the window, the persons, the address, the offerings), apart from the places; the date
 * must not have the places the draft names (`waitlist_not_full`: book it), its line must still be
 * open (`waitlist_closed`: more than WAITLIST_MIN_OFFER_HOURS before booking closes), and one entry per
 * account and puja may be in line (`waitlist_already`; a unique index makes it so under races).
 */
export async function joinWaitlist(
  deps: WaitlistDeps,
  userId: number,
  draft: BookingDraft,
): Promise<WaitlistEntry> {
  const at = deps.now();
  const id = await inTransaction(deps.db, async (trx) => {
    await lockPujaPlaces(trx, draft.pujaId);
    const { puja, placesLeft } = await quoteBooking(trx, userId, draft, at, { countPlaces: false });
    // Too close to the date's booking close for any offer to be made: the line has closed.
    if (!isWaitlistOfferOpen(puja.pujaDate, at)) throw Refusal.of('waitlist_closed');
    if (await hasOpenEntry(trx, userId, draft.pujaId)) throw Refusal.of('waitlist_already');
    if (placesLeft === null || draft.persons.length <= placesLeft) throw Refusal.of('waitlist_not_full');
    let entryId: number;
    try {
      entryId = await insertWaitlistEntry(trx, { userId, draft, at: at.toISOString() });
    } catch (error) {
      if (isUniqueViolation(error)) throw Refusal.of('waitlist_already');
      throw error;
    }
    await insertWaitlistEvent(trx, {
      entryId,
      fromState: null,
      toState: 'waiting',
      event: 'waitlist.join',
      actor: 'customer',
      actorUserId: userId,
      at: at.toISOString(),
      data: null,
    });
    return entryId;
  });
  return answerOf(deps.db, await entryFor(deps.db, id, null));
}

/**
 * Offers the places free on a puja's date to its line, in the order joined
 * (docs/product-rules.md, Waitlist): the first waiting entry is offered if its persons fit in the
 * places left (an offer holds them), then the next, until one does not fit: a later, smaller
 * entry never jumps the head. Only while the puja is in the shop (neither retired nor a draft) and
 * more than WAITLIST_MIN_OFFER_HOURS are left before its booking closes (the chart's guard). Each offer is
 * a conditional UPDATE with its event row and its message, in one transaction that holds the
 * puja's row (PostgreSQL), so two processes offering the same places count one after the other.
 * Answers how many were offered.
 */
export function offerFreedPlaces(deps: WaitlistDeps, pujaId: number): Promise<number> {
  return inTransaction(deps.db, async (trx) => {
    await lockPujaPlaces(trx, pujaId);
    // A retired puja, or a draft (docs/decisions/0078), offers nothing: its line waits.
    const puja = await findPujaPlaces(trx, pujaId);
    if (!puja) return 0;
    const at = deps.now();
    let left = placesLeftOf(puja.capacity, await placesTaken(trx, pujaId));
    let offered = 0;
    for (const row of await listOpenEntries(trx, pujaId)) {
      if (row.status !== 'waiting') continue;
      if (left !== null && row.persons > left) break;
      const event: WaitlistEvent = { type: 'waitlist.offer', by: 'system' };
      if (!waitlistOf(factsOf(row), () => at).can(event)) break;
      const next = await takeStep(trx, row, event, systemSender, at);
      const draft = JSON.parse(row.draft) as BookingDraft;
      await queueWaitlistOffer(trx, {
        userId: row.userId,
        at,
        facts: {
          ...messageFactsOf(row),
          offerExpiresAt: next.context.offerExpiresAt ?? '',
          path: waitlistOfferPath({ id: row.id, pujaId, packageId: draft.packageId }),
        },
      });
      if (left !== null) left -= row.persons;
      offered += 1;
    }
    return offered;
  });
}

/**
 * Lapses what the chart says is due on a puja's line: offers past their deadline, and every
 * waiting entry of a date too close to its booking's close to be offered a place
 * (WAITLIST_MIN_OFFER_HOURS), whose devotee is told the line closed. Each a step of its own (a
 * conditional UPDATE: a lapse another process took meanwhile is skipped). Answers how many lapsed.
 */
export async function lapseDueEntries(deps: WaitlistDeps, pujaId: number): Promise<number> {
  let lapsed = 0;
  const at = deps.now();
  const event: WaitlistEvent = { type: 'waitlist.lapse', by: 'system' };
  for (const row of await listOpenEntries(deps.db, pujaId)) {
    if (!waitlistOf(factsOf(row), () => at).can(event)) continue;
    try {
      await inTransaction(deps.db, async (trx) => {
        await takeStep(trx, row, event, systemSender, at);
        if (row.status === 'waiting')
          await queueWaitlistClosed(trx, {
            userId: row.userId,
            at,
            facts: { ...messageFactsOf(row), path: waitlistClosedPath(row) },
          });
      });
      lapsed += 1;
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
    }
  }
  return lapsed;
}

/**
 * After a step that freed places of a puja's date (a booking cancelled or refunded, staff raising
 * the capacity, an offer lapsed, an entry left): lapse what is due and offer the places to the
 * line. Best effort: it never fails the step that called it (the scheduler's `waitlist.offer`
 * job does the same every minute).
 */
export async function moveLineOn(deps: WaitlistDeps, pujaId: number): Promise<void> {
  try {
    await lapseDueEntries(deps, pujaId);
    await offerFreedPlaces(deps, pujaId);
  } catch (error) {
    console.error(`The waitlist of puja ${pujaId} did not move on; the scheduler will try again`, error);
  }
}

/**
 * The scheduler's `waitlist.offer` job: for every puja with someone in line, lapse the offers past
 * their deadline (and the entries of dates that closed), then offer the freed places. Idempotent
 * and safe across processes: every step is a conditional UPDATE, and offers count under the
 * puja's row lock. Answers how many entries moved.
 */
export async function runWaitlistOffers(deps: WaitlistDeps): Promise<number> {
  let moved = 0;
  for (const pujaId of await pujasWithOpenEntries(deps.db)) {
    try {
      moved += await lapseDueEntries(deps, pujaId);
      moved += await offerFreedPlaces(deps, pujaId);
    } catch (error) {
      console.error(`The waitlist of puja ${pujaId} failed to move on`, error);
    }
  }
  return moved;
}

/**
 * In the transaction of a booking the customer makes: the offer they hold for that puja, if any,
 * becomes `booked` with the booking's id, so its held places are now the booking's. An offer that
 * moved meanwhile (lapsed by another process) is left as it is: the booking counted its places.
 */
export async function bookOfferedEntry(
  trx: Db,
  booking: { userId: number; pujaId: number; bookingId: number; at: Date },
): Promise<void> {
  const row = await findOfferedEntry(trx, booking.userId, booking.pujaId);
  if (!row) return;
  const event: WaitlistEvent = { type: 'waitlist.book', by: 'system', bookingId: booking.bookingId };
  if (!waitlistOf(factsOf(row), () => booking.at).can(event)) return;
  try {
    await takeStep(trx, row, event, systemSender, booking.at);
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
  }
}

/**
 * A person's step on an entry (leaving the line): the chart decides; a customer reaches only their
 * own entries (`ownerId`), staff pass null and leave an audit row. An offer left frees its places
 * for the next in line at once.
 */
export async function sendWaitlistEvent(
  deps: WaitlistDeps,
  {
    entryId,
    ownerId,
    event,
    sender,
  }: { entryId: number; ownerId: number | null; event: WaitlistEventRequest; sender: Sender },
): Promise<WaitlistEntry> {
  const row = await entryFor(deps.db, entryId, ownerId);
  const at = deps.now();
  await inTransaction(deps.db, async (trx) => {
    const next = await takeStep(trx, row, { ...event, by: sender.by }, sender, at);
    if (sender.by === 'staff' && sender.userId !== null)
      await audit(trx, { id: sender.userId }, at, {
        action: event.type,
        entity: 'waitlist',
        entityId: row.id,
        summary: `Waitlist entry #${row.id} for ${row.pujaName}: left (${row.status} → ${next.value})`,
      });
  });
  if (row.status === 'offered') await moveLineOn(deps, row.pujaId);
  return answerOf(deps.db, await entryFor(deps.db, row.id, null));
}

/**
 * An entry as its devotee reads it: an offer past its deadline lapses first (and the line moves
 * on), so they see it as it is now.
 */
export async function readOwnEntry(
  deps: WaitlistDeps,
  userId: number,
  entryId: number,
): Promise<WaitlistEntry> {
  const row = await entryFor(deps.db, entryId, userId);
  if (waitlistOf(factsOf(row), deps.now).can({ type: 'waitlist.lapse', by: 'system' }))
    await moveLineOn(deps, row.pujaId);
  return answerOf(deps.db, await entryFor(deps.db, entryId, userId));
}

/** GET /api/waitlist: the devotee's entries, newest first. */
export async function listOwnEntries(deps: WaitlistDeps, userId: number): Promise<WaitlistEntry[]> {
  const rows = await listUserWaitlistEntries(deps.db, userId);
  return Promise.all(rows.map((row) => answerOf(deps.db, row)));
}

/** GET /api/admin/pujas/{id}/waitlist: the date's line in order, with whose each entry is. */
export async function listWaitlistForStaff(
  deps: WaitlistDeps,
  pujaId: number,
): Promise<AdminWaitlistEntry[]> {
  const rows = await listPujaWaitlist(deps.db, pujaId);
  let waiting = 0;
  return rows.map((row) => {
    const position = row.status === 'waiting' ? (waiting += 1) : null;
    return {
      ...toWaitlistEntry(row, position),
      customerName: row.customerName,
      customerEmail: row.customerEmail,
    };
  });
}
