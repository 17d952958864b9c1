import {
  couponStatus,
  type AdminCoupon,
  type CouponInput,
  type StoredCoupon,
} from '../../../contract/admin/coupons.ts';
import type { Db } from '../../db/client.ts';
import {
  couponCodeTaken,
  findCouponForStaff,
  insertCoupon,
  listCouponsForStaff,
  updateCoupon,
} from '../../db/repositories/admin/coupons.ts';
import { inTransaction } from '../../db/transaction.ts';
import { audit } from '../audit.ts';
import { Refusal } from '../refusal.ts';
import { changes, versionedEdit, type Deps } from './records.ts';

/** Coupons as staff write them (docs/product-rules.md, Coupons); every write audited in its transaction. */

const describe = (c: CouponInput) => (c.kind === 'percent' ? `${c.value}% off` : `₹${c.value} off`);

export async function createCoupon({ db, actor, now }: Deps, input: CouponInput): Promise<AdminCoupon> {
  return inTransaction(db, async (trx) => {
    if (await couponCodeTaken(trx, input.code))
      throw Refusal.of('coupon_code_taken');
    const id = await insertCoupon(trx, input, now.toISOString());
    const after = (await findCouponForStaff(trx, id))!;
    await audit(trx, actor, now, {
      action: 'coupon.create',
      entity: 'coupon',
      entityId: id,
      summary: `Created the coupon ${input.code} (${describe(input)})`,
      after,
    });
    return withStatus(after, now);
  });
}

/** A stored coupon with where it stands at `now` (contract/admin/coupons.ts, `couponStatus`). */
export const withStatus = (coupon: StoredCoupon, now: Date): AdminCoupon => ({
  ...coupon,
  status: couponStatus(coupon, now),
});

/** The back office's coupons, newest first, each with its status by the server's clock. */
export async function listCoupons(db: Db, now: Date): Promise<AdminCoupon[]> {
  return (await listCouponsForStaff(db)).map((coupon) => withStatus(coupon, now));
}

export async function editCoupon(
  deps: Deps,
  id: number,
  version: number,
  input: CouponInput,
): Promise<AdminCoupon> {
  if (await couponCodeTaken(deps.db, input.code, id))
    throw Refusal.of('coupon_code_taken');
  const after = await versionedEdit(deps, {
    what: 'Coupon',
    entity: 'coupon',
    id,
    version,
    read: (trx) => findCouponForStaff(trx, id),
    write: (trx) => updateCoupon(trx, id, version, input),
    action: 'coupon.update',
    summary: (before, after) =>
      `Edited the coupon ${after.code}: ${changes('coupon', before, { ...after, timesUsed: before.timesUsed })}`,
  });
  return withStatus(after, deps.now);
}
