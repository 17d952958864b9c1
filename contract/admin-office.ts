import * as v from 'valibot';
import { BookedOffering } from './offerings.ts';
import { Version } from './admin-catalogue.ts';
import { Email } from './auth.ts';
import { MAX_COUPON_CODE_LENGTH } from './orders.ts';
import { TempleScript } from './temple-script.ts';
import { wireText } from './text.ts';

/**
 * The rest of the back office (docs/product-rules.md, Roles and the back office): Today's
 * numbers and waiting work, the sankalp sheet, coupons, the audit log and the staff.
 *
 *   GET  /api/admin/today                                   -> TodayResponse
 *   GET  /api/admin/sankalp?date=YYYY-MM-DD                 -> SankalpSheetResponse
 *   GET  /api/admin/orders.csv|bookings.csv?(the list's filters) -> text/csv
 *   GET  /api/admin/coupons                                 -> AdminCouponListResponse
 *   POST /api/admin/coupons            CouponInput          -> 201 AdminCouponResponse
 *   PUT  /api/admin/coupons/{id}       CouponInput+version  -> AdminCouponResponse | 409
 *   GET  /api/admin/audit?entity&entityId&userId&limit&offset -> AuditListResponse
 *   GET  /api/admin/staff                          (admin)  -> StaffListResponse
 *   POST /api/admin/staff/invitations  {email}     (admin)  -> 201 StaffListResponse
 *   DELETE /api/admin/staff/invitations/{id}       (admin)  -> StaffListResponse
 *   DELETE /api/admin/staff/{id}                   (admin)  -> StaffListResponse
 *   POST /api/staff-invitations/lookup|accept      (contract/staff-invitations.ts)
 */

/* ------------------------------------------------------------------------------------------
 * Today
 * ---------------------------------------------------------------------------------------- */

export const DayNumbers = v.object({
  orders: v.number(),
  /** Money received for orders and bookings (cash on delivery once delivered), less what was cancelled or refunded (whole rupees). */
  revenue: v.number(),
  bookings: v.number(),
});
export type DayNumbers = v.InferOutput<typeof DayNumbers>;

/** How soon before a puja its confirmed bookings count as "to lock": their details are checked then. */
export const LOCK_SOON_HOURS = 48;

export const TodayResponse = v.object({
  /** The day in India (YYYY-MM-DD) the numbers are for. */
  date: v.string(),
  today: DayNumbers,
  last7Days: DayNumbers,
  /** Pujas with bookings whose date is today (in India), and how many bookings they have. */
  pujasToday: v.number(),
  bookingsToday: v.number(),
  lowStock: v.number(),
  outOfStock: v.number(),
  waiting: v.object({
    ordersToPack: v.number(),
    ordersToShip: v.number(),
    bookingsToLock: v.number(),
    bookingsToPerform: v.number(),
    prasadToShip: v.number(),
    damageClaims: v.number(),
    /** Each queue's own count, so each links to the queue that shows them. */
    orderRefundsPending: v.number(),
    bookingRefundsPending: v.number(),
  }),
});
export type TodayResponse = v.InferOutput<typeof TodayResponse>;

/* ------------------------------------------------------------------------------------------
 * The sankalp sheet
 * ---------------------------------------------------------------------------------------- */

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
export const SankalpQuery = v.object({
  date: v.pipe(
    v.string('date is required (YYYY-MM-DD)'),
    v.regex(ISO_DAY, 'date must be a date (YYYY-MM-DD)'),
    v.check((value) => !Number.isNaN(Date.parse(value)), 'date must be a real date'),
  ),
});
export type SankalpQuery = v.InferOutput<typeof SankalpQuery>;

export const SankalpPerson = v.object({
  name: v.string(),
  /** The name and gothra as the priest reads them, in the temple's script (contract/sankalp-script.ts). */
  nameInScript: v.string(),
  gothra: v.string(),
  gothraInScript: v.string(),
  /** null: not known (docs/product-rules.md, Persons). */
  nakshatra: v.nullable(v.string()),
  /** The nakshatra and raashi by their Sanskrit names in the temple's script; null: not known. */
  nakshatraInScript: v.nullable(v.string()),
  raashi: v.string(),
  raashiInScript: v.string(),
  dateOfBirth: v.string(),
  birthTime: v.nullable(v.string()),
  birthPlace: v.nullable(v.string()),
});
export type SankalpPerson = v.InferOutput<typeof SankalpPerson>;

