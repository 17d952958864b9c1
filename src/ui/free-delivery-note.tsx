import { freeShippingShortfall } from '../../contract/order-rules.ts';
import { formatRupees } from '../../contract/money.ts';

/**
 * Under a summary that charges shipping, how much more makes it free (docs/product-rules.md,
 * Shipping and totals): "Add ₹551 for free delivery". Nothing once it ships free.
 */
export function FreeDeliveryNote({ subtotal }: { subtotal: number }) {
  const shortfall = freeShippingShortfall(subtotal);
  if (shortfall <= 0) return null;
  return <p className="free-delivery-note">Add {formatRupees(shortfall)} for free delivery</p>;
}
