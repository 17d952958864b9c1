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
import { readBody } from '../../validate.ts';
import { editRoute, staffDeps } from './records.ts';

/** Coupons in the back office (contract/admin/coupons.ts); each listed with its status now. */

const answer = (coupon: AdminCoupon): AdminCouponResponse => ({ coupon });

export const couponRoutes = new Hono<AppEnv>()
  .get('/api/admin/coupons', async (c) => {
    const body: AdminCouponListResponse = { coupons: await listCoupons(c.var.db, c.var.now()) };
    return c.json(body, 200);
  })
  .post('/api/admin/coupons', async (c) => {
    const input = await readBody(c, CouponInput);
    return c.json(answer(await createCoupon(staffDeps(c), input)), 201);
  });
editRoute(couponRoutes, '/api/admin/coupons/:id', CouponUpdate, editCoupon, answer);
