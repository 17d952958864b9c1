import { formatRupees } from '../../contract/money.ts';
import { orderMessages, type OrderCreateRequest, type OrderDraft } from '../../contract/orders.ts';
import { paymentMethods, type PaymentMethod } from '../../contract/payment-methods.ts';
import { paymentMessages } from '../../contract/payments.ts';
import type { Db } from '../db/client.ts';
import { addressCopyOf } from '../db/repositories/address-copy.ts';
import { useCoupon as countCouponUse } from '../db/repositories/coupons.ts';
import { insertLifecycleEvent } from '../db/repositories/lifecycle-events.ts';
import {
  findOrderByKey,
  findProductsForPricing,
  insertOrder,
  recordOrderStock,
  takeStock,
} from '../db/repositories/orders.ts';
import { stockProblem } from './pricing.ts';
import { quoteOrder, type OrderQuote } from './order-quote.ts';
import { paidWrite, type PaidSubmit, type PaidWriteResult, type PaymentClaim } from './paid-write.ts';
import { orderNumber } from './reference-number.ts';
import { PriceChanged, Refusal } from './refusal.ts';
import { orderRequestHash } from './request-fingerprint.ts';
import { queueOrderPlaced } from '../messages/outbox.ts';
import { consentToWhatsapp } from './message-preferences.ts';

/**
 * The customer agreed to pay `expectedTotal` (docs/product-rules.md, Payments): a quote at another
 * total is refused with the server's total, so nothing is written at a price they were not shown.
 * Null (not sent) checks nothing.
 */
function refuseUnlessAgreed(
  quote: OrderQuote,
  expectedTotal: number | null,
  paymentMethod: PaymentMethod,
): OrderQuote {
  const { total } = quote.amounts;
  if (expectedTotal !== null && total !== expectedTotal)
    throw new PriceChanged(
      paymentMessages.priceChanged(
        formatRupees(total),
        formatRupees(expectedTotal),
        // Cash on delivery takes nothing now: the customer is asked to place the order, not to pay.
        !paymentMethods[paymentMethod].paidUpFront,
      ),
      total,
    );
  return quote;
}

/**
 * Places an order inside the caller's transaction: it is priced again (quoteOrder) as the
 * catalogue is inside the transaction, the coupon's use is counted under its limit, each
 * product's stock is taken by a conditional UPDATE in product id order (so concurrent orders on
 * PostgreSQL lock rows in the same order), the order and its lines are inserted, and an online
 * order's payment is claimed for exactly its total. A total other than the `expectedTotal` the
 * customer agreed to is refused before anything is taken. Any refusal rolls all of it back.
 */
export async function placeOrder(
  trx: Db,
  {
    userId,
    draft,
    paymentMethod,
    claim,
    idempotencyKey,
    requestHash,
    now,
    shopNotifyEmail,
    expectedTotal = null,
    whatsappUpdates = false,
  }: {
    userId: number;
    draft: OrderDraft;
    paymentMethod: PaymentMethod;
    claim: PaymentClaim;
    idempotencyKey: string | null;
    requestHash: string | null;
    now: Date;
    /** SHOP_NOTIFY_EMAIL: staff hear of it there. */
    shopNotifyEmail?: string | undefined;
    /** The total the customer agreed to, or null when the client sent none. */
    expectedTotal?: number | null;
    /** Ticked "Send me updates on WhatsApp": consent to the delivery address's mobile, with the order. */
    whatsappUpdates?: boolean;
  },
): Promise<number> {
  const quote = refuseUnlessAgreed(await quoteOrder(trx, userId, draft, now), expectedTotal, paymentMethod);
  if (quote.coupon && !(await countCouponUse(trx, quote.coupon.id))) throw Refusal.of('coupon_exhausted');

  const taken: { productId: number; quantity: number; balance: number }[] = [];
  for (const [productId, quantity] of quote.quantities) {
    const balance = await takeStock(trx, productId, quantity);
    if (balance === undefined) {
      const [product] = await findProductsForPricing(trx, [productId]);
      throw new Refusal('out_of_stock', stockProblem(product!).message);
    }
    taken.push({ productId, quantity, balance });
  }

  const { address } = quote;
  const id = await insertOrder(
    trx,
    {
      userId,
      ...addressCopyOf(address),
      ...quote.amounts,
      couponCode: draft.coupon_code,
      paymentMethod,
      paymentId: claim.paymentId,
      // Decided here, whatever the client sent (docs/product-rules.md, Payments): a verified
      // online payment is completed, cash on delivery is pending.
      paymentStatus: paymentMethods[paymentMethod].paidUpFront ? 'completed' : 'pending',
      orderStatus: 'processing',
      notes: draft.notes,
      idempotencyKey,
      requestHash,
      createdAt: now.toISOString(),
    },
    quote.lines.map((line) => ({
      productId: line.productId,
      name: line.name,
      image: line.image,
      unitPrice: line.unitPrice,
      quantity: line.quantity,
      variant: line.variant ? JSON.stringify(line.variant) : null,
    })),
    (orderId) => orderNumber(orderId, now),
  );
  // What the order took, in the stock ledger (docs/decisions/0033-stock-is-a-ledger.md).
  await recordOrderStock(trx, id, userId, taken, now.toISOString());
  await claim.use(quote.amounts.total, { orderId: id });
  // The first step of its life (machines/order-lifecycle/ starts in `processing`).
  await insertLifecycleEvent(trx, 'order', {
    recordId: id,
    fromState: null,
    toState: 'processing',
    event: 'order.placed',
    actor: 'customer',
    actorUserId: userId,
    at: now.toISOString(),
    note: null,
    data: null,
  });
  // Consent first, so the order's own messages already know of it (docs/product-rules.md,
  // Messages to customers, Consent); a box ticked without a mobile refuses the whole order.
  if (whatsappUpdates) await consentToWhatsapp(trx, userId, address.mobile, 'checkout', now);
  // The customer hears of it: the message is written with the order, sent later (server/messages/).
  await queueOrderPlaced(trx, id, now, shopNotifyEmail);
  return id;
}

/**
 * POST /api/orders: places the customer's order through the one paid, idempotent write
 * (paid-write.ts); an online order is paid by the captured payment `payment_id` names. An
 * `expectedTotal` other than the server's total is refused (409 price_changed) before anything is
 * written, so the refused request leaves no record under its Idempotency-Key.
 */
export function submitOrder(submit: PaidSubmit<OrderCreateRequest>): Promise<PaidWriteResult> {
  const { db, userId, input, idempotencyKey, now, shopNotifyEmail } = submit;
  const hash = orderRequestHash(input);
  const online = paymentMethods[input.payment_method].paidUpFront && input.payment_id;
  const expectedTotal = input.expected_total ?? null;
  return paidWrite({
    ...submit,
    requestHash: hash,
    findByKey: (key) => findOrderByKey(db, userId, key),
    keyReusedMessage: orderMessages.idempotencyMismatch,
    payment: online ? { id: input.payment_id!, purpose: 'order' } : null,
    check: async (reader) =>
      refuseUnlessAgreed(await quoteOrder(reader, userId, input, now), expectedTotal, input.payment_method),
    write: (trx, claim) =>
      placeOrder(trx, {
        userId,
        draft: input,
        paymentMethod: input.payment_method,
        claim,
        idempotencyKey,
        requestHash: idempotencyKey === null ? null : hash,
        now,
        shopNotifyEmail,
        expectedTotal,
        whatsappUpdates: input.whatsappUpdates,
      }),
  });
}
