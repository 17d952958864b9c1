import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';
import type { LifecycleDeps, Sender } from '../services/lifecycle.ts';

/** The database, the payment gateway and the clock a lifecycle step needs, from the request. */
export const lifecycleDeps = (c: Context<AppEnv>): LifecycleDeps => ({
  db: c.var.db,
  gateway: c.var.payments,
  now: c.var.now,
});

/** A customer's step on their own record: anyone else's answers "not found". */
export const asCustomer = (c: Context<AppEnv>): { ownerId: number; sender: Sender } => ({
  ownerId: c.var.user.id,
  sender: { by: 'customer', userId: c.var.user.id },
});
