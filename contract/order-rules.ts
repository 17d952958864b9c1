/**
 * The money rules and limits of an order, shared by the cart (SPA), its machine and the server.
 * Amounts are whole rupees. Kept apart from the order schemas (contract/orders.ts, which
 * re-exports them) so the cart, which every page starts, does not bring those schemas along:
 * the bundler keeps a module's top-level schema code once anything of the module is imported
 * (docs/decisions/0032-the-entry-loads-what-the-first-paint-needs.md).
 */

/** docs/product-rules.md, Shipping and totals: shipping is free over this subtotal... */
export const FREE_SHIPPING_OVER = 1000;
/** ...and costs this much otherwise (an empty cart ships nothing and costs nothing). */
export const SHIPPING_FEE = 100;

/** docs/product-rules.md, Shipping and totals: 0 for an empty cart (subtotal 0), 0 when the subtotal is over 1000, else 100. */
export function shippingFor(subtotal: number): number {
  if (subtotal <= 0) return 0;
  return subtotal > FREE_SHIPPING_OVER ? 0 : SHIPPING_FEE;
}

/**
 * How much more the subtotal needs for free delivery ("Add ₹X for free delivery"): the rupees that
 * take it over FREE_SHIPPING_OVER, or 0 when it ships free already (or the cart is empty).
 */
export function freeShippingShortfall(subtotal: number): number {
  return shippingFor(subtotal) === 0 ? 0 : FREE_SHIPPING_OVER + 1 - subtotal;
}

/** docs/product-rules.md, Shipping and totals: subtotal + shipping - discount, never below zero. */
export function orderTotal({
  subtotal,
  shipping,
  discount,
}: {
  subtotal: number;
  shipping: number;
  discount: number;
}): number {
  return Math.max(0, subtotal + shipping - discount);
}

export const MAX_ORDER_LINES = 50;
/**
 * Most units of one product (over all its variants) in one order (docs/product-rules.md, Cart,
 * stock and quantities): a devotional shop sells to households, not to resellers.
 */
export const MAX_QUANTITY_PER_PRODUCT = 10;
