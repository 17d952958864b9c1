import type { Product } from '../../contract/catalogue.ts';
import { MAX_ORDER_LINES, MAX_QUANTITY_PER_PRODUCT } from '../../contract/order-rules.ts';

/**
 * The cart's lines: their identity (product and variant) and keys, and adding, changing and
 * removing them within the stock and the line limit (docs/product-rules.md, Cart, stock and
 * quantities). No clock, no I/O: the machine and its tests call these directly.
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

/** The cart holds at most as many lines as an order accepts. */
export const MAX_CART_LINES = MAX_ORDER_LINES;

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

/**
 * The most units of a product the cart holds, over all its variants: the stock, and never more
 * than one order may take (docs/product-rules.md, Cart, stock and quantities).
 */
export function limitOf(product: Pick<CartProduct, 'stockQuantity'>): number {
  return Math.max(0, Math.min(product.stockQuantity, MAX_QUANTITY_PER_PRODUCT));
}

/** What stops the quantity where it is: "Only 3 in stock" or "At most 10 per order". */
export function limitReason(product: Pick<CartProduct, 'stockQuantity'>): string {
  return product.stockQuantity <= MAX_QUANTITY_PER_PRODUCT
    ? `Only ${product.stockQuantity} in stock`
    : `At most ${MAX_QUANTITY_PER_PRODUCT} per order`;
}

/** How many more units of the product the cart may take, given what is already in it. */
export function roomFor(
  items: readonly CartItem[],
  product: Pick<CartProduct, 'id' | 'stockQuantity'>,
): number {
  return Math.max(0, limitOf(product) - quantityInCart(items, product.id));
}

const isWholeQuantity = (quantity: number) => Number.isSafeInteger(quantity) && quantity >= 1;

/** cart.add is possible: a whole quantity of 1 or more, room left under the limit, and room for a new line. */
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
 * at most up to its limit (limitOf). The line takes the product's current name, image, price and stock.
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
  return line !== undefined && quantityInCart(items, line.id) < limitOf(line);
}

/** docs/product-rules.md, Cart, stock and quantities: a quantity never drops below 1 (a decrease at 1 is refused). */
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

/** "Size M, Red" for display; empty without a variant. */
export function describeVariant(variant: CartVariant | undefined): string {
  const v = normaliseVariant(variant);
  return [v?.size && `Size ${v.size}`, v?.color].filter(Boolean).join(', ');
}
