import { catalogueMessages } from './admin/catalogue-fields.ts';
import { couponAdminMessages } from './admin/coupons.ts';
import { authMessages } from './auth-session.ts';
import { bookingMessages } from './booking.ts';
import { couponMessages } from './coupons.ts';
import { lifecycleMessages } from './lifecycle.ts';
import { offeringMessages } from './offerings.ts';
import { orderMessages } from './orders.ts';
import { paymentMessages } from './payments.ts';
import type { RefusalCode } from './refusal.ts';
import { staffMessages } from './staff-invitations.ts';
import { adminMessageMessages } from './admin/messages.ts';
import { waitlistMessages } from './waitlist.ts';

/**
 * The message of each refusal code that has one message (docs/decisions/0069-one-refusal-path.md).
 * A code missing here is told in words that depend on the case (which product ran out, which
 * step the lifecycle refused, the figure a coupon falls short by), given where it is thrown.
 * Read by the server (`refuse(code)` in server/services/refusal.ts); the SPA shows the message
 * the server sent.
 */
export const refusalMessages = {
  wrong_user: orderMessages.wrongUser,
  address_not_found: orderMessages.addressNotFound,
  coupon_invalid: couponMessages.invalid,
  coupon_expired: couponMessages.expired,
  coupon_exhausted: couponMessages.exhausted,
  coupon_not_started: couponMessages.notStarted,
  coupon_used_by_you: couponMessages.usedByYou,
  puja_not_found: bookingMessages.pujaNotFound,
  package_not_found: bookingMessages.packageNotFound,
  package_of_another_puja: bookingMessages.packageOfAnotherPuja,
  booking_closed: bookingMessages.closed,
  puja_full: bookingMessages.full(0),
  waitlist_not_full: waitlistMessages.notFull,
  waitlist_already: waitlistMessages.already,
  waitlist_closed: waitlistMessages.closedToJoin,
  waitlist_not_found: waitlistMessages.notFound,
  payment_declined: paymentMessages.declined,
  payment_not_found: paymentMessages.notFound,
  payment_invalid: paymentMessages.invalid,
  payment_not_captured: paymentMessages.notCaptured,
  payment_already_captured: paymentMessages.alreadyCaptured,
  payment_used: paymentMessages.used,
  payment_refunded: paymentMessages.wasRefunded,
  payment_purpose_mismatch: paymentMessages.purposeMismatch,
  payment_amount_mismatch: paymentMessages.amountMismatch,
  order_not_found: orderMessages.notFound,
  booking_not_found: bookingMessages.notFound,
  lifecycle_conflict: lifecycleMessages.conflict,
  upload_not_found: lifecycleMessages.uploadNotFound,
  upload_empty: lifecycleMessages.uploadEmpty,
  too_many_uploads: lifecycleMessages.tooManyUploads,
  edit_conflict: catalogueMessages.conflict,
  date_in_past: catalogueMessages.repeatDateInPast,
  category_retired: catalogueMessages.categoryRetired,
  package_has_bookings: catalogueMessages.packageHasBookings,
  coupon_code_taken: couponAdminMessages.codeTaken,
  already_staff: staffMessages.alreadyStaff,
  not_staff: staffMessages.notStaff,
  cannot_remove_admin: staffMessages.cannotRemoveAdmin,
  invitation_not_found: staffMessages.invitationNotFound,
  invitation_invalid: staffMessages.linkInvalid,
  invitation_expired: staffMessages.linkExpired,
  invitation_used: staffMessages.linkUsed,
  image_not_image: catalogueMessages.imageNotImage,
  image_unreadable: catalogueMessages.imageUnreadable,
  offering_not_offered: offeringMessages.notOffered,
  reset_link_invalid: authMessages.resetLinkInvalid,
  reset_link_expired: authMessages.resetLinkExpired,
  reset_link_used: authMessages.resetLinkUsed,
  wrong_password: authMessages.currentPasswordWrong,
  message_not_failed: adminMessageMessages.notFailed,
} as const satisfies Partial<Record<RefusalCode, string>>;

/**
 * `puja_account_limit` (docs/product-rules.md, Places at the temple): the account already holds
 * the bookings of this date that the puja allows one account.
 */
export const accountLimitMessage = (max: number) =>
  `You may hold at most ${max === 1 ? '1 booking' : `${max} bookings`} of this date`;

/** A refusal code told in one message: `refuse(code)` needs nothing else. */
export type FixedRefusalCode = keyof typeof refusalMessages;
