import { bookingMessages } from '../../contract/booking.ts';
import { lifecycleMessages } from '../../contract/lifecycle.ts';
import { formatRupees } from '../../contract/money.ts';
import { isBookingOpen } from '../../contract/policy.ts';
import type { Db } from '../db/client.ts';
import { findPujaForBooking } from '../db/repositories/bookings.ts';
import { listPackages } from '../db/repositories/catalogue.ts';
import { findPayment, insertPaymentHistory } from '../db/repositories/payments.ts';
import { lockPujaPlaces, placesLeftOf, placesTaken } from '../db/repositories/places.ts';
import { seriesOf } from '../db/repositories/puja-dates.ts';
import { accountBookingsOfPuja } from '../db/repositories/account-bookings.ts';
import { accountLimitMessage } from '../../contract/refusal-messages.ts';
import { countOf } from '../db/queries.ts';
import { inTransaction } from '../db/transaction.ts';
import type { BookingRow } from '../db/types.ts';
import type { LifecycleDeps } from './lifecycle.ts';
import { refundKeyOf } from './payments.ts';
import { Refusal } from './refusal.ts';

/**
 * Moving a confirmed booking to another date of the same puja (docs/product-rules.md,
 * Rescheduling; docs/decisions/0077-moving-a-booking-to-another-date.md). The booking lifecycle
 * decides who may and when (`booking.changeDate`); this decides where to: another open date of
 * the puja's series, a package there for the same number of persons, places for the booking's
 * persons, and the price difference. A cheaper date's difference is refunded through the
 * gateway after the move commits; a dearer one is refused (0077).
 */

/** Where a booking would move and what it would cost: what the customer is shown before confirming. */
export interface DateChangePlan {
  target: NonNullable<Awaited<ReturnType<typeof findPujaForBooking>>> & { pujaDate: string };
  pkg: { id: number; title: string; noPersons: number; offerPrice: number };
  /** The persons the booking names: the places it takes on the new date. */
  persons: number;
  /** Places left on the new date before the move (null: unlimited). */
  placesLeft: number | null;
  /** The new package's offer price less the one paid: negative is given back, positive is owed. */
  priceDifference: number;
}

const invalid = (message: string) => new Refusal('lifecycle_invalid', message);

/** How many persons the booking names (each takes one place at the temple). */
const personsOf = (db: Db, bookingId: number) =>
  countOf(db.selectFrom('bookingPersons').where('bookingId', '=', bookingId));

/**
 * The new date's limit of bookings per devotee (docs/product-rules.md, Places at the temple) holds
 * for the booking's account, whoever moves it: refused (409 puja_account_limit) when the account
 * holds that many of the date already.
 */
async function checkAccountLimit(
  db: Db,
  row: BookingRow,
  target: { id: number; maxPerAccount: number | null },
) {
  if (target.maxPerAccount === null) return;
  if ((await accountBookingsOfPuja(db, row.userId, target.id)) >= target.maxPerAccount)
    throw new Refusal('puja_account_limit', accountLimitMessage(target.maxPerAccount));
}

/**
 * Where the booking would move at `now`, read only: refused (409) when the date is not another
 * open date of its puja, has no package for its number of persons, or has too few places left.
 */
export async function planDateChange(
  db: Db,
  row: BookingRow,
  pujaId: number,
  now: Date,
): Promise<DateChangePlan> {
  const target = await findPujaForBooking(db, pujaId);
  const series = await seriesOf(db, row.pujaId);
  if (
    !target ||
    target.id === row.pujaId ||
    series === undefined ||
    (await seriesOf(db, target.id)) !== series ||
    target.pujaDate === null ||
    !isBookingOpen(target.pujaDate, now)
  )
    throw invalid(lifecycleMessages.dateNotOfSeries);
  // The same number of persons; of several, the one with the booking's title.
  const packages = (await listPackages(db, target.id)).filter((p) => p.noPersons === row.packageNoPersons);
  const pkg =
    packages.find((p) => p.title === row.packageTitle) ?? (packages.length === 1 ? packages[0] : undefined);
  if (!pkg) throw invalid(lifecycleMessages.noMatchingPackage(row.packageNoPersons));
  const persons = await personsOf(db, row.id);
  const placesLeft = placesLeftOf(target.capacity, await placesTaken(db, target.id));
  if (placesLeft !== null && persons > placesLeft)
    throw new Refusal('puja_full', bookingMessages.full(placesLeft));
  await checkAccountLimit(db, row, target);
  const priceDifference = pkg.offerPrice - (row.packageAmount ?? row.amount);
  return { target: { ...target, pujaDate: target.pujaDate }, pkg, persons, placesLeft, priceDifference };
}

