import { formatRupees } from '../../contract/money.ts';
import { MAX_QUANTITY_PER_PRODUCT } from '../../contract/order-rules.ts';
import { limitOf, type CartItem, type CartProduct } from './cart.lines.ts';

/** The cart's lines compared with a fresh catalogue, and what the customer is told about it. */

export const cartNotices = {
  priceChanged: (name: string, from: number, to: number) =>
    `The price of ${name} changed from ${formatRupees(from)} to ${formatRupees(to)}.`,
  stockReduced: (available: number, name: string) =>
    `Only ${available} left of ${name}; we reduced the quantity.`,
  perOrderReduced: (name: string) =>
    `At most ${MAX_QUANTITY_PER_PRODUCT} of ${name} per order; we reduced the quantity.`,
  unavailable: (name: string) => `${name} is no longer available and was removed from your cart.`,
  couponDropped: (code: string, reason: string) =>
    `The coupon ${code} was removed: ${reason.replace(/\.?$/, '.')}`,
  couponUnchecked: (code: string) =>
    `The coupon ${code} was removed because we could not check it again. Please apply it again.`,
} as const;

/**
 * The lines compared with a fresh catalogue: a changed price is taken (and told), a line beyond
 * the stock or the per-order limit is reduced (and told), a product that is gone or out of stock is removed (and told).
 * Name, image and stock follow the catalogue silently. Stock is shared by a product's variants,
 * in the order the lines were added.
 */
export function reconcileItems(
  items: readonly CartItem[],
  catalogue: readonly CartProduct[],
): { items: CartItem[]; notices: string[] } {
  const byId = new Map(catalogue.map((product) => [product.id, product]));
  const left = new Map<number, number>();
  const notices: string[] = [];
  const kept: CartItem[] = [];
  for (const item of items) {
    const product = byId.get(item.id);
    if (!product || product.stockQuantity <= 0) {
      notices.push(cartNotices.unavailable(product?.name ?? item.name));
      continue;
    }
    const available = left.get(item.id) ?? limitOf(product);
    if (product.offerPrice !== item.price)
      notices.push(cartNotices.priceChanged(product.name, item.price, product.offerPrice));
    const quantity = Math.min(item.quantity, available);
    if (quantity < item.quantity)
      notices.push(
        product.stockQuantity > MAX_QUANTITY_PER_PRODUCT
          ? cartNotices.perOrderReduced(product.name)
          : cartNotices.stockReduced(product.stockQuantity, product.name),
      );
    left.set(item.id, available - quantity);
    if (quantity === 0) continue; // an earlier variant's line took all there is
    kept.push({
      ...item,
      name: product.name,
      image: product.image,
      price: product.offerPrice,
      stockQuantity: product.stockQuantity,
      quantity,
    });
  }
  return { items: kept, notices };
}
