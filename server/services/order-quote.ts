import type { Address } from '../../contract/address.ts';
import type { OrderDraft } from '../../contract/orders.ts';
import type { Db } from '../db/client.ts';
import { findAddress } from '../db/repositories/addresses.ts';
import { countCouponUsesBy, findCoupon, lockCustomer } from '../db/repositories/coupons.ts';
import { findProductsForPricing } from '../db/repositories/orders.ts';
import type { CouponRow } from '../db/types.ts';
import {
  checkCoupon,
  priceLines,
  priceOrder,
  quantitiesByProduct,
  refuseCoupon,
  subtotalOf,
  type OrderAmounts,
  type PricedLine,
  type RequestedLine,
} from './pricing.ts';
import { Refusal } from './refusal.ts';

/*
 * An order's quote: what placing it (services/orders.ts) and pricing its payment intent
 * (services/payments.ts) both check, apart from both so that neither imports the other.
 */

/** An order as the server priced it from its own catalogue, coupon and address book. */
export interface OrderQuote {
  address: Address;
  lines: PricedLine[];
  /** Units per product, in product id order (the order stock is taken in). */
  quantities: [productId: number, quantity: number][];
  coupon: CouponRow | undefined;
  amounts: OrderAmounts;
}

const linesOf = (draft: OrderDraft): RequestedLine[] =>
  draft.items.map((item) => ({ productId: item.product_id, quantity: item.quantity, variant: item.variant }));

/**
 * Prices an order draft exactly as placing it would, or refuses it as placing it would: the
 * customer's own account and address, every product known and in stock, the coupon valid at
 * `now` for this subtotal. POST /api/payments prices intents with this, so a payment's amount
 * is the order's total. Reads only.
 */
export async function quoteOrder(db: Db, userId: number, draft: OrderDraft, now: Date): Promise<OrderQuote> {
  if (draft.user_id != null && draft.user_id !== userId) throw Refusal.of('wrong_user');
  const address = await findAddress(db, userId, draft.address_id);
  if (!address) throw Refusal.of('address_not_found');

  const requested = linesOf(draft);
  const quantities = [...quantitiesByProduct(requested).entries()].sort(([a], [b]) => a - b);
  const products = await findProductsForPricing(
    db,
    quantities.map(([id]) => id),
  );
  const priced = priceLines(requested, new Map(products.map((p) => [p.id, p])));
  if (!priced.ok) {
    const { problem } = priced;
    throw new Refusal(
      problem.kind === 'unknownProduct' ? 'product_not_found' : 'out_of_stock',
      problem.message,
    );
  }

  let discount = 0;
  let coupon: CouponRow | undefined;
  if (draft.coupon_code !== null) {
    coupon = await findCoupon(db, draft.coupon_code);
    const check = checkCoupon(coupon, subtotalOf(priced.lines), now);
    if (!check.ok) throw new Refusal(`coupon_${check.reason}`, check.message);
    // A limit per customer counts their own orders with it (docs/product-rules.md, Coupons).
    if (coupon!.perCustomerLimit !== null) {
      if (db.isTransaction) await lockCustomer(db, userId);
      if ((await countCouponUsesBy(db, coupon!.code, userId)) >= coupon!.perCustomerLimit) {
        const refused = refuseCoupon('used_by_you');
        throw new Refusal(`coupon_${refused.reason}`, refused.message);
      }
    }
    discount = check.discount;
  }
  return { address, lines: priced.lines, quantities, coupon, amounts: priceOrder(priced.lines, discount) };
}
