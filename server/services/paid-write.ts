import { formatRupees } from '../../contract/money.ts';
import { withRefundNote, type PaymentPurpose } from '../../contract/payments.ts';
import type { Db } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { inTransaction } from '../db/transaction.ts';
import type { PaymentRow } from '../db/types.ts';
import type { PaymentGateway } from '../payments/gateway.ts';
import { movePayment } from './payment-lifecycle.ts';
import { checkPaymentForWrite, isPaymentCode, refundPayment } from './payments.ts';
import { PriceChanged, Refusal } from './refusal.ts';

/** What a write hands the payment it is paid with, inside its transaction. */
export interface PaymentClaim {
  /** The payment's id (kept on the record), or null when it is not paid online. */
  paymentId: string | null;
  /**
   * Marks the payment used for this record, once the record's own total is known: refused
   * (rolling the write back) unless `amount` is exactly the payment's and the payment is still
   * captured, the customer's, for this purpose and unexpired (one conditional UPDATE).
   */
  use(amount: number, usedFor: { orderId: number } | { bookingId: number }): Promise<void>;
}

/** The first record written under the same Idempotency-Key, if any. */
export type FindByKey = (key: string) => Promise<{ id: number; requestHash: string | null } | undefined>;

export interface PaidWrite {
  db: Db;
  gateway: PaymentGateway;
  userId: number;
  now: Date;
  /** The Idempotency-Key header (null when not sent) and the request's fingerprint. */
  idempotencyKey: string | null;
  requestHash: string;
  findByKey: FindByKey;
  /** What a key reused for another request is told. */
  keyReusedMessage: string;
  /** The online payment it is paid with, or null (cash on delivery). */
  payment: { id: string; purpose: PaymentPurpose } | null;
  /** The write's own rules, read only (its quote): a refusal here comes before any payment check. */
  check: (db: Db) => Promise<unknown>;
  /** Writes the record in the given transaction and returns its id; calls claim.use once priced. */
  write: (trx: Db, claim: PaymentClaim) => Promise<number>;
}

/** What a route hands the submit of an order or a booking (POST /api/orders, /api/bookings). */
export interface PaidSubmit<Input> {
  db: Db;
  gateway: PaymentGateway;
  userId: number;
  input: Input;
  /** The Idempotency-Key header, or null when not sent. */
  idempotencyKey: string | null;
  now: Date;
  shopNotifyEmail?: string | undefined;
}

/** The record written now, or (`replayed`) the one an earlier request with the same key wrote. */
export interface PaidWriteResult {
  id: number;
  replayed: boolean;
}

/**
 * The one paid, idempotent write that orders and bookings share (docs/product-rules.md,
 * Payments):
 * 1. A request with an Idempotency-Key already used gets that record again (same fingerprint)
 *    or is refused (another request).
 * 2. The record's own rules are checked (read only), then the payment (checkPaymentForWrite).
 * 3. The record and the payment's "used" mark commit in ONE transaction.
 * 4. A duplicate-key race (a parallel request with the key committed first) answers as a replay.
 * 5. When the write is refused for a business reason (window closed, stock gone, coupon
 *    expired...) or because the record now costs other than the payment (a price changed after
 *    the capture: payment_amount_mismatch), the captured payment is refunded at once and the
 *    refusal says so. Refusals that the payment is not this write's to use (unknown, used,
 *    refunded, expired, another purpose, not captured) leave it as it is: it is someone else's,
 *    or it already paid for a record, or it went back already.
 */
