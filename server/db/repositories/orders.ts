import { randomUUID } from 'node:crypto';
import {
  couponMessages,
  orderMessages,
  type OrderRead,
  type OrderSummary,
  type OrderVariant,
  type PaymentMethod,
} from '../../../contract/orders.ts';
import { orderNumber } from '../../orders/order-number.ts';
import {
  checkCoupon,
  priceLines,
  priceOrder,
  quantitiesByProduct,
  stockProblem,
  subtotalOf,
  type RequestedLine,
} from '../../orders/pricing.ts';
import type { Db } from '../client.ts';
import { Refused, settleRefusal, type Refusal } from '../refusals.ts';
import type { OrderItemRow, OrderRow } from '../types.ts';
import { findCoupon, useCoupon } from './coupons.ts';

export interface NewOrder {
  userId: number;
  addressId: number;
  lines: RequestedLine[];
  /** Normalised (trimmed, upper-case), or null for none. */
  couponCode: string | null;
  paymentMethod: PaymentMethod;
  /** Kept for online payments only. */
  paymentId: string | null;
  notes: string | null;
  idempotencyKey: string | null;
  requestHash: string | null;
  now: Date;
}

/** Why an order was not placed. */
export type OrderRefusal = Refusal;

export type PlaceOrderResult =
  | { kind: 'placed'; id: number }
  | ({ kind: 'refused' } & OrderRefusal)
  /** Another request with the same Idempotency-Key committed first; look it up with findOrderByKey. */
  | { kind: 'duplicateKey' };

/**
 * Places an order in ONE transaction: the address (must be the customer's) is snapshotted, the
 * lines are priced from the catalogue as it is inside the transaction, the coupon is re-checked
 * and its use counted under its limit, each product's stock is decremented by a conditional
 * UPDATE (`stock_quantity >= q`, so it is also race-free on PostgreSQL), and the order and its
 * lines are inserted. Any refusal rolls all of it back.
 */
