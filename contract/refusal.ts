import type { AccountCode } from './auth.ts';
import type { LifecycleCode } from './lifecycle.ts';

/**
 * Every code the server refuses with, in the `{message, code}` body of a 4xx
 * (docs/decisions/0069-one-refusal-path.md). Services throw `Refusal`s typed by it, and
 * server/routes/refusal-status.ts maps each one to its status, so a new code without a status
 * fails the type-check and a misspelt code does not compile. The messages that belong to a code
 * are in contract/refusal-messages.ts (kept apart, so the SPA's entry does not carry them).
 *
 * Types only: the SPA reads the code the server sent and routes on it (a guard compares it with
 * a member of this union, so a misspelt comparison does not compile either).
 */
export type RefusalCode =
  // orders
  | 'wrong_user'
  | 'address_not_found'
  | 'product_not_found'
  | 'out_of_stock'
  | CouponRefusalCode
  // the customer's expected_total is not the server's total (docs/product-rules.md, Payments)
  | 'price_changed'
  // bookings
  | 'puja_not_found'
  | 'package_not_found'
  | 'package_of_another_puja'
  | 'booking_closed'
  // places at the temple (docs/product-rules.md, Places at the temple)
  | 'puja_full'
  | 'puja_account_limit'
  | 'person_count_mismatch'
  | 'script_spelling_invalid'
  // the waitlist of a full date (docs/product-rules.md, Waitlist)
  | 'waitlist_not_full'
  | 'waitlist_already'
  | 'waitlist_closed'
  | 'waitlist_not_found'
  // both
  | 'idempotency_key_reused'
  // payments (docs/product-rules.md, Payments)
  | 'payment_declined'
  | 'payment_not_found'
  | 'payment_invalid'
  | 'payment_not_captured'
  | 'payment_already_captured'
  | 'payment_used'
  | 'payment_expired'
  | 'payment_refunded'
  | 'payment_purpose_mismatch'
  | 'payment_amount_mismatch'
  // after the sale (docs/product-rules.md, Orders and bookings after the sale)
  | 'order_not_found'
  | 'booking_not_found'
  | LifecycleCode
  // uploads
  | 'upload_not_found'
  | 'upload_empty'
  | 'upload_not_image'
  | 'upload_too_large'
  | 'too_many_uploads'
  // the back office (docs/product-rules.md, Roles and the back office)
  | 'not_found'
  | 'edit_conflict'
  | 'retired'
  | 'date_in_past'
  | 'category_retired'
  | 'category_has_products'
  | 'message_not_failed'
  | 'stock_below_zero'
  | 'package_has_bookings'
  | 'coupon_code_taken'
  | 'already_staff'
  | 'not_staff'
  | 'cannot_remove_admin'
  | 'invitation_not_found'
  | 'invitation_invalid'
  | 'invitation_expired'
  | 'invitation_used'
  | 'image_not_image'
  | 'image_unreadable'
  | 'image_too_small'
  // chadhava offerings (docs/product-rules.md, Chadhava offerings)
  | 'offering_not_offered'
  | 'offering_too_many'
  // messages (docs/product-rules.md, Messages to customers, Consent): WhatsApp ticked, no mobile to send to
  | 'whatsapp_mobile_required'
  | 'preferences_link_invalid'
  // accounts: a reset link or a password change (answered by server/routes/auth.ts)
  | AccountCode
  // limits on guessing (docs/product-rules.md, Limits on guessing), answered 429 by their routes
  | LimitCode;

/** Why a coupon does not apply (docs/product-rules.md, Coupons). */
export type CouponRefusalReason =
  'invalid' | 'expired' | 'exhausted' | 'below_minimum' | 'not_started' | 'used_by_you';
/** A coupon refusal as the server answers it: `coupon_expired`, `coupon_below_minimum`... */
export type CouponRefusalCode = `coupon_${CouponRefusalReason}`;

/** An abuse limit that refused a request: it may be tried again later. */
export type LimitCode =
  | 'too_many_sign_in_attempts'
  | 'too_many_coupon_codes'
  | 'too_many_registrations'
  | 'too_many_reset_requests'
  | 'too_many_link_uses';

/** Money the server gave back when a write was refused after its payment was captured. */
export interface Refunded {
  paymentId: string;
  amount: number;
}

/**
 * The server said no and told why: a 4xx the customer (or staff) can read and act on, where
 * asking again unchanged gets the same answer. The one shape of a refusal in the SPA and its
 * machines: the API client's classifier (src/lib/api.ts) builds it, actors resolve with it, and
 * guards route on `code`, never on an HTTP status.
 */
export interface Refused {
  kind: 'refused';
  /** Absent when the server named none (a 400 naming a field of the request). */
  code?: RefusalCode;
  message: string;
  /** The record asked for does not exist (or is another customer's, answered the same). */
  notFound?: true;
  /** Set when a captured payment went back because of this refusal. */
  refunded?: Refunded;
  /** With `price_changed`: the server's own total, in whole rupees. */
  total?: number;
  /** With `edit_conflict`: the record as it is now (docs/decisions/0034). */
  current?: unknown;
}

/**
 * What every actor that calls the API resolves with: its own success, told apart by `kind`, or
 * the server's refusal. The unexpected (no answer, a 5xx, an unreadable response) rejects, and
 * the machine's `onError` offers a retry (docs/decisions/0069-one-refusal-path.md).
 */
export type Outcome<Done extends { kind: string }> = Done | Refused;

/** Whether a value (a load's rejection, an actor's output) is the server's refusal. */
export function isRefused(value: unknown): value is Refused {
  return typeof value === 'object' && value !== null && 'kind' in value && value.kind === 'refused';
}