export const SankalpBooking = v.object({
  id: v.number(),
  bookingNumber: v.string(),
  status: v.string(),
  /** True once the sankalp is locked: the names are final. Before, the customer or staff may still correct them. */
  namesFinal: v.boolean(),
  customerName: v.string(),
  persons: v.array(SankalpPerson),
  /** The chadhava offerings to make or send (docs/product-rules.md, Chadhava offerings). */
  offerings: v.array(BookedOffering),
  /** A gift: the message printed on the prasad card, and to whom it goes. */
  gift: v.nullable(v.object({ message: v.string(), recipientName: v.nullable(v.string()) })),
});
export const SankalpPackage = v.object({
  packageId: v.number(),
  title: v.string(),
  bookings: v.array(SankalpBooking),
});
export const SankalpPuja = v.object({
  pujaId: v.number(),
  pujaName: v.string(),
  place: v.string(),
  pujaDate: v.string(),
  script: TempleScript,
  packages: v.array(SankalpPackage),
});
export type SankalpPuja = v.InferOutput<typeof SankalpPuja>;
export const SankalpSheetResponse = v.object({ date: v.string(), pujas: v.array(SankalpPuja) });
export type SankalpSheetResponse = v.InferOutput<typeof SankalpSheetResponse>;

/* ------------------------------------------------------------------------------------------
 * Coupons
 * ---------------------------------------------------------------------------------------- */

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
export type CouponDraft = v.InferInput<typeof CouponInput>;
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
export const couponStatusLabels: Record<CouponStatus, string> = {
  active: 'Active',
  scheduled: 'Scheduled',
  expired: 'Expired',
  usedUp: 'Used up',
  inactive: 'Inactive',
};

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
export const AdminCouponListResponse = v.object({ coupons: v.array(AdminCoupon) });
export type AdminCouponListResponse = v.InferOutput<typeof AdminCouponListResponse>;
export const AdminCouponResponse = v.object({ coupon: AdminCoupon });
export type AdminCouponResponse = v.InferOutput<typeof AdminCouponResponse>;

/* ------------------------------------------------------------------------------------------
 * The audit log
 * ---------------------------------------------------------------------------------------- */

export const AuditEntry = v.object({
  id: v.number(),
  at: v.string(),
  userId: v.number(),
  userName: v.string(),
  action: v.string(),
  entity: v.string(),
  entityId: v.nullable(v.string()),
  summary: v.string(),
  before: v.nullable(v.record(v.string(), v.unknown())),
  after: v.nullable(v.record(v.string(), v.unknown())),
});
export type AuditEntry = v.InferOutput<typeof AuditEntry>;
export const AuditListResponse = v.object({ entries: v.array(AuditEntry), total: v.number() });
export type AuditListResponse = v.InferOutput<typeof AuditListResponse>;

export const AUDIT_ENTITIES = [
  'puja',
  'package',
  'offering',
  'product',
  'stock',
  'category',
  'astrologer',
  'coupon',
  'image',
  'order',
  'booking',
  'staff',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

const numberText = (name: string) =>
  v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/, `${name} must be a whole number`), v.transform(Number)));
export const AuditQuery = v.object({
  entity: v.optional(v.picklist(AUDIT_ENTITIES, `entity must be one of ${AUDIT_ENTITIES.join(', ')}`)),
  entityId: v.optional(v.pipe(v.string(), v.regex(/^[\w-]{1,40}$/, 'entityId must be an id'))),
  userId: numberText('userId'),
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, 'limit must be a whole number from 1 to 100'),
      v.transform(Number),
      v.minValue(1, 'limit must be a whole number from 1 to 100'),
      v.maxValue(100, 'limit must be a whole number from 1 to 100'),
    ),
  ),
  offset: numberText('offset'),
});
export type AuditQuery = v.InferOutput<typeof AuditQuery>;

/* ------------------------------------------------------------------------------------------
 * Staff
 * ---------------------------------------------------------------------------------------- */

/** An invitation works once, for this many days. */
export const STAFF_INVITATION_TTL_DAYS = 7;

export const StaffMember = v.object({
  id: v.number(),
  name: v.string(),
  email: v.string(),
  role: v.picklist(['staff', 'admin']),
  createdAt: v.string(),
});
export type StaffMember = v.InferOutput<typeof StaffMember>;
export const StaffInvitation = v.object({
  id: v.number(),
  email: v.string(),
  invitedBy: v.string(),
  createdAt: v.string(),
  expiresAt: v.string(),
});
export type StaffInvitation = v.InferOutput<typeof StaffInvitation>;
export const StaffListResponse = v.object({
  staff: v.array(StaffMember),
  invitations: v.array(StaffInvitation),
});
export type StaffListResponse = v.InferOutput<typeof StaffListResponse>;

export const InviteStaffInput = v.object({ email: Email });
export type InviteStaffInput = v.InferOutput<typeof InviteStaffInput>;

export {
  AcceptInvitationInput,
  InvitationTokenInput,
  STAFF_INVITATION_TOKEN,
  StaffInvitationInfo,
  staffMessages,
} from './staff-invitations.ts';
