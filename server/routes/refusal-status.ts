import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { WriteRefusal } from '../../contract/payments.ts';
import { EditConflict, PriceChanged, type Refusal } from '../services/refusal.ts';

/**
 * The one table from a service's refusal code to the HTTP status it is answered with. A code
 * missing here is a 400.
 */
const STATUS_BY_CODE: Record<string, ContentfulStatusCode> = {
  // orders
  wrong_user: 403,
  address_not_found: 404,
  product_not_found: 400,
  out_of_stock: 409,
  coupon_invalid: 400,
  coupon_expired: 400,
  coupon_exhausted: 400,
  coupon_below_minimum: 400,
  // the customer's expected_total is not the server's total (docs/product-rules.md, Payments)
  price_changed: 409,
  // bookings
  puja_not_found: 404,
  package_not_found: 404,
  package_of_another_puja: 400,
  booking_closed: 409,
  person_count_mismatch: 400,
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
  admin_only: 403,
  retired: 409,
  category_retired: 409,
  category_has_products: 409,
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
};

export function refusalStatus(code: string): ContentfulStatusCode {
  return STATUS_BY_CODE[code] ?? 400;
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
