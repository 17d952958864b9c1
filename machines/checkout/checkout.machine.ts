import { assign, fromCallback, not, sendTo, setup, type ActorRefFrom } from 'xstate';
import type { AddressSelectedEvent } from '../address-book/address-book.machine.ts';
import type { cartMachine } from '../cart/cart.machine.ts';
import { orderMessages, type OrderDraftPayload } from '../../contract/orders.ts';
import { type PaymentMethod, paymentMethods } from '../../contract/payment-methods.ts';
import type { PaidRecord } from '../payment/payment.actors.ts';
import { paymentMachine, refusalErrorOf, type PaymentOutcome } from '../payment/payment.machine.ts';
import { checkoutCartOf, sameCart, type CheckoutCart } from './checkout.cart.ts';
import { messageOf } from '../shared/message-of.ts';
import { errorOf, outputOf } from '../shared/actor-events.ts';

type CartRef = ActorRefFrom<typeof cartMachine>;

/** docs/product-rules.md, Orders: an empty cart waits this long on the checkout page before going to /cart. */
export const EMPTY_CART_REDIRECT_MS = 1000;

export const checkoutMessages = {
  addressRequired: orderMessages.addressRequired,
  paymentFailed: orderMessages.paymentFailed,
  orderFailed: orderMessages.createFailed,
} as const;

export interface CheckoutInput {
  /** The session had a signed-in customer when checkout opened (a stored token was checked). */
  signedIn: boolean;
  userId?: number | null;
  cart: CheckoutCart;
  /** The app's cart actor: checkout follows it itself (each change arrives as checkout.cartChanged). */
  cartActor?: CartRef | null;
  /** Makes the Idempotency-Key of a new attempt (handed to the payment machine). */
  createIdempotencyKey?: () => string;
}

export interface CheckoutContext {
  signedIn: boolean;
  userId: number | null;
  cart: CheckoutCart;
  selectedAddressId: number | null;
  paymentMethod: PaymentMethod;
  notes: string;
  /** The unticked "Send me updates on WhatsApp" (docs/product-rules.md, Messages to customers, Consent). */
  whatsappUpdates: boolean;
  error: { message: string; code?: string } | undefined;
  /** Set once the order exists: the cart it emptied must not send the customer to /cart. */
  orderPlaced: boolean;
  orderId: number | null;
  cartActor: CartRef | null;
  createIdempotencyKey: (() => string) | undefined;
}

export type CheckoutEvent =
  /** From the address book this checkout hands itself to (see AddressSelectedEvent). */
  | AddressSelectedEvent
  | { type: 'checkout.paymentMethodChanged'; method: PaymentMethod }
  | { type: 'checkout.notesChanged'; notes: string }
  | { type: 'checkout.whatsappUpdatesChanged'; on: boolean }
  | { type: 'checkout.submit' }
  /** Every change of the cart (sent by `watchCart`, which follows the cart actor given as input). */
  | { type: 'checkout.cartChanged'; cart: CheckoutCart };

/** The order (docs/product-rules.md, Orders; without its payment) from what the customer chose; the server re-prices it. */
export function orderDraftOf(
  context: Pick<CheckoutContext, 'userId' | 'cart' | 'selectedAddressId' | 'notes'>,
): OrderDraftPayload {
  const { cart } = context;
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
    order_status: 'processing',
    notes: context.notes.trim() || null,
    coupon_code: cart.couponCode?.trim() || null,
  };
}

/** What the payment machine pays for (or, cash on delivery, only writes). */
export const paidRecordOf = (context: CheckoutContext): PaidRecord => ({
  purpose: 'order',
  order: orderDraftOf(context),
  ...(paymentMethods[context.paymentMethod].paidUpFront ? {} : { cashOnDelivery: true }),
  ...(context.whatsappUpdates ? { whatsappUpdates: true } : {}),
});

const outcomeOf = outputOf<PaymentOutcome>;

/**
 * Checkout. `checking` applies the guards on opening (docs/product-rules.md, Orders): a visitor is sent to
 * /login?redirect=%2Fcheckout (`redirectingToLogin`); an empty cart waits 1 s in
 * `redirectingToCart`, then goes to /cart (`leftForCart`) unless an order was just placed.
 * Otherwise `editing`: address, payment method (online by default, or cod) and notes, with the
 * payment machine (machines/payment) invoked beside them: it holds the UPI / card / net banking
 * details, and Place Order (with an address) hands it the order. It pays and writes the order
 * (cash on delivery: writes it), then ends with `created` (-> `orderPlaced`: the cart is
 * cleared, the confirmation opens) or the server's refusal (back to `editing` with a fresh
 * payment machine and the message, which says so when the payment was refunded). An emptied
 * cart while editing redirects as on opening.
 */
