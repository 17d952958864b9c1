import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';
import type { LifecycleDeps } from '../services/order-lifecycle.ts';

/** The database, the payment gateway and the clock a lifecycle step needs, from the request. */
export const lifecycleDeps = (c: Context<AppEnv>): LifecycleDeps => ({
  db: c.var.db,
  gateway: c.var.payments,
  now: c.var.now,
});
