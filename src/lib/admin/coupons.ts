import {
  AdminCouponListResponse,
  AdminCouponResponse,
  type CouponInput,
} from '../../../contract/admin/coupons.ts';
import { foundIn, staffGet, staffSend } from './client.ts';

export const fetchStaffCoupons = (signal?: AbortSignal) =>
  staffGet('/api/admin/coupons', AdminCouponListResponse, signal);

/** A coupon as staff read it: the list has them all (there is no route for one). */
export const fetchStaffCoupon = async (id: number, signal?: AbortSignal) =>
  foundIn((await fetchStaffCoupons(signal)).coupons, id, 'Coupon');

export const saveStaffCoupon = async (
  id: number | null,
  body: CouponInput,
  version: number | null,
  signal?: AbortSignal,
) =>
  (id === null
    ? await staffSend('POST', '/api/admin/coupons', body, AdminCouponResponse, signal)
    : await staffSend('PUT', `/api/admin/coupons/${id}`, { ...body, version }, AdminCouponResponse, signal)
  ).coupon;
