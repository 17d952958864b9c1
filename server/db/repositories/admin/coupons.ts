import type { CouponInput, StoredCoupon } from '../../../../contract/admin/coupons.ts';
import type { Db } from '../../client.ts';
import type { CouponRow } from '../../types.ts';
import { insertRecord, updateAtVersion } from './records.ts';

/*
 * The coupons as staff read and write them (data access only; the rules and audit rows are
 * server/services/admin/coupons.ts's). The checkout's own reads are ../coupons.ts's.
 */

const toAdminCoupon = (row: CouponRow): StoredCoupon => ({
  id: row.id,
  code: row.code,
  kind: row.kind,
  value: row.value,
  minSubtotal: row.minSubtotal,
  maxDiscount: row.maxDiscount,
  startsAt: row.startsAt,
  expiresAt: row.expiresAt,
  usageLimit: row.usageLimit,
  perCustomerLimit: row.perCustomerLimit,
  active: row.active === 1,
  timesUsed: row.timesUsed,
  createdAt: row.createdAt,
  version: row.version,
});

export async function listCouponsForStaff(db: Db): Promise<StoredCoupon[]> {
  const rows = await db.selectFrom('coupons').selectAll().orderBy('id', 'desc').execute();
  return rows.map(toAdminCoupon);
}

export async function findCouponForStaff(db: Db, id: number): Promise<StoredCoupon | undefined> {
  const row = await db.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toAdminCoupon(row);
}

const couponColumns = ({ active, ...input }: CouponInput) => ({ ...input, active: active ? 1 : 0 });

export function insertCoupon(db: Db, input: CouponInput, at: string): Promise<number> {
  return insertRecord(db, 'coupons', { ...couponColumns(input), createdAt: at });
}

export function updateCoupon(db: Db, id: number, version: number, input: CouponInput): Promise<boolean> {
  return updateAtVersion(db, 'coupons', id, version, couponColumns(input));
}

export async function couponCodeTaken(db: Db, code: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('coupons').select('id').where('code', '=', code);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}
