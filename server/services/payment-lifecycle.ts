import type { PaymentState } from '../../contract/payments.ts';
import type { Db } from '../db/client.ts';
import { insertPaymentHistory, updatePaymentStatus, type PaymentGuard } from '../db/repositories/payments.ts';
import { inTransaction } from '../db/transaction.ts';
import type { PaymentsTable } from '../db/types.ts';

/**
 * The payment lifecycle (docs/product-rules.md, Payments), the one place that decides which
 * status may follow which: created -> captured | declined | expired; declined -> captured (a
 * declined intent may be paid again, e.g. with another UPI id) | declined (another declined
 * attempt) | expired; captured -> used | refunded | expired; used -> refunded (the order or
 * booking it paid for was cancelled: docs/product-rules.md, Cancellation and refunds). refunded
 * and expired are final.
 */
export const PAYMENT_TRANSITIONS: Readonly<Record<PaymentState, readonly PaymentState[]>> = {
  created: ['captured', 'declined', 'expired'],
  declined: ['captured', 'declined', 'expired'],
  captured: ['used', 'refunded', 'expired'],
  used: ['refunded'],
  refunded: [],
  expired: [],
};

const canMove = (from: PaymentState, to: PaymentState) => PAYMENT_TRANSITIONS[from].includes(to);

/**
 * Moves a payment to `to` from whichever allowed state it is in (optionally only from `from`),
 * with a conditional UPDATE per allowed state and a history row, in one transaction (the
 * caller's, when it passes one). Returns the state it came from, or null when it was in no
 * state allowed to move there (nothing changed): an illegal move cannot happen.
 */
export async function movePayment(
  db: Db,
  {
    id,
    to,
    from,
    set,
    guard,
    at,
    note,
  }: {
    id: string;
    to: PaymentState;
    from?: readonly PaymentState[];
    set?: Partial<Omit<PaymentsTable, 'id' | 'status' | 'refundedPart'>>;
    guard?: PaymentGuard;
    at: Date;
    note: string | null;
  },
): Promise<PaymentState | null> {
  const candidates = (Object.keys(PAYMENT_TRANSITIONS) as PaymentState[]).filter(
    (state) => canMove(state, to) && (from === undefined || from.includes(state)),
  );
  return inTransaction(db, async (trx) => {
    for (const state of candidates) {
      if (await updatePaymentStatus(trx, id, state, to, set, guard)) {
        await insertPaymentHistory(trx, {
          paymentId: id,
          fromStatus: state,
          toStatus: to,
          at: at.toISOString(),
          note,
        });
        return state;
      }
    }
    return null;
  });
}
