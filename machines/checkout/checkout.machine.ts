import { assign, fromPromise, not, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import {
  orderMessages,
  type OrderCreatePayload,
  type OrderCreateResponse,
  type PaymentMethod,
} from '../../contract/orders.ts';
import type { CartItem } from '../cart/cart.lines.ts';
import {
  paymentFailedMessage,
  randomToken,
  simulatedPaymentProvider,
  type PaymentRequest,
  type PaymentResult,
} from './payment-provider.ts';

/** SPEC.md section 9: an empty cart waits this long on the checkout page before going to /cart. */
export const EMPTY_CART_REDIRECT_MS = 1000;

export const checkoutMessages = {
  addressRequired: orderMessages.addressRequired,
  paymentFailed: paymentFailedMessage,
  orderFailed: orderMessages.createFailed,
} as const;

/** A cart line as checkout needs it (the cart's own line type fits). */
export type CheckoutLine = Pick<CartItem, 'id' | 'name' | 'image' | 'price' | 'quantity' | 'variant'>;

/** What checkout reads from the cart: its lines, its coupon and its derived money summary. */
export interface CheckoutCart {
  items: readonly CheckoutLine[];
  couponCode: string | null | undefined;
  itemCount: number;
  subtotal: number;
  shipping: number;
  discount: number;
  total: number;
}

export const EMPTY_CHECKOUT_CART: CheckoutCart = {
  items: [],
  couponCode: undefined,
  itemCount: 0,
  subtotal: 0,
  shipping: 0,
  discount: 0,
  total: 0,
};

export interface CheckoutInput {
  /** The session had a signed-in customer when checkout opened (a stored token was checked). */
  signedIn: boolean;
  userId?: number | null;
  cart: CheckoutCart;
  /** Makes the Idempotency-Key of a new checkout attempt. Defaults to a random key. */
  createIdempotencyKey?: () => string;
}

/**
 * One press of Place Order and its retries. The key is reused until something the server would
 * see as a different order changes (see `fingerprintOf`), so a retry after a lost answer cannot
 * create a second order; a payment already taken for the attempt is not taken again.
 */
export interface CheckoutAttempt {
  idempotencyKey: string;
  fingerprint: string;
  /** The order as it was when Place Order was pressed (without the payment id). */
  order: OrderCreatePayload;
  paymentId: string | null;
}

export interface CheckoutContext {
  signedIn: boolean;
  userId: number | null;
  cart: CheckoutCart;
  selectedAddressId: number | null;
  paymentMethod: PaymentMethod;
  notes: string;
  error: { message: string } | undefined;
  attempt: CheckoutAttempt | null;
  /** Set once the order exists: the cart it emptied must not send the customer to /cart. */
  orderPlaced: boolean;
  orderId: number | null;
  createIdempotencyKey: () => string;
}

export type CheckoutEvent =
  | { type: 'checkout.addressSelected'; id: number | null }
  | { type: 'checkout.paymentMethodChanged'; method: PaymentMethod }
  | { type: 'checkout.notesChanged'; notes: string }
  | { type: 'checkout.submit' }
  /** The page forwards every change of the cart. */
  | { type: 'checkout.cartChanged'; cart: CheckoutCart };

export interface PlaceOrderInput {
  order: OrderCreatePayload;
  idempotencyKey: string;
}

/** A random Idempotency-Key (visible ASCII, as the API asks). */
export const newIdempotencyKey = () => `chk_${Date.now().toString(36)}_${randomToken(20)}`;

const messageOf = (error: unknown, fallback: string) => {
  const message = (error as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message.trim() ? message : fallback;
};

/** SPEC.md section 3's create payload from what the customer chose; the server re-prices it. */
export function orderPayloadOf(
  context: Pick<CheckoutContext, 'userId' | 'cart' | 'selectedAddressId' | 'paymentMethod' | 'notes'>,
  paymentId: string | null = null,
): OrderCreatePayload {
  const { cart, paymentMethod } = context;
  return {
    user_id: context.userId,
    address_id: context.selectedAddressId ?? 0,
    items: cart.items.map((item) => ({
      product_id: item.id,
      quantity: item.quantity,
      price: item.price,
      variant: item.variant ?? null,
    })),
    subtotal: cart.subtotal,
    shipping: cart.shipping,
    discount: cart.discount,
    total: cart.total,
    payment_method: paymentMethod,
    payment_id: paymentMethod === 'online' ? paymentId : null,
    payment_status: paymentMethod === 'online' ? 'completed' : 'pending',
    order_status: 'processing',
    notes: context.notes.trim() || null,
    coupon_code: cart.couponCode?.trim() || null,
  };
}

/**
 * What makes two submits the same order for the server's Idempotency-Key check: the address,
 * the lines, the method, the notes and the coupon (amounts are the server's, so not included).
 */
export function fingerprintOf(
  context: Pick<CheckoutContext, 'cart' | 'selectedAddressId' | 'paymentMethod' | 'notes'>,
): string {
  return JSON.stringify([
    context.selectedAddressId,
    context.cart.items.map((item) => [
      item.id,
      item.quantity,
      item.variant?.size ?? null,
      item.variant?.color ?? null,
    ]),
    context.paymentMethod,
    context.notes.trim(),
    context.cart.couponCode?.trim().toUpperCase() || null,
  ]);
}

const sameCart = (a: CheckoutCart, b: CheckoutCart) =>
  JSON.stringify([
    a.items,
    a.couponCode ?? null,
    a.subtotal,
    a.shipping,
    a.discount,
    a.total,
    a.itemCount,
  ]) ===
  JSON.stringify([b.items, b.couponCode ?? null, b.subtotal, b.shipping, b.discount, b.total, b.itemCount]);

const paymentDone = ({ event }: { event: DoneActorEvent<PaymentResult> }) => event.output;
const failure = ({ event }: { event: ErrorActorEvent }) => event.error;

/**
 * Checkout. `checking` applies SPEC.md section 4's guards on opening: a visitor is sent to
 * /login?redirect=%2Fcheckout (`redirectingToLogin`); an empty cart waits 1 s in
 * `redirectingToCart`, then goes to /cart (`leftForCart`) unless an order was just placed.
 * Otherwise `editing`: address, payment method (online by default, or cod) and notes. Place
 * Order needs an address; online goes through `awaitingPayment` (the payment provider, 2 s when
 * simulated) to `placingOrder`, cod straight to `placingOrder`. Success ends in `orderPlaced`
 * (the cart is cleared, the confirmation opens); any failure returns to `editing` with the
 * message. An emptied cart while editing redirects as on opening.
 */
export const checkoutMachine = setup({
  types: {
    input: {} as CheckoutInput,
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
  },
  actors: {
    pay: fromPromise<PaymentResult, PaymentRequest>(({ input, signal }) =>
      simulatedPaymentProvider.pay(input, signal),
    ),
    placeOrder: fromPromise<OrderCreateResponse, PlaceOrderInput>(() =>
      Promise.reject(new Error('placeOrder not provided')),
    ),
  },
  actions: {
    /** Go to /login?redirect=%2Fcheckout. */
    redirectToLogin: () => {},
    navigateToCart: () => {},
    navigateToConfirmation: (_, _params: { orderId: number }) => {},
    /** Empty the customer's cart once the order exists. */
    clearCart: () => {},
    storeCart: assign({
      cart: ({ context, event }) => (event.type === 'checkout.cartChanged' ? event.cart : context.cart),
    }),
    selectAddress: assign(({ context, event }) => {
      if (event.type !== 'checkout.addressSelected') return {};
      // The "select an address" message has done its job once one is chosen.
      const answered = event.id !== null && context.error?.message === checkoutMessages.addressRequired;
      return { selectedAddressId: event.id, error: answered ? undefined : context.error };
    }),
    changePaymentMethod: assign({
      paymentMethod: ({ context, event }) =>
        event.type === 'checkout.paymentMethodChanged' ? event.method : context.paymentMethod,
    }),
    changeNotes: assign({
      notes: ({ context, event }) => (event.type === 'checkout.notesChanged' ? event.notes : context.notes),
    }),
    /** A new key only when the order the customer asks for is no longer the attempt's. */
    forgetStaleAttempt: assign({
      attempt: ({ context }) =>
        context.attempt && context.attempt.fingerprint === fingerprintOf(context) ? context.attempt : null,
    }),
    requireAddress: assign({ error: { message: checkoutMessages.addressRequired } }),
    startAttempt: assign(({ context }) => {
      const fingerprint = fingerprintOf(context);
      const previous = context.attempt?.fingerprint === fingerprint ? context.attempt : null;
      const attempt: CheckoutAttempt = {
        idempotencyKey: previous?.idempotencyKey ?? context.createIdempotencyKey(),
        fingerprint,
        order: orderPayloadOf(context),
        paymentId: previous?.paymentId ?? null,
      };
      return { attempt, error: undefined };
    }),
    storePayment: assign({
      attempt: ({ context }, result: PaymentResult) =>
        context.attempt && { ...context.attempt, paymentId: result.paymentId },
    }),
    storePaymentError: assign({
      error: (_, error: unknown) => ({ message: messageOf(error, checkoutMessages.paymentFailed) }),
    }),
    storeOrderError: assign({
      error: (_, error: unknown) => ({ message: messageOf(error, checkoutMessages.orderFailed) }),
    }),
    markOrderPlaced: assign({
      orderPlaced: true,
      orderId: (_, result: OrderCreateResponse) => result.id,
      attempt: null,
    }),
  },
  guards: {
    isSignedOut: ({ context }) => !context.signedIn,
    isCartEmpty: ({ context }) => context.cart.items.length === 0,
    hasPlacedOrder: ({ context }) => context.orderPlaced,
    hasNoAddress: ({ context }) => context.selectedAddressId === null,
    isOnlinePayment: ({ context }) => context.paymentMethod === 'online',
    /** A retried online attempt whose payment already went through. */
    isAttemptPaid: ({ context }) =>
      context.paymentMethod === 'online' && (context.attempt?.paymentId ?? null) !== null,
    isDifferentCart: ({ context, event }) =>
      event.type === 'checkout.cartChanged' && !sameCart(context.cart, event.cart),
  },
  delays: {
    emptyCartRedirect: EMPTY_CART_REDIRECT_MS,
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => ({
    signedIn: input.signedIn,
    userId: input.userId ?? null,
    cart: input.cart,
    selectedAddressId: null,
    paymentMethod: 'online',
    notes: '',
    error: undefined,
    attempt: null,
    orderPlaced: false,
    orderId: null,
    createIdempotencyKey: input.createIdempotencyKey ?? newIdempotencyKey,
  }),
  initial: 'checking',
  states: {
    checking: {
      always: [
        { guard: 'isSignedOut', target: 'redirectingToLogin' },
        { guard: 'isCartEmpty', target: 'redirectingToCart' },
        { target: 'editing' },
      ],
    },
    redirectingToLogin: {
      entry: 'redirectToLogin',
    },
    redirectingToCart: {
      always: { guard: not('isCartEmpty'), target: 'editing' },
      after: {
        emptyCartRedirect: { guard: not('hasPlacedOrder'), target: 'leftForCart' },
      },
      on: {
        'checkout.cartChanged': { guard: 'isDifferentCart', actions: 'storeCart' },
        'checkout.addressSelected': { actions: 'selectAddress' },
      },
    },
    leftForCart: {
      entry: 'navigateToCart',
    },
    editing: {
      always: { guard: 'isCartEmpty', target: 'redirectingToCart' },
      on: {
        'checkout.cartChanged': { guard: 'isDifferentCart', actions: ['storeCart', 'forgetStaleAttempt'] },
        'checkout.addressSelected': { actions: ['selectAddress', 'forgetStaleAttempt'] },
        'checkout.paymentMethodChanged': { actions: ['changePaymentMethod', 'forgetStaleAttempt'] },
        'checkout.notesChanged': { actions: ['changeNotes', 'forgetStaleAttempt'] },
        'checkout.submit': [
          { guard: 'hasNoAddress', actions: 'requireAddress' },
          { target: 'submitting', actions: 'startAttempt' },
        ],
      },
    },
    submitting: {
      always: [
        { guard: 'isAttemptPaid', target: 'placingOrder' },
        { guard: 'isOnlinePayment', target: 'awaitingPayment' },
        { target: 'placingOrder' },
      ],
    },
    awaitingPayment: {
      tags: ['busy'],
      invoke: {
        src: 'pay',
        input: ({ context }) => ({
          amount: context.attempt?.order.total ?? context.cart.total,
          currency: 'INR' as const,
          reference: context.attempt?.idempotencyKey ?? '',
        }),
        onDone: {
          target: 'placingOrder',
          actions: { type: 'storePayment', params: paymentDone },
        },
        onError: {
          target: 'editing',
          actions: [{ type: 'storePaymentError', params: failure }, 'forgetStaleAttempt'],
        },
      },
      on: {
        // The fields are disabled while busy; a change from elsewhere applies to the next attempt.
        'checkout.cartChanged': { guard: 'isDifferentCart', actions: 'storeCart' },
        'checkout.addressSelected': { actions: 'selectAddress' },
      },
    },
    placingOrder: {
      tags: ['busy'],
      invoke: {
        src: 'placeOrder',
        input: ({ context }) => {
          const attempt = context.attempt;
          if (!attempt) throw new Error('placingOrder without a checkout attempt');
          return {
            order: {
              ...attempt.order,
              payment_id: attempt.order.payment_method === 'online' ? attempt.paymentId : null,
            },
            idempotencyKey: attempt.idempotencyKey,
          };
        },
        onDone: {
          target: 'orderPlaced',
          actions: [
            {
              type: 'markOrderPlaced',
              params: ({ event }: { event: DoneActorEvent<OrderCreateResponse> }) => event.output,
            },
            'clearCart',
            {
              type: 'navigateToConfirmation',
              params: ({ event }: { event: DoneActorEvent<OrderCreateResponse> }) => ({
                orderId: event.output.id,
              }),
            },
          ],
        },
        onError: {
          target: 'editing',
          actions: [{ type: 'storeOrderError', params: failure }, 'forgetStaleAttempt'],
        },
      },
      on: {
        'checkout.cartChanged': { guard: 'isDifferentCart', actions: 'storeCart' },
        'checkout.addressSelected': { actions: 'selectAddress' },
      },
    },
    orderPlaced: {
      // The cleared cart arrives here and is ignored: no redirect to /cart after an order.
    },
  },
});