export async function placeOrder(db: Db, order: NewOrder): Promise<PlaceOrderResult> {
  try {
    const id = await db.transaction().execute(async (trx) => {
      const address = await trx
        .selectFrom('addresses')
        .selectAll()
        .where('userId', '=', order.userId)
        .where('id', '=', order.addressId)
        .executeTakeFirst();
      if (!address)
        throw new Refused({ status: 404, message: orderMessages.addressNotFound, code: 'address_not_found' });

      const productIds = [...quantitiesByProduct(order.lines).keys()].sort((a, b) => a - b);
      const products = await trx
        .selectFrom('product')
        .select(['id', 'name', 'image', 'offerPrice', 'stockQuantity'])
        .where('id', 'in', productIds)
        .execute();
      const catalogue = new Map(products.map((p) => [p.id, p]));
      const priced = priceLines(order.lines, catalogue);
      if (!priced.ok) {
        const { problem } = priced;
        throw new Refused(
          problem.kind === 'unknownProduct'
            ? { status: 400, message: problem.message, code: 'product_not_found' }
            : { status: 409, message: problem.message, code: 'out_of_stock' },
        );
      }

      let discount = 0;
      if (order.couponCode !== null) {
        const coupon = await findCoupon(trx, order.couponCode);
        const check = checkCoupon(coupon, subtotalOf(priced.lines), order.now);
        if (!check.ok)
          throw new Refused({ status: 400, message: check.message, code: `coupon_${check.reason}` });
        if (coupon && !(await useCoupon(trx, coupon.id)))
          throw new Refused({ status: 400, message: couponMessages.exhausted, code: 'coupon_exhausted' });
        discount = check.discount;
      }
      const amounts = priceOrder(priced.lines, discount);

      // In id order, so concurrent orders on PostgreSQL lock rows in the same order (no deadlock).
      for (const productId of productIds) {
        const quantity = quantitiesByProduct(order.lines).get(productId) ?? 0;
        const { numUpdatedRows } = await trx
          .updateTable('product')
          .set((eb) => ({ stockQuantity: eb('stockQuantity', '-', quantity) }))
          .where('id', '=', productId)
          .where('stockQuantity', '>=', quantity)
          .executeTakeFirst();
        if (numUpdatedRows === 0n) {
          const now = await trx
            .selectFrom('product')
            .select(['id', 'name', 'image', 'offerPrice', 'stockQuantity'])
            .where('id', '=', productId)
            .executeTakeFirstOrThrow();
          throw new Refused({ status: 409, message: stockProblem(now).message, code: 'out_of_stock' });
        }
      }

      const createdAt = order.now.toISOString();
      const { id } = await trx
        .insertInto('orders')
        .values({
          // Replaced below once the id is known; unique meanwhile.
          orderNumber: `pending-${randomUUID()}`,
          userId: order.userId,
          addressId: address.id,
          street: address.street,
          city: address.city,
          state: address.state,
          postalCode: address.postalCode,
          country: address.country,
          addressIsDefault: address.isDefault,
          ...amounts,
          couponCode: order.couponCode,
          paymentMethod: order.paymentMethod,
          paymentId: order.paymentMethod === 'online' ? order.paymentId : null,
          // SPEC.md section 4: decided here, whatever the client sent.
          paymentStatus: order.paymentMethod === 'online' ? 'completed' : 'pending',
          orderStatus: 'processing',
          notes: order.notes,
          idempotencyKey: order.idempotencyKey,
          requestHash: order.requestHash,
          createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('orders')
        .set({ orderNumber: orderNumber(id, order.now) })
        .where('id', '=', id)
        .execute();
      await trx
        .insertInto('orderItems')
        .values(
          priced.lines.map((line) => ({
            orderId: id,
            productId: line.productId,
            name: line.name,
            image: line.image,
            unitPrice: line.unitPrice,
            quantity: line.quantity,
            variant: line.variant ? JSON.stringify(line.variant) : null,
          })),
        )
        .execute();
      return id;
    });
    return { kind: 'placed', id };
  } catch (err) {
    return settleRefusal(err, order.idempotencyKey !== null);
  }
}

/** The customer's order placed with this Idempotency-Key, if any. */
export function findOrderByKey(
  db: Db,
  userId: number,
  idempotencyKey: string,
): Promise<{ id: number; requestHash: string | null } | undefined> {
  return db
    .selectFrom('orders')
    .select(['id', 'requestHash'])
    .where('userId', '=', userId)
    .where('idempotencyKey', '=', idempotencyKey)
    .executeTakeFirst();
}

const toLine = (row: OrderItemRow) => ({
  id: row.id,
  productId: row.productId,
  name: row.name,
  image: row.image,
  quantity: row.quantity,
  price: row.unitPrice,
  variant: row.variant === null ? null : (JSON.parse(row.variant) as OrderVariant),
});

function toOrderRead(row: OrderRow, items: OrderItemRow[]): OrderRead {
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    createdAt: row.createdAt,
    orderStatus: row.orderStatus,
    paymentMethod: row.paymentMethod,
    paymentStatus: row.paymentStatus,
    paymentId: row.paymentId,
    items: items.map(toLine),
    address: {
      id: row.addressId,
      street: row.street,
      city: row.city,
      state: row.state,
      postalCode: row.postalCode,
      country: row.country,
      isDefault: row.addressIsDefault === 1,
    },
    subtotal: row.subtotal,
    shipping: row.shipping,
    discount: row.discount,
    total: row.total,
    couponCode: row.couponCode,
    notes: row.notes,
  };
}

/** The customer's order with its lines; undefined when there is none or it is someone else's. */
export async function findOrder(db: Db, userId: number, id: number): Promise<OrderRead | undefined> {
  const row = await db
    .selectFrom('orders')
    .selectAll()
    .where('userId', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const items = await db
    .selectFrom('orderItems')
    .selectAll()
    .where('orderId', '=', id)
    .orderBy('id')
    .execute();
  return toOrderRead(row, items);
}

/** The customer's orders, newest first. */
export async function listOrders(db: Db, userId: number): Promise<OrderSummary[]> {
  const rows = await db
    .selectFrom('orders')
    .select(['id', 'orderNumber', 'createdAt', 'orderStatus', 'paymentStatus', 'paymentMethod', 'total'])
    .select((eb) =>
      eb
        .selectFrom('orderItems')
        .select((sub) => sub.fn.sum<number>('orderItems.quantity').as('n'))
        .whereRef('orderItems.orderId', '=', 'orders.id')
        .as('itemCount'),
    )
    .where('userId', '=', userId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({ ...row, itemCount: Number(row.itemCount ?? 0) }));
}

/** How many orders exist in all (for tests and the load check's ledger). */
export async function countOrders(db: Db): Promise<number> {
  const { n } = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}