/** How a move is paid for: nothing to pay, the customer's payment of the difference, or staff's waiver. */
export type DateChangeSettlement = 'none' | 'paid' | 'waived';

/**
 * What the server accepts of a plan (docs/decisions/0077): the same price or less, as it is; a
 * dearer date from the customer only with the difference paid (its payment, purpose dateChange),
 * from staff with the difference waived (the booking keeps the price paid). A payment for a move
 * that costs no more, or sent by staff, is refused. A move while the last one's refund is still
 * on its way waits for it, so each part refund has its own key.
 */
export function checkPlanPayable(
  row: BookingRow,
  plan: DateChangePlan,
  { paid, by }: { paid: boolean; by: string },
): DateChangeSettlement {
  if (row.dateChangeRefundDue !== null) throw invalid(lifecycleMessages.dateChangeRefundPending);
  if (paid && by !== 'customer') throw invalid(lifecycleMessages.staffCannotTakePayment);
  if (plan.priceDifference <= 0) {
    if (paid) throw invalid(lifecycleMessages.nothingToPay);
    return 'none';
  }
  if (paid) return 'paid';
  if (by === 'staff') return 'waived';
  throw invalid(lifecycleMessages.dateCostsMore(formatRupees(plan.priceDifference)));
}

/**
 * A cheaper date's difference is given back from the booking's first payment, in part: never
 * more than is left of it (after a paid dearer date, a much cheaper one could ask for more than
 * that payment holds; docs/decisions/0077).
 */
export async function checkRefundFits(db: Db, row: BookingRow, plan: DateChangePlan): Promise<void> {
  if (plan.priceDifference >= 0) return;
  const payment = await findPayment(db, row.paymentId);
  if (payment && -plan.priceDifference > payment.amount - payment.refundedPart)
    throw invalid(lifecycleMessages.refundBeyondPayment);
}

/**
 * The move's own writes, in the step's transaction: the new date's places are counted again under
 * its lock (docs/decisions/0075), and so is the account's limit of bookings of it; then the booking takes the new puja record, date and package,
 * the new price, and the difference it is owed back.
 */
export async function applyDateChange(
  trx: Db,
  row: BookingRow,
  plan: DateChangePlan,
  settlement: { kind: DateChangeSettlement; paymentId?: string | null } = { kind: 'none' },
): Promise<void> {
  await lockPujaPlaces(trx, plan.target.id);
  const placesLeft = placesLeftOf(plan.target.capacity, await placesTaken(trx, plan.target.id));
  if (placesLeft !== null && plan.persons > placesLeft)
    throw new Refusal('puja_full', bookingMessages.full(placesLeft));
  // Counted again under the same lock as the places (docs/decisions/0075): two moves, or a move
  // and a new booking, of one account at once cannot both pass the limit.
  await checkAccountLimit(trx, row, plan.target);
  const refundDue = -plan.priceDifference;
  // Waived by staff: the booking keeps the price paid, its package's too, so a later move is
  // priced from what was paid, never refunding a difference nobody paid.
  const waived = settlement.kind === 'waived';
  // Only from the booking as this move read it: a move that another request made meanwhile (two
  // tabs, staff and the customer together) leaves this one nothing to move, so no difference is
  // owed, or refunded, twice.
  let update = trx
    .updateTable('bookings')
    .set({
      pujaId: plan.target.id,
      pujaName: plan.target.pujaName,
      pujaPlace: plan.target.place,
      pujaDate: plan.target.pujaDate,
      pujaImage: plan.target.image,
      packageId: plan.pkg.id,
      packageTitle: plan.pkg.title,
      packageNoPersons: plan.pkg.noPersons,
      packageAmount: waived ? row.packageAmount : plan.pkg.offerPrice,
      amount: waived ? row.amount : row.amount + plan.priceDifference,
      dateChangeRefundDue: refundDue > 0 ? refundDue : null,
      ...(settlement.kind === 'paid' ? { dateChangePaymentId: settlement.paymentId ?? null } : {}),
    })
    .where('id', '=', row.id)
    .where('pujaId', '=', row.pujaId)
    .where('amount', '=', row.amount)
    .where('dateChangeRefundDue', 'is', null);
  // One difference paid per booking: the customer moves once.
  if (settlement.kind === 'paid') update = update.where('dateChangePaymentId', 'is', null);
  const { numUpdatedRows } = await update.executeTakeFirst();
  if (numUpdatedRows === 0n) throw Refusal.of('lifecycle_conflict');
}

