import { createHash } from 'node:crypto';
import type { OrderCreateRequest } from '../../contract/orders.ts';

/**
 * A fingerprint of what the customer asked for, taken from the validated (trimmed, upper-cased,
 * unknown-keys-dropped) request. The amounts and statuses the server ignores are left out, so a
 * retry that re-sends stale client totals is still the same request; everything that changes
 * the order (address, lines, payment, notes, coupon) is in.
 */
export function orderRequestHash(input: OrderCreateRequest): string {
  const normalised = {
    addressId: input.address_id,
    items: input.items.map((item) => ({
      productId: item.product_id,
      quantity: item.quantity,
      size: item.variant?.size ?? null,
      color: item.variant?.color ?? null,
    })),
    paymentMethod: input.payment_method,
    paymentId: input.payment_method === 'online' ? (input.payment_id ?? null) : null,
    notes: input.notes,
    couponCode: input.coupon_code,
  };
  return createHash('sha256').update(JSON.stringify(normalised)).digest('hex');
}
