import type { SnapshotFrom } from 'xstate';
import type { cartMachine } from './cart.machine.ts';
import { quantityInCart, roomFor, type CartProduct } from './cart.lines.ts';
import { itemCountOf, summaryOf, type CartSummary } from './cart.pricing.ts';

type Snapshot = SnapshotFrom<typeof cartMachine>;

const hasAppliedCoupon = (s: Snapshot) =>
  s.matches({ coupon: 'applied' }) || s.matches({ coupon: 'revalidating' });

export const selectItems = (s: Snapshot) => s.context.items;
export const selectIsEmpty = (s: Snapshot) => s.context.items.length === 0;
/** Units in the cart (the header badge). */
export const selectItemCount = (s: Snapshot) => itemCountOf(s.context.items);
/** Units of one product already in the cart. */
export const selectQuantityOf = (productId: number) => (s: Snapshot) =>
  quantityInCart(s.context.items, productId);

/** The discount counts only while a coupon is applied. */
export const selectDiscount = (s: Snapshot) => (hasAppliedCoupon(s) ? s.context.discountAmount : 0);

/** Subtotal, shipping (docs/product-rules.md, Shipping and totals), discount and total; compare with shallow equality or pick one field. */
export const selectSummary = (s: Snapshot): CartSummary => summaryOf(s.context.items, selectDiscount(s));
export const selectSubtotal = (s: Snapshot) => selectSummary(s).subtotal;
export const selectShipping = (s: Snapshot) => selectSummary(s).shipping;
export const selectTotal = (s: Snapshot) => selectSummary(s).total;

/** The applied coupon's code (also while it is checked again after a change), else undefined. */
export const selectAppliedCoupon = (s: Snapshot) => (hasAppliedCoupon(s) ? s.context.couponCode : undefined);
export const selectIsApplyingCoupon = (s: Snapshot) => s.matches({ coupon: 'validating' });
export const selectIsCheckingCoupon = (s: Snapshot) => s.hasTag('busy');
export const selectCouponError = (s: Snapshot) => s.context.couponError?.message;

export const selectNotices = (s: Snapshot) => s.context.notices;
export const selectIsReconciling = (s: Snapshot) => s.hasTag('reconciling');

/** How many more units of the product the stock allows beside what is in the cart. */
export const selectRoomFor = (product: Pick<CartProduct, 'id' | 'stockQuantity'>) => (s: Snapshot) =>
  roomFor(s.context.items, product);
