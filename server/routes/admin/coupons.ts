import {
  CouponInput,
  CouponUpdate,
  type AdminCoupon,
  type AdminCouponListResponse,
  type AdminCouponResponse,
} from '../../../contract/admin/coupons.ts';
import { createCoupon, editCoupon, listCoupons } from '../../services/admin/coupons.ts';
import { recordRoutes } from './records.ts';

/** Coupons in the back office (contract/admin/coupons.ts); each listed with its status now. */

export const couponRoutes = recordRoutes({
  path: '/api/admin/coupons',
  answer: (coupon: AdminCoupon): AdminCouponResponse => ({ coupon }),
  list: async (c): Promise<AdminCouponListResponse> => ({
    coupons: await listCoupons(c.var.db, c.var.now()),
  }),
  create: [CouponInput, createCoupon],
  edit: [CouponUpdate, editCoupon],
});
