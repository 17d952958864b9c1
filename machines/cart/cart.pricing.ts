import * as v from 'valibot';
import type { Product } from '../../contract/catalogue.ts';
import { MAX_ORDER_LINES, orderTotal, shippingFor } from '../../contract/orders.ts';
import { formatRupees } from '../../contract/money.ts';

/**
 * The cart's pure rules: lines and their keys, quantities against stock, the money summary
 * (SPEC.md section 9 through contract/orders.ts), reading the stored cart, and reconciling the
 * lines with a fresh catalogue. No clock, no I/O: the machine and its tests call these directly.
 */

/** An optional size and colour; a variant with neither is no variant. */
export interface CartVariant {
  size?: string;
  color?: string;
}

export interface CartItem {
  /** The product id. */
  id: number;
  name: string;
  /** Relative image path, as the catalogue gives it. */
  image: string;
  /** Unit price for display: the catalogue's offerPrice (the server prices the order itself). */
  price: number;
  quantity: number;
  variant?: CartVariant;
  /** Stock on hand when the line was last compared with the catalogue. */
  stockQuantity: number;
}

/** What the cart needs from a catalogue product (a full Product fits). */
export type CartProduct = Pick<Product, 'id' | 'name' | 'image' | 'offerPrice' | 'stockQuantity'>;

/** A line's identity: the product and its variant. */
export interface LineRef {
  id: number;
  variant?: CartVariant;
}

export interface CartSummary {
  itemCount: number;
  subtotal: number;
  shipping: number;
  discount: number;
  total: number;
}

/** The cart holds at most as many lines as an order accepts. */
export const MAX_CART_LINES = MAX_ORDER_LINES;

/* ------------------------------------------------------------------------------------------
 * Lines
 * ---------------------------------------------------------------------------------------- */

/** Blank size and colour are dropped; undefined when neither is left. */
export function normaliseVariant(variant: CartVariant | null | undefined): CartVariant | undefined {
  const size = variant?.size?.trim() || undefined;
  const color = variant?.color?.trim() || undefined;
  if (!size && !color) return undefined;
  return { ...(size ? { size } : {}), ...(color ? { color } : {}) };
}

export function isSameLine(item: LineRef, ref: LineRef): boolean {
  if (item.id !== ref.id) return false;
  const a = normaliseVariant(item.variant);
  const b = normaliseVariant(ref.variant);
  return a?.size === b?.size && a?.color === b?.color;
}

/** A stable key for React lists and lookups. */
export function lineKey({ id, variant }: LineRef): string {
  const v = normaliseVariant(variant);
  return v ? `${id}:${v.size ?? ''}:${v.color ?? ''}` : String(id);
}

export function findLine(items: readonly CartItem[], ref: LineRef): CartItem | undefined {
  return items.find((item) => isSameLine(item, ref));
}

/** Units of this product in the cart, over all its variants. */
export function quantityInCart(items: readonly CartItem[], productId: number): number {
  return items.reduce((sum, item) => (item.id === productId ? sum + item.quantity : sum), 0);
}

/** How many more units of the product the stock allows, given what is already in the cart. */
export function roomFor(
  items: readonly CartItem[],
  product: Pick<CartProduct, 'id' | 'stockQuantity'>,
): number {
  return Math.max(0, product.stockQuantity - quantityInCart(items, product.id));
}

const isWholeQuantity = (quantity: number) => Number.isSafeInteger(quantity) && quantity >= 1;

/** cart.add is possible: a whole quantity of 1 or more, stock left for it, and room for a new line. */
export function canAddToCart(
  items: readonly CartItem[],
  product: CartProduct,
  quantity: number,
  variant?: CartVariant,
): boolean {
  if (!isWholeQuantity(quantity) || roomFor(items, product) <= 0) return false;
  return findLine(items, { id: product.id, variant }) !== undefined || items.length < MAX_CART_LINES;
}

