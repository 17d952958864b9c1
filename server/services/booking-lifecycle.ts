import { bookingMessages, type Booking } from '../../contract/booking.ts';
import { lifecycleMessages, parseProofVideo, IMAGE_TYPES } from '../../contract/lifecycle.ts';
import type { BookingEventRequest } from '../../contract/lifecycle-events.ts';
import { SANKALP_LOCK_HOURS, HOUR_MS } from '../../contract/policy.ts';
import {
  bookingLifecycleMachine,
  type BookingLifecycleEvent,
} from '../../machines/booking-lifecycle/booking-lifecycle.machine.ts';
import {
  bookingLifecycleOf,
  whyBookingRefused,
  type BookingLifecycleFacts,
  type BookingLifecycleSnapshot,
} from '../../machines/booking-lifecycle/booking-lifecycle.selectors.ts';
import type { Db } from '../db/client.ts';
import {
  findBookingRow,
  findBookingsAwaitingRefund,
  findBookingsWithDateChangeRefundDue,
  findBookingsDueForLock,
  parseJsonArray,
  prasadOf,
  proofOf,
  readBooking,
  replaceBookingPersons,
  updateBookingLifecycle,
  type BookingLifecycleColumns,
} from '../db/repositories/bookings.ts';
import { findUpload } from '../db/repositories/uploads.ts';
import type { BookingRow } from '../db/types.ts';
import {
  commitStep,
  dataOf,
  logRefundFailure,
  nextOrRefuse,
  noteOf,
  ownedRecord,
  settleEach,
  settleEachRefund,
  settleRecordRefund,
  systemSender,
  type LifecycleDeps,
  type RefundableRecord,
  type Sender,
  type Step,
} from './lifecycle.ts';
import { Refusal } from './refusal.ts';
import {
  applyDateChange,
  checkPlanPayable,
  checkRefundFits,
  planDateChange,
  settleDateChangeRefund,
  type DateChangePlan,
  type DateChangeSettlement,
} from './booking-date-change.ts';
import { findPayment } from '../db/repositories/payments.ts';
import { paidWrite } from './paid-write.ts';
import { recordUsedPaymentRefund, requestUsedPaymentRefund } from './payments.ts';
import { inTransaction } from '../db/transaction.ts';
import type { BookingDateChangeQuote } from '../../contract/booking.ts';
import { wrongScriptSpelling } from '../../contract/temple-script.ts';
import { findPujaScript } from '../db/repositories/catalogue.ts';
import { moveLineOn } from './waitlist.ts';

/**
 * Every step of a booking's life after it is paid, as machines/booking-lifecycle/ allows it
 * (docs/product-rules.md, Orders and bookings after the sale). This service keeps no list of
 * its own of which step may follow which: it asks the chart.
 */

/** The facts of a booking the chart reads, from its row. */
export const bookingFactsOf = (row: BookingRow): BookingLifecycleFacts => ({
  status: row.status,
  paymentStatus: row.paymentStatus,
  createdAt: row.createdAt,
  puja: { pujaDate: row.pujaDate },
  offeredDates: parseJsonArray(row.offeredDates),
  dateChanges: row.dateChanges,
  proof: proofOf(row),
  prasad: prasadOf(row),
});

/** The chart's state and facts as the booking's columns. */
function columnsOf(snapshot: BookingLifecycleSnapshot): BookingLifecycleColumns {
  const { context } = snapshot;
  return {
    status: snapshot.value,
    paymentStatus: context.paymentStatus,
    pujaDate: context.pujaDate,
    offeredDates: JSON.stringify(context.offeredDates),
    dateChanges: context.dateChanges,
    proofVideoUrl: context.proof?.videoUrl ?? null,
    proofPhotoIds: context.proof ? JSON.stringify(context.proof.photoIds) : null,
    prasadCarrier: context.prasad?.carrier ?? null,
    prasadTrackingNumber: context.prasad?.trackingNumber ?? null,
  };
}

