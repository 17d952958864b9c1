import type { PaymentState } from '../../../contract/payments.ts';
import type { Insertable } from 'kysely';
import type { Db } from '../client.ts';
import type { PaymentHistoryRow, PaymentRow, PaymentsTable } from '../types.ts';

/** Payments and their history: data access only; the lifecycle's rules live in services/payment-lifecycle.ts. */

export async function insertPayment(db: Db, payment: Insertable<PaymentsTable>): Promise<void> {
  await db.insertInto('payments').values(payment).execute();
}

/** The payment with this id, whoever it belongs to. */
export function findPayment(db: Db, id: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listPaymentHistory(db: Db, paymentId: string): Promise<PaymentHistoryRow[]> {
  return db
    .selectFrom('paymentHistory')
    .selectAll()
    .where('paymentId', '=', paymentId)
    .orderBy('id')
    .execute();
}

export async function insertPaymentHistory(
  db: Db,
  entry: {
    paymentId: string;
    fromStatus: PaymentState | null;
    toStatus: PaymentState;
    at: string;
    note: string | null;
  },
): Promise<void> {
  await db.insertInto('paymentHistory').values(entry).execute();
}

/** Extra conditions a status change may require of the row, checked in the same UPDATE. */
export interface PaymentGuard {
  userId?: number;
  purpose?: PaymentRow['purpose'];
  amount?: number;
  /** Only while `expires_at` is after this instant (ISO 8601). */
  unexpiredAt?: string;
}

/**
 * Moves the payment from `from` to `to` (and sets `set`) with ONE conditional UPDATE
 * (`WHERE status = from` and the guard): false when the row is not in that state any more,
 * so two requests can never both make the same move.
 */
export async function updatePaymentStatus(
  db: Db,
  id: string,
  from: PaymentState,
  to: PaymentState,
  set: Partial<
    Omit<PaymentsTable, 'id' | 'status' | 'refundedPart' | 'dateChangeBookingId' | 'dateChangePujaId'>
  > = {},
  guard: PaymentGuard = {},
): Promise<boolean> {
  let query = db
    .updateTable('payments')
    .set({ ...set, status: to })
    .where('id', '=', id)
    .where('status', '=', from);
  if (guard.userId !== undefined) query = query.where('userId', '=', guard.userId);
  if (guard.purpose !== undefined) query = query.where('purpose', '=', guard.purpose);
  if (guard.amount !== undefined) query = query.where('amount', '=', guard.amount);
  if (guard.unexpiredAt !== undefined) query = query.where('expiresAt', '>', guard.unexpiredAt);
  const { numUpdatedRows } = await query.executeTakeFirst();
  return numUpdatedRows > 0n;
}

/** Payments past `expires_at` (at `now`, ISO 8601) still in one of `states`. */
export function findStalePayments(
  db: Db,
  now: string,
  states: readonly PaymentState[],
): Promise<PaymentRow[]> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('status', 'in', states)
    .where('expiresAt', '<=', now)
    .orderBy('expiresAt')
    .execute();
}

/**
 * Payments refunded (the move recorded at or before `before`, ISO 8601) whose provider refund id
 * is still missing: the provider's call failed or its answer was never kept.
 */
export function findRefundsAwaitingProvider(db: Db, before: string): Promise<PaymentRow[]> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('status', '=', 'refunded')
    .where('refundId', 'is', null)
    .where('providerPaymentId', 'is not', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('paymentHistory')
          .select('paymentHistory.id')
          .whereRef('paymentHistory.paymentId', '=', 'payments.id')
          .where('paymentHistory.toStatus', '=', 'refunded')
          .where('paymentHistory.at', '<=', before),
      ),
    )
    .orderBy('id')
    .execute();
}

/** Keeps the provider's refund id on a refunded payment. */
export async function setPaymentRefundId(db: Db, id: string, refundId: string): Promise<void> {
  await db
    .updateTable('payments')
    .set({ refundId })
    .where('id', '=', id)
    .where('status', '=', 'refunded')
    .execute();
}
