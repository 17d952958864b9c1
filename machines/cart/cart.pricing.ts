import { orderTotal, shippingFor } from '../../contract/order-rules.ts';
import type { CartItem } from './cart.lines.ts';

/**
 * The cart's money summary, by the rules the server also prices with (contract/order-rules.ts;
 * docs/product-rules.md, Shipping and totals). The server prices the order itself; these are for display.
 */

export interface CartSummary {
  itemCount: number;
  subtotal: number;
  shipping: number;
  discount: number;
  total: number;
}

/** A line's price times its quantity. */
export function lineTotal(item: Pick<CartItem, 'price' | 'quantity'>): number {
  return item.price * item.quantity;
}

export function itemCountOf(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}

export function subtotalOf(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + lineTotal(item), 0);
}

/** Subtotal, shipping (free over ₹1000, none for an empty cart), discount and total. */
export function summaryOf(items: readonly CartItem[], discountAmount: number): CartSummary {
  const subtotal = subtotalOf(items);
  const shipping = shippingFor(subtotal);
  const discount = items.length === 0 ? 0 : discountAmount;
  return {
    itemCount: itemCountOf(items),
    subtotal,
    shipping,
    discount,
    total: orderTotal({ subtotal, shipping, discount }),
  };
}