export async function paidWrite(w: PaidWrite): Promise<PaidWriteResult> {
  const replay = (existing: { id: number; requestHash: string | null }): PaidWriteResult => {
    if (existing.requestHash !== w.requestHash)
      throw new Refusal('idempotency_key_reused', w.keyReusedMessage);
    return { id: existing.id, replayed: true };
  };
  if (w.idempotencyKey !== null) {
    const existing = await w.findByKey(w.idempotencyKey);
    if (existing) return replay(existing);
  }

  /** After a failed step: a key race lost answers as a replay, a business refusal refunds. */
  const settle = async (err: unknown, payment: PaymentRow | null): Promise<PaidWriteResult> => {
    if (w.idempotencyKey !== null && (isUniqueViolation(err) || err instanceof Refusal)) {
      // A parallel request with the same key committed first: answer as its repeat.
      const existing = await w.findByKey(w.idempotencyKey);
      if (existing) return replay(existing);
    }
    if (err instanceof Refusal && payment && refundsPayment(err.code)) throw await refundFor(err, payment, w);
    throw err;
  };

  try {
    await w.check(w.db);
  } catch (err) {
    if (!(err instanceof Refusal) || !w.payment) return settle(err, null);
    // Refused for a business reason before the payment was looked at: a good payment made for
    // it goes back at once (and one refunded meanwhile because it expired is said so too).
    const paid = await checkPaymentForWrite(w.db, w.gateway, {
      userId: w.userId,
      ...w.payment,
      now: w.now,
    }).catch((problem: unknown) => problem);
    if (paid instanceof Refusal && paid.refunded) throw withRefund(err, paid.refunded);
    // The payment could not be looked at just now (the database busy, the provider unreachable):
    // answering the refusal would keep the money without a word, so the request fails as it is and
    // its retry refunds the payment.
    if (paid instanceof Error && !(paid instanceof Refusal)) throw paid;
    return settle(err, paid instanceof Refusal ? null : (paid as PaymentRow));
  }

  let payment: PaymentRow | null = null;
  try {
    if (w.payment)
      payment = await checkPaymentForWrite(w.db, w.gateway, { userId: w.userId, ...w.payment, now: w.now });
    const id = await inTransaction(w.db, (trx) => w.write(trx, claimFor(trx, payment, w)));
    return { id, replayed: false };
  } catch (err) {
    return settle(err, payment);
  }
}

/**
 * Whether a refusal of the write gives the checked, captured payment back: every business
 * refusal, and an amount mismatch (the payment is good, the record just costs something else
 * now, docs/product-rules.md, Payments); not the refusals about the payment's own state.
 */
const refundsPayment = (code: string) => !isPaymentCode(code) || code === 'payment_amount_mismatch';

/** Refunds the payment after `refusal`; the refusal then says so (or stays as it was, if it was used meanwhile). */
async function refundFor(refusal: Refusal, payment: PaymentRow, w: PaidWrite): Promise<Refusal> {
  const refunded = await refundPayment(w.db, w.gateway, payment, w.now, `refused: ${refusal.code}`);
  if (!refunded) return refusal;
  return withRefund(refusal, { paymentId: payment.id, amount: payment.amount });
}

/** The refusal, telling the customer their payment was refunded (WriteRefusal's `refunded`). */
function withRefund(refusal: Refusal, refunded: { paymentId: string; amount: number }): Refusal {
  const message = withRefundNote(refusal.message, formatRupees(refunded.amount));
  // A changed price still names the server's total, so the customer sees what it is now.
  if (refusal instanceof PriceChanged) return new PriceChanged(message, refusal.total, refunded);
  return new Refusal(refusal.code, message, refunded);
}

function claimFor(trx: Db, payment: PaymentRow | null, w: PaidWrite): PaymentClaim {
  return {
    paymentId: payment?.id ?? null,
    async use(amount, usedFor) {
      if (!payment) return;
      if (amount !== payment.amount) throw Refusal.of('payment_amount_mismatch');
      const moved = await movePayment(trx, {
        id: payment.id,
        to: 'used',
        from: ['captured'],
        set: usedFor,
        guard: { userId: w.userId, purpose: payment.purpose, amount, unexpiredAt: w.now.toISOString() },
        at: w.now,
        note: 'orderId' in usedFor ? `order ${usedFor.orderId}` : `booking ${usedFor.bookingId}`,
      });
      // Used (or refunded) by a parallel request since the check: this write must not happen.
      if (moved === null) throw Refusal.of('payment_used');
    },
  };
}
