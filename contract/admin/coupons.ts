import * as v from 'valibot';
import { listResponse, recordResponse } from '../envelope.ts';
import { MAX_COUPON_CODE_LENGTH } from '../coupons.ts';
import { labelsOf, wireText } from '../text.ts';
import { Version } from './catalogue-fields.ts';

/**
 * Coupons in the back office (docs/product-rules.md, Coupons; Roles and the back office); the
 * cart's own coupon check is contract/coupons.ts's.
 *
 *   GET  /api/admin/coupons                                 -> AdminCouponListResponse
 *   POST /api/admin/coupons            CouponInput          -> 201 AdminCouponResponse
 *   PUT  /api/admin/coupons/{id}       CouponInput+version  -> AdminCouponResponse | 409
 */

export const COUPON_KINDS = ['percent', 'flat'] as const;
export const couponAdminMessages = {
  codeInvalid: `The code is 3 to ${MAX_COUPON_CODE_LENGTH} capital letters and digits (e.g. DIWALI500)`,
  percentInvalid: 'A percentage is a whole number from 1 to 100',
  flatInvalid: 'The amount off is whole rupees from 1 to 1,00,000',
  amountInvalid: 'Amounts are whole rupees from 0 to 1,00,000',
  limitInvalid: 'A limit is a whole number from 1 to 1,000,000, or empty for none',
  datesInvalid: 'The end of the validity must be after its start',
  dateInvalid: 'Validity dates must be dates and times',
  capOnFlat: 'A cap applies only to a percentage off',
  codeTaken: 'A coupon with this code already exists',
} as const;

const wholeOrNull = (message: string, min: number, max: number) =>
  v.optional(
    v.nullable(
      v.pipe(v.number(message), v.safeInteger(message), v.minValue(min, message), v.maxValue(max, message)),
    ),
    null,
  );
const instantOrNull = v.optional(
  v.nullable(
    v.pipe(
      v.string(couponAdminMessages.dateInvalid),
      v.check(
        (value) => /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value)),
        couponAdminMessages.dateInvalid,
      ),
      v.transform((value) => new Date(value).toISOString()),
    ),
  ),
  null,
);

const couponFields = {
  code: v.pipe(
    wireText('Code must be text'),
    v.trim(),
    v.toUpperCase(),
    v.regex(new RegExp(`^[A-Z0-9]{3,${MAX_COUPON_CODE_LENGTH}}$`), couponAdminMessages.codeInvalid),
  ),
  kind: v.picklist(COUPON_KINDS, 'kind must be percent or flat'),
  value: v.pipe(
    v.number(couponAdminMessages.flatInvalid),
    v.safeInteger(couponAdminMessages.flatInvalid),
    v.minValue(1, couponAdminMessages.flatInvalid),
    v.maxValue(100_000, couponAdminMessages.flatInvalid),
  ),
  minSubtotal: v.optional(
    v.pipe(
      v.number(couponAdminMessages.amountInvalid),
      v.safeInteger(couponAdminMessages.amountInvalid),
      v.minValue(0, couponAdminMessages.amountInvalid),
      v.maxValue(100_000, couponAdminMessages.amountInvalid),
    ),
    0,
  ),
  maxDiscount: wholeOrNull(couponAdminMessages.amountInvalid, 1, 100_000),
  startsAt: instantOrNull,
  expiresAt: instantOrNull,
  usageLimit: wholeOrNull(couponAdminMessages.limitInvalid, 1, 1_000_000),
  perCustomerLimit: wholeOrNull(couponAdminMessages.limitInvalid, 1, 1_000_000),
  active: v.boolean('active must be true or false'),
};

type CouponFields = v.InferOutput<v.ObjectSchema<typeof couponFields, undefined>>;
const percentAtMost100 = <T extends CouponFields>() =>
  v.check<T, string>((c) => c.kind !== 'percent' || c.value <= 100, couponAdminMessages.percentInvalid);
const capOnPercentOnly = <T extends CouponFields>() =>
  v.check<T, string>((c) => c.kind === 'percent' || c.maxDiscount === null, couponAdminMessages.capOnFlat);
const endsAfterStart = <T extends CouponFields>() =>
  v.check<T, string>(
    (c) => c.startsAt === null || c.expiresAt === null || c.startsAt < c.expiresAt,
    couponAdminMessages.datesInvalid,
  );

export const CouponInput = v.pipe(
  v.object(couponFields),
  percentAtMost100(),
  capOnPercentOnly(),
  endsAfterStart(),
);
export type CouponInput = v.InferOutput<typeof CouponInput>;
export const CouponUpdate = v.pipe(
  v.object({ ...couponFields, version: Version }),
  percentAtMost100(),
  capOnPercentOnly(),
  endsAfterStart(),
);
export type CouponUpdate = v.InferOutput<typeof CouponUpdate>;

/**
 * Where a coupon stands now, by the server's clock and the rules the checkout applies
 * (`checkCoupon`, server/services/pricing.ts): switched off, not started, past its end, every use
 * taken, or working. The back office lists this, never the bare "active" switch.
 */
export const COUPON_STATUSES = ['active', 'scheduled', 'expired', 'usedUp', 'inactive'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];
/** "Active", "Scheduled", "Expired", "Used up", "Inactive". */
export const couponStatusLabels: Record<CouponStatus, string> = labelsOf(COUPON_STATUSES);

/** The coupon's status at `now` (see COUPON_STATUSES). */
export function couponStatus(
  coupon: Pick<AdminCoupon, 'active' | 'startsAt' | 'expiresAt' | 'usageLimit' | 'timesUsed'>,
  now: Date,
): CouponStatus {
  if (!coupon.active) return 'inactive';
  if (coupon.expiresAt !== null && now.getTime() >= Date.parse(coupon.expiresAt)) return 'expired';
  if (coupon.usageLimit !== null && coupon.timesUsed >= coupon.usageLimit) return 'usedUp';
  if (coupon.startsAt !== null && now.getTime() < Date.parse(coupon.startsAt)) return 'scheduled';
  return 'active';
}

/** A coupon as stored, before its status is worked out. */
export const StoredCoupon = v.object({
  id: v.number(),
  code: v.string(),
  kind: v.picklist(COUPON_KINDS),
  value: v.number(),
  minSubtotal: v.number(),
  maxDiscount: v.nullable(v.number()),
  startsAt: v.nullable(v.string()),
  expiresAt: v.nullable(v.string()),
  usageLimit: v.nullable(v.number()),
  perCustomerLimit: v.nullable(v.number()),
  active: v.boolean(),
  timesUsed: v.number(),
  createdAt: v.string(),
  version: v.number(),
});
export type StoredCoupon = v.InferOutput<typeof StoredCoupon>;
export const AdminCoupon = v.object({ ...StoredCoupon.entries, status: v.picklist(COUPON_STATUSES) });
export type AdminCoupon = v.InferOutput<typeof AdminCoupon>;
export const AdminCouponListResponse = listResponse('coupons', AdminCoupon);
export type AdminCouponListResponse = v.InferOutput<typeof AdminCouponListResponse>;
export const AdminCouponResponse = recordResponse('coupon', AdminCoupon);
export type AdminCouponResponse = v.InferOutput<typeof AdminCouponResponse>;