/** A booking as the refunds job reads it and moves it on. */
const REFUNDABLE_BOOKING: RefundableRecord<BookingRow, typeof bookingLifecycleMachine> = {
  kind: 'booking',
  machine: bookingLifecycleMachine,
  find: findBookingRow,
  stateOf: (row) => row.status,
  paymentIdOf: (row) => row.paymentId,
  label: (row) => `booking ${row.bookingNumber}`,
  snapshotOf: (row, at) => bookingLifecycleOf(bookingFactsOf(row), () => at),
  store: (trx, row, next) =>
    updateBookingLifecycle(trx, { ...row, status: 'refundPending' }, columnsOf(next)),
};

/** The booking, or "Booking not found" when there is none or (for a customer) it is someone else's. */
const bookingFor = async (db: Db, id: number, ownerId: number | null): Promise<BookingRow> =>
  ownedRecord(await findBookingRow(db, id), ownerId, 'booking_not_found');

/** What the chart does not check of a step's data: persons for the whole package, proof uploads that exist. */
async function checkEventData(db: Db, event: BookingEventRequest, row: BookingRow): Promise<void> {
  // docs/product-rules.md, Persons: a correction, like the booking, names 1 to the package's number.
  if (event.type === 'booking.correctPersons' && event.persons.length > row.packageNoPersons)
    throw new Refusal('person_count_mismatch', bookingMessages.tooManyForPackage(row.packageNoPersons));
  if (event.type === 'booking.correctPersons') {
    const wrongScript = wrongScriptSpelling(event.persons, await findPujaScript(db, row.pujaId));
    if (wrongScript) throw new Refusal('script_spelling_invalid', wrongScript);
  }
  if (event.type !== 'booking.perform') return;
  const video = parseProofVideo(event.videoUrl);
  const uploads = [...event.photoIds, ...(video?.kind === 'upload' ? [video.id] : [])];
  for (const id of uploads) {
    const upload = await findUpload(db, id);
    if (!upload) throw Refusal.of('upload_not_found');
    if (event.photoIds.includes(id) && !(IMAGE_TYPES as readonly string[]).includes(upload.contentType))
      throw new Refusal('upload_not_image', lifecycleMessages.notAnImage);
  }
}

/** Who did what, kept with the step: the persons before a correction, the dates of a move. */
function extraDataOf(
  event: BookingEventRequest,
  row: BookingRow,
  persons: () => Promise<unknown>,
  move: DateChangePlan | null,
  settlement: DateChangeSettlement,
) {
  if (move)
    return Promise.resolve({
      from: row.pujaDate,
      to: move.target.pujaDate,
      fromPujaId: row.pujaId,
      priceDifference: move.priceDifference,
      ...(settlement === 'paid' || settlement === 'waived' ? { difference: settlement } : {}),
    });
  if (event.type === 'booking.reschedule') return Promise.resolve({ from: row.pujaDate, to: event.date });
  if (event.type === 'booking.correctPersons') return persons().then((previous) => ({ previous }));
  return Promise.resolve({});
}

/** A dateChange payment pays for one move: this booking's, to this date (else payment_purpose_mismatch). */
async function checkPaymentIsForMove(db: Db, paymentId: string, bookingId: number, pujaId: number | null) {
  const payment = await findPayment(db, paymentId);
  if (payment && (payment.dateChangeBookingId !== bookingId || payment.dateChangePujaId !== pujaId))
    throw new Refusal('payment_purpose_mismatch', lifecycleMessages.paymentNotForThisMove);
}

/**
 * Takes one step of the booking's life: the chart, in the booking's stored state at the server's
 * clock, must accept the event from this sender (else its refusal, 409); its next state and
 * facts are stored with the step's event row (a correction also replaces the persons). A
 * customer reaches only their own bookings (`ownerId`); staff pass null. A sankalp lock that is
 * due is taken first, so every step sees the booking as it is at this moment. A booking that
 * now waits for its refund is refunded through the gateway at once (the scheduler retries it).
 */
