import { Hono } from 'hono';
import type { AppEnv } from '../../env.ts';
import { astrologerRoutes } from './astrologers.ts';
import { auditRoutes } from './audit.ts';
import { bookingRoutes } from './bookings.ts';
import { categoryRoutes } from './categories.ts';
import { couponRoutes } from './coupons.ts';
import { exportRoutes } from './exports.ts';
import { imageRoutes } from './images.ts';
import { messageRoutes } from './messages.ts';
import { offeringRoutes } from './offerings.ts';
import { orderRoutes } from './orders.ts';
import { packageRoutes } from './packages.ts';
import { productRoutes } from './products.ts';
import { pujaRoutes } from './pujas.ts';
import { sankalpRoutes } from './sankalp.ts';
import { staffRoutes } from './staff.ts';
import { todayRoutes } from './today.ts';
import { waitlistRoutes } from './waitlist.ts';

/**
 * The back office's API, one file per resource: mounted by server/app.ts behind its one guard
 * on /api/admin/* (signed-in staff; admins alone for the staff routes, requireAdmin).
 */
export const adminRoutes = new Hono<AppEnv>()
  .route('/', todayRoutes)
  .route('/', orderRoutes)
  .route('/', bookingRoutes)
  .route('/', exportRoutes)
  .route('/', sankalpRoutes)
  .route('/', pujaRoutes)
  .route('/', waitlistRoutes)
  .route('/', packageRoutes)
  .route('/', offeringRoutes)
  .route('/', productRoutes)
  .route('/', categoryRoutes)
  .route('/', astrologerRoutes)
  .route('/', imageRoutes)
  .route('/', couponRoutes)
  .route('/', messageRoutes)
  .route('/', auditRoutes)
  .route('/', staffRoutes);