/**
 * Adds the product (a new line, or more of an existing line of the same product and variant),
 * at most up to the stock. The line takes the product's current name, image, price and stock.
 */
export function addToItems(
  items: readonly CartItem[],
  product: CartProduct,
  quantity: number,
  variant?: CartVariant,
): CartItem[] {
  const added = Math.min(quantity, roomFor(items, product));
  if (!isWholeQuantity(added)) return [...items];
  const ref = { id: product.id, variant: normaliseVariant(variant) };
  const fresh = {
    name: product.name,
    image: product.image,
    price: product.offerPrice,
    stockQuantity: product.stockQuantity,
  };
  if (findLine(items, ref)) {
    return items.map((item) =>
      isSameLine(item, ref) ? { ...item, ...fresh, quantity: item.quantity + added } : item,
    );
  }
  return [
    ...items,
    { id: product.id, ...fresh, quantity: added, ...(ref.variant ? { variant: ref.variant } : {}) },
  ];
}

export function canIncrease(items: readonly CartItem[], ref: LineRef): boolean {
  const line = findLine(items, ref);
  return line !== undefined && quantityInCart(items, line.id) < line.stockQuantity;
}

/** SPEC.md section 5: a quantity never drops below 1 (a decrease at 1 is refused). */
export function canDecrease(items: readonly CartItem[], ref: LineRef): boolean {
  const line = findLine(items, ref);
  return line !== undefined && line.quantity > 1;
}

export function changeQuantity(items: readonly CartItem[], ref: LineRef, by: 1 | -1): CartItem[] {
  return items.map((item) => (isSameLine(item, ref) ? { ...item, quantity: item.quantity + by } : item));
}

export function removeLine(items: readonly CartItem[], ref: LineRef): CartItem[] {
  return items.filter((item) => !isSameLine(item, ref));
}

/* ------------------------------------------------------------------------------------------
 * Money (SPEC.md section 9)
 * ---------------------------------------------------------------------------------------- */

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

/* ------------------------------------------------------------------------------------------
 * Storage
 * ---------------------------------------------------------------------------------------- */

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

/* ------------------------------------------------------------------------------------------
 * Reconciliation with the catalogue
 * ---------------------------------------------------------------------------------------- */

export const cartNotices = {
  priceChanged: (name: string, from: number, to: number) =>
    `The price of ${name} changed from ${formatRupees(from)} to ${formatRupees(to)}.`,
  stockReduced: (available: number, name: string) =>
    `Only ${available} left of ${name}; we reduced the quantity.`,
  unavailable: (name: string) => `${name} is no longer available and was removed from your cart.`,
  couponDropped: (code: string, reason: string) =>
    `The coupon ${code} was removed: ${reason.replace(/\.?$/, '.')}`,
  couponUnchecked: (code: string) =>
    `The coupon ${code} was removed because we could not check it again. Please apply it again.`,
} as const;

/**
 * The lines compared with a fresh catalogue: a changed price is taken (and told), a line beyond
 * the stock is reduced (and told), a product that is gone or out of stock is removed (and told).
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
    const available = left.get(item.id) ?? product?.stockQuantity ?? 0;
    if (!product || available <= 0) {
      notices.push(cartNotices.unavailable(product?.name ?? item.name));
      continue;
    }
    if (product.offerPrice !== item.price)
      notices.push(cartNotices.priceChanged(product.name, item.price, product.offerPrice));
    const quantity = Math.min(item.quantity, available);
    if (quantity < item.quantity) notices.push(cartNotices.stockReduced(available, product.name));
    left.set(item.id, available - quantity);
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

/** A line's price times its quantity. */
export function lineTotal(item: Pick<CartItem, 'price' | 'quantity'>): number {
  return item.price * item.quantity;
}

/** "Size M, Red" for display; empty without a variant. */
export function describeVariant(variant: CartVariant | undefined): string {
  const v = normaliseVariant(variant);
  return [v?.size && `Size ${v.size}`, v?.color].filter(Boolean).join(', ');
}
