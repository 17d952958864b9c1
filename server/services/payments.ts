import { randomBytes } from 'node:crypto';
import { formatRupees } from '../../contract/money.ts';
import {
  PAYMENT_CODES,
  PAYMENT_INTENT_TTL_MINUTES,
  paymentMessages,
  withRefundNote,
  type PaymentCapture,
  type PaymentCaptureRequest,
  type PaymentCreateRequest,
  type PaymentIntent,
  type PaymentPurpose,
  type PaymentRead,
  type PaymentState,
} from '../../contract/payments.ts';
import type { Db } from '../db/client.ts';
import {
  findPayment,
  findRefundsAwaitingProvider,
  findStalePayments,
  insertPayment,
  insertPaymentHistory,
  listPaymentHistory,
  setPaymentRefundId,
} from '../db/repositories/payments.ts';
import { inTransaction } from '../db/transaction.ts';
import type { PaymentRow } from '../db/types.ts';
import type { PaymentGateway } from '../payments/gateway.ts';
import { quoteBooking } from './booking-quote.ts';
import { quoteOrder } from './order-quote.ts';
import { movePayment } from './payment-lifecycle.ts';
import { Refusal } from './refusal.ts';

/**
 * The money rules (docs/product-rules.md, Payments): the server prices an intent for exactly
 * the order or booking about to be written, the gateway captures and signs it, and a write
 * accepts it only when it is captured, the customer's, for the same purpose and amount,
 * unexpired, never used, and its signature verifies. A captured payment that cannot become a
 * record is refunded at once; one never used past its expiry is refunded by the sweep.
 */

const MINUTE = 60_000;

/** pay_ and 20 random characters: ids are text, unguessable and never reused. */
const newPaymentId = () => `pay_${randomBytes(15).toString('base64url')}`;

export const isPaymentCode = (code: string) => (PAYMENT_CODES as readonly string[]).includes(code);

/**
 * A payment's purpose: a dearer date's difference is stored 'booking' with the move it pays for
 * (docs/decisions/0077), and is no booking's payment.
 */
export const purposeOf = (payment: PaymentRow): PaymentPurpose =>
  payment.dateChangeBookingId !== null ? 'dateChange' : payment.purpose;

/** What a new intent pays for and its server price; a date change names its move. */
export type IntentPricer = (
  request: Extract<PaymentCreateRequest, { purpose: 'dateChange' }>,
) => Promise<{ amount: number; bookingId: number; pujaId: number }>;

/** The refusal for a payment that is not (any more) in the state asked for. */
function stateRefusal(status: PaymentState): Refusal {
  switch (status) {
    case 'created':
    case 'declined':
      return Refusal.of('payment_not_captured');
    case 'captured':
      return Refusal.of('payment_already_captured');
    case 'used':
      return Refusal.of('payment_used');
    case 'refunded':
      return Refusal.of('payment_refunded');
    case 'expired':
      return new Refusal('payment_expired', paymentMessages.expired);
  }
}

/** POST /api/payments: an intent for the server's own price of exactly this order or booking. */
export async function createPayment(
  db: Db,
  gateway: PaymentGateway,
  {
    userId,
    request,
    now,
    priceDateChange,
  }: { userId: number; request: PaymentCreateRequest; now: Date; priceDateChange?: IntentPricer },
): Promise<PaymentIntent> {
  let move: { bookingId: number; pujaId: number } | null = null;
  let amount: number;
  if (request.purpose === 'order') amount = (await quoteOrder(db, userId, request.order, now)).amounts.total;
  else if (request.purpose === 'booking')
    amount = (await quoteBooking(db, userId, request.booking, now)).amount;
  else {
    if (!priceDateChange) throw new Error('A date change is priced by the bookings service');
    const priced = await priceDateChange(request);
    amount = priced.amount;
    move = { bookingId: priced.bookingId, pujaId: priced.pujaId };
  }
  const id = newPaymentId();
  const expiresAt = new Date(now.getTime() + PAYMENT_INTENT_TTL_MINUTES * MINUTE).toISOString();
  await gateway.createIntent({ intentId: id, amount, currency: 'INR' });
  await inTransaction(db, async (trx) => {
    await insertPayment(trx, {
      id,
      userId,
      purpose: request.purpose === 'order' ? 'order' : 'booking',
      dateChangeBookingId: move?.bookingId ?? null,
      dateChangePujaId: move?.pujaId ?? null,
      amount,
      currency: 'INR',
      status: 'created',
      method: null,
      providerPaymentId: null,
      signature: null,
      refundId: null,
      orderId: null,
      bookingId: null,
      expiresAt,
      createdAt: now.toISOString(),
    });
    await insertPaymentHistory(trx, {
      paymentId: id,
      fromStatus: null,
      toStatus: 'created',
      at: now.toISOString(),
      note: null,
    });
  });
  return { id, amount, currency: 'INR', status: 'created', expiresAt };
}