/**
 * Gives back a cheaper date's difference (docs/decisions/0053-refunds-outside-the-transaction-with-a-key.md):
 * the intent is the booking's committed `dateChangeRefundDue`; the provider is asked outside any
 * transaction for that part of the capture, under a key naming the capture and how much of it was
 * already given back (the same for every retry of this refund, another for the next one); then,
 * in one transaction, the booking's due is cleared (conditionally: once however many processes
 * try), the payment's `refundedPart` grows and its history says so. False when nothing was due.
 */
export async function settleDateChangeRefund(
  { db, gateway, now }: LifecycleDeps,
  row: Pick<BookingRow, 'id' | 'bookingNumber' | 'paymentId' | 'dateChangeRefundDue'>,
): Promise<boolean> {
  const due = row.dateChangeRefundDue;
  if (due === null) return false;
  const payment = await findPayment(db, row.paymentId);
  // Refunded whole already: the whole refund gave back the payment less `refundedPart`, and so
  // the difference with it; nothing is left to give (a booking left so before the whole refund
  // waited for its difference). The due is cleared, once.
  if (payment?.status === 'refunded') {
    await db
      .updateTable('bookings')
      .set({ dateChangeRefundDue: null })
      .where('id', '=', row.id)
      .where('dateChangeRefundDue', '=', due)
      .execute();
    return false;
  }
  if (!payment || payment.status !== 'used' || payment.providerPaymentId === null)
    throw new Error(`Booking ${row.id}: its payment ${row.paymentId} cannot be refunded in part`);
  const { refundId } = await gateway.refund({
    intentId: payment.id,
    providerPaymentId: payment.providerPaymentId,
    amount: due,
    idempotencyKey: `${refundKeyOf(payment.id, payment.providerPaymentId)}:part:${payment.refundedPart}`,
  });
  const at = now();
  try {
    return await inTransaction(db, async (trx) => {
      const { numUpdatedRows } = await trx
        .updateTable('bookings')
        .set({ dateChangeRefundDue: null })
        .where('id', '=', row.id)
        .where('dateChangeRefundDue', '=', due)
        .executeTakeFirst();
      if (numUpdatedRows === 0n) return false;
      // Recorded only as the refund this key names: from the part given back when the key was
      // made. A slower process whose refund was recorded meanwhile writes nothing, and so never
      // clears a later move's difference that happens to be the same amount.
      const recorded = await trx
        .updateTable('payments')
        .set((eb) => ({ refundedPart: eb('refundedPart', '+', due) }))
        .where('id', '=', payment.id)
        .where('refundedPart', '=', payment.refundedPart)
        .executeTakeFirst();
      if (recorded.numUpdatedRows === 0n) throw new RecordedElsewhere();
      await insertPaymentHistory(trx, {
        paymentId: payment.id,
        fromStatus: 'used',
        toStatus: 'used',
        at: at.toISOString(),
        note: `${formatRupees(due)} refunded (${refundId}): booking ${row.bookingNumber} moved to a cheaper date`,
      });
      return true;
    });
  } catch (error) {
    if (error instanceof RecordedElsewhere) return false;
    throw error;
  }
}

/** Rolls back a part refund's record when another process recorded that refund first. */
class RecordedElsewhere extends Error {}