export async function sendBookingEvent(
  deps: LifecycleDeps,
  {
    bookingId,
    ownerId,
    event,
    sender,
  }: { bookingId: number; ownerId: number | null; event: BookingEventRequest; sender: Sender },
): Promise<Booking> {
  const { db, now } = deps;
  let row = await bookingFor(db, bookingId, ownerId);
  if (event.type !== 'booking.lock') row = await lockIfDue(deps, row);
  const at = now();
  const before = row;
  // A dearer date's difference, paid by the customer (docs/decisions/0077).
  const paymentId = event.type === 'booking.changeDate' ? (event.paymentId ?? null) : null;
  const prepared: { step: Step | null; move: DateChangePlan | null } = { step: null, move: null };
  /** The step as the chart and the server's rules make it (read only): refused here, nothing written. */
  const prepare = async (): Promise<Step> => {
    await checkEventData(db, event, row);
    const snapshot = bookingLifecycleOf(bookingFactsOf(row), () => at);
    const full = { ...event, by: sender.by } as BookingLifecycleEvent;
    const next = nextOrRefuse(bookingLifecycleMachine, snapshot, full, whyBookingRefused);
    // A move to another date of the puja: where to and at what price is the server's (0077).
    const move = event.type === 'booking.changeDate' ? await planDateChange(db, row, event.pujaId, at) : null;
    prepared.move = move;
    const settlement = move
      ? checkPlanPayable(row, move, { paid: paymentId !== null, by: sender.by })
      : ('none' as const);
    if (move) await checkRefundFits(db, row, move);
    const plan = move;
    const extra = await extraDataOf(
      event,
      before,
      async () => (await readBooking(db, before)).persons,
      move,
      settlement,
    );
    return {
      kind: 'booking',
      recordId: row.id,
      from: row.status,
      to: next.value,
      event: event.type,
      sender,
      at,
      note: noteOf(event),
      data: dataOf(event, extra),
      store: (trx) => updateBookingLifecycle(trx, before, columnsOf(next)),
      alsoWrite:
        event.type === 'booking.correctPersons'
          ? (trx) => replaceBookingPersons(trx, before.id, event.persons)
          : plan
            ? (trx) => applyDateChange(trx, before, plan, { kind: settlement, paymentId })
            : undefined,
    };
  };
  // Only the customer pays: a payment id from staff is refused before it is looked at, so it is
  // neither used nor refunded by someone else's step.
  if (paymentId !== null && sender.by !== 'customer')
    throw new Refusal('lifecycle_invalid', lifecycleMessages.staffCannotTakePayment);
  if (paymentId === null) {
    prepared.step = await prepare();
    await commitStep(db, prepared.step);
  } else
    // The one paid write (server/services/paid-write.ts): a refusal before or inside the move
    // (the date filled meanwhile) gives the captured difference back at once and says so.
    await paidWrite({
      db,
      gateway: deps.gateway,
      userId: row.userId,
      now: at,
      idempotencyKey: null,
      requestHash: '',
      findByKey: () => Promise.resolve(undefined),
      keyReusedMessage: '',
      payment: { id: paymentId, purpose: 'dateChange' },
      check: async () => {
        // A payment made for another move is left as it is (docs/decisions/0077): checked before
        // the move is, so a refusal of this one never gives back that payment.
        await checkPaymentIsForMove(
          db,
          paymentId,
          row.id,
          event.type === 'booking.changeDate' ? event.pujaId : null,
        );
        prepared.step = await prepare();
      },
      write: async (trx, claim) => {
        const { step, move } = prepared;
        if (!step || !move) throw new Error('A paid date change is prepared before it is written');
        await checkPaymentIsForMove(trx, paymentId, row.id, move.target.id);
        await commitStep(trx, step);
        await claim.use(move.priceDifference, { bookingId: row.id });
        return row.id;
      },
    });
  const { step, move } = prepared;
  if (step?.to === 'refundPending') {
    await settleBookingRefund(deps, row.id).catch(logRefundFailure('booking', row.id));
    // Its places are free: the date's waitlist moves on (docs/product-rules.md, Waitlist).
    await moveLineOn(deps, row.pujaId);
  }
  if (move) {
    if (move.priceDifference < 0)
      await settleBookingDateChangeRefund(deps, row.id).catch(logRefundFailure('booking', row.id));
    // The places it left on its old date are free: that date's waitlist moves on.
    await moveLineOn(deps, row.pujaId);
  }
  return readBooking(db, await bookingFor(db, row.id, null));
}

