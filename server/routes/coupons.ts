import { Hono, type Context } from 'hono';
import { CouponValidateRequest, type CouponValidateResponse } from '../../contract/orders.ts';
import type { AppEnv } from '../app.ts';
import { findCoupon } from '../db/repositories/coupons.ts';
import { checkCoupon, describeCoupon, refuseCoupon } from '../orders/pricing.ts';
import { readBody } from '../validate.ts';

/**
 * POST /api/coupons/validate {code, subtotal} -> 200 {discountAmount, code, description}, or
 * 400 {message, code} when the coupon cannot be applied to that subtotal. Public (SPEC.md
 * section 7 sends no token). The answer is informative only: the order re-checks the coupon
 * against the server's own subtotal.
 */
async function validateCoupon(c: Context<AppEnv>) {
  const { code, subtotal } = await readBody(c, CouponValidateRequest);
  const coupon = await findCoupon(c.var.db, code);
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
  // DECISIONS.md: the original client calls this path with a doubled slash.
  .post('//api/coupons/validate', validateCoupon);
