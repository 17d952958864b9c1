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
import { Refusal } from '../refusal.ts';
import { changes, createRecord, versionedEdit, type Deps, type RecordKind } from './records.ts';

/** Coupons as staff write them (docs/product-rules.md, Coupons); every write audited in its transaction. */

const describe = (c: CouponInput) => (c.kind === 'percent' ? `${c.value}% off` : `₹${c.value} off`);

const COUPON: RecordKind<StoredCoupon> = {
  what: 'Coupon',
  entity: 'coupon',
  read: findCouponForStaff,
  name: (coupon) => coupon.code,
};

export async function createCoupon(deps: Deps, input: CouponInput): Promise<AdminCoupon> {
  const insert = async (trx: Db) => {
    if (await couponCodeTaken(trx, input.code)) throw Refusal.of('coupon_code_taken');
    return insertCoupon(trx, input, deps.now.toISOString());
  };
  const after = await createRecord(
    deps,
    COUPON,
    insert,
    `Created the coupon ${input.code} (${describe(input)})`,
  );
  return withStatus(after, deps.now);
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
  if (await couponCodeTaken(deps.db, input.code, id)) throw Refusal.of('coupon_code_taken');
  const after = await versionedEdit(deps, COUPON, id, version, {
    write: (trx) => updateCoupon(trx, id, version, input),
    action: 'coupon.update',
    summary: (before, after) =>
      `Edited the coupon ${after.code}: ${changes('coupon', before, { ...after, timesUsed: before.timesUsed })}`,
  });
  return withStatus(after, deps.now);
}
