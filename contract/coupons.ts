import * as v from 'valibot';
import { formatRupees } from './money.ts';
import { FORBIDDEN_TEXT, notAllowedMessage, tooLongMessage } from './text.ts';

/**
 * POST /api/coupons/validate: the cart's coupon check, its messages and bodies. Apart from the
 * order schemas (contract/orders.ts re-exports these) for the same reason as order-rules.ts.
 */

export const MAX_COUPON_CODE_LENGTH = 40;

export const couponMessages = {
  // request validation
  codeRequired: 'Please enter a coupon code',
  codeText: 'Coupon code must be text',
  codeTooLong: tooLongMessage('Coupon code', MAX_COUPON_CODE_LENGTH),
  codeNotAllowed: notAllowedMessage('Coupon code'),
  subtotalInvalid: 'subtotal must be a whole number of rupees, 0 or more',
  // the coupon's rules
  invalid: 'Invalid coupon code',
  expired: 'This coupon has expired',
  exhausted: 'This coupon is no longer available',
  belowMinimum: (shortBy: number) => `Add items worth ${formatRupees(shortBy)} more to use this coupon`,
  notStarted: 'This coupon is not valid yet',
  usedByYou: 'You have already used this coupon as many times as it allows',
  // docs/product-rules.md, Messages and errors: the fallback shown under the coupon field
  failed: 'Invalid coupon code',
} as const;

/** Trimmed and upper-cased, so " welcome10 " is WELCOME10. */
const CouponCode = v.pipe(
  v.nullish(v.string(couponMessages.codeText), ''),
  v.trim(),
  v.nonEmpty(couponMessages.codeRequired),
  v.maxLength(MAX_COUPON_CODE_LENGTH, couponMessages.codeTooLong),
  v.check((value) => !FORBIDDEN_TEXT.test(value), couponMessages.codeNotAllowed),
  v.toUpperCase(),
);

/** A required amount; missing or null gets the field's own message (a bare key would say "Invalid key"). */
const Rupees = (message: string) =>
  v.pipe(v.nullish(v.number(message), -1), v.safeInteger(message), v.minValue(0, message));

export const CouponValidateRequest = v.object({
  code: CouponCode,
  subtotal: Rupees(couponMessages.subtotalInvalid),
});
export type CouponValidateRequest = v.InferOutput<typeof CouponValidateRequest>;

export const CouponValidateResponse = v.object({
  discountAmount: v.number(),
  code: v.string(),
  description: v.optional(v.string()),
});
export type CouponValidateResponse = v.InferOutput<typeof CouponValidateResponse>;