/**
 * The provider's idempotency key for giving back one capture (docs/decisions/0053-refunds-outside-the-transaction-with-a-key.md):
 * a capture is refunded once and in full, so the payment and the capture name the refund, and
 * every attempt at it (a retry, another process) sends the same key.
 */
export const refundKeyOf = (paymentId: string, providerPaymentId: string) =>
  `refund:${paymentId}:${providerPaymentId}`;

/** Asks the provider to give this capture back, under its refund's key (see refundKeyOf). */
function askProviderToRefund(
  gateway: PaymentGateway,
  payment: { id: string; providerPaymentId: string; amount: number },
): Promise<{ refundId: string }> {
  return gateway.refund({
    intentId: payment.id,
    providerPaymentId: payment.providerPaymentId,
    amount: payment.amount,
    idempotencyKey: refundKeyOf(payment.id, payment.providerPaymentId),
  });
}

/**
 * Gives a captured payment back (docs/decisions/0053-refunds-outside-the-transaction-with-a-key.md),
 * in three steps, none of them holding a transaction open over the provider's call:
 * 1. the intent commits: captured -> refunded with a history row, its refund id still empty
 *    (conditional, so a payment used meanwhile is never refunded, and it can no longer be used);
 * 2. the provider is asked, with the refund's idempotency key;
 * 3. its refund id is recorded.
 * When step 2 or 3 fails, the payment stays refunded without a refund id and the refunds job
 * asks again with the same key (settleUnconfirmedRefunds), so the provider refunds once. False
 * when it was not captured any more (nothing was done). `db` must not be a transaction.
 */
export async function refundPayment(
  db: Db,
  gateway: PaymentGateway,
  payment: PaymentRow,
  now: Date,
  note: string,
): Promise<boolean> {
  const providerPaymentId = payment.providerPaymentId;
  if (providerPaymentId === null) return false;
  const moved = await movePayment(db, { id: payment.id, to: 'refunded', from: ['captured'], at: now, note });
  if (moved === null) return false;
  await confirmRefund(db, gateway, { ...payment, providerPaymentId }).catch((error: unknown) => {
    console.error(
      `Refund of payment ${payment.id} is recorded; the provider failed, the refunds job will ask again`,
      error,
    );
  });
  return true;
}

/** Steps 2 and 3 of refundPayment: the provider's refund (same key every time) and its id kept. */
async function confirmRefund(
  db: Db,
  gateway: PaymentGateway,
  payment: { id: string; providerPaymentId: string; amount: number },
): Promise<void> {
  const { refundId } = await askProviderToRefund(gateway, payment);
  await setPaymentRefundId(db, payment.id, refundId);
}

/** How long a recorded refund waits for its own provider call before the refunds job asks again. */
const REFUND_CONFIRM_GRACE_MS = MINUTE;

/**
 * The refunds job's share for payments refunded before use: each whose refund was recorded (step
 * 1 of refundPayment) at least a minute ago but has no provider refund id yet is asked for again,
 * with the same key. Returns how many were confirmed.
 */
export async function settleUnconfirmedRefunds(db: Db, gateway: PaymentGateway, now: Date): Promise<number> {
  const before = new Date(now.getTime() - REFUND_CONFIRM_GRACE_MS).toISOString();
  let confirmed = 0;
  for (const payment of await findRefundsAwaitingProvider(db, before)) {
    if (payment.providerPaymentId === null) continue;
    try {
      await confirmRefund(db, gateway, { ...payment, providerPaymentId: payment.providerPaymentId });
      confirmed += 1;
    } catch (error) {
      console.error(`Refund of payment ${payment.id} failed again; the refunds job will ask again`, error);
    }
  }
  return confirmed;
}

