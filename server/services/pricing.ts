import { formatRupees } from '../../contract/money.ts';
import type { CouponRefusalReason } from '../../contract/refusal.ts';
import {
  couponMessages,
  orderMessages,
  orderTotal,
  shippingFor,
  type OrderVariant,
} from '../../contract/orders.ts';

/**
 * The order's money rules, pure (no database, no clock of their own): the server prices every
 * order from its own catalogue rows with these, whatever the client sent.
 */

/** What pricing needs from a catalogue product. */
export interface CatalogueProduct {
  id: number;
  name: string;
  image: string;
  offerPrice: number;
  stockQuantity: number;
}

export interface RequestedLine {
  productId: number;
  quantity: number;
  variant: OrderVariant | null;
}

export interface PricedLine extends RequestedLine {
  name: string;
  image: string;
  /** The offer price at order time. */
  unitPrice: number;
}

/** Why an order cannot be priced as asked. */
export type LineProblem =
  | { kind: 'unknownProduct'; productId: number; message: string }
  | { kind: 'notEnoughStock'; productId: number; available: number; message: string };

/** The quantity asked for each product, summed over its lines (a product may appear in several variants). */
export function quantitiesByProduct(lines: readonly RequestedLine[]): Map<number, number> {
  const totals = new Map<number, number>();
  for (const { productId, quantity } of lines) totals.set(productId, (totals.get(productId) ?? 0) + quantity);
  return totals;
}

export function stockProblem(product: CatalogueProduct, available = product.stockQuantity): LineProblem {
  return {
    kind: 'notEnoughStock',
    productId: product.id,
    available,
    message:
      available <= 0
        ? orderMessages.outOfStock(product.name)
        : orderMessages.onlyLeft(available, product.name),
  };
}

/**
 * Prices the requested lines from the catalogue: every product must exist and have enough
 * stock for the total quantity asked across its lines. Lines keep the order they were sent in.
 */
export function priceLines(
  lines: readonly RequestedLine[],
  catalogue: ReadonlyMap<number, CatalogueProduct>,
): { ok: true; lines: PricedLine[] } | { ok: false; problem: LineProblem } {
  for (const { productId } of lines) {
    if (!catalogue.has(productId))
      return {
        ok: false,
        problem: { kind: 'unknownProduct', productId, message: orderMessages.productNotFound(productId) },
      };
  }
  for (const [productId, quantity] of quantitiesByProduct(lines)) {
    const product = catalogue.get(productId)!;
    if (quantity > product.stockQuantity) return { ok: false, problem: stockProblem(product) };
  }
  return {
    ok: true,
    lines: lines.map((line) => {
      const { name, image, offerPrice } = catalogue.get(line.productId)!;
      return { ...line, name, image, unitPrice: offerPrice };
    }),
  };
}

export function subtotalOf(lines: readonly Pick<PricedLine, 'unitPrice' | 'quantity'>[]): number {
  return lines.reduce((sum, { unitPrice, quantity }) => sum + unitPrice * quantity, 0);
}

/** What the rules need from a coupon row. */
export interface CouponRule {
  code: string;
  kind: 'percent' | 'flat';
  value: number;
  minSubtotal: number;
  maxDiscount: number | null;
  expiresAt: string | null;
  usageLimit: number | null;
  timesUsed: number;
  active: number;
  /** When it starts to work (null or absent: from its creation). */
  startsAt?: string | null;
}

export type CouponCheck =
  { ok: true; discount: number } | { ok: false; reason: CouponRefusalReason; message: string };

/** Percent: floor(subtotal × value / 100), capped by max_discount; flat: the value. Never above the subtotal. */
export function couponDiscount(
  coupon: Pick<CouponRule, 'kind' | 'value' | 'maxDiscount'>,
  subtotal: number,
): number {
  let discount = coupon.kind === 'percent' ? Math.floor((subtotal * coupon.value) / 100) : coupon.value;
  if (coupon.maxDiscount !== null) discount = Math.min(discount, coupon.maxDiscount);
  return Math.max(0, Math.min(discount, subtotal));
}

export function refuseCoupon(reason: CouponRefusalReason, shortBy = 0): CouponCheck & { ok: false } {
  const message = {
    invalid: couponMessages.invalid,
    expired: couponMessages.expired,
    exhausted: couponMessages.exhausted,
    below_minimum: couponMessages.belowMinimum(shortBy),
    not_started: couponMessages.notStarted,
    used_by_you: couponMessages.usedByYou,
  }[reason];
  return { ok: false, reason, message };
}

/** Checks a coupon (undefined = no such code) against a subtotal at `now`, and prices it. */
export function checkCoupon(coupon: CouponRule | undefined, subtotal: number, now: Date): CouponCheck {
  if (!coupon) return refuseCoupon('invalid');
  if (coupon.active !== 1) return refuseCoupon('exhausted');
  if (coupon.startsAt && now.getTime() < Date.parse(coupon.startsAt)) return refuseCoupon('not_started');
  if (coupon.expiresAt !== null && now.getTime() >= Date.parse(coupon.expiresAt))
    return refuseCoupon('expired');
  if (coupon.usageLimit !== null && coupon.timesUsed >= coupon.usageLimit) return refuseCoupon('exhausted');
  if (subtotal < coupon.minSubtotal) return refuseCoupon('below_minimum', coupon.minSubtotal - subtotal);
  return { ok: true, discount: couponDiscount(coupon, subtotal) };
}

/** A customer-facing summary, e.g. "10% off orders of ₹499 or more (up to ₹300)". */
export function describeCoupon(
  coupon: Pick<CouponRule, 'kind' | 'value' | 'minSubtotal' | 'maxDiscount'>,
): string {
  const off = coupon.kind === 'percent' ? `${coupon.value}% off` : `${formatRupees(coupon.value)} off`;
  const on =
    coupon.minSubtotal > 0 ? ` orders of ${formatRupees(coupon.minSubtotal)} or more` : ' your order';
  const cap =
    coupon.kind === 'percent' && coupon.maxDiscount !== null
      ? ` (up to ${formatRupees(coupon.maxDiscount)})`
      : '';
  return `${off}${on}${cap}`;
}

export interface OrderAmounts {
  subtotal: number;
  shipping: number;
  discount: number;
  total: number;
}

/** Subtotal, shipping (docs/product-rules.md, Shipping and totals: on the subtotal before the discount), discount and total. */
export function priceOrder(
  lines: readonly Pick<PricedLine, 'unitPrice' | 'quantity'>[],
  discount = 0,
): OrderAmounts {
  const subtotal = subtotalOf(lines);
  const shipping = shippingFor(subtotal);
  return { subtotal, shipping, discount, total: orderTotal({ subtotal, shipping, discount }) };
}