export const checkoutMachine = setup({
  types: {
    input: {} as CheckoutInput,
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    children: {} as { payment: 'payment' },
  },
  actors: {
    payment: paymentMachine,
    /** Follows the cart actor handed in as input: no view copies one actor's snapshot into another. */
    watchCart: fromCallback<CheckoutEvent, { cart: CartRef | null }>(({ input, sendBack }) => {
      if (!input.cart) return undefined;
      const subscription = input.cart.subscribe((snapshot) =>
        sendBack({ type: 'checkout.cartChanged', cart: checkoutCartOf(snapshot) }),
      );
      return () => subscription.unsubscribe();
    }),
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
      if (event.type !== 'address.selected') return {};
      const id = event.address?.id ?? null;
      // The "select an address" message has done its job once one is chosen.
      const answered = id !== null && context.error?.message === checkoutMessages.addressRequired;
      return { selectedAddressId: id, error: answered ? undefined : context.error };
    }),
    changePaymentMethod: assign({
      paymentMethod: ({ context, event }) =>
        event.type === 'checkout.paymentMethodChanged' ? event.method : context.paymentMethod,
    }),
    changeWhatsappUpdates: assign({
      whatsappUpdates: ({ context, event }) =>
        event.type === 'checkout.whatsappUpdatesChanged' ? event.on : context.whatsappUpdates,
    }),
    changeNotes: assign({
      notes: ({ context, event }) => (event.type === 'checkout.notesChanged' ? event.notes : context.notes),
    }),
    requireAddress: assign({ error: { message: checkoutMessages.addressRequired } }),
    submitToPayment: sendTo('payment', ({ context }) => ({
      type: 'payment.submit' as const,
      record: paidRecordOf(context),
      shownAmount: context.cart.total,
    })),
    clearError: assign({ error: undefined }),
    storeRefusal: assign({ error: (_, outcome: PaymentOutcome) => refusalErrorOf(outcome) }),
    storeFailure: assign({
      error: (_, error: unknown) => ({ message: messageOf(error, checkoutMessages.orderFailed) }),
    }),
    markOrderPlaced: assign({
      orderPlaced: true,
      orderId: (_, outcome: PaymentOutcome) => (outcome.kind === 'created' ? outcome.id : null),
    }),
  },
  guards: {
    isSignedOut: ({ context }) => !context.signedIn,
    isCartEmpty: ({ context }) => context.cart.items.length === 0,
    hasPlacedOrder: ({ context }) => context.orderPlaced,
    hasNoAddress: ({ context }) => context.selectedAddressId === null,
    isCreated: (_, outcome: PaymentOutcome) => outcome.kind === 'created',
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
    whatsappUpdates: false,
    error: undefined,
    orderPlaced: false,
    orderId: null,
    cartActor: input.cartActor ?? null,
    createIdempotencyKey: input.createIdempotencyKey,
  }),
  invoke: { id: 'watchCart', src: 'watchCart', input: ({ context }) => ({ cart: context.cartActor }) },
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
        'address.selected': { actions: 'selectAddress' },
      },
    },
    leftForCart: {
      entry: 'navigateToCart',
    },
    editing: {
      always: { guard: 'isCartEmpty', target: 'redirectingToCart' },
      invoke: {
        id: 'payment',
        src: 'payment',
        input: ({ context }) => ({ createIdempotencyKey: context.createIdempotencyKey }),
        onDone: [
          {
            guard: { type: 'isCreated', params: outcomeOf },
            target: 'orderPlaced',
            actions: [
              { type: 'markOrderPlaced', params: outcomeOf },
              'clearCart',
              {
                type: 'navigateToConfirmation',
                params: (args: Parameters<typeof outcomeOf>[0]) => {
                  const outcome = outcomeOf(args);
                  return { orderId: outcome.kind === 'created' ? outcome.id : 0 };
                },
              },
            ],
          },
          // Refused (stock ran out, coupon expired, payment used...): a fresh payment machine.
          { target: 'editing', reenter: true, actions: { type: 'storeRefusal', params: outcomeOf } },
        ],
        onError: { target: 'editing', reenter: true, actions: { type: 'storeFailure', params: errorOf } },
      },
      on: {
        'checkout.cartChanged': { guard: 'isDifferentCart', actions: 'storeCart' },
        'address.selected': { actions: 'selectAddress' },
        'checkout.paymentMethodChanged': { actions: 'changePaymentMethod' },
        'checkout.notesChanged': { actions: 'changeNotes' },
        'checkout.whatsappUpdatesChanged': { actions: 'changeWhatsappUpdates' },
        'checkout.submit': [
          { guard: 'hasNoAddress', actions: 'requireAddress' },
          { actions: ['clearError', 'submitToPayment'] },
        ],
      },
    },
    orderPlaced: {
      // The cleared cart arrives here and is ignored: no redirect to /cart after an order.
    },
  },
});
