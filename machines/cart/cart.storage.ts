import * as v from 'valibot';
import { MAX_CART_LINES, normaliseVariant } from './cart.lines.ts';

/** The cart as it is kept between visits, and reading it back safely. */

const WholeRupees = v.pipe(v.number(), v.safeInteger(), v.minValue(0));
const StoredVariant = v.object({ size: v.optional(v.string()), color: v.optional(v.string()) });

const StoredItem = v.object({
  id: v.pipe(v.number(), v.safeInteger(), v.minValue(1)),
  name: v.string(),
  image: v.string(),
  price: WholeRupees,
  quantity: v.pipe(v.number(), v.safeInteger(), v.minValue(1)),
  variant: v.optional(StoredVariant),
  stockQuantity: WholeRupees,
});

/** The cart as it is kept between visits (local storage, in src/app). */
export const StoredCart = v.object({
  items: v.pipe(v.array(StoredItem), v.maxLength(MAX_CART_LINES)),
  couponCode: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty())),
  discountAmount: v.optional(WholeRupees, 0),
});
export type StoredCart = v.InferOutput<typeof StoredCart>;

export const EMPTY_STORED_CART: StoredCart = { items: [], couponCode: undefined, discountAmount: 0 };

/**
 * The stored cart (JSON text), checked against the schema. Anything unreadable — bad JSON, a
 * different shape, a line without a name — gives an empty cart rather than a broken page.
 */
export function readStoredCart(raw: string | null | undefined): StoredCart {
  if (!raw) return EMPTY_STORED_CART;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return EMPTY_STORED_CART;
  }
  const parsed = v.safeParse(StoredCart, data);
  if (!parsed.success) return EMPTY_STORED_CART;
  const items = parsed.output.items.map((item) => {
    const variant = normaliseVariant(item.variant);
    const { variant: _dropped, ...rest } = item;
    return variant ? { ...rest, variant } : rest;
  });
  const hasCoupon = items.length > 0 && parsed.output.couponCode !== undefined;
  return {
    items,
    couponCode: hasCoupon ? parsed.output.couponCode : undefined,
    discountAmount: hasCoupon ? parsed.output.discountAmount : 0,
  };
}
