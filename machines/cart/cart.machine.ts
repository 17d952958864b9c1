import { assign, setup, type DoneActorEvent } from 'xstate';
import { couponMessages, type CouponValidateRequest } from '../../contract/coupons.ts';
import type { Outcome } from '../../contract/refusal.ts';
import {
  addToItems,
  canAddToCart,
  canDecrease,
  canIncrease,
  changeQuantity,
  findLine,
  removeLine,
  type CartItem,
  type CartProduct,
  type CartVariant,
  type LineRef,
} from './cart.lines.ts';
import { subtotalOf } from './cart.pricing.ts';
import { cartNotices, reconcileItems } from './cart.reconcile.ts';
import { readStoredCart, type StoredCart } from './cart.storage.ts';
import { outputOf, unprovided } from '../shared/actor-events.ts';

export interface CartInput {
  /** The cart kept from an earlier visit (JSON text from storage), or nothing. */
  stored: string | null | undefined;
}

export interface CartContext {
  items: CartItem[];
  /** The applied coupon, or the one being checked. */
  couponCode: string | undefined;
  /** The applied coupon's discount in rupees (0 without one). */
  discountAmount: number;
  /** The subtotal the coupon was last sent for: a different subtotal means checking it again. */
  couponSubtotal: number;
  /** Shown under the coupon field when a code is refused. */
  couponError: { message: string } | undefined;
  /** What the customer should be told after the cart was compared with the catalogue. */
  notices: string[];
}

export type CartEvent =
  | { type: 'cart.add'; product: CartProduct; quantity: number; variant?: CartVariant }
  | { type: 'cart.increase'; id: number; variant?: CartVariant }
  | { type: 'cart.decrease'; id: number; variant?: CartVariant }
  | { type: 'cart.remove'; id: number; variant?: CartVariant }
  | { type: 'cart.clear' }
  /** Checkout placed the order: the cart starts again, empty. */
  | { type: 'cart.orderPlaced' }
  /** Compare the lines with the catalogue again (e.g. before checkout). */
  | { type: 'cart.reconcile' }
  | { type: 'cart.noticesDismissed' }
  | { type: 'coupon.apply'; code: string }
  | { type: 'coupon.remove' };

/** The answer of the coupon check: a discount, or the server's reason for refusing the code. */
export type CouponCheck = Outcome<{ kind: 'applied'; code: string; discountAmount: number }>;

export type { CartItem, CartProduct, CartVariant, StoredCart };

const refOf = (event: CartEvent): LineRef =>
  'id' in event ? { id: event.id, variant: event.variant } : { id: 0 };

const storedOf = ({ context }: { context: CartContext }): StoredCart => ({
  items: context.items,
  couponCode: context.couponCode,
  discountAmount: context.discountAmount,
});

const checkResult = outputOf<CouponCheck>;

/** The check accepted the code: applied with its discount, and kept. */
const accepted = {
  guard: { type: 'isAccepted', params: checkResult },
  target: 'applied',
  actions: [
    {
      type: 'storeCoupon',
      params: ({ event }: { event: DoneActorEvent<CouponCheck> }) =>
        event.output.kind === 'applied' ? event.output : { code: '', discountAmount: 0 },
    },
    { type: 'persist', params: storedOf },
  ],
} as const;

const couponInput = ({ context }: { context: CartContext }): CouponValidateRequest => ({
  code: context.couponCode ?? '',
  subtotal: context.couponSubtotal,
});

/**
 * The shopping cart: two regions side by side. `catalogue` compares stored lines with the
 * catalogue when the cart starts (`reconciling`, then `current`; `cart.reconcile` checks again).
 * `coupon` is `none`, `validating` (Apply pressed), `applied` or `rejected` (the reason under the
 * field); while a coupon is applied, any change to the subtotal sends it to `revalidating`, which
 * keeps it with the new discount or drops it with a notice. Line events are handled at the root;
 * subtotal, shipping and total are derived by the selectors. Every change calls `persist`, which
 * src/app provides (local storage), as it provides the `reconcile` and `validateCoupon` calls.
 */
