import { Hono, type Context } from 'hono';
import { CouponValidateRequest, type CouponValidateResponse } from '../../contract/orders.ts';
import { limitMessages } from '../../contract/limits.ts';
import type { AppEnv } from '../env.ts';
import { bearerUser } from '../auth/middleware.ts';
import { findCoupon } from '../db/repositories/coupons.ts';
import { checkCoupon, describeCoupon, refuseCoupon } from '../services/pricing.ts';
import { readBody } from '../validate.ts';

/**
 * POST /api/coupons/validate {code, subtotal} -> 200 {discountAmount, code, description}, or
 * 400 {message, code} when the coupon cannot be applied to that subtotal. Public (docs/product-rules.md,
 * Coupons: a visitor may check a code). The answer is informative only: the order re-checks the coupon
 * against the server's own subtotal.
 *
 * Unknown codes are guesses, limited per customer (with a valid bearer token) or else per
 * address, and per address across accounts with a higher figure; once limited, every lookup from that key gets 429 until the window ends, so the 429
 * says nothing about the code (docs/decisions/0013-abuse-limits.md).
 */
async function validateCoupon(c: Context<AppEnv>) {
  const { code, subtotal } = await readBody(c, CouponValidateRequest);
  const signedIn = await bearerUser(c);
  const attempt = await c.var.limits.beginCouponLookup({
    client: c.var.client,
    customerId: signedIn?.user.id,
  });
  if (attempt.refused) {
    return c.json({ message: limitMessages.tooManyCouponCodes(attempt.retryAfterSeconds) }, 429, {
      'Retry-After': String(attempt.retryAfterSeconds),
    });
  }
  let coupon: Awaited<ReturnType<typeof findCoupon>>;
  try {
    coupon = await findCoupon(c.var.db, code);
  } catch (err) {
    await attempt.known().catch(() => undefined); // not a guess: the lookup never happened
    throw err;
  }
  await (coupon ? attempt.known() : attempt.unknown());
  const check = checkCoupon(coupon, subtotal, new Date());
  if (!coupon || !check.ok) {
    const { message, reason } = check.ok ? refuseCoupon('invalid') : check;
    return c.json({ message, code: `coupon_${reason}` }, 400);
  }
  const body: CouponValidateResponse = {
    discountAmount: check.discount,
    code: coupon.code,
    description: describeCoupon(coupon),
  };
  return c.json(body, 200);
}

export const couponRoutes = new Hono<AppEnv>()
  .post('/api/coupons/validate', validateCoupon)
  // docs/product-rules.md, Coupons: the original client calls this path with a doubled slash.
  .post('//api/coupons/validate', validateCoupon);
