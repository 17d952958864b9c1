import { Hono } from 'hono';
import {
  CouponInput,
  CouponUpdate,
  type AdminCoupon,
  type AdminCouponListResponse,
  type AdminCouponResponse,
} from '../../../contract/admin/coupons.ts';
import type { AppEnv } from '../../env.ts';
import { createCoupon, editCoupon, listCoupons } from '../../services/admin/coupons.ts';
import { createRoute, editRoute } from './records.ts';

/** Coupons in the back office (contract/admin/coupons.ts); each listed with its status now. */

const answer = (coupon: AdminCoupon): AdminCouponResponse => ({ coupon });

export const couponRoutes = new Hono<AppEnv>().get('/api/admin/coupons', async (c) => {
  const body: AdminCouponListResponse = { coupons: await listCoupons(c.var.db, c.var.now()) };
  return c.json(body, 200);
});
createRoute(couponRoutes, '/api/admin/coupons', CouponInput, createCoupon, answer);
editRoute(couponRoutes, '/api/admin/coupons/:id', CouponUpdate, editCoupon, answer);
