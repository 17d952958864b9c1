import type { Db } from '../client.ts';
import type { CouponRow } from '../types.ts';

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
