import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { TimelineEntry } from '../../../contract/lifecycle.ts';
import type { OrderRead, OrderSummary, OrderVariant } from '../../../contract/orders.ts';
import { addressFromCopy } from './address-copy.ts';
import { changeStock, insertLedgerEntry, moveStock } from './stock-ledger.ts';
import { listLifecycleEvents, refundOf, toTimelineEntry } from './lifecycle-events.ts';
import type { Db } from '../client.ts';
import type { OrderItemRow, OrderItemsTable, OrderRow, OrdersTable } from '../types.ts';
import { countOf, rowsWhere } from '../queries.ts';

/** What pricing needs of the products asked for, as they are now. */
export function findProductsForPricing(db: Db, ids: readonly number[]) {
  return (
    db
      .selectFrom('product')
      .select(['id', 'name', 'image', 'offerPrice', 'stockQuantity'])
      .where('id', 'in', ids)
      // A retired product is no longer for sale: pricing treats it as unknown.
      .where('retiredAt', 'is', null)
      .execute()
  );
}

/**
 * Takes `quantity` off the product's stock with ONE conditional UPDATE (`stock_quantity >=
 * quantity`), so it is race-free on SQLite and PostgreSQL alike: the stock left, or undefined
 * when there is not enough. The order writes the ledger entry once it has its id
 * (`recordOrderStock`, docs/decisions/0033-stock-is-a-ledger.md).
 */
export function takeStock(db: Db, productId: number, quantity: number): Promise<number | undefined> {
  return moveStock(db, productId, -quantity);
}

/** The ledger entries of the units an order took (`taken`: product, quantity, stock left). */
export async function recordOrderStock(
  db: Db,
  orderId: number,
  userId: number,
  taken: readonly { productId: number; quantity: number; balance: number }[],
  at: string,
): Promise<void> {
  for (const { productId, quantity, balance } of taken)
    await insertLedgerEntry(db, {
      productId,
      quantity: -quantity,
      reason: 'order',
      orderId,
      userId,
      balance,
      at,
    });
}

export type NewOrderRow = Omit<Insertable<OrdersTable>, 'orderNumber'>;
export type NewOrderLine = Omit<Insertable<OrderItemsTable>, 'orderId'>;

/** Inserts the order and its lines; its number is made from the id once it is known. */
export async function insertOrder(
  db: Db,
  order: NewOrderRow,
  lines: readonly NewOrderLine[],
  numberFor: (id: number) => string,
): Promise<number> {
  const { id } = await db
    .insertInto('orders')
    // Replaced below once the id is known; unique meanwhile.
    .values({ ...order, orderNumber: `pending-${randomUUID()}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('orders')
    .set({ orderNumber: numberFor(id) })
    .where('id', '=', id)
    .execute();
  await db
    .insertInto('orderItems')
    .values(lines.map((line) => ({ ...line, orderId: id })))
    .execute();
  return id;
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

function toOrderRead(row: OrderRow, items: OrderItemRow[], timeline: TimelineEntry[]): OrderRead {
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    createdAt: row.createdAt,
    orderStatus: row.orderStatus,
    paymentMethod: row.paymentMethod,
    paymentStatus: row.paymentStatus,
    paymentId: row.paymentId,
    items: items.map(toLine),
    address: addressFromCopy(row),
    subtotal: row.subtotal,
    shipping: row.shipping,
    discount: row.discount,
    total: row.total,
    couponCode: row.couponCode,
    notes: row.notes,
    shipment: shipmentOf(row),
    deliveredAt: row.deliveredAt,
    claim: claimOf(row),
    refund: refundOf(row.orderStatus, row.total, timeline),
    timeline,
  };
}

/** The order's shipment, once it has one: both its columns set. */
export const shipmentOf = (row: OrderRow) =>
  row.shipmentCarrier !== null && row.shipmentTrackingNumber !== null
    ? { carrier: row.shipmentCarrier, trackingNumber: row.shipmentTrackingNumber }
    : null;

/** The order's damage claim, once made: its note, photo and time. */
export const claimOf = (row: OrderRow) =>
  row.claimNote !== null && row.claimPhotoId !== null && row.claimedAt !== null
    ? { note: row.claimNote, photoId: row.claimPhotoId, claimedAt: row.claimedAt }
    : null;

/** The order's row, whoever it belongs to. */
export function findOrderRow(db: Db, id: number): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The order with its lines and timeline, from its row. */
export async function readOrder(db: Db, row: OrderRow): Promise<OrderRead> {
  const items = await rowsWhere(db, 'orderItems', { orderId: row.id }, 'id');
  const events = await listLifecycleEvents(db, 'order', row.id);
  return toOrderRead(row, items, events.map(toTimelineEntry));
}

/** The lifecycle's columns of an order: its state and what its steps recorded. */
export type OrderLifecycleColumns = Pick<
  OrderRow,
  | 'orderStatus'
  | 'paymentStatus'
  | 'shipmentCarrier'
  | 'shipmentTrackingNumber'
  | 'deliveredAt'
  | 'claimNote'
  | 'claimPhotoId'
  | 'claimedAt'
>;

/**
 * Stores the lifecycle's next state and facts with ONE conditional UPDATE (`order_status =
 * from`): false when another step moved the order meanwhile, so two steps never both apply.
 */
export async function updateOrderLifecycle(
  db: Db,
  id: number,
  from: OrderRow['orderStatus'],
  set: OrderLifecycleColumns,
): Promise<boolean> {
  const { numUpdatedRows } = await db
    .updateTable('orders')
    .set(set)
    .where('id', '=', id)
    .where('orderStatus', '=', from)
    .executeTakeFirst();
  return numUpdatedRows > 0n;
}

/** Online orders waiting for their refund (the scheduler settles them through the gateway). */
export function findOrdersAwaitingRefund(db: Db, limit = 100) {
  return db
    .selectFrom('orders')
    .select('id')
    .where('orderStatus', '=', 'refundPending')
    .where('paymentMethod', '=', 'online')
    .orderBy('id')
    .limit(limit)
    .execute();
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
  return countOf(db.selectFrom('orders'));
}

/**
 * Puts a cancelled order's units back on the shelf, product by product (in product id order),
 * each as a ledger entry naming the order and who cancelled it.
 */
export async function returnStock(
  db: Db,
  orderId: number,
  { userId = null, at }: { userId?: number | null; at: string },
): Promise<void> {
  const lines = await db
    .selectFrom('orderItems')
    .select(['productId', (eb) => eb.fn.sum<number>('quantity').as('units')])
    .where('orderId', '=', orderId)
    .groupBy('productId')
    .orderBy('productId')
    .execute();
  for (const { productId, units } of lines)
    await changeStock(db, { productId, quantity: Number(units), reason: 'cancelled', orderId, userId, at });
}