export const cartMachine = setup({
  types: {
    input: {} as CartInput,
    context: {} as CartContext,
    events: {} as CartEvent,
  },
  actors: {
    /** The current catalogue entries of the products in the cart (missing ones were removed). */
    reconcile: unprovided<CartProduct[], { productIds: number[] }>('reconcile not provided'),
    /** Expected refusals (unknown, expired, below the minimum) resolve as `Refused`. */
    validateCoupon: unprovided<CouponCheck, CouponValidateRequest>('validateCoupon not provided'),
  },
  actions: {
    persist: (_, _stored: StoredCart) => {},
    addItem: assign({
      items: ({ context, event }) =>
        event.type === 'cart.add'
          ? addToItems(context.items, event.product, event.quantity, event.variant)
          : context.items,
    }),
    increaseItem: assign({ items: ({ context, event }) => changeQuantity(context.items, refOf(event), 1) }),
    decreaseItem: assign({ items: ({ context, event }) => changeQuantity(context.items, refOf(event), -1) }),
    removeItem: assign({ items: ({ context, event }) => removeLine(context.items, refOf(event)) }),
    emptyCart: assign({
      items: [],
      couponCode: undefined,
      discountAmount: 0,
      couponSubtotal: 0,
      couponError: undefined,
      notices: [],
    }),
    applyCatalogue: assign(({ context }, catalogue: CartProduct[]) => {
      const result = reconcileItems(context.items, catalogue);
      return { items: result.items, notices: [...context.notices, ...result.notices] };
    }),
    dismissNotices: assign({ notices: [] }),
    startCouponCheck: assign({
      couponCode: (_, code: string) => code.trim(),
      discountAmount: 0,
      couponError: undefined,
    }),
    noteCouponSubtotal: assign({ couponSubtotal: ({ context }) => subtotalOf(context.items) }),
    storeCoupon: assign({
      couponCode: (_, accepted: { code: string; discountAmount: number }) => accepted.code,
      discountAmount: (_, accepted: { code: string; discountAmount: number }) => accepted.discountAmount,
      couponError: undefined,
    }),
    rejectCoupon: assign({
      couponCode: undefined,
      discountAmount: 0,
      couponError: (_, message: string) => ({ message: message.trim() || couponMessages.failed }),
    }),
    dropCoupon: assign({ couponCode: undefined, discountAmount: 0, couponError: undefined }),
    noticeDroppedCoupon: assign({
      notices: ({ context }, reason: string | undefined) =>
        context.couponCode === undefined
          ? context.notices
          : [
              ...context.notices,
              reason === undefined
                ? cartNotices.couponUnchecked(context.couponCode)
                : cartNotices.couponDropped(context.couponCode, reason),
            ],
    }),
  },
  guards: {
    canAdd: ({ context, event }) =>
      event.type === 'cart.add' && canAddToCart(context.items, event.product, event.quantity, event.variant),
    canIncrease: ({ context, event }) => canIncrease(context.items, refOf(event)),
    canDecrease: ({ context, event }) => canDecrease(context.items, refOf(event)),
    hasLine: ({ context, event }) => findLine(context.items, refOf(event)) !== undefined,
    hasItems: ({ context }) => context.items.length > 0,
    isCartEmpty: ({ context }) => context.items.length === 0,
    hasStoredCoupon: ({ context }) => context.couponCode !== undefined && context.items.length > 0,
    /** coupon.apply: a code that is not blank, for a cart with something in it. */
    canApplyCoupon: ({ context, event }) =>
      event.type === 'coupon.apply' && event.code.trim() !== '' && context.items.length > 0,
    subtotalChanged: ({ context }) => subtotalOf(context.items) !== context.couponSubtotal,
    isAccepted: (_, check: CouponCheck) => check.kind === 'applied',
  },
}).createMachine({
  id: 'cart',
  type: 'parallel',
  context: ({ input }) => {
    const stored = readStoredCart(input.stored);
    return {
      items: stored.items,
      couponCode: stored.couponCode,
      discountAmount: stored.discountAmount,
      couponSubtotal: subtotalOf(stored.items),
      couponError: undefined,
      notices: [],
    };
  },
  on: {
    'cart.add': { guard: 'canAdd', actions: ['addItem', { type: 'persist', params: storedOf }] },
    'cart.increase': {
      guard: 'canIncrease',
      actions: ['increaseItem', { type: 'persist', params: storedOf }],
    },
    'cart.decrease': {
      guard: 'canDecrease',
      actions: ['decreaseItem', { type: 'persist', params: storedOf }],
    },
    'cart.remove': { guard: 'hasLine', actions: ['removeItem', { type: 'persist', params: storedOf }] },
    'cart.clear': { actions: ['emptyCart', { type: 'persist', params: storedOf }] },
    'cart.orderPlaced': { actions: ['emptyCart', { type: 'persist', params: storedOf }] },
    'cart.noticesDismissed': { actions: 'dismissNotices' },
  },
  states: {
    catalogue: {
      initial: 'starting',
      states: {
        starting: {
          always: [{ guard: 'hasItems', target: 'reconciling' }, { target: 'current' }],
        },
        reconciling: {
          tags: ['reconciling'],
          invoke: {
            src: 'reconcile',
            input: ({ context }) => ({ productIds: [...new Set(context.items.map((item) => item.id))] }),
            onDone: {
              target: 'current',
              actions: [
                { type: 'applyCatalogue', params: outputOf<CartProduct[]> },
                { type: 'persist', params: storedOf },
              ],
            },
            // The catalogue could not be read: the cart stays as it is (the server prices the order anyway).
            onError: { target: 'current' },
          },
        },
        current: {
          on: { 'cart.reconcile': { guard: 'hasItems', target: 'reconciling' } },
        },
      },
    },
    coupon: {
      initial: 'restoring',
      states: {
        restoring: {
          always: [{ guard: 'hasStoredCoupon', target: 'revalidating' }, { target: 'none' }],
        },
        none: {
          on: {
            'coupon.apply': {
              guard: 'canApplyCoupon',
              target: 'validating',
              actions: { type: 'startCouponCheck', params: ({ event }) => event.code },
            },
          },
        },
        validating: {
          tags: ['busy'],
          entry: 'noteCouponSubtotal',
          always: [
            { guard: 'isCartEmpty', target: 'none', actions: 'dropCoupon' },
            // The cart changed while the code was being checked: check it for the new subtotal.
            { guard: 'subtotalChanged', target: 'validating', reenter: true },
          ],
          invoke: {
            src: 'validateCoupon',
            input: couponInput,
            onDone: [
              accepted,
              {
                target: 'rejected',
                actions: {
                  type: 'rejectCoupon',
                  params: ({ event }: { event: DoneActorEvent<CouponCheck> }) =>
                    event.output.kind === 'refused' ? event.output.message : couponMessages.failed,
                },
              },
            ],
            // docs/product-rules.md, Messages and errors: a failed call shows "Invalid coupon code" under the field.
            onError: { target: 'rejected', actions: { type: 'rejectCoupon', params: couponMessages.failed } },
          },
          on: {
            'coupon.remove': { target: 'none', actions: 'dropCoupon' },
          },
        },
        applied: {
          always: [
            {
              guard: 'isCartEmpty',
              target: 'none',
              actions: ['dropCoupon', { type: 'persist', params: storedOf }],
            },
            { guard: 'subtotalChanged', target: 'revalidating' },
          ],
          on: {
            'coupon.remove': {
              target: 'none',
              actions: ['dropCoupon', { type: 'persist', params: storedOf }],
            },
          },
        },
        revalidating: {
          tags: ['busy'],
          entry: 'noteCouponSubtotal',
          always: [
            {
              guard: 'isCartEmpty',
              target: 'none',
              actions: ['dropCoupon', { type: 'persist', params: storedOf }],
            },
            { guard: 'subtotalChanged', target: 'revalidating', reenter: true },
          ],
          invoke: {
            src: 'validateCoupon',
            input: couponInput,
            onDone: [
              accepted,
              {
                target: 'none',
                actions: [
                  {
                    type: 'noticeDroppedCoupon',
                    params: ({ event }: { event: DoneActorEvent<CouponCheck> }) =>
                      event.output.kind === 'refused' ? event.output.message : couponMessages.failed,
                  },
                  'dropCoupon',
                  { type: 'persist', params: storedOf },
                ],
              },
            ],
            onError: {
              target: 'none',
              actions: [
                { type: 'noticeDroppedCoupon', params: undefined },
                'dropCoupon',
                { type: 'persist', params: storedOf },
              ],
            },
          },
          on: {
            'coupon.remove': {
              target: 'none',
              actions: ['dropCoupon', { type: 'persist', params: storedOf }],
            },
          },
        },
        rejected: {
          always: { guard: 'isCartEmpty', target: 'none', actions: 'dropCoupon' },
          on: {
            'coupon.apply': {
              guard: 'canApplyCoupon',
              target: 'validating',
              actions: { type: 'startCouponCheck', params: ({ event }) => event.code },
            },
          },
        },
      },
    },
  },
});