/**
 * Step 2 of giving back the payment of an order or booking that was cancelled (or whose claim
 * was approved), whose intent is the record's committed `refundPending`: asks the provider,
 * outside any transaction, with the refund's idempotency key, so a retry gets the same refund.
 * Null when the payment was refunded already (another process settled it); an error when it
 * cannot be refunded (not used, not paid online).
 */
export async function requestUsedPaymentRefund(
  db: Db,
  gateway: PaymentGateway,
  paymentId: string,
): Promise<{ refundId: string; amount: number } | null> {
  const payment = await findPayment(db, paymentId);
  if (payment?.status === 'refunded') return null;
  if (!payment || payment.status !== 'used' || payment.providerPaymentId === null)
    throw new Error(`Payment ${paymentId} cannot be refunded (${payment?.status ?? 'not found'})`);
  // What was given back of it already (a booking moved to a cheaper date) is not given twice.
  const amount = payment.amount - payment.refundedPart;
  // All of it went back already in parts (a booking moved to cheaper dates): there is nothing for
  // the provider to refund, and providers refuse a refund of nothing. The payment is closed as
  // refunded, its id naming why.
  if (amount <= 0) return { refundId: `${payment.id}:refunded-in-parts`, amount: 0 };
  const { refundId } = await askProviderToRefund(gateway, {
    id: payment.id,
    providerPaymentId: payment.providerPaymentId,
    amount,
  });
  return { refundId, amount };
}

/**
 * Step 3, inside the caller's transaction with the record's own step: used -> refunded with the
 * provider's refund id and a history row (conditional, so it happens once however many processes
 * try). False when the payment was not `used` any more.
 */
export async function recordUsedPaymentRefund(
  trx: Db,
  { paymentId, refundId, now, note }: { paymentId: string; refundId: string; now: Date; note: string },
): Promise<boolean> {
  const moved = await movePayment(trx, {
    id: paymentId,
    to: 'refunded',
    from: ['used'],
    set: { refundId },
    at: now,
    note,
  });
  return moved !== null;
}

/**
 * Settles one payment past its expiry: an uncaptured one expires, a captured one never used is
 * refunded ('expired unused'). Returns the payment as it is afterwards.
 */
async function settleIfStale(
  db: Db,
  gateway: PaymentGateway,
  payment: PaymentRow,
  now: Date,
): Promise<PaymentRow> {
  if (Date.parse(payment.expiresAt) > now.getTime()) return payment;
  if (payment.status === 'created' || payment.status === 'declined')
    await movePayment(db, {
      id: payment.id,
      to: 'expired',
      from: ['created', 'declined'],
      at: now,
      note: 'expired',
    });
  else if (payment.status === 'captured') await refundPayment(db, gateway, payment, now, 'expired unused');
  else return payment;
  return (await findPayment(db, payment.id)) ?? payment;
}

/**
 * The sweep: every payment past its expiry that can still change is settled (uncaptured ones
 * expire, captured unused ones are refunded). Run on an interval by the server and applied
 * lazily whenever a stale payment is read or used. Returns how many were settled.
 */
export async function expireStalePayments(db: Db, gateway: PaymentGateway, now: Date): Promise<number> {
  const stale = await findStalePayments(db, now.toISOString(), ['created', 'declined', 'captured']);
  let settled = 0;
  for (const payment of stale) {
    const after = await settleIfStale(db, gateway, payment, now);
    if (after.status !== payment.status) settled++;
  }
  return settled;
}

/** The customer's own payment, settled if stale; anyone else's, or none, is "not found". */
async function ownPayment(db: Db, gateway: PaymentGateway, userId: number, id: string, now: Date) {
  const payment = await findPayment(db, id);
  if (!payment || payment.userId !== userId) throw Refusal.of('payment_not_found');
  return settleIfStale(db, gateway, payment, now);
}

/**
 * POST /api/payments/{id}/capture: the gateway takes the money (after the provider's delay).
 * Only a created or declined intent can be captured; a declined capture is kept in the history
 * and may be tried again with another UPI id or method.
 */