/**
 * Locks the booking's sankalp if the chart says it is due (a step from the server itself),
 * and answers the booking as it is afterwards. A lock another process took meanwhile is fine.
 */
async function lockIfDue(deps: LifecycleDeps, row: BookingRow): Promise<BookingRow> {
  if (row.status !== 'confirmed') return row;
  const at = deps.now();
  const lock: BookingLifecycleEvent = { type: 'booking.lock', by: 'system' };
  if (!bookingLifecycleOf(bookingFactsOf(row), () => at).can(lock)) return row;
  await lockBooking(deps, row.id);
  return bookingFor(deps.db, row.id, null);
}

/** The server locks one booking's sankalp; false when the chart refuses (not due, locked already). */
async function lockBooking(deps: LifecycleDeps, bookingId: number): Promise<boolean> {
  try {
    await sendBookingEvent(deps, {
      bookingId,
      ownerId: null,
      event: { type: 'booking.lock' },
      sender: systemSender,
    });
    return true;
  } catch (error) {
    if (error instanceof Refusal) return false;
    throw error;
  }
}

/**
 * The scheduler's sankalp-lock job: every confirmed booking whose puja is within the lock cutoff
 * is offered `booking.lock` from the server, and the chart locks those that are due. Idempotent
 * and safe across processes: each lock is a conditional UPDATE from `confirmed`, so a booking is
 * locked (and its event row written) once however many ticks race. Returns how many it locked.
 */
export async function lockDueBookings(deps: LifecycleDeps): Promise<number> {
  const horizon = new Date(deps.now().getTime() + SANKALP_LOCK_HOURS * HOUR_MS).toISOString();
  return settleEach(await findBookingsDueForLock(deps.db, horizon), (id) => lockBooking(deps, id));
}

/**
 * Pays back a booking waiting for its refund
 * (docs/decisions/0053-refunds-outside-the-transaction-with-a-key.md): the intent is the
 * booking's committed `refundPending`; the provider is asked outside any transaction with the
 * refund's idempotency key; then, in one transaction, the payment goes used -> refunded with the
 * provider's refund id and the chart takes `refund.completed` from the server. A failure
 * anywhere leaves the booking pending, and the retry asks the provider with the same key: one
 * refund. False when there is nothing to do (not pending, settled meanwhile by another process).
 */
export async function settleBookingRefund(deps: LifecycleDeps, bookingId: number): Promise<boolean> {
  // A cheaper date's difference still due is given back first, under its own key; the whole
  // refund then gives back the payment less what was given of it (docs/decisions/0077). If the
  // difference cannot be given back now, neither is the rest: the refunds job tries both again,
  // so the difference is never given twice (once in part, once inside the rest).
  await settleBookingDateChangeRefund(deps, bookingId);
  await refundDateChangePayment(deps, bookingId);
  return settleRecordRefund(deps, REFUNDABLE_BOOKING, bookingId);
}

/**
 * A refunded booking gives back the difference paid for a dearer date too (its own payment, its
 * own key: docs/decisions/0053), before the booking's own payment: the provider is asked outside
 * any transaction, then the payment goes used -> refunded (conditionally, once). Nothing when the
 * booking is not waiting for its refund or the difference went back already.
 */
async function refundDateChangePayment(deps: LifecycleDeps, bookingId: number): Promise<void> {
  const row = await findBookingRow(deps.db, bookingId);
  if (!row || row.status !== 'refundPending' || row.dateChangePaymentId === null) return;
  const paymentId = row.dateChangePaymentId;
  const paid = await requestUsedPaymentRefund(deps.db, deps.gateway, paymentId);
  if (!paid) return;
  const at = deps.now();
  await inTransaction(deps.db, (trx) =>
    recordUsedPaymentRefund(trx, {
      paymentId,
      refundId: paid.refundId,
      now: at,
      note: `booking ${row.bookingNumber} refunded: the difference paid for its new date`,
    }),
  );
}

