import type { Db } from '../client.ts';
import type { CouponRow } from '../types.ts';
import { countOf } from '../queries.ts';

/** The coupon with this code (codes are stored upper-case; pass a normalised code). */
export function findCoupon(db: Db, code: string): Promise<CouponRow | undefined> {
  return db.selectFrom('coupons').selectAll().where('code', '=', code).executeTakeFirst();
}

/**
 * Counts one use of the coupon, only while it is under its usage limit: a single conditional
 * UPDATE, so two orders can never both take the last use (on SQLite and PostgreSQL alike).
 * False when the limit was reached.
 */
export async function useCoupon(db: Db, id: number): Promise<boolean> {
  const { numUpdatedRows } = await db
    .updateTable('coupons')
    .set((eb) => ({ timesUsed: eb('timesUsed', '+', 1) }))
    .where('id', '=', id)
    .where((eb) => eb.or([eb('usageLimit', 'is', null), eb('timesUsed', '<', eb.ref('usageLimit'))]))
    .executeTakeFirst();
  return numUpdatedRows > 0n;
}

/** How many orders of this customer used the coupon (its per-customer limit). */
export async function countCouponUsesBy(db: Db, code: string, userId: number): Promise<number> {
  return countOf(db.selectFrom('orders').where('couponCode', '=', code).where('userId', '=', userId));
}

/**
 * Holds the customer's row until the order's transaction ends, so two orders of one customer
 * count their coupon uses one after the other. SQLite's write transactions already run one at a
 * time (BEGIN IMMEDIATE); PostgreSQL needs the row lock.
 */
export async function lockCustomer(db: Db, userId: number): Promise<void> {
  if (db.getExecutor().adapter.constructor.name !== 'PostgresAdapter') return;
  await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}