export async function capturePayment(
  db: Db,
  gateway: PaymentGateway,
  {
    userId,
    id,
    request,
    now,
  }: { userId: number; id: string; request: PaymentCaptureRequest; now: () => Date },
): Promise<PaymentCapture> {
  const payment = await ownPayment(db, gateway, userId, id, now());
  if (payment.status !== 'created' && payment.status !== 'declined') throw stateRefusal(payment.status);

  const result = await gateway.capture({
    intentId: payment.id,
    amount: payment.amount,
    method: request.method,
    upiId: request.upiId,
    cardNumber: request.cardNumber,
  });
  const at = now();
  const unexpiredAt = at.toISOString();
  if (result.kind === 'declined') {
    await movePayment(db, {
      id,
      to: 'declined',
      from: ['created', 'declined'],
      guard: { unexpiredAt },
      at,
      note: `${request.method}: ${result.reason}`,
    });
    throw Refusal.of('payment_declined');
  }
  const moved = await movePayment(db, {
    id,
    to: 'captured',
    from: ['created', 'declined'],
    set: { method: request.method, providerPaymentId: result.providerPaymentId, signature: result.signature },
    guard: { unexpiredAt },
    at,
    note: request.method,
  });
  if (moved === null) {
    // Captured, expired or used meanwhile (a second capture, the sweep): the money this capture
    // took goes back, and the customer is told what the payment is now.
    await askProviderToRefund(gateway, {
      id,
      providerPaymentId: result.providerPaymentId,
      amount: payment.amount,
    });
    const current = await ownPayment(db, gateway, userId, id, at);
    throw stateRefusal(Date.parse(current.expiresAt) <= at.getTime() ? 'expired' : current.status);
  }
  return {
    id,
    status: 'captured',
    method: request.method,
    providerPaymentId: result.providerPaymentId,
    signature: result.signature,
  };
}

/** GET /api/payments/{id}: the customer's own payment with its history. */
export async function readPayment(
  db: Db,
  gateway: PaymentGateway,
  { userId, id, now }: { userId: number; id: string; now: Date },
): Promise<PaymentRead> {
  const payment = await ownPayment(db, gateway, userId, id, now);
  const history = await listPaymentHistory(db, id);
  return {
    id: payment.id,
    purpose: purposeOf(payment),
    amount: payment.amount,
    currency: 'INR',
    status: payment.status,
    method: payment.method,
    providerPaymentId: payment.providerPaymentId,
    expiresAt: payment.expiresAt,
    createdAt: payment.createdAt,
    history: history.map((h) => ({ from: h.fromStatus, to: h.toStatus, at: h.at, note: h.note })),
  };
}

/**
 * The checks a paid write makes before it starts (docs/product-rules.md, Payments): the payment
 * exists and is the customer's (else payment_invalid, never saying which), it is not stale
 * (settled lazily), it is captured and never used, it was made for this purpose, and its
 * signature verifies through the gateway. The amount and the "used" mark are checked inside
 * the write's transaction (see paid-write.ts).
 */
export async function checkPaymentForWrite(
  db: Db,
  gateway: PaymentGateway,
  { userId, id, purpose, now }: { userId: number; id: string; purpose: PaymentPurpose; now: Date },
): Promise<PaymentRow> {
  const found = await findPayment(db, id);
  if (!found || found.userId !== userId) throw Refusal.of('payment_invalid');
  const payment = await settleIfStale(db, gateway, found, now);
  if (payment.status !== found.status && payment.status === 'refunded')
    throw new Refusal(
      'payment_expired',
      withRefundNote(paymentMessages.expired, formatRupees(payment.amount)),
      { paymentId: payment.id, amount: payment.amount },
    );
  if (payment.status !== 'captured') throw stateRefusal(payment.status);
  if (purposeOf(payment) !== purpose) throw Refusal.of('payment_purpose_mismatch');
  if (
    payment.providerPaymentId === null ||
    payment.signature === null ||
    !gateway.verify({
      intentId: payment.id,
      providerPaymentId: payment.providerPaymentId,
      signature: payment.signature,
    })
  )
    throw Refusal.of('payment_invalid');
  return payment;
}
