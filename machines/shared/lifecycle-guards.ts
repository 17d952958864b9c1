import type { LifecycleActor } from '../../contract/lifecycle.ts';

type ByEvent = { event: { by: LifecycleActor } };

/**
 * Who takes a step of an order's or a booking's life (docs/product-rules.md, Orders and bookings
 * after the sale): the guards both lifecycle charts name, written once.
 */
export const byGuards = {
  byCustomer: ({ event }: ByEvent) => event.by === 'customer',
  byStaff: ({ event }: ByEvent) => event.by === 'staff',
  bySystem: ({ event }: ByEvent) => event.by === 'system',
};
