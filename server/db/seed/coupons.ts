import type { Db } from '../client.ts';
import type { NewCoupon } from '../types.ts';
import { countOf } from '../queries.ts';

const DAY = 24 * 60 * 60 * 1000;

/** A coupon as seeded: expiry in days from seeding (null = never). */
type SeedCoupon = Omit<NewCoupon, 'expiresAt' | 'createdAt'> & { expiresInDays: number | null };

/**
 * The demo coupons (docs/product-rules.md, Coupons: some work and one has expired). ONCE100 can be used
 * by one order only, for the concurrency tests of the coupon limit.
 */
export const coupons: SeedCoupon[] = [
  {
    code: 'WELCOME10',
    kind: 'percent',
    value: 10,
    minSubtotal: 499,
    maxDiscount: 300,
    expiresInDays: 365,
    usageLimit: null,
  },
  {
    code: 'FLAT150',
    kind: 'flat',
    value: 150,
    minSubtotal: 999,
    maxDiscount: null,
    expiresInDays: 180,
    usageLimit: null,
  },
  {
    code: 'SHIVA20',
    kind: 'percent',
    value: 20,
    minSubtotal: 2000,
    maxDiscount: 1000,
    expiresInDays: 90,
    usageLimit: null,
  },
  {
    code: 'DIWALI500',
    kind: 'flat',
    value: 500,
    minSubtotal: 3000,
    maxDiscount: null,
    expiresInDays: 60,
    usageLimit: null,
  },
  {
    code: 'EXPIRED50',
    kind: 'flat',
    value: 50,
    minSubtotal: 0,
    maxDiscount: null,
    expiresInDays: -1,
    usageLimit: null,
  },
  {
    code: 'ONCE100',
    kind: 'flat',
    value: 100,
    minSubtotal: 0,
    maxDiscount: null,
    expiresInDays: 365,
    usageLimit: 1,
  },
];

export async function areCouponsEmpty(db: Db): Promise<boolean> {
  return (await countOf(db.selectFrom('coupons'))) === 0;
}

/** Inserts the demo coupons when there are none yet (expiry relative to `now`). */
export async function seedCoupons(db: Db, now: Date = new Date()): Promise<void> {
  if (!(await areCouponsEmpty(db))) return;
  for (const { expiresInDays, ...coupon } of coupons) {
    await db
      .insertInto('coupons')
      .values({
        ...coupon,
        expiresAt:
          expiresInDays === null ? null : new Date(now.getTime() + expiresInDays * DAY).toISOString(),
        createdAt: now.toISOString(),
      })
      .execute();
  }
}
