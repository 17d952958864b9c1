import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { WriteRefusal } from '../../contract/payments.ts';
import type { RefusalCode } from '../../contract/refusal.ts';
import { EditConflict, PriceChanged, type Refusal } from '../services/refusal.ts';

/**
 * The one table from a refusal code to the HTTP status it is answered with: every code of
 * contract/refusal.ts has its row, so a new code without a status fails the type-check
 * (docs/decisions/0069-one-refusal-path.md).
 */
const STATUS_BY_CODE = {
  // orders
  wrong_user: 403,
  address_not_found: 404,
  product_not_found: 400,
  out_of_stock: 409,
  coupon_invalid: 400,
  coupon_expired: 400,
  coupon_exhausted: 400,
  coupon_below_minimum: 400,
  coupon_not_started: 400,
  coupon_used_by_you: 400,
  // the customer's expected_total is not the server's total (docs/product-rules.md, Payments)
  price_changed: 409,
  // bookings
  puja_not_found: 404,
  package_not_found: 404,
  package_of_another_puja: 400,
  booking_closed: 409,
  puja_full: 409,
  puja_account_limit: 409,
  person_count_mismatch: 400,
  script_spelling_invalid: 400,
  // the waitlist of a full date (docs/product-rules.md, Waitlist)
  waitlist_not_full: 409,
  waitlist_already: 409,
  waitlist_closed: 409,
  waitlist_not_found: 404,
  // both
  idempotency_key_reused: 422,
  // payments (docs/product-rules.md, Payments)
  payment_declined: 402,
  payment_not_found: 404,
  // Unknown or another customer's: the same answer, so ids cannot be probed.
  payment_invalid: 404,
  payment_not_captured: 409,
  payment_already_captured: 409,
  payment_used: 409,
  payment_expired: 409,
  payment_refunded: 409,
  payment_purpose_mismatch: 409,
  payment_amount_mismatch: 409,
  // after the sale (docs/product-rules.md, Orders and bookings after the sale): the lifecycle
  // said no, or another step came first; nothing changed
  order_not_found: 404,
  booking_not_found: 404,
  lifecycle_wrong_state: 409,
  lifecycle_not_allowed: 409,
  lifecycle_window_passed: 409,
  lifecycle_sankalp_locked: 409,
  lifecycle_not_due: 409,
  lifecycle_invalid: 409,
  lifecycle_conflict: 409,
  // uploads
  upload_not_found: 404,
  upload_empty: 400,
  upload_not_image: 415,
  upload_too_large: 413,
  too_many_uploads: 429,
  // the back office (docs/product-rules.md, Roles and the back office)
  not_found: 404,
  edit_conflict: 409,
  retired: 409,
  date_in_past: 400,
  category_retired: 409,
  category_has_products: 409,
  message_not_failed: 409,
  stock_below_zero: 409,
  package_has_bookings: 409,
  coupon_code_taken: 409,
  already_staff: 409,
  not_staff: 404,
  cannot_remove_admin: 409,
  invitation_not_found: 404,
  invitation_invalid: 400,
  invitation_expired: 400,
  invitation_used: 400,
  image_not_image: 415,
  image_unreadable: 415,
  image_too_small: 400,
  // chadhava offerings (docs/product-rules.md, Chadhava offerings)
  offering_not_offered: 409,
  offering_too_many: 400,
  // messages (docs/product-rules.md, Messages to customers, Consent)
  whatsapp_mobile_required: 400,
  // A link not signed by the shop: as if there were no such page.
  preferences_link_invalid: 404,
  // accounts: a reset link or a password change, answered by routes/auth.ts
  reset_link_invalid: 400,
  reset_link_expired: 400,
  reset_link_used: 400,
  wrong_password: 400,
  // limits on guessing (docs/product-rules.md, Limits on guessing), answered by their routes
  too_many_sign_in_attempts: 429,
  too_many_coupon_codes: 429,
  too_many_registrations: 429,
  too_many_reset_requests: 429,
  too_many_link_uses: 429,
} as const satisfies Record<RefusalCode, ContentfulStatusCode>;

export function refusalStatus(code: RefusalCode): ContentfulStatusCode {
  return STATUS_BY_CODE[code];
}

/**
 * The body a refusal is answered with: {message, code}, `refunded` when money went back, and
 * the server's `total` when the price changed.
 */
export function refusalBody(refusal: Refusal): WriteRefusal & { current?: unknown } {
  return {
    message: refusal.message,
    code: refusal.code,
    ...(refusal.refunded ? { refunded: refusal.refunded } : {}),
    ...(refusal instanceof PriceChanged ? { total: refusal.total } : {}),
    // A conflicting edit answers the record as it is now (docs/decisions/0034).
    ...(refusal instanceof EditConflict ? { current: refusal.current } : {}),
  };
}
