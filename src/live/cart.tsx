import { createActorContext } from '@xstate/react';
import type { ReactNode } from 'react';
import { fromPromise } from 'xstate';
import {
  couponMessages,
  CouponValidateResponse,
  type CouponValidateRequest,
} from '../../contract/coupons.ts';
import {
  cartMachine,
  type CartProduct,
  type CouponCheck,
  type StoredCart,
} from '../../machines/cart/cart.machine.ts';
import { callApi, settle } from '../lib/api.ts';
import { fetchProducts } from '../lib/catalogue.ts';
import { inspectOptions } from '../lib/inspector.ts';

const CART_KEY = 'shop.cart';

/** The cart is kept in local storage, so it survives reloads and browser restarts. */
export const cartStorage = {
  read(): string | null {
    try {
      return localStorage.getItem(CART_KEY);
    } catch {
      return null;
    }
  },
  write(cart: StoredCart) {
    try {
      localStorage.setItem(CART_KEY, JSON.stringify(cart));
    } catch {
      // Storage full or blocked (private mode): the cart still works for this visit.
    }
  },
};

/**
 * POST /api/coupons/validate. Whatever kept the code from applying is said under the field: the
 * server's refusal (unknown, expired, below the minimum) or its words for a failure (too many
 * codes tried), and "Invalid coupon code" when no answer came, the call's fallback
 * (docs/product-rules.md, Messages and errors). The API client's classifier tells them apart;
 * here they end alike.
 */
async function checkCoupon(input: CouponValidateRequest, signal: AbortSignal): Promise<CouponCheck> {
  const result = await settle(
    callApi('/api/coupons/validate', {
      method: 'POST',
      body: input,
      schema: CouponValidateResponse,
      fallback: couponMessages.failed,
      invalid: couponMessages.failed,
      signal,
    }),
  );
  // A failure is said like a refusal: no retry is offered, the customer types a code again.
  if (result.kind !== 'ok') return { kind: 'refused', message: result.message };
  const { code, discountAmount } = result.value;
  return { kind: 'applied', code, discountAmount };
}

/** The cart machine with local storage, the catalogue and the coupon check plugged in. */
export const liveCartMachine = cartMachine.provide({
  actors: {
    reconcile: fromPromise<CartProduct[], { productIds: number[] }>(({ signal }) => fetchProducts(signal)),
    validateCoupon: fromPromise<CouponCheck, CouponValidateRequest>(({ input, signal }) =>
      checkCoupon(input, signal),
    ),
  },
  actions: {
    persist: (_, cart) => cartStorage.write(cart),
  },
});

export const CartContext = createActorContext(liveCartMachine);

/** The root cart actor: one per app, reading the stored cart and checking it with the catalogue. */
export function CartProvider({ children }: { children: ReactNode }) {
  return (
    <CartContext.Provider options={{ input: { stored: cartStorage.read() }, ...inspectOptions() }}>
      {children}
    </CartContext.Provider>
  );
}