/** Gives back a cheaper date's difference still due on the booking (booking-date-change.ts). */
async function settleBookingDateChangeRefund(deps: LifecycleDeps, bookingId: number): Promise<boolean> {
  const row = await findBookingRow(deps.db, bookingId);
  return row ? settleDateChangeRefund(deps, row) : false;
}

/**
 * The scheduler's refunds job: every booking still waiting for its refund, and every cheaper
 * date's difference still waiting for its own (docs/decisions/0077).
 */
export async function settlePendingBookingRefunds(deps: LifecycleDeps): Promise<number> {
  const whole = await settleEachRefund('booking', await findBookingsAwaitingRefund(deps.db), (id) =>
    settleBookingRefund(deps, id),
  );
  const parts = await settleEachRefund('booking', await findBookingsWithDateChangeRefundDue(deps.db), (id) =>
    settleBookingDateChangeRefund(deps, id),
  );
  return whole + parts;
}

/**
 * What moving the booking to the date `pujaId` would be, before the customer confirms
 * (GET /api/bookings/{id}/date-change): the chart must allow the move from this sender now, and
 * the date must be another open one of the puja with a package and places for it. The price
 * difference is named whatever it is; sending the move refuses a dearer date (0077).
 */
export async function quoteDateChange(
  deps: LifecycleDeps,
  {
    bookingId,
    ownerId,
    pujaId,
    sender,
  }: { bookingId: number; ownerId: number | null; pujaId: number; sender: Sender },
): Promise<BookingDateChangeQuote> {
  const row = await lockIfDue(deps, await bookingFor(deps.db, bookingId, ownerId));
  const at = deps.now();
  const snapshot = bookingLifecycleOf(bookingFactsOf(row), () => at);
  const refusal = whyBookingRefused(snapshot, { type: 'booking.changeDate', pujaId, by: sender.by });
  if (refusal) throw new Refusal(refusal.code, refusal.message);
  const plan = await planDateChange(deps.db, row, pujaId, at);
  return {
    from: row.pujaDate,
    to: plan.target.pujaDate,
    pujaId: plan.target.id,
    package: { id: plan.pkg.id, title: plan.pkg.title, noPersons: plan.pkg.noPersons },
    priceDifference: plan.priceDifference,
    placesLeft: plan.placesLeft,
  };
}

/**
 * The server's price of a dearer date's difference (POST /api/payments, purpose dateChange;
 * docs/decisions/0077): the move as the customer would send it must be allowed now, and cost
 * more; the intent is for exactly that difference, tied to the booking and the date.
 */
export async function priceDateChange(
  deps: LifecycleDeps,
  request: { bookingId: number; pujaId: number; ownerId: number; sender: Sender },
): Promise<{ amount: number; bookingId: number; pujaId: number }> {
  const quote = await quoteDateChange(deps, request);
  const row = await bookingFor(deps.db, request.bookingId, request.ownerId);
  if (row.dateChangeRefundDue !== null)
    throw new Refusal('lifecycle_invalid', lifecycleMessages.dateChangeRefundPending);
  if (quote.priceDifference <= 0) throw new Refusal('lifecycle_invalid', lifecycleMessages.nothingToPay);
  return { amount: quote.priceDifference, bookingId: row.id, pujaId: quote.pujaId };
}

/** The booking as its customer reads it (GET /api/bookings/{id}): a due lock is taken first. */
export async function readOwnBooking(
  deps: LifecycleDeps,
  userId: number,
  bookingId: number,
): Promise<Booking> {
  const row = await lockIfDue(deps, await bookingFor(deps.db, bookingId, userId));
  return readBooking(deps.db, row);
}

/** The booking and what staff may do with it now (GET /api/admin/bookings/{id}). */
export async function readBookingForStaff(deps: LifecycleDeps, bookingId: number) {
  const row = await lockIfDue(deps, await bookingFor(deps.db, bookingId, null));
  const at = deps.now();
  return {
    row,
    booking: await readBooking(deps.db, row),
    snapshot: bookingLifecycleOf(bookingFactsOf(row), () => at),
  };
}
